import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normaliseAuthItem } from './normalise.ts'

describe('三項目認証の照合キー (normaliseAuthItem)', () => {
  it.each([
    // [入力, inputType, 照合キー]
    ['ヤマダ　タロウ', 'text', 'ヤマダタロウ'],
    ['やまだ たろう', 'text', 'ヤマダタロウ'],
    ['ﾔﾏﾀﾞ ﾀﾛｳ', 'text', 'ヤマダタロウ'],
    ['ﾔﾏﾀﾞﾀﾛｳ', 'text', 'ヤマダタロウ'],
    ['ヤマタ゛タロウ', 'text', 'ヤマダタロウ'],
    ['ゔぁいおりん', 'text', 'ヴァイオリン'],
    ['いすゞ', 'text', 'イスヾ'],
    ['わ\u3099', 'text', 'ヷ'],
    ['\tヤマダ\u00A0タロウ\r\n', 'text', 'ヤマダタロウ'],
    ['ｅｍｐ－００１２', 'text', 'EMP-0012'],
    ['emp-0012', 'text', 'EMP-0012'],
    ['１２３４５６７', 'text', '1234567'],
    ['Straße', 'text', 'STRAßE'],
    ['1985-04-15', 'date', '19850415'],
    ['1985/04/15', 'date', '19850415'],
    ['１９８５年０４月１５日', 'date', '19850415'],
    [' 19850415 ', 'date', '19850415'],
    ['', 'text', ''],
  ])('「%s」(%s) は「%s」になること', (value, inputType, expected) => {
    expect(normaliseAuthItem(value, inputType)).toBe(expected)
  })

  // Characters an applicant or a roster file might hold: kana of both kinds and widths, sound
  // marks spaced and combining, Latin letters and digits of both widths, separators, spaces.
  const character = fc.constantFrom(
    ...'あいうかがぱゔゝゞわアイウカガパヴヽヾワｱｶｶﾞﾊﾟｰーabcXYZａｂＡＢ0129０１９-/．.・゛゜ﾞﾟ\u3099\u309A \u3000\t\u00A0'.split(
      '',
    ),
  )
  const text = fc.string({ unit: fc.oneof(character, fc.string({ maxLength: 1 })) })
  const inputType = fc.constantFrom('text', 'date')

  it('もう一度かけても変わらないこと（冪等）', () => {
    fc.assert(
      fc.property(text, inputType, (value, type) => {
        const once = normaliseAuthItem(value, type)
        expect(normaliseAuthItem(once, type)).toBe(once)
      }),
    )
  })

  it('空白・小文字・ひらがなが残らないこと', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(normaliseAuthItem(value, 'text')).not.toMatch(/[\s\u3041-\u3096a-z]/u)
      }),
    )
  })

  it('全角・半角、ひらがな・カタカナ、大文字・小文字、空白の違いだけなら同じキーになること', () => {
    const kana = fc.constantFrom(
      ...'アイウエオカキクケコガギグゲゴサシスセソタチツテトダナヤマラワン'.split(''),
    )
    const name = fc.array(kana, { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''))
    const code = fc
      .array(fc.constantFrom(...'ABCXYZ0123-'.split('')), { minLength: 1, maxLength: 8 })
      .map((chars) => chars.join(''))
    const variants = (value: string) => [
      value,
      value.replace(/[\u30A1-\u30F6]/gu, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60)),
      value.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)),
      value.toLowerCase(),
      value.split('').join('\u3000'),
      ` ${value} `,
    ]
    fc.assert(
      fc.property(fc.oneof(name, code), (value) => {
        const keys = new Set(variants(value).map((variant) => normaliseAuthItem(variant, 'text')))
        expect([...keys]).toEqual([normaliseAuthItem(value, 'text')])
      }),
    )
  })

  it('日付は区切りの書き方が違っても同じキーになること', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom('', '-', '/', '.', ' ', '－', '／'),
        (year, month, day, separator) => {
          const parts = [String(year), String(month).padStart(2, '0'), String(day).padStart(2, '0')]
          expect(normaliseAuthItem(parts.join(separator), 'date')).toBe(parts.join(''))
        },
      ),
    )
  })
})
