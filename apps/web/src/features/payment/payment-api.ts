import type {
  executePaymentCreditBodySchema,
  PaymentInfo,
  PaymentOutcome,
  PaymentRegistration,
  PuzzleChallenge,
} from '@app/shared/api/payment/payment'
import type {
  capyStatusApi,
  executePaymentCreditApi,
  executePaymentCreditReturnApi,
  executePaymentVAccountApi,
  paymentInfoApi,
  registerPaymentApi,
} from '@app/shared/api/payment/payment'
import {
  capyStatusRoute,
  executePaymentCreditReturnRoute,
  executePaymentCreditRoute,
  executePaymentVAccountRoute,
  paymentInfoRoute,
  registerPaymentRoute,
} from '@app/shared/api/payment/routes'
import type * as z from 'zod/mini'
import type { ApiClient } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'

// The payment calls (issue #7, ADR 0014), typed by the shared contract (types only: no schema
// reaches the bundle, ADR 0011), and the one call that is not ours: the card data to the payment
// provider's token endpoint.

export type ExecutePaymentCreditBody = z.input<typeof executePaymentCreditBodySchema>

/** GET /paymentInfo/: what is due, how it is paid and, once applied, the completion. */
export function fetchPaymentInfo(api: ApiClient): Promise<PaymentInfo> {
  return callEndpoint<typeof paymentInfoApi>(api, paymentInfoRoute, {})
}

/** GET /capyStatus/: a new puzzle (ALTCHA challenge), valid 5 minutes and usable once. */
export function fetchPuzzleChallenge(api: ApiClient): Promise<PuzzleChallenge> {
  return callEndpoint<typeof capyStatusApi>(api, capyStatusRoute, {})
}

/** POST /executePaymentCredit/: pay by card with the provider's token and the solved puzzle. */
export function executePaymentCredit(
  client: ApiClient,
  body: ExecutePaymentCreditBody,
): Promise<PaymentOutcome> {
  return callEndpoint<typeof executePaymentCreditApi>(client, executePaymentCreditRoute, { body })
}

/** POST /executePaymentCredit/threeDSecure/: finish the card payment after the 3-D Secure page. */
export function returnFromThreeDSecure(
  client: ApiClient,
  registration: PaymentRegistration,
): Promise<PaymentOutcome> {
  return callEndpoint<typeof executePaymentCreditReturnApi>(
    client,
    executePaymentCreditReturnRoute,
    {
      body: { registration },
    },
  )
}

/** POST /executePaymentVAccount/: have the provider issue the application's virtual account. */
export function executePaymentVAccount(
  client: ApiClient,
  registration: PaymentRegistration,
): Promise<PaymentOutcome> {
  return callEndpoint<typeof executePaymentVAccountApi>(client, executePaymentVAccountRoute, {
    body: { registration },
  })
}

/** POST /paymentInfo/: the payment registration of SPEC §7.4 (団体扱: nothing is paid online). */
export function registerOfflinePayment(
  client: ApiClient,
  registration: PaymentRegistration,
): Promise<PaymentOutcome> {
  return callEndpoint<typeof registerPaymentApi>(client, registerPaymentRoute, {
    body: { registration },
  })
}

/** What the provider's token endpoint takes (PRODUCT.md "Money": card data goes there only). */
export interface CardTokenRequest {
  publishableKey: string
  /** 14–16 digits (SPEC §5.2 creditCard) */
  cardNumber: string
  /** "01"–"12" */
  expiryMonth: string
  /** four digits, e.g. "2029" */
  expiryYear: string
  /** 3–4 digits (SPEC §5.2 securityCode) */
  securityCode: string
}

export type CardTokenResult =
  | { kind: 'token'; token: string }
  /** the provider's error code ({ error: { code } }); undefined when it gave none or no answer */
  | { kind: 'refused'; status: number; providerCode: string | undefined }

function providerCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  const { error } = body
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' && error.code !== '' ? error.code : undefined
}

function tokenOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  // The sandbox answers { token }; providers in the manner of Stripe answer { id }.
  const value = 'token' in body ? body.token : 'id' in body ? body.id : undefined
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * The card data straight to the provider's token endpoint with a plain fetch: never through our
 * API client (no session token, no logging, not to /api), without cookies, and nothing of it is
 * kept. The answer is a one-time token, or the provider's refusal.
 */
export async function requestCardToken(
  tokenUrl: string,
  request: CardTokenRequest,
): Promise<CardTokenResult> {
  let response: Response
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
      credentials: 'omit',
      cache: 'no-store',
    })
  } catch {
    return { kind: 'refused', status: 0, providerCode: undefined }
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const token = response.ok ? tokenOf(body) : undefined
  if (token !== undefined) return { kind: 'token', token }
  return { kind: 'refused', status: response.status, providerCode: providerCodeOf(body) }
}
