import { describe, expect, it } from 'vitest'
import {
  findDisallowedCharacter,
  isAllowedCharacter,
  jisX0208Characters,
  rejectedKanji,
} from './gaiji.ts'

/** JIS X 0208 の区点を EUC-JP の 2 バイトにして、実装とは別に 1 字ずつ復号する。 */
const decodeKuten = (row: number, cell: number): string =>
  new TextDecoder('euc-jp').decode(Uint8Array.of(0xa0 + row, 0xa0 + cell))

const codePoint = (character: string): string =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

describe('JIS X 0208 の文字集合（SPEC §5.2 gaiji、ADR 0005）', () => {
  it('全部で 6879 字（非漢字 524、第1水準 2965、第2水準 3390）であること', () => {
    expect(jisX0208Characters().size).toBe(6879)
  })

  it('2 回目以降は作り直さずに同じ集合を返すこと', () => {
    expect(jisX0208Characters()).toBe(jisX0208Characters())
  })

  it('どの要素も 1 コードポイントで、半角 ASCII と U+FFFD を含まないこと', () => {
    const characters = [...jisX0208Characters()]
    const isAsciiOrReplacement = (character: string): boolean =>
      (character.codePointAt(0) ?? 0) < 0x80 || character === '\uFFFD'
    expect(characters.filter((character) => [...character].length !== 1)).toEqual([])
    expect(characters.filter(isAsciiOrReplacement)).toEqual([])
  })

  it.each<[number, number, string]>([
    [1, 1, '\u3000'],
    [1, 6, '・'],
    [1, 28, 'ー'],
    [1, 93, '◎'],
    [2, 8, '※'],
    [2, 9, '〒'],
    [4, 1, 'ぁ'],
    [4, 83, 'ん'],
    [5, 84, 'ヴ'],
    [5, 86, 'ヶ'],
    [6, 1, 'Α'],
    [6, 33, 'α'],
    [7, 5, 'Д'],
    [7, 53, 'д'],
    [8, 32, '╂'],
    [16, 1, '亜'],
    [47, 51, '腕'],
    [48, 1, '弌'],
    [49, 59, '凛'],
    [84, 1, '堯'],
    [84, 2, '槇'],
    [84, 3, '遙'],
    [84, 4, '瑤'],
    [84, 5, '凜'],
    [84, 6, '熙'],
  ])('%i区%i点は「%s」で、集合に含まれること', (row, cell, character) => {
    expect(decodeKuten(row, cell)).toBe(character)
    expect(jisX0208Characters().has(character)).toBe(true)
  })

  it.each<[number, number, string]>([
    [13, 1, '①'],
    [13, 21, 'Ⅰ'],
    [13, 63, '㍻'],
    [13, 74, '㈱'],
  ])(
    '復号器が %i区%i点を「%s」に復号しても、NEC 特殊文字の 13 区は集合に含まないこと',
    (row, cell, character) => {
      expect(decodeKuten(row, cell)).toBe(character)
      expect(jisX0208Characters().has(character)).toBe(false)
    },
  )

  it.each<[number, number]>([
    [2, 15],
    [47, 52],
    [84, 7],
  ])('JIS X 0208 で空きの %i区%i点は U+FFFD に復号されること', (row, cell) => {
    expect(decodeKuten(row, cell)).toBe('\uFFFD')
  })
})

describe('gaiji で許可する文字（SPEC §5.2）', () => {
  it.each<[string, string]>([
    ['半角英字', 'A'],
    ['半角英字', 'z'],
    ['半角数字', '0'],
    ['半角スペース', ' '],
    ['半角記号', '!'],
    ['半角記号', '\\'],
    ['半角記号', '~'],
    ['全角スペース', '\u3000'],
    ['全角英数', 'Ａ'],
    ['全角英数', '９'],
    ['ギリシャ文字', 'Α'],
    ['ギリシャ文字', 'α'],
    ['キリル文字', 'Д'],
    ['キリル文字', 'д'],
    ['ひらがな', 'あ'],
    ['ひらがな', 'ゑ'],
    ['カタカナ', 'ア'],
    ['カタカナ', 'ヴ'],
    ['カタカナ', 'ヶ'],
    ['長音', 'ー'],
    ['記号', '※'],
    ['記号', '〒'],
    ['記号', '◎'],
    ['記号', '々'],
    ['記号', '￥'],
    ['第1水準漢字 16区1点', '亜'],
    ['第1水準漢字 49区59点', '凛'],
    ['第2水準漢字 48区1点', '弌'],
    ['84区1点', '堯'],
    ['84区2点', '槇'],
    ['84区3点', '遙'],
    ['84区4点', '瑤'],
  ])('%s「%s」を許可すること', (_kind, character) => {
    expect(isAllowedCharacter(character)).toBe(true)
    expect(findDisallowedCharacter(character)).toBeUndefined()
  })
})

