import { createHmac, timingSafeEqual } from 'node:crypto'

// The signature of the provider's deposit notifications (PRODUCT.md "Money", ADR 0014), shared by
// the sandbox provider that sends them and the product's webhook that receives them. The header
// is `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: the timestamp is signed
// with the body, so an old notification cannot be replayed with a fresh `t`.

const TIMESTAMP = /^\d{1,12}$/
const HEX_SHA256 = /^[0-9a-f]{64}$/
/** A header longer than this is not one we sent (a few v1 values at most). */
const MAX_HEADER_LENGTH = 512

function hmacHex(secret: string, unixSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex')
}

/** The `x-payment-signature` header value for a notification body sent at `unixSeconds`. */
export function signDepositNotification(
  secret: string,
  rawBody: string,
  unixSeconds: number,
): string {
  const timestamp = Math.floor(unixSeconds)
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`
}

/** t and the v1 values of a header, or undefined when the header is not well formed. */
function parseSignatureHeader(
  header: string,
): { timestamp: number; signatures: string[] } | undefined {
  if (header.length === 0 || header.length > MAX_HEADER_LENGTH) return undefined
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const separator = part.indexOf('=')
    if (separator <= 0) return undefined
    const key = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (key === 't') {
      if (timestamp !== undefined || !TIMESTAMP.test(value)) return undefined
      timestamp = Number(value)
    } else if (key === 'v1') {
      if (!HEX_SHA256.test(value)) return undefined
      signatures.push(value)
    }
    // Other schemes (a future v2) are ignored, so a sender can add one without breaking us.
  }
  if (timestamp === undefined || signatures.length === 0) return undefined
  return { timestamp, signatures }
}

/**
 * Whether `header` signs `rawBody` (the bytes as received, before any JSON parsing) with
 * `secret`, at a time no further than `toleranceSeconds` from `nowSeconds`. Any v1 may match
 * (two during a secret rotation). Malformed headers are refused, never thrown on.
 */
export function verifyDepositSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds: number,
): boolean {
  if (header === undefined) return false
  const parsed = parseSignatureHeader(header)
  if (parsed === undefined) return false
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, rawBody), 'hex')
  let isMatch = false
  for (const signature of parsed.signatures) {
    // Every candidate is compared, so the time taken does not say which one matched.
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) isMatch = true
  }
  return isMatch
}
