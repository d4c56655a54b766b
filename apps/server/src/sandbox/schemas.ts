import { isValidYyyymmdd } from '@app/shared'
import { z } from 'zod'

// The sandbox provider's wire contract (docs/payment.md "The sandbox provider"). It is the
// provider's, not the product's: the product's adapter holds its own view of it, written
// against the document, as it would be for a real provider.

/** Idempotency-Key: made by the caller once per operation. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/

/** An amount in yen that fits the provider's integer columns. */
const yen = z.number().int().positive().max(2_147_483_647)

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** POST /v1/tokens. Every field is optional here: the endpoint itself says which is missing. */
export const tokenBodySchema = z.strictObject({
  publishableKey: z.string().optional(),
  cardNumber: z.string().optional(),
  expiryMonth: z.string().optional(),
  expiryYear: z.string().optional(),
  securityCode: z.string().optional(),
})

export const tokenResponseSchema = z.object({
  token: z.string(),
  brand: z.enum(['visa', 'mastercard', 'jcb', 'amex', 'diners']),
  expiresAt: z.string(),
})

/** POST /v1/payments. Amount 0 is a card check (a card change, issue #24): it only keeps the card,
 * so it needs `storeCard: true`. */
export const paymentBodySchema = z
  .strictObject({
    token: z.string().min(1).max(100),
    amount: z.number().int().nonnegative().max(2_147_483_647),
    currency: z.literal('JPY'),
    orderId: z.string().min(1).max(64),
    returnUrl: z.string().max(2048).refine(isHttpUrl, 'an absolute http(s) URL'),
    /** keep the card for merchant-initiated charges once the payment is authorised (issue #24) */
    storeCard: z.boolean().optional(),
  })
  .refine((body) => body.amount > 0 || body.storeCard === true, {
    message: 'amount 0 is a card check: storeCard must be true',
    path: ['amount'],
  })

const providerError = z.object({ code: z.string(), message: z.string() })
const paymentStatus = z.enum(['requires_action', 'authorized', 'captured', 'failed', 'cancelled'])

/** A card kept at a payment (issue #24): never more than this of it. */
export const storedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
})

/** An answer about one payment: requires_action carries challengeUrl, failed carries error. */
export const paymentAnswerSchema = z.object({
  id: z.string(),
  status: paymentStatus,
  amount: z.number(),
  challengeUrl: z.string().optional(),
  storedCard: storedCardSchema.optional(),
  error: providerError.optional(),
})

/** GET /v1/payments/:id and the entries of GET /v1/payments?orderId= */
export const paymentViewSchema = z.object({
  id: z.string(),
  status: paymentStatus,
  amount: z.number(),
  orderId: z.string(),
  storedCard: storedCardSchema.optional(),
  error: providerError.optional(),
})

export const paymentParamsSchema = z.object({ id: z.string().max(100) })
export const paymentListQuerySchema = z.object({ orderId: z.string().min(1).max(64) })
export const paymentListSchema = z.object({ data: z.array(paymentViewSchema) })

/** POST /v1/virtual-accounts */
export const virtualAccountBodySchema = z.strictObject({
  orderId: z.string().min(1).max(64),
  amount: yen,
  dueDate: z.string().refine(isValidYyyymmdd, 'a date as YYYYMMDD'),
  accountHolder: z.string().min(1).max(60),
})

export const virtualAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  amount: z.number(),
  dueDate: z.string(),
})

/** POST /v1/virtual-accounts/deposits (the sandbox's stand-in for a customer's bank transfer) */
export const depositBodySchema = z.strictObject({
  accountNumber: z.string().regex(/^\d{7}$/),
  amount: yen,
  depositorName: z.string().min(1).max(100).optional(),
})

export const depositResponseSchema = z.object({
  id: z.string(),
  deliveredStatus: z.number().int().nullable(),
})

/** The 3-D Secure form as posted (application/x-www-form-urlencoded). */
export const challengeFormSchema = z.object({
  action: z.enum(['authenticate', 'cancel']),
  password: z.string().max(100).optional(),
})

/** POST /v1/refunds (issue #21 point 3) */
export const refundBodySchema = z.strictObject({
  paymentId: z.string().regex(/^(pay|dep)_[A-Za-z0-9]{8,64}$/),
  amount: yen,
})

export const refundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  status: z.literal('succeeded'),
})

export const refundListSchema = z.object({ data: z.array(refundSchema) })

/** GET /v1/reports/daily?date=YYYY-MM-DD (a JST day) */
export const dailyReportQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((value) => isValidYyyymmdd(value.replaceAll('-', '')), 'a date as YYYY-MM-DD'),
})

export const dailyReportSchema = z.object({
  date: z.string(),
  depositsReceived: z.number(),
  cardCaptured: z.number(),
  refunded: z.number(),
})

/** /v1/stored-cards/:id… (issue #24) */
export const storedCardParamsSchema = z.object({ id: z.string().max(100) })

/** POST /v1/stored-cards/:id/charges */
export const storedCardChargeBodySchema = z.strictObject({
  amount: yen,
  currency: z.literal('JPY'),
  orderId: z.string().min(1).max(64),
})

export const storedCardChargeSchema = z.object({
  id: z.string(),
  status: z.literal('captured'),
  amount: z.number(),
  orderId: z.string(),
  cardId: z.string(),
})

/** DELETE /v1/stored-cards/:id */
export const storedCardDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) })

/** POST /v1/stored-cards/:id/next-outcome (testing) */
export const nextOutcomeBodySchema = z.strictObject({
  outcome: z.enum(['approved', 'declined', 'not_usable', 'busy', 'system_error']),
})
export const nextOutcomeSchema = z.object({ id: z.string(), nextOutcome: z.string() })
