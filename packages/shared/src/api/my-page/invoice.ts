import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { puzzleChallengeSchema, puzzleSolutionSchema } from '../payment/payment.ts'
import {
  invoicePuzzleRoute,
  invoiceRoute,
  invoiceThreeDSecureRoute,
  invoiceVirtualAccountRoute,
  payInvoiceByCardRoute,
} from './invoice-routes.ts'

// The invoice of an auto-renewed contract (issue #21 point 4, ADR 0032; SPEC §4 220 "processed
// and requesting payment" → 330 "applied and paid"). The card form's puzzle is the payment's.

const linkParam = z.string().check(z.maxLength(64))
const invoiceLinkSchema = z.strictObject({ groupPfCode: linkParam, urlKey: linkParam })
const yyyymmdd = z.string().check(z.regex(/^\d{8}$/))

const invoiceAccountSchema = z.strictObject({
  bankName: z.string(),
  branchName: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  /** yen */
  amount: z.number(),
  /** YYYYMMDD */
  dueDate: yyyymmdd,
  paidAmount: z.number(),
})

/** open: to pay; threeDSecure: a card payment waits for 3-D Secure; transfer: account issued */
export const invoiceStates = ['open', 'threeDSecure', 'transfer', 'paid'] as const

export const invoiceSchema = z.strictObject({
  invoice: z.nullable(
    z.strictObject({
      state: z.enum(invoiceStates),
      groupPfPolicyHolderNo: z.string(),
      /** the renewed contract's coverage period month */
      groupPfCodeInceptionDateYm: z.string(),
      /** YYYYMMDD: the renewed cover's first and last day */
      inceptionDate: z.string(),
      expiryDate: z.string(),
      /** yen */
      invoiceAmount: z.number(),
      /** SPEC §4 status pattern: 220 requesting payment, 330 paid */
      statusPattern: z.enum(['220', '330']),
      /** the provider's card token endpoint and publishable key (the card form posts there) */
      card: z.strictObject({ tokenUrl: z.string(), publishableKey: z.string() }),
      virtualAccount: z.nullable(invoiceAccountSchema),
    }),
  ),
})
export type InvoiceView = z.infer<typeof invoiceSchema>
export type Invoice = NonNullable<InvoiceView['invoice']>

export const invoiceOutcomeSchema = z.union([
  z.strictObject({ result: z.literal('paid') }),
  z.strictObject({ result: z.literal('transfer') }),
  /** go to the provider's 3-D Secure page (a full page navigation), then come back */
  z.strictObject({ result: z.literal('threeDSecure'), redirectUrl: z.string() }),
])
export type InvoiceOutcome = z.infer<typeof invoiceOutcomeSchema>

export const invoiceApi = defineEndpoint(invoiceRoute, {
  querystring: invoiceLinkSchema,
  response: invoiceSchema,
})
export const invoicePuzzleApi = defineEndpoint(invoicePuzzleRoute, {
  querystring: invoiceLinkSchema,
  response: puzzleChallengeSchema,
})
export const payInvoiceByCardApi = defineEndpoint(payInvoiceByCardRoute, {
  body: z.extend(invoiceLinkSchema, {
    /** the provider's one-time card token (never the card number) */
    cardToken: z.string().check(z.regex(/^tok_[A-Za-z0-9]{16,64}$/)),
    puzzle: puzzleSolutionSchema,
  }),
  response: invoiceOutcomeSchema,
})
export const invoiceThreeDSecureApi = defineEndpoint(invoiceThreeDSecureRoute, {
  body: invoiceLinkSchema,
  response: invoiceOutcomeSchema,
})
export const invoiceVirtualAccountApi = defineEndpoint(invoiceVirtualAccountRoute, {
  body: invoiceLinkSchema,
  response: invoiceOutcomeSchema,
})
