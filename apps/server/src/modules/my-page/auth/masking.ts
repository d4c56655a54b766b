// What an answer may show of a destination (ADR 0015): enough to recognise one's own, not
// enough to learn someone else's.

/** "t***@example.jp": the first character, then the domain. */
export function maskMailAddress(mailAddress: string): string {
  const at = mailAddress.lastIndexOf('@')
  const first = Array.from(mailAddress)[0] ?? ''
  return at <= 0 ? '***' : `${first}***${mailAddress.slice(at)}`
}
