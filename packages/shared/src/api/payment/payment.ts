import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { virtualAccountSchema } from './virtual-account.ts'
import {
  capyStatusRoute,
  depositNotificationRoute,
  executePaymentCreditReturnRoute,
  executePaymentCreditRoute,
  executePaymentVAccountRoute,
  paymentInfoRoute,
  registerPaymentRoute,
} from './routes.ts'

// Payment and completion (issue #7, SPEC §2.1 payment and completeApplication, §7.4, §8.4;
// PRODUCT.md "Money"; ADR 0014). Card data never reaches these schemas: the browser sends it to
// the provider's token endpoint and gives our API only the token.

const statusPatternSchema = z.enum(['110', '210', '211', '220', '330'])
const pymntMethodSchema = z.enum(['1', '3', '4'])
const yyyymmdd = z.string().check(z.regex(/^\d{8}$/))

/** SPEC §7.4: the payment registration request. The server compares it with the application it
 * holds: a difference (a stale page) is 409 APFC0001, never a payment of another amount. */
export const paymentRegistrationSchema = z.strictObject({
  urlKey: z.string().check(z.regex(/^[A-Za-z0-9]{10}$/)),
  groupPfCode: z.string().check(z.minLength(1), z.maxLength(20)),
  groupPfCodeInceptionDateYm: z.string().check(z.regex(/^\d{6}$/)),
  groupPfBranchNo: z.string().check(z.regex(/^\d{5}$/)),
  /** null until the application completes: the number is given at completion */
  groupPfPolicyHolderNo: z.nullable(z.string().check(z.maxLength(20))),
  statusPattern: statusPatternSchema,
  pymntMethod: pymntMethodSchema,
  payeeAccntDisplayDiv: z.enum(['1', '2']),
  payeeAccntInfo: z.nullable(z.string().check(z.maxLength(1000))),
})
export type PaymentRegistration = z.infer<typeof paymentRegistrationSchema>

/** The Idempotency-Key header of every execution: made by the browser once per payment. */
export const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))

export { virtualAccountSchema, type VirtualAccount } from './virtual-account.ts'

/** What completeApplication shows (SPEC §2.1, §8.4 "Mail not sent: contact the agency"). */
export const completionSchema = z.strictObject({
  groupPfPolicyHolderNo: z.string(),
  /** the my-page ID */
  userId: z.string(),
  policyHolderEmailAddress: z.string(),
  statusPattern: statusPatternSchema,
  pymntMethod: pymntMethodSchema,
  /** yen */
  invoiceAmount: z.number().check(z.int(), z.minimum(0)),
  /** YYYYMMDD */
  applicationDate: yyyymmdd,
  /** the completion mail was refused: the screen says so and names the agency */
  isExistApplyCompMailError: z.boolean(),
  virtualAccount: z.nullable(virtualAccountSchema),
  /** the group's payee account text, when payeeAccntDisplayDiv is "1" */
  payeeAccntInfo: z.nullable(z.string()),
})
export type Completion = z.infer<typeof completionSchema>

/** GET /paymentInfo/ */
export const paymentInfoSchema = z.strictObject({
  /** open: nothing paid yet; threeDSecure: a card payment waits for the 3-D Secure return;
   * applied: complete (see `completion`) */
  state: z.enum(['open', 'threeDSecure', 'applied']),
  /** the §7.4 body the browser sends back with an execution */
  registration: paymentRegistrationSchema,
  /** yen: the amount due, computed by the server (cvrgeInfo.totalPremium) */
  invoiceAmount: z.number().check(z.int(), z.minimum(0)),
  /** card only: where the browser sends the card data, and the key it sends with it */
  card: z.nullable(z.strictObject({ tokenUrl: z.string(), publishableKey: z.string() })),
  completion: z.nullable(completionSchema),
})
export type PaymentInfo = z.infer<typeof paymentInfoSchema>

/** GET /capyStatus/: an ALTCHA v2 challenge (altcha-lib), signed by the server. */
export const puzzleChallengeSchema = z.strictObject({
  parameters: z.strictObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.optional(z.number()),
  }),
  signature: z.string(),
})
export type PuzzleChallenge = z.infer<typeof puzzleChallengeSchema>

