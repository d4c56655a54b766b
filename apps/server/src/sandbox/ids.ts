import { randomInt } from 'node:crypto'

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `prefix_` and 24 random alphanumerics (about 143 bits): tok_…, pay_…, va_…, dep_…, re_…, card_…. */
export function randomId(prefix: 'tok' | 'pay' | 'va' | 'dep' | 're' | 'card'): string {
  let id = `${prefix}_`
  for (let index = 0; index < 24; index++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]
  return id
}

export const ID_PATTERNS = {
  pay: /^pay_[A-Za-z0-9]{24}$/,
  va: /^va_[A-Za-z0-9]{24}$/,
  card: /^card_[A-Za-z0-9]{24}$/,
} as const

/** `length` random decimal digits (a virtual account number). */
export function randomDigits(length: number): string {
  let digits = ''
  for (let index = 0; index < length; index++) digits += String(randomInt(10))
  return digits
}
