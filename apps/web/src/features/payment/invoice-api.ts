import type {
  invoiceApi,
  invoicePuzzleApi,
  invoiceThreeDSecureApi,
  invoiceVirtualAccountApi,
  InvoiceOutcome,
  InvoiceView,
  payInvoiceByCardApi,
} from '@app/shared/api/my-page/invoice'
import {
  invoicePuzzleRoute,
  invoiceRoute,
  invoiceThreeDSecureRoute,
  invoiceVirtualAccountRoute,
  payInvoiceByCardRoute,
} from '@app/shared/api/my-page/invoice-routes'
import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import { createApiClient, type ApiClient } from '@/lib/api-client.ts'
import type { KeyValueStorage } from '@/lib/browser-storage.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { env } from '@/lib/env.ts'

// The invoice screen's calls (issue #21 point 4, ADR 0032). Only types and the light route
// module come from the shared API, so the screen's chunk holds no other screen's code.

export interface InvoiceLink {
  groupPfCode: string
  urlKey: string
}

export function fetchInvoice(api: ApiClient, link: InvoiceLink): Promise<InvoiceView> {
  return callEndpoint<typeof invoiceApi>(api, invoiceRoute, { query: link })
}

export function fetchInvoicePuzzle(api: ApiClient, link: InvoiceLink): Promise<PuzzleChallenge> {
  return callEndpoint<typeof invoicePuzzleApi>(api, invoicePuzzleRoute, { query: link })
}

export function payInvoiceByCard(
  client: ApiClient,
  body: InvoiceLink & { cardToken: string; puzzle: PuzzleSolution },
): Promise<InvoiceOutcome> {
  return callEndpoint<typeof payInvoiceByCardApi>(client, payInvoiceByCardRoute, { body })
}

export function finishInvoiceThreeDSecure(
  client: ApiClient,
  link: InvoiceLink,
): Promise<InvoiceOutcome> {
  return callEndpoint<typeof invoiceThreeDSecureApi>(client, invoiceThreeDSecureRoute, {
    body: link,
  })
}

export function issueInvoiceAccount(client: ApiClient, link: InvoiceLink): Promise<InvoiceOutcome> {
  return callEndpoint<typeof invoiceVirtualAccountApi>(client, invoiceVirtualAccountRoute, {
    body: link,
  })
}

/** The payment API's header (payment/routes.ts IDEMPOTENCY_KEY_HEADER), spelt here so that this
 * chunk shares no module with the payment screen's (the applicant bundles stay as they are). */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

/** The invoice's payment key of this tab (PRODUCT.md "Money": a repeat never charges twice). */
const KEY_STORAGE = 'invoice.idempotencyKey'
const KEY_FORMAT = /^[A-Za-z0-9_-]{16,64}$/

export function storedInvoiceKey(storage: KeyValueStorage | undefined): string | undefined {
  try {
    const key = storage?.getItem(KEY_STORAGE)
    return key != null && KEY_FORMAT.test(key) ? key : undefined
  } catch {
    return undefined
  }
}

export function invoiceKeyFor(storage: KeyValueStorage | undefined): string {
  const existing = storedInvoiceKey(storage)
  if (existing !== undefined) return existing
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  try {
    storage?.setItem(KEY_STORAGE, key)
  } catch {
    // storage refused: the key serves this one execution
  }
  return key
}

export function clearInvoiceKey(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(KEY_STORAGE)
  } catch {
    // nothing was kept
  }
}

/** The app's API client whose every request carries the payment's Idempotency-Key. */
export function invoiceExecutionClient(
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
export async function requestInvoiceCardToken(
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
