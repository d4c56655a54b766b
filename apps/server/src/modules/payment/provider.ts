import { z } from 'zod'
import type { PaymentProviderSettings } from './provider-settings.ts'

// The payment provider behind an adapter (PRODUCT.md "Money", ADR 0014). The product calls the
// provider over HTTP only, the embedded sandbox included, with its secret key. Card data never
// passes here: the browser sends it to the provider's token endpoint and we get a token.

/** Every call gives up after this long: the applicant is told to try again (APFK0011). */
export const PROVIDER_TIMEOUT_MS = 10_000

export interface CardPaymentRequest {
  /** the provider's one-time card token */
  token: string
  /** yen */
  amount: number
  /** ours: the same for every attempt of one application */
  orderId: string
  /** where the provider sends the browser after its 3-D Secure page */
  returnUrl: string
  /** keep the card for later merchant-initiated charges once authorised (issue #24) */
  storeCard?: boolean
}

/** A card the provider keeps (issue #24): its id and what may be shown of it, never the number. */
export interface StoredCard {
  id: string
  brand: string
  last4: string
  expiryMonth: string
  expiryYear: string
}

/** A merchant-initiated charge of a stored card (no cardholder, no 3-D Secure). */
export interface StoredCardChargeRequest {
  cardId: string
  /** yen */
  amount: number
  /** ours */
  orderId: string
}

export type StoredCardChargeResult =
  | { kind: 'captured'; id: string; amount: number }
  /** the 402 codes (card_declined, expired_card, card_not_usable …), and stored_card_not_found */
  | ProviderRefusal

export interface VirtualAccountRequest {
  orderId: string
  amount: number
  /** YYYYMMDD */
  dueDate: string
  accountHolder: string
}

/** A refusal the provider answered with its own error code. */
export interface ProviderRefusal {
  kind: 'refused'
  /** the provider's code: card_declined, maintenance, 42C…, ESOE…, authentication_required … */
  code: string
}

export type CardPaymentResult =
  | { kind: 'requiresAction'; id: string; challengeUrl: string }
  | { kind: 'authorized'; id: string; storedCard?: StoredCard }
  | ProviderRefusal

export type CaptureResult = { kind: 'captured'; id: string } | ProviderRefusal
export type CancelResult = { kind: 'cancelled' } | ProviderRefusal

export interface ProviderPayment {
  id: string
  status: 'requires_action' | 'authorized' | 'captured' | 'failed' | 'cancelled'
  amount: number
  orderId: string
  /** the card this payment stored, while it can be charged (issue #24) */
  storedCard?: StoredCard
}

export interface IssuedVirtualAccount {
  id: string
  bankName: string
  bankCode: string
  branchName: string
  branchCode: string
  accountType: string
  accountNumber: string
  accountHolder: string
  amount: number
  dueDate: string
}

/**
 * A refund (issue #21 point 3): money returned from a captured card payment or a deposit, by the
 * provider's id of either. Generic: any kind of payment the provider took (stored-card charges,
 * issue #24, too).
 */
export interface RefundRequest {
  /** the provider's payment or deposit id */
  paymentId: string
  /** yen, at most what the payment took less its earlier refunds */
  amountYen: number
  /** ours, stable per thing refunded: the same key twice is one refund */
  idempotencyKey: string
}

export type RefundResult =
  { kind: 'refunded'; id: string; paymentId: string; amount: number } | ProviderRefusal

/** The provider's own figures for one JST day (its report), in yen. */
export interface ProviderDailyReport {
  /** YYYY-MM-DD (JST) */
  date: string
  depositsReceived: number
  cardCaptured: number
  refunded: number
}

export type VirtualAccountResult =
  { kind: 'issued'; account: IssuedVirtualAccount } | ProviderRefusal

/**
 * The provider could not be reached, did not answer in time, or answered something we do not
 * understand. Whether it acted is unknown: the caller asks again or gives up safely.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ProviderUnavailableError'
  }
}

export interface PaymentProvider {
  /** Authorises a card payment; the same key always gets the same answer. */
  createCardPayment(idempotencyKey: string, request: CardPaymentRequest): Promise<CardPaymentResult>
  capturePayment(paymentId: string): Promise<CaptureResult>
  cancelPayment(paymentId: string): Promise<CancelResult>
  getPayment(paymentId: string): Promise<ProviderPayment>
  /** Issues the application's own bank account; the same key always gets the same account. */
  createVirtualAccount(
    idempotencyKey: string,
    request: VirtualAccountRequest,
  ): Promise<VirtualAccountResult>
  /**
   * Returns money from a payment; the same key always gets the same refund. Refused
   * (refund_exceeds_payment) when the refunds would add up to more than the payment took.
   */
  refund(paymentId: string, amountYen: number, idempotencyKey: string): Promise<RefundResult>
  /** The provider's totals of one JST day (YYYY-MM-DD). */
  dailyReport(date: string): Promise<ProviderDailyReport>
  /**
   * Charges a stored card without the cardholder, captured at once (issue #24); the same key
   * always gets the same answer.
   */
  chargeStoredCard(
    idempotencyKey: string,
    request: StoredCardChargeRequest,
  ): Promise<StoredCardChargeResult>
  /** The card can no longer be charged (deleting it again is the same answer). */
  deleteStoredCard(cardId: string): Promise<{ kind: 'deleted' } | ProviderRefusal>
}

