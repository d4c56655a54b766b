// Three-item authentication (PRODUCT.md "People and how they sign in") compares what the
// applicant types with the roster. Both sides go through this one function, so the same person
// matches however they type: full- or half-width, with or without spaces, in hiragana or
// katakana, in upper or lower case, a date with or without separators. It is a comparison key
// only: never shown, never written back to what the applicant sees.

const WHITE_SPACE = /\s/gu
// ぁ–ゖ and the iteration marks ゝゞ sit exactly 0x60 below their katakana (ァ–ヶ, ヽヾ).
const HIRAGANA = /[\u3041-\u3096\u309D\u309E]/gu
const LOWER_LATIN = /[a-z]+/g
const NOT_DIGIT = /[^0-9]/g

/**
 * 三項目認証の照合キー: NFKC, all white space removed (U+3000 too), hiragana to katakana, Latin
 * letters upper-case; for inputType 'date' only the digits are kept (1985-04-15 → 19850415).
 */
export function normaliseAuthItem(value: string, inputType: string): string {
  // NFKC again after removing spaces: a spacing sound mark (゛, U+309B) becomes a space and a
  // combining mark, which composes with the kana before it only once the space is gone.
  const compact = value.normalize('NFKC').replace(WHITE_SPACE, '').normalize('NFKC')
  // …and after the kana change: わ + ゙ has no composed form, but ワ + ゙ is ヷ.
  const katakana = compact
    .replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60))
    .normalize('NFKC')
  const upper = katakana.replace(LOWER_LATIN, (letters) => letters.toUpperCase())
  return inputType === 'date' ? upper.replace(NOT_DIGIT, '') : upper
}
