import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import {
  BRANCH_NO_LENGTH,
  URL_KEY_LENGTH,
  generateUrlKey,
  isGroupPfBranchNo,
  isGroupPfCode,
  isInceptionYm,
  isUrlKey,
} from './route-params.ts'

const randomBytes = (length: number): Uint8Array => new Uint8Array(nodeRandomBytes(length))

describe('ルートパラメータ（SPEC §5.1, §9）', () => {
  it('URLキーは10桁、枝番は5桁であること', () => {
    expect(URL_KEY_LENGTH).toBe(10)
    expect(BRANCH_NO_LENGTH).toBe(5)
  })

  it.each([
    ['abcdEFGH12', true],
    ['0123456789', true],
    ['ABCDEFGHIJ', true],
    ['abcdEFGH1', false],
    ['abcdEFGH123', false],
    ['abcd-FGH12', false],
    ['abcdEFGH1 ', false],
    ['ａbcdEFGH12', false],
    ['abcdEFGH1２', false],
    ['', false],
  ])('URLキー「%s」の判定が %s であること（SPEC §5.1 英数字ちょうど10文字）', (value, expected) => {
    expect(isUrlKey(value)).toBe(expected)
  })

  it.each([
    ['00001', true],
    ['99999', true],
    ['0001', false],
    ['000001', false],
    ['0000a', false],
    ['００００１', false],
    ['', false],
  ])('枝番「%s」の判定が %s であること（SPEC §5.1 数字ちょうど5桁）', (value, expected) => {
    expect(isGroupPfBranchNo(value)).toBe(expected)
  })

  it.each([
    ['G1', true],
    ['A', true],
    ['ABCDEFGHIJ0123456789', true],
    ['ABCDEFGHIJ01234567890', false],
    ['G-1', false],
    ['G_1', false],
    ['', false],
  ])('団体PFコード「%s」の判定が %s であること（ADR 0002 英数字1〜20文字）', (value, expected) => {
    expect(isGroupPfCode(value)).toBe(expected)
  })

  it.each([
    ['202601', true],
    ['202612', true],
    ['202600', false],
    ['202613', false],
    ['20261', false],
    ['2026011', false],
    ['', false],
  ])('始期年月「%s」の判定が %s であること（SPEC §2.6 YYYYMM）', (value, expected) => {
    expect(isInceptionYm(value)).toBe(expected)
  })
})

describe('URLキーの生成（PRODUCT.md "Group data" 英数字10文字、推測できない）', () => {
  it('生成したURLキーが常に URL キーの形式であること', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(isUrlKey(generateUrlKey(randomBytes))).toBe(true)
    }
  })

  it('任意の乱数列から URL キーの形式を作ること', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (seed) => {
        const source = (length: number): Uint8Array =>
          seed.some((byte) => byte < 248)
            ? Uint8Array.from({ length }, (_, i) => seed[i % seed.length] ?? 0)
            : Uint8Array.from({ length }, (_, i) => i)
        expect(isUrlKey(generateUrlKey(source))).toBe(true)
      }),
    )
  })

  it('248〜255 のバイトを捨てて偏りを作らないこと（棄却サンプリング）', () => {
    const sequence = [255, 248, 0, 61, 62, 247, 250, 1, 2, 3, 4, 5, 6, 7]
    let offset = 0
    const source = (length: number): Uint8Array => {
      const bytes = Uint8Array.from(
        { length },
        (_, i) => sequence[(offset + i) % sequence.length] ?? 0,
      )
      offset += length
      return bytes
    }
    expect(generateUrlKey(source)).toBe('A9A9BCDEFG')
  })

  it('受け入れる 248 通りのバイトが62文字にちょうど4回ずつ対応すること', () => {
    const counts = new Map<string, number>()
    for (let byte = 0; byte < 256; byte += 1) {
      const key = generateUrlKey((length) =>
        Uint8Array.from({ length }, (_, i) => (i === 0 ? byte : 0)),
      )
      if (byte < 248) {
        const first = key.charAt(0)
        counts.set(first, (counts.get(first) ?? 0) + 1)
      } else {
        expect(key).toBe('AAAAAAAAAA')
      }
    }
    expect(counts.size).toBe(62)
    expect([...counts.values()].every((count) => count === 4)).toBe(true)
  })

  it('乱数源が空を返したときはエラーになること', () => {
    expect(() => generateUrlKey(() => new Uint8Array(0))).toThrow('randomBytes returned no bytes')
  })
})
