import * as z from 'zod/mini'
import { defineEndpoint, type EndpointResponse } from '../endpoint.ts'
import { reasonSchema } from './endpoints.ts'
import {
  matchDepositRoute,
  moneyCardsRoute,
  moneyDepositsRoute,
  moneyTotalsRoute,
  refundMoneyItemRoute,
  requestShortfallRoute,
  resolveMoneyItemRoute,
} from './money-routes.ts'

// The reconciliation desk's endpoints (issue #21 point 3, ADR 0031; routes in ./money-routes.ts).
// An item is a reconciled deposit notification (deposit-<id>) or a card attempt captured
// without completing its application (capture-<attempt id>).

const id = z.string().check(z.regex(/^[0-9a-f-]{36}$/))
const isoInstant = z.iso.datetime()
const notificationId = z.string().check(z.regex(/^dep_[A-Za-z0-9]{8,64}$/))
/** A desk item */
export const moneyItemKeySchema = z
  .string()
  .check(z.regex(/^(deposit-dep_[A-Za-z0-9]{8,64}|capture-[0-9a-f-]{36})$/))
/** YYYY-MM-DD, a JST day */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))

export const moneyDepositStateSchema = z.enum([
  'matched',
  'unknownAccount',
  'underpaid',
  'overpaid',
  'late',
])
export type MoneyDepositState = z.infer<typeof moneyDepositStateSchema>
export const moneyCardStateSchema = z.enum(['doubleCapture', 'captureWithoutCompletion'])
export type MoneyCardState = z.infer<typeof moneyCardStateSchema>

const refund = z.nullable(
  z.strictObject({
    amount: z.number(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    providerRefundId: z.nullable(z.string()),
  }),
)
const resolution = z.nullable(z.strictObject({ resolvedAt: isoInstant, note: z.string() }))

export const moneyDepositItemSchema = z.strictObject({
  itemKey: moneyItemKeySchema,
  notificationId: z.string(),
  accountNumber: z.string(),
  /** yen of this deposit */
  amount: z.number(),
  depositedAt: isoInstant,
  depositorName: z.nullable(z.string()),
  /** what the reconciliation made of it */
  outcome: z.nullable(z.enum(['paid', 'underpaid', 'overpaid', 'unknownAccount'])),
  matchedByHand: z.boolean(),
  /** the matched account and its application; null for an unknown account */
  account: z.nullable(
    z.strictObject({
      applicationId: id,
      groupPfCode: z.string(),
      groupPfPolicyHolderNo: z.nullable(z.string()),
      dueAmount: z.number(),
      paidAmount: z.number(),
      depositStatus: z.enum(['awaiting', 'paid', 'underpaid', 'overpaid']),
      dueDate: z.string(),
      isLate: z.boolean(),
    }),
  ),
  shortfallRequestedAt: z.nullable(isoInstant),
  refund,
  resolution,
})
export type MoneyDepositItem = z.infer<typeof moneyDepositItemSchema>

export const moneyCardItemSchema = z.strictObject({
  itemKey: moneyItemKeySchema,
  attemptId: id,
  applicationId: id,
  groupPfCode: z.string(),
  groupPfPolicyHolderNo: z.nullable(z.string()),
  amount: z.number(),
  providerPaymentId: z.string(),
  capturedAt: z.nullable(isoInstant),
  refund,
  resolution,
})
export type MoneyCardItem = z.infer<typeof moneyCardItemSchema>

export const moneyDepositsApi = defineEndpoint(moneyDepositsRoute, {
  querystring: z.strictObject({ state: moneyDepositStateSchema }),
  response: z.strictObject({ items: z.array(moneyDepositItemSchema) }),
})

export const moneyCardsApi = defineEndpoint(moneyCardsRoute, {
  querystring: z.strictObject({ state: moneyCardStateSchema }),
  response: z.strictObject({ items: z.array(moneyCardItemSchema) }),
})

const done = z.strictObject({ done: z.literal(true) })
const noteSchema = reasonSchema

export const matchDepositApi = defineEndpoint(matchDepositRoute, {
  params: z.strictObject({ notificationId }),
  body: z.strictObject({ applicationId: id, reason: reasonSchema }),
  response: z.strictObject({ outcome: z.enum(['paid', 'underpaid', 'overpaid']) }),
})

export const requestShortfallApi = defineEndpoint(requestShortfallRoute, {
  params: z.strictObject({ notificationId }),
  body: z.strictObject({ note: noteSchema }),
  response: done,
})

export const refundMoneyItemApi = defineEndpoint(refundMoneyItemRoute, {
  params: z.strictObject({ itemKey: moneyItemKeySchema }),
  body: z.strictObject({ reason: reasonSchema }),
  response: z.strictObject({
    amount: z.number(),
    status: z.literal('succeeded'),
    providerRefundId: z.string(),
  }),
})

export const resolveMoneyItemApi = defineEndpoint(resolveMoneyItemRoute, {
  params: z.strictObject({ itemKey: moneyItemKeySchema }),
  body: z.strictObject({ note: noteSchema }),
  response: done,
})

const figures = z.strictObject({
  depositsReceived: z.number(),
  cardCaptured: z.number(),
  refunded: z.number(),
  net: z.number(),
})
export type MoneyFigures = z.infer<typeof figures>

export const moneyTotalsApi = defineEndpoint(moneyTotalsRoute, {
  /** at most 31 days */
  querystring: z.strictObject({ from: day, to: day }),
  response: z.strictObject({
    days: z.array(
      z.strictObject({
        date: day,
        /** per group; groupPfCode null: deposits to an unknown account */
        groups: z.array(z.extend(figures, { groupPfCode: z.nullable(z.string()) })),
        total: figures,
        /** the provider's own figures (scope all only); null when not shown or not reachable */
        provider: z.nullable(figures),
        /** ours less the provider's; null without the provider's */
        difference: z.nullable(figures),
      }),
    ),
  }),
})
export type MoneyTotals = EndpointResponse<typeof moneyTotalsApi>
