// Japan Post's 町域 (KEN_ALL.CSV) is written for sorting mail, not for typing into an address: some
// values are notes about the code rather than a place. Each rule drops the same part of the name
// and of its reading, so the two always describe one place.

export interface Town {
  /** 町域; '' when the code covers the whole city */
  town: string
  /** its reading, as Japan Post writes it (half-width katakana) */
  townKana: string
}

const WHOLE_CITY = new Set(['以下に掲載がない場合'])
// 「小菅村の次に６６４番地以降がくる場合」: the street number comes straight after the village.
const STREET_NUMBER_AFTER_CITY = /の次に.*がくる場合$/u
// 「利島村一円」: the whole village. A place may be named 一円 itself (滋賀県犬上郡多賀町一円).
const WHOLE_AREA = /.一円$/u
// A note at the end: 「大手町（次のビルを除く）」, 「一ツ橋（１丁目）」, 「霞が関ビル（地階・階層不明）」.
const KANJI_BRACKETS = { open: '（', close: '）', trailingNote: /（[^（）]*）$/u }
const KANA_BRACKETS = { open: '(', close: ')', trailingNote: /\([^()]*\)$/u }

type Brackets = typeof KANJI_BRACKETS

/**
 * The 町域 of one KEN_ALL row as the part of an address that follows the city, or undefined for a
 * row that only carries the rest of a long note cut from the row before it (「地割）」).
 */
export function townOfKenAll(kanji: string, kana: string): Town | undefined {
  if (isContinuation(kanji, KANJI_BRACKETS)) return undefined
  if (WHOLE_CITY.has(kanji) || STREET_NUMBER_AFTER_CITY.test(kanji) || WHOLE_AREA.test(kanji)) {
    return { town: '', townKana: '' }
  }
  return {
    town: withoutNote(kanji, KANJI_BRACKETS),
    townKana: withoutNote(kana, KANA_BRACKETS),
  }
}

/** A closing bracket before any opening one: the row continues a note. */
function isContinuation(text: string, { open, close }: Brackets): boolean {
  const closing = text.indexOf(close)
  return closing !== -1 && !text.slice(0, closing).includes(open)
}

/**
 * The name without its note: a bracket left open (a note cut at the end of the row, continued in
 * the next one) is cut off from there; a closed one is removed only at the end, since a building
 * name may hold brackets (名駅ミッドランドスクエア（高層棟）１階).
 */
function withoutNote(text: string, { open, close, trailingNote }: Brackets): string {
  const opening = text.lastIndexOf(open)
  if (opening !== -1 && !text.slice(opening).includes(close)) {
    return text.slice(0, opening)
  }
  return text.replace(trailingNote, '')
}