const providerCode = z.string().regex(/^[A-Za-z0-9_]{1,64}$/)
const errorEnvelope = z.object({ error: z.object({ code: providerCode }) })
const paymentId = z.string().regex(/^[A-Za-z0-9_]{1,128}$/)
const amount = z.number().int().nonnegative()
const paymentStatus = z.enum(['requires_action', 'authorized', 'captured', 'failed', 'cancelled'])

const storedCard = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]{1,128}$/),
  brand: z.string().min(1).max(20),
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.string().regex(/^(?:0[1-9]|1[0-2])$/),
  expiryYear: z.string().regex(/^\d{4}$/),
})

const createdPayment = z.discriminatedUnion('status', [
  z.object({
    id: paymentId,
    status: z.literal('requires_action'),
    amount,
    challengeUrl: z.url({ protocol: /^https?$/ }),
  }),
  z.object({
    id: paymentId,
    status: z.literal('authorized'),
    amount,
    storedCard: storedCard.optional(),
  }),
])
const capturedPayment = z.object({ id: paymentId, status: z.literal('captured'), amount })
// a payment that had already failed is answered as it is: it cannot be charged either
const cancelledPayment = z.object({ status: z.enum(['cancelled', 'failed']) })
const storedPayment = z.object({
  id: paymentId,
  status: paymentStatus,
  amount,
  orderId: z.string(),
  storedCard: storedCard.optional(),
})
const storedCardCharge = z.object({
  id: paymentId,
  status: z.literal('captured'),
  amount,
  orderId: z.string(),
  cardId: z.string(),
})
const deletedCard = z.object({ deleted: z.literal(true) })
const issuedAccount = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]{1,128}$/),
  bankName: z.string().min(1).max(100),
  bankCode: z.string().regex(/^\d{4}$/),
  branchName: z.string().min(1).max(100),
  branchCode: z.string().regex(/^\d{3}$/),
  accountType: z.string().min(1).max(20),
  accountNumber: z.string().regex(/^\d{7}$/),
  accountHolder: z.string().min(1).max(200),
  amount,
  dueDate: z.string().regex(/^\d{8}$/),
})

const refundAnswer = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]{1,128}$/),
  paymentId,
  amount: z.number().int().positive(),
  status: z.literal('succeeded'),
})
const dailyReportAnswer = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  depositsReceived: amount,
  cardCaptured: amount,
  refunded: amount,
})

interface Answer {
  status: number
  body: unknown
}

/** The provider's API over HTTP, with `Authorization: Bearer <secret key>`. */
export class HttpPaymentProvider implements PaymentProvider {
  readonly #settings: PaymentProviderSettings
  readonly #timeoutMs: number

  constructor(settings: PaymentProviderSettings, options: { timeoutMs?: number } = {}) {
    this.#settings = settings
    this.#timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS
  }