describe('gaiji で拒否する文字（SPEC §5.2、§5.3「当システムで入力できない文字」）', () => {
  it.each<[string, string, string]>([
    ['拒否一覧の漢字 84区5点 凜', 'U+51DC', '凜'],
    ['拒否一覧の漢字 84区6点 熙', 'U+7199', '熙'],
    ['IBM 拡張漢字 髙（はしごだか）', 'U+9AD9', '髙'],
    ['IBM 拡張漢字 﨑（たつさき）', 'U+FA11', '﨑'],
    ['NEC 特殊文字 ①', 'U+2460', '①'],
    ['NEC 特殊文字 ㈱', 'U+3231', '㈱'],
    ['NEC 特殊文字 ㍻', 'U+337B', '㍻'],
    // onlyFullKatakana はローマ数字を許可するが、JIS X 0208 にないので gaiji では拒否する
    ['NEC 特殊文字のローマ数字 Ⅰ', 'U+2160', 'Ⅰ'],
    ['IBM 拡張の小文字ローマ数字 ⅰ', 'U+2170', 'ⅰ'],
    ['半角カタカナ ｶ', 'U+FF76', 'ｶ'],
    ['半角カタカナの句点 ｡', 'U+FF61', '｡'],
    ['JIS X 0208 にないひらがな ゔ', 'U+3094', 'ゔ'],
    ['JIS X 0201 の円記号 ¥', 'U+00A5', '¥'],
    ['JIS X 0208 にない漢字 𠮷（つちよし）', 'U+20BB7', '𠮷'],
    ['絵文字 😀', 'U+1F600', '😀'],
    ['結合用の濁点', 'U+3099', '\u3099'],
    ['対になっていないサロゲート', 'U+D842', '\uD842'],
    ['タブ', 'U+0009', '\t'],
    ['改行 LF', 'U+000A', '\n'],
    ['改行 CR', 'U+000D', '\r'],
    ['ノーブレークスペース', 'U+00A0', '\u00A0'],
    ['ゼロ幅スペース', 'U+200B', '\u200B'],
    ['DEL', 'U+007F', '\x7F'],
  ])('%s（%s）を拒否すること', (_kind, expectedCodePoint, character) => {
    expect(codePoint(character)).toBe(expectedCodePoint)
    expect(isAllowedCharacter(character)).toBe(false)
    expect(findDisallowedCharacter(character)).toBe(character)
  })

  it('1 コードポイントでない文字列は 1 文字として許可しないこと', () => {
    expect(isAllowedCharacter('あい')).toBe(false)
    expect(isAllowedCharacter('')).toBe(false)
  })
})

describe('対応付けが 2 通りある JIS の文字はどちらも許可すること（SPEC §5.2、ADR 0005）', () => {
  it.each<[number, number, string, string]>([
    [1, 33, '\u301C', '\uFF5E'],
    [1, 34, '\u2016', '\u2225'],
    [1, 29, '\u2014', '\u2015'],
    [1, 61, '\u2212', '\uFF0D'],
    [1, 81, '\u00A2', '\uFFE0'],
    [1, 82, '\u00A3', '\uFFE1'],
    [2, 44, '\u00AC', '\uFFE2'],
  ])(
    '%i区%i点の「%s」と復号器が返す「%s」をどちらも許可すること',
    (row, cell, macCharacter, decodedCharacter) => {
      expect(codePoint(decodeKuten(row, cell))).toBe(codePoint(decodedCharacter))
      expect(jisX0208Characters().has(macCharacter)).toBe(false)
      expect(isAllowedCharacter(macCharacter)).toBe(true)
      expect(isAllowedCharacter(decodedCharacter)).toBe(true)
      expect(findDisallowedCharacter(`${macCharacter}${decodedCharacter}`)).toBeUndefined()
    },
  )
})

describe('拒否する漢字の一覧（SPEC §5.2「two kanji are explicitly rejected」）', () => {
  it('既定の一覧は凜（U+51DC）と熙（U+7199）で、変更できないこと', () => {
    expect(rejectedKanji.map(codePoint)).toEqual(['U+51DC', 'U+7199'])
    expect(Object.isFrozen(rejectedKanji)).toBe(true)
  })

  it.each<[readonly string[] | undefined, string, string | undefined]>([
    [undefined, '凜子', '凜'],
    [undefined, '熙子', '熙'],
    [[], '凜子と熙子', undefined],
    [['堯'], '熙子と堯子', '堯'],
    [[], '①', '①'],
    [['A'], '堯A', 'A'],
  ])('拒否一覧を %j で上書きしたとき %j では %j を返すこと', (rejected, value, expected) => {
    expect(findDisallowedCharacter(value, { rejected })).toBe(expected)
  })
})

describe('改行（allowLineBreaks、複数行の入力欄用）', () => {
  it.each<[boolean | undefined, string, string | undefined]>([
    [undefined, '一行目\n二行目', '\n'],
    [false, '一行目\r\n二行目', '\r'],
    [true, '一行目\n二行目', undefined],
    [true, '一行目\r\n二行目\r三行目', undefined],
    [true, '一行目\n\t二行目', '\t'],
    [true, '一行目\n①', '①'],
  ])('allowLineBreaks が %j のとき %j では %j を返すこと', (allowLineBreaks, value, expected) => {
    expect(findDisallowedCharacter(value, { allowLineBreaks })).toBe(expected)
  })
})

describe('文字列の外字チェック（SPEC §5.2 gaiji、空の値は通ること）', () => {
  it.each<[string, string | undefined]>([
    ['', undefined],
    ['山田 太郎', undefined],
    ['ヤマダ　タロウ', undefined],
    ['東京都千代田区霞が関1-2-3 〜〒100-0013', undefined],
    ['Ivanov Иван Δ', undefined],
    ['髙橋①', '髙'],
    ['株式会社㈱', '㈱'],
    ['ﾔﾏﾀﾞ', 'ﾔ'],
    ['吉田𠮷子', '𠮷'],
    ['か\u3099', '\u3099'],
    ['熙子と凜子', '熙'],
    ['abc😀def①', '😀'],
  ])('%j では最初の許可されない文字 %j を返すこと', (value, expected) => {
    expect(findDisallowedCharacter(value)).toBe(expected)
  })

  it('サロゲートペアの文字はペアのまま 1 文字で返すこと', () => {
    expect(findDisallowedCharacter('吉田𠮷')).toHaveLength(2)
    expect(codePoint(findDisallowedCharacter('吉田𠮷') ?? '')).toBe('U+20BB7')
  })
})
