import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, prepareJson } from './send.ts'

describe('Accept-Encoding の解釈', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['deflate, br', false],
    ['', false],
    [undefined, false],
  ])('「%s」のとき %s を返すこと', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })
})

describe('用意した JSON 応答', () => {
  it('本文と、それを圧縮した gzip の両方を持つこと', () => {
    const prepared = prepareJson({ groupNameKanji: 'テスト団体' })
    expect(prepared.body.toString('utf8')).toBe('{"groupNameKanji":"テスト団体"}')
    expect(gunzipSync(prepared.gzip).equals(prepared.body)).toBe(true)
  })
})
