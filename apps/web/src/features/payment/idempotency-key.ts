import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import { createApiClient, type ApiClient } from '@/lib/api-client.ts'
import type { KeyValueStorage } from '@/lib/browser-storage.ts'
import { env } from '@/lib/env.ts'

// PRODUCT.md "Money": every payment execution carries an idempotency key, so a repeat returns the
// first result and never charges twice (ADR 0014). One key is made per payment and kept in this
// tab's sessionStorage, so the retry after a failure whose outcome is unknown (no answer) and the
// 3-D Secure return, which reloads the app, send the same key. Once the payment completed or was
// refused for good, the key is dropped: the next try is a new payment with a new key. The my-page's
// executions keep theirs apart (the invoice's payment, ADR 0032; the card change, ADR 0038).

/** Whose key: the application's payment, an invoice's payment, a card change. */
export type KeyName = 'payment' | 'invoice' | 'cardChange'

const storageKeyOf = (name: KeyName) => `${name}.idempotencyKey`

export const IDEMPOTENCY_KEY_STORAGE_KEY = storageKeyOf('payment')

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
export function readIdempotencyKey(
  storage: KeyValueStorage | undefined,
  name: KeyName = 'payment',
): string | undefined {
  try {
    const key = storage?.getItem(storageKeyOf(name))
    return key != null && KEY_FORMAT.test(key) ? key : undefined
  } catch {
    return undefined
  }
}

/**
 * The key of the payment under way, or a new one kept for it. Where the browser refuses storage
 * the key still serves this one execution (there is then no 3-D Secure return to resume).
 */
export function idempotencyKeyFor(
  storage: KeyValueStorage | undefined,
  name: KeyName = 'payment',
): string {
  const existing = readIdempotencyKey(storage, name)
  if (existing !== undefined) return existing
  const key = createIdempotencyKey()
  try {
    storage?.setItem(storageKeyOf(name), key)
  } catch {
    // storage full or disabled: see above
  }
  return key
}

/** The payment completed or was refused for good: the next one gets a new key. */
export function clearIdempotencyKey(
  storage: KeyValueStorage | undefined,
  name: KeyName = 'payment',
): void {
  try {
    storage?.removeItem(storageKeyOf(name))
  } catch {
    // nothing was kept
  }
}

/**
 * A client for the executions: the app's API client (base address, gzip, session token and its
 * refresh, error bodies) whose every request carries the execution's Idempotency-Key. The client
 * takes no per-call headers, so the header is added by the fetch it is given.
 */
export function executionClient(
  storage: KeyValueStorage | undefined,
  idempotencyKey: string,
): ApiClient {
  return createApiClient({
    baseUrl: env.apiBaseUrl,
    storage,
    isDev: env.isDev,
    fetch: (input, init = {}) => {
      const headers = new Headers(init.headers)
      headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey)
      return fetch(input, { ...init, headers })
    },
  })
}
