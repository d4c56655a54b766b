// Characters no person types into a form (issue #17 point 4): the C0 controls U+0000–U+001F and
// DEL, and UTF-16 surrogates that are not part of a pair (JSON can carry them; PostgreSQL and
// every text file refuse them). Tab, LF and CR are typed only into multi-line answers.

export interface ControlCharacterOptions {
  /** Tab, LF and CR are allowed (multi-line answers: textarea items) */
  allowLineBreaks?: boolean
}

const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d])

/** The index of the first character no form accepts, or -1. */
export function findControlCharacter(value: string, options: ControlCharacterOptions = {}): number {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) {
      if (options.allowLineBreaks === true && LINE_BREAKS.has(code)) continue
      return index
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1
        continue
      }
      return index
    }
    if (code >= 0xdc00 && code <= 0xdfff) return index
  }
  return -1
}