  async createCardPayment(
    idempotencyKey: string,
    request: CardPaymentRequest,
  ): Promise<CardPaymentResult> {
    const answer = await this.#call('POST', '/v1/payments', {
      idempotencyKey,
      body: { ...request, currency: 'JPY' },
    })
    if (answer.status === 200) {
      const payment = parse(createdPayment, answer.body, 'payment')
      if (payment.status === 'requires_action') {
        return { kind: 'requiresAction', id: payment.id, challengeUrl: payment.challengeUrl }
      }
      return payment.storedCard === undefined
        ? { kind: 'authorized', id: payment.id }
        : { kind: 'authorized', id: payment.id, storedCard: payment.storedCard }
    }
    // 402 failed (with the payment's id), 503 busy or maintenance, 500 ESOE…, 400 invalid_token
    return refusal(answer, [400, 402, 500, 503])
  }

  async capturePayment(id: string): Promise<CaptureResult> {
    const answer = await this.#call('POST', `/v1/payments/${encodeURIComponent(id)}/capture`)
    if (answer.status === 200) {
      return { kind: 'captured', id: parse(capturedPayment, answer.body, 'capture').id }
    }
    return refusal(answer, [402, 409, 500, 503])
  }

  async cancelPayment(id: string): Promise<CancelResult> {
    const answer = await this.#call('POST', `/v1/payments/${encodeURIComponent(id)}/cancel`)
    if (answer.status === 200) {
      parse(cancelledPayment, answer.body, 'cancel')
      return { kind: 'cancelled' }
    }
    return refusal(answer, [409, 500, 503])
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const answer = await this.#call('GET', `/v1/payments/${encodeURIComponent(id)}`)
    if (answer.status !== 200) {
      throw new ProviderUnavailableError(`payment lookup answered ${answer.status}`)
    }
    const payment = parse(storedPayment, answer.body, 'payment lookup')
    const { storedCard: card, ...rest } = payment
    return card === undefined ? rest : { ...rest, storedCard: card }
  }

  async createVirtualAccount(
    idempotencyKey: string,
    request: VirtualAccountRequest,
  ): Promise<VirtualAccountResult> {
    const answer = await this.#call('POST', '/v1/virtual-accounts', {
      idempotencyKey,
      body: request,
    })
    if (answer.status === 201 || answer.status === 200) {
      return { kind: 'issued', account: parse(issuedAccount, answer.body, 'virtual account') }
    }
    return refusal(answer, [400, 409, 500, 503])
  }

  async refund(id: string, amountYen: number, idempotencyKey: string): Promise<RefundResult> {
    const answer = await this.#call('POST', '/v1/refunds', {
      idempotencyKey,
      body: { paymentId: id, amount: amountYen },
    })
    if (answer.status === 200 || answer.status === 201) {
      const refund = parse(refundAnswer, answer.body, 'refund')
      return { kind: 'refunded', id: refund.id, paymentId: refund.paymentId, amount: refund.amount }
    }
    return refusal(answer, [400, 404, 409, 500, 503])
  }

  async dailyReport(date: string): Promise<ProviderDailyReport> {
    const answer = await this.#call('GET', `/v1/reports/daily?date=${encodeURIComponent(date)}`)
    if (answer.status !== 200) {
      throw new ProviderUnavailableError(`daily report answered ${answer.status}`)
    }
    return parse(dailyReportAnswer, answer.body, 'daily report')
  }

  async chargeStoredCard(
    idempotencyKey: string,
    request: StoredCardChargeRequest,
  ): Promise<StoredCardChargeResult> {
    const answer = await this.#call(
      'POST',
      `/v1/stored-cards/${encodeURIComponent(request.cardId)}/charges`,
      {
        idempotencyKey,
        body: { amount: request.amount, currency: 'JPY', orderId: request.orderId },
      },
    )
    if (answer.status === 200) {
      const charge = parse(storedCardCharge, answer.body, 'stored card charge')
      return { kind: 'captured', id: charge.id, amount: charge.amount }
    }
    // 402 failed (declined, expired, not usable), 404 stored_card_not_found; 503/500 throw:
    // whether it charged is not known, the caller asks again with the same key
    return refusal(answer, [402, 404])
  }

  async deleteStoredCard(cardId: string): Promise<{ kind: 'deleted' } | ProviderRefusal> {
    const answer = await this.#call('DELETE', `/v1/stored-cards/${encodeURIComponent(cardId)}`)
    if (answer.status === 200) {
      parse(deletedCard, answer.body, 'stored card deletion')
      return { kind: 'deleted' }
    }
    return refusal(answer, [404])
  }

  async #call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { idempotencyKey?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#settings.secretKey}`,
      accept: 'application/json',
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey
    let response: Response
    try {
      response = await fetch(`${this.#settings.apiBaseUrl()}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    } catch (error) {
      // the path only: never the body (it may hold a card token)
      throw new ProviderUnavailableError(`${method} ${path} failed`, { cause: error })
    }
    let body: unknown
    try {
      const text = await response.text()
      body = text === '' ? undefined : (JSON.parse(text) as unknown)
    } catch (error) {
      throw new ProviderUnavailableError(`${method} ${path}: unreadable answer`, { cause: error })
    }
    return { status: response.status, body }
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body)
  if (!result.success) throw new ProviderUnavailableError(`unexpected ${what} answer`)
  return result.data
}

/** An error answer with the provider's code, when its status is one the API documents. */
function refusal(answer: Answer, documented: readonly number[]): ProviderRefusal {
  const envelope = errorEnvelope.safeParse(answer.body)
  if (!documented.includes(answer.status) || !envelope.success) {
    throw new ProviderUnavailableError(`unexpected answer ${answer.status}`)
  }
  return { kind: 'refused', code: envelope.data.error.code }
}