/** The solved puzzle the browser sends: the challenge as received and the solution found. */
export const puzzleSolutionSchema = z.strictObject({
  challenge: puzzleChallengeSchema,
  solution: z.strictObject({
    counter: z.number().check(z.int(), z.minimum(0)),
    derivedKey: z.string().check(z.regex(/^[0-9a-f]{2,256}$/)),
    time: z.optional(z.number()),
  }),
})
export type PuzzleSolution = z.infer<typeof puzzleSolutionSchema>

/** POST /executePaymentCredit/ */
export const executePaymentCreditBodySchema = z.strictObject({
  registration: paymentRegistrationSchema,
  /** the provider's one-time card token (never the card number) */
  cardToken: z.string().check(z.regex(/^tok_[A-Za-z0-9]{16,64}$/)),
  puzzle: puzzleSolutionSchema,
})
/** POST /executePaymentCredit/threeDSecure/ (same Idempotency-Key as the execution) */
export const executePaymentCreditReturnBodySchema = z.strictObject({
  registration: paymentRegistrationSchema,
})
/** POST /executePaymentVAccount/ and POST /paymentInfo/ */
export const paymentRegistrationBodySchema = z.strictObject({
  registration: paymentRegistrationSchema,
})

/** The answer to every execution. */
export const paymentOutcomeSchema = z.union([
  z.strictObject({ result: z.literal('completed'), completion: completionSchema }),
  /** go to the provider's 3-D Secure page (a full page navigation), then come back */
  z.strictObject({ result: z.literal('threeDSecure'), redirectUrl: z.string() }),
])
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>

/** The provider's deposit notification (POST /paymentNotifications/deposit/), signed in the
 * `x-payment-signature` header as `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`. */
export const depositNotificationSchema = z.strictObject({
  /** the provider's notification id: the same id twice is recorded once */
  id: z.string().check(z.regex(/^dep_[A-Za-z0-9]{8,64}$/)),
  type: z.literal('virtual_account.deposit'),
  accountNumber: z.string().check(z.regex(/^\d{7}$/)),
  amount: z.number().check(z.int(), z.minimum(1)),
  /** ISO 8601 */
  depositedAt: z.iso.datetime({ offset: true }),
  depositorName: z.optional(z.string().check(z.maxLength(100))),
})
export type DepositNotification = z.infer<typeof depositNotificationSchema>
/** how old a signed notification may be */
export const SIGNATURE_TOLERANCE_SECONDS = 300

/**
 * What the deposit notification answers: received (kept; the reconciliation job matches it,
 * issue #21 point 3), or a repeat.
 */
export const depositAnswerSchema = /* @__PURE__ */ z.union([
  z.strictObject({ received: z.literal(true) }),
  z.strictObject({ received: z.literal(true), duplicate: z.literal(true) }),
])

// ---------------------------------------------------------------------------------------------
// The endpoints (ADR 0022). Each execution also needs the Idempotency-Key header, which the
// server reads and checks itself (idempotencyKeySchema).

export const paymentInfoApi = defineEndpoint(paymentInfoRoute, { response: paymentInfoSchema })
export const registerPaymentApi = defineEndpoint(registerPaymentRoute, {
  body: paymentRegistrationBodySchema,
  response: paymentOutcomeSchema,
})
export const capyStatusApi = defineEndpoint(capyStatusRoute, { response: puzzleChallengeSchema })
export const executePaymentCreditApi = defineEndpoint(executePaymentCreditRoute, {
  body: executePaymentCreditBodySchema,
  response: paymentOutcomeSchema,
})
export const executePaymentCreditReturnApi = defineEndpoint(executePaymentCreditReturnRoute, {
  body: executePaymentCreditReturnBodySchema,
  response: paymentOutcomeSchema,
})
export const executePaymentVAccountApi = defineEndpoint(executePaymentVAccountRoute, {
  body: paymentRegistrationBodySchema,
  response: paymentOutcomeSchema,
})
/** The body is the provider's signed JSON, read as text: the signature covers its bytes. */
export const depositNotificationApi = defineEndpoint(depositNotificationRoute, {
  response: depositAnswerSchema,
})
