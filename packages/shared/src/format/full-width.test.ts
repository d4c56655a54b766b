import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { validateField } from '../rules/fields.ts'
import { toFullWidthKatakana } from './full-width.ts'

describe('半角から全角への変換（住所の読みを onlyFullKatakana の欄へ入れるため）', () => {
  it.each([
    ['ﾄｳｷｮｳﾄ', 'トウキョウト'],
    ['ﾁﾖﾀﾞｸ', 'チヨダク'],
    ['ｻｯﾎﾟﾛｼﾁｭｳｵｳｸ', 'サッポロシチュウオウク'],
    ['ｷﾀ10ｼﾞｮｳﾆｼ', 'キタ１０ジョウニシ'],
    ['ﾒｲｴｷﾐｯﾄﾞﾗﾝﾄﾞｽｸｴｱ(ｺｳｿｳﾄｳ)1ｶｲ', 'メイエキミッドランドスクエア（コウソウトウ）１カイ'],
    ['ｳﾞｪﾙﾃﾞｨ', 'ヴェルディ'],
    ['ﾜﾞｦﾞ', 'ヷヺ'],
    ['ﾆｼ5ｾﾝ-1', 'ニシ５セン－１'],
    ['ABCxyz', 'ＡＢＣｘｙｚ'],
    ['ｱ ｲ', 'ア　イ'],
    ['ｰ･', 'ー・'],
    // already full-width, or not kana at all: returned as it is
    ['トウキョウト　チヨダク', 'トウキョウト　チヨダク'],
    ['千代田区', '千代田区'],
    ['', ''],
  ])('「%s」を「%s」にすること', (input, expected) => {
    expect(toFullWidthKatakana(input)).toBe(expected)
  })

  // The half-width katakana letters with ｦ…ﾝ, ｰ, ･ and the sound marks, and printable ASCII.
  const halfWidthKana = fc.string({
    unit: fc.constantFrom(
      ...Array.from({ length: 0xff9d - 0xff65 + 1 }, (_, index) =>
        String.fromCharCode(0xff65 + index),
      ),
      'ｶﾞ',
      'ﾊﾟ',
      'ｳﾞ',
    ),
  })
  const ascii = fc.string({
    unit: fc.constantFrom(
      ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => String.fromCharCode(0x20 + index)),
    ),
  })

  it('変換した読みと英数記号は onlyFullKatakana を満たすこと', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(halfWidthKana, ascii)), (parts) => {
        const converted = toFullWidthKatakana(parts.join(''))
        expect(validateField('onlyFullKatakana', converted)).toBeUndefined()
      }),
    )
  })

  it('二度変換しても結果が変わらないこと', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(halfWidthKana, ascii, fc.string())), (parts) => {
        const once = toFullWidthKatakana(parts.join(''))
        expect(toFullWidthKatakana(once)).toBe(once)
      }),
    )
  })
})
