// Half-width text made full-width, for data that arrives half-width but goes into a field checked
// by `onlyFullKatakana` (SPEC §5.2): Japan Post's readings of addresses are half-width katakana
// with ASCII digits, letters and brackets (ﾁﾖﾀﾞｸ, ｷﾀ10ｼﾞｮｳﾆｼ, (ｺｳｿｳﾄｳ)1ｶｲ). This is a data
// conversion, not input normalisation: what an applicant types is never converted silently
// (STYLE.md §4).

// A run of half-width katakana, with its sound marks (U+FF61–U+FF9F).
const HALF_WIDTH_KANA = /[\uFF61-\uFF9F]+/gu
// Printable ASCII other than the space (U+0021–U+007E) sits exactly 0xFEE0 below its Fullwidth
// Form (U+FF01–U+FF5E).
const ASCII = /[\u0021-\u007E]/gu
const FULL_WIDTH_OFFSET = 0xfee0

/**
 * 半角カタカナ・半角英数記号・半角スペースを全角にする。`'ﾁﾖﾀﾞｸ'` → `'チヨダク'`、
 * `'ｷﾀ10ｼﾞｮｳﾆｼ'` → `'キタ１０ジョウニシ'`、`'-'` → `'－'`、半角スペース → U+3000。
 * A sound mark joins the kana before it (ｶﾞ → ガ, ｳﾞ → ヴ), as NFKC composes it; anything else
 * (full-width text, kanji) is returned as it is.
 */
export function toFullWidthKatakana(value: string): string {
  return value
    .replace(HALF_WIDTH_KANA, (kana) => kana.normalize('NFKC'))
    .replace(ASCII, (character) => String.fromCharCode(character.charCodeAt(0) + FULL_WIDTH_OFFSET))
    .replaceAll(' ', '\u3000')
}
