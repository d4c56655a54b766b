import Encoding from 'encoding-japanese'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeRosterBytes, formatCsv, parseCsv } from './csv.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)
const shiftJis = (text: string) =>
  Uint8Array.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }))

describe('CSV の読み取り (RFC 4180)', () => {
  it('引用符・重ねた引用符・値の中のカンマと改行を読み、行の開始行番号を付けること', () => {
    const text = [
      'memberCode,name,note',
      'A-1,"ヤマダ, タロウ","彼は""先生""です"',
      'A-2,"複数行の',
      '値",x',
      'A-3,,',
    ].join('\r\n')
    expect(parseCsv(text)).toEqual({
      rows: [
        { line: 1, fields: ['memberCode', 'name', 'note'] },
        { line: 2, fields: ['A-1', 'ヤマダ, タロウ', '彼は"先生"です'] },
        { line: 3, fields: ['A-2', '複数行の\n値', 'x'] },
        { line: 5, fields: ['A-3', '', ''] },
      ],
      issues: [],
    })
  })

  it.each([
    ['LF', 'a,b\nc,d\n'],
    ['CRLF', 'a,b\r\nc,d\r\n'],
    ['CR', 'a,b\rc,d\r'],
    ['末尾の改行なし', 'a,b\r\nc,d'],
  ])('改行が %s でも同じ行になること', (_name, text) => {
    expect(parseCsv(text)).toEqual({
      rows: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['c', 'd'] },
      ],
      issues: [],
    })
  })

  it('空行と、すべての値が空の行（Excel の ,,,）を読み飛ばし、行番号は数え続けること', () => {
    expect(parseCsv('a,b\n\n,\n"",""\r\n\nc,d\n\n')).toEqual({
      rows: [
        { line: 1, fields: ['a', 'b'] },
        { line: 6, fields: ['c', 'd'] },
      ],
      issues: [],
    })
  })

  it('空のテキストは行なしであること', () => {
    expect(parseCsv('')).toEqual({ rows: [], issues: [] })
  })

  it('形の崩れた行を行番号付きで報告し、その行だけを除いて読み続けること', () => {
    const text = 'a,b\n"x"y,1\nab"c,2\nok,3\n"unclosed,4\nnext,5\n'
    expect(parseCsv(text)).toEqual({
      rows: [
        { line: 1, fields: ['a', 'b'] },
        { line: 4, fields: ['ok', '3'] },
      ],
      issues: [
        {
          line: 2,
          message:
            '引用符（"）で囲んだ値の後に文字があります。値の中の引用符は2つ重ねて（""）書いてください。',
        },
        {
          line: 3,
          message:
            '引用符（"）を含む値は、値全体を引用符で囲み、値の中の引用符を2つ重ねて（""）書いてください。',
        },
        {
          line: 5,
          message:
            '引用符（"）が閉じられていません。値を囲む引用符の組と、値の中の引用符が2つ重ねてあるかを確かめてください。',
        },
      ],
    })
  })

  it('formatCsv で書いた行を parseCsv で同じ値に読み戻せること', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'あ', ',', '"', '\n', ' ', '1') })
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const nonBlank = rows.filter((row) => row.some((value) => value !== ''))
          const parsed = parseCsv(formatCsv(rows))
          expect(parsed.issues).toEqual([])
          expect(parsed.rows.map((row) => row.fields)).toEqual(nonBlank)
        },
      ),
    )
  })
})

describe('文字コード', () => {
  const text = 'memberCode,MDR_NAME_KANA\r\nA-1,ヤマダ　タロウ～\r\n'

  it('BOM 付き UTF-8 は BOM を除いて UTF-8 として読むこと', () => {
    expect(decodeRosterBytes(utf8(`\uFEFF${text}`))).toEqual({ ok: true, text, encoding: 'utf8' })
  })

  it('BOM なし UTF-8 を UTF-8 として読むこと', () => {
    expect(decodeRosterBytes(utf8(text))).toEqual({ ok: true, text, encoding: 'utf8' })
  })

  it('UTF-8 として正しくないバイト列は Shift_JIS として読むこと（Excel の CSV）', () => {
    expect(decodeRosterBytes(shiftJis(text))).toEqual({ ok: true, text, encoding: 'sjis' })
  })

  it('Shift_JIS の機種依存文字（①、ｶﾅ）も読むこと', () => {
    expect(decodeRosterBytes(shiftJis('①ｶﾅ'))).toEqual({
      ok: true,
      text: '①ｶﾅ',
      encoding: 'sjis',
    })
  })

  it('--encoding sjis は、UTF-8 として読めるバイト列も Shift_JIS として読むこと', () => {
    // "ﾃｽﾄ" in Shift_JIS is 0xC3 0xBD 0xC4: 0xC3 0xBD is also valid UTF-8 (U+00FD ý).
    const bytes = shiftJis('ﾃｽ')
    expect(decodeRosterBytes(bytes)).toEqual({ ok: true, text: 'ý', encoding: 'utf8' })
    expect(decodeRosterBytes(bytes, 'sjis')).toEqual({ ok: true, text: 'ﾃｽ', encoding: 'sjis' })
  })

  it('--encoding utf8 で UTF-8 として読めないときは、その旨を返すこと', () => {
    expect(decodeRosterBytes(shiftJis(text), 'utf8')).toEqual({
      ok: false,
      issue: {
        message:
          'UTF-8 として読めない文字があります。ファイルを UTF-8 で保存し直すか、--encoding sjis を指定してください。',
      },
    })
  })

  it('どちらとしても読めないバイト列は、文字コードを判定できないと返すこと', () => {
    const bytes = Uint8Array.from([0x41, 0x81, 0x20, 0xff])
    expect(decodeRosterBytes(bytes)).toEqual({
      ok: false,
      issue: {
        message:
          '文字コードを判定できません。ファイルを UTF-8 または Shift_JIS で保存し直してください。',
      },
    })
    expect(decodeRosterBytes(bytes, 'sjis')).toEqual({
      ok: false,
      issue: {
        message:
          'Shift_JIS として読めない文字があります。ファイルを Shift_JIS で保存し直すか、--encoding utf8 を指定してください。',
      },
    })
  })
})
