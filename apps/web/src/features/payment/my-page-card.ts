import { createApiClient, type ApiClient } from '@/lib/api-client.ts'
import type { KeyValueStorage } from '@/lib/browser-storage.ts'
import { env } from '@/lib/env.ts'

// What the my-page's card screens share (the invoice, ADR 0032; the card change, ADR 0038): the
// execution's Idempotency-Key kept in this tab per screen (PRODUCT.md "Money": a repeat, and the
// 3-D Secure return, send the same key), the client that carries it, and the card data to the
// provider's token endpoint. Nothing here comes from the payment screen's modules, so these
// screens' chunks share no module with the applicant's (their bundles stay as they are).

/** The payment API's header (payment/routes.ts IDEMPOTENCY_KEY_HEADER), spelt here (see above). */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
const KEY_FORMAT = /^[A-Za-z0-9_-]{16,64}$/

/** Where a screen keeps its execution's key: `invoice.idempotencyKey`, … */
export type KeyName = 'invoice' | 'cardChange'

const storageKeyOf = (name: KeyName) => `${name}.idempotencyKey`

export function storedKey(storage: KeyValueStorage | undefined, name: KeyName): string | undefined {
  try {
    const key = storage?.getItem(storageKeyOf(name))
    return key != null && KEY_FORMAT.test(key) ? key : undefined
  } catch {
    return undefined
  }
}

/** The key of the execution under way, or a new one kept for it. */
export function keyFor(storage: KeyValueStorage | undefined, name: KeyName): string {
  const existing = storedKey(storage, name)
  if (existing !== undefined) return existing
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  try {
    storage?.setItem(storageKeyOf(name), key)
  } catch {
    // storage refused: the key serves this one execution
  }
  return key
}

export function clearKey(storage: KeyValueStorage | undefined, name: KeyName): void {
  try {
    storage?.removeItem(storageKeyOf(name))
  } catch {
    // nothing was kept
  }
}

/** The app's API client whose every request carries the execution's Idempotency-Key. */
export function keyedClient(
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

/** The provider's card token (the card data goes to the provider only, never to our API). */
export async function requestCardToken(
  tokenUrl: string,
  request: {
    publishableKey: string
    cardNumber: string
    expiryMonth: string
    expiryYear: string
    securityCode: string
  },
): Promise<string | undefined> {
  try {
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
      credentials: 'omit',
      cache: 'no-store',
    })
    if (!response.ok) return undefined
    const body: unknown = await response.json()
    if (typeof body === 'object' && body !== null && 'token' in body) {
      return typeof body.token === 'string' ? body.token : undefined
    }
    return undefined
  } catch {
    return undefined
  }
}
