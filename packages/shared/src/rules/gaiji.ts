// 外字チェック（SPEC §5.2 `gaiji`）。許可する文字の根拠は docs/decisions/0005-gaiji.md。

/** `gaiji` チェックのオプション。 */
export interface GaijiOptions {
  /** 改行（CR・LF）を許可する。複数行の入力欄（textarea）用。既定は許可しない。 */
  allowLineBreaks?: boolean
  /** 拒否する文字の一覧。指定すると `rejectedKanji` の代わりに使う。 */
  rejected?: readonly string[]
}

/**
 * 明示的に拒否する漢字（SPEC §5.2「two kanji are explicitly rejected」）。
 * 凜（U+51DC、JIS 84-05）と熙（U+7199、JIS 84-06）は JIS X 0208 の 1990 年改正で追加された 2 字で、
 * JIS X 0208-1983 までの文字表で作られた保険会社側のシステムでは化ける。変更するときは ADR 0005 も直す。
 */
export const rejectedKanji: readonly string[] = Object.freeze(['凜', '熙'])

// JIS X 0208 assigns rows 1–8 (non-kanji), 16–47 (level 1) and 48–84 (level 2). The WHATWG euc-jp
// decoder also fills row 13 with NEC special characters (① ㈱ ㍻ Ⅰ…), which are not JIS X 0208, so
// rows 9–15 are skipped; the other cells the standard leaves empty decode to U+FFFD.
const JIS_X_0208_ROWS = [
  ...Array.from({ length: 8 }, (_, index) => 1 + index),
  ...Array.from({ length: 69 }, (_, index) => 16 + index),
]
const CELLS_PER_ROW = 94

// The same JIS X 0208 cell reaches us as either code point: Windows and the WHATWG decoder use the
// second member, Mac/iOS IMEs and the JIS standard's own table the first. Both are accepted.
const MAPPING_PAIRS: readonly (readonly [string, string])[] = [
  ['\u301C', '\uFF5E'], // 1-33 〜 WAVE DASH / ～ FULLWIDTH TILDE
  ['\u2016', '\u2225'], // 1-34 ‖ DOUBLE VERTICAL LINE / ∥ PARALLEL TO
  ['\u2014', '\u2015'], // 1-29 — EM DASH / ― HORIZONTAL BAR
  ['\u2212', '\uFF0D'], // 1-61 − MINUS SIGN / － FULLWIDTH HYPHEN-MINUS
  ['\u00A2', '\uFFE0'], // 1-81 ¢ / ￠
  ['\u00A3', '\uFFE1'], // 1-82 £ / ￡
  ['\u00AC', '\uFFE2'], // 2-44 ¬ / ￢
]

let jisX0208: ReadonlySet<string> | undefined
let allowedBeyondAscii: ReadonlySet<string> | undefined

/**
 * JIS X 0208 の全 6879 字（非漢字 524、第1水準 2965、第2水準 3390）。
 * 手で書いた表ではなく、`TextDecoder('euc-jp')` で全区点を一度に復号して作り、初回の呼び出し後はキャッシュする。
 */
export function jisX0208Characters(): ReadonlySet<string> {
  if (jisX0208 === undefined) {
    const bytes: number[] = []
    for (const row of JIS_X_0208_ROWS) {
      for (let cell = 1; cell <= CELLS_PER_ROW; cell += 1) bytes.push(0xa0 + row, 0xa0 + cell)
    }
    const characters = new Set(new TextDecoder('euc-jp').decode(Uint8Array.from(bytes)))
    characters.delete('\uFFFD')
    jisX0208 = characters
  }
  return jisX0208
}

function allowedBeyondAsciiCharacters(): ReadonlySet<string> {
  if (allowedBeyondAscii === undefined) {
    const jis = jisX0208Characters()
    const characters = new Set(jis)
    for (const pair of MAPPING_PAIRS) {
      if (!pair.some((character) => jis.has(character))) continue
      for (const character of pair) characters.add(character)
    }
    allowedBeyondAscii = characters
  }
  return allowedBeyondAscii
}

/**
 * 1 文字（1 コードポイント）が `gaiji` で許可されるか（SPEC §5.2）。
 * 許可するのは半角の印字可能 ASCII（U+0020〜U+007E）、JIS X 0208 の文字とその別の対応付け（〜 と ～ など）、
 * `allowLineBreaks` のときの CR・LF。拒否一覧の文字はこれらに含まれていても拒否する。
 */
export function isAllowedCharacter(character: string, options: GaijiOptions = {}): boolean {
  if ((options.rejected ?? rejectedKanji).includes(character)) return false
  if (/^[\x20-\x7E]$/.test(character)) return true
  if (options.allowLineBreaks === true && (character === '\n' || character === '\r')) return true
  return allowedBeyondAsciiCharacters().has(character)
}

/**
 * 外字チェック（SPEC §5.2 `gaiji`）: 許可されない最初の文字を返す。すべて許可されれば（空文字列も）undefined。
 * コードポイント単位で調べるので、𠮷（U+20BB7）はサロゲートペアのまま 1 文字として返る。
 */
export function findDisallowedCharacter(value: string, options?: GaijiOptions): string | undefined {
  for (const character of value) {
    if (!isAllowedCharacter(character, options)) return character
  }
  return undefined
}
