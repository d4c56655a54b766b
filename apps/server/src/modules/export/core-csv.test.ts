import { describe, expect, it } from 'vitest'
import { CoreLineEncoder, csvField, csvLine } from './core-csv.ts'

// RFC 4180 quoting and the CP932 encoder of the core export (docs/core-export.md).

describe('core export CSV', () => {
  it('カンマ・引用符・改行を含む項目だけを引用し、引用符を二重にすること', () => {
    expect(csvField('山田')).toBe('山田')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('1\n2')).toBe('"1\n2"')
    expect(csvField('1\r2')).toBe('"1\r2"')
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n')
  })

  it('CP932 にない文字を行・列・コードポイントで報告し、〓 で書くこと', () => {
    const found: unknown[] = []
    const encoder = new CoreLineEncoder('cp932', (item) => found.push(item))
    const bytes = encoder.encode(['髙橋', '😀', '①'], ['a', 'b', 'c'], 5)
    expect(new TextDecoder('shift_jis').decode(bytes)).toBe('髙橋,〓,①\r\n')
    expect(found).toEqual([{ line: 5, column: 'b', character: '😀', codePoint: 'U+1F600' }])
  })

  it('UTF-8 では BOM を付け、文字を置き換えないこと', () => {
    const encoder = new CoreLineEncoder('utf8bom', () => {
      throw new Error('not expected')
    })
    expect([...encoder.preamble()]).toEqual([0xef, 0xbb, 0xbf])
    expect(encoder.encode(['𠮷'], ['a'], 2).toString('utf8')).toBe('𠮷\r\n')
  })
})
