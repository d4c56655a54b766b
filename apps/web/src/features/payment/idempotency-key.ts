import type { KeyValueStorage } from '@/lib/browser-storage.ts'

// PRODUCT.md "Money": every payment execution carries an idempotency key, so a repeat returns the
// first result and never charges twice (ADR 0014). One key is made per payment and kept in this
// tab's sessionStorage, so the retry after a failure whose outcome is unknown (no answer) and the
// 3-D Secure return, which reloads the app, send the same key. Once the payment completed or was
// refused for good, the key is dropped: the next try is a new payment with a new key.

export const IDEMPOTENCY_KEY_STORAGE_KEY = 'payment.idempotencyKey'

// The contract's idempotencyKeySchema: base64url characters, 16–64 of them.
const KEY_FORMAT = /^[A-Za-z0-9_-]{16,64}$/
/** 24 random bytes: 32 base64url characters. */
const KEY_BYTES = 24

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A new key: 32 base64url characters from the browser's cryptographic random source. */
export function createIdempotencyKey(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(KEY_BYTES)))
}

/** The key of the payment under way in this tab, if there is one. */
export function readIdempotencyKey(storage: KeyValueStorage | undefined): string | undefined {
  try {
    const key = storage?.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)
    return key != null && KEY_FORMAT.test(key) ? key : undefined
  } catch {
    return undefined
  }
}

/**
 * The key of the payment under way, or a new one kept for it. Where the browser refuses storage
 * the key still serves this one execution (there is then no 3-D Secure return to resume).
 */
export function idempotencyKeyFor(storage: KeyValueStorage | undefined): string {
  const existing = readIdempotencyKey(storage)
  if (existing !== undefined) return existing
  const key = createIdempotencyKey()
  try {
    storage?.setItem(IDEMPOTENCY_KEY_STORAGE_KEY, key)
  } catch {
    // storage full or disabled: see above
  }
  return key
}

/** The payment completed or was refused for good: the next one gets a new key. */
export function clearIdempotencyKey(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(IDEMPOTENCY_KEY_STORAGE_KEY)
  } catch {
    // nothing was kept
  }
}
