import * as z from 'zod/mini'
import { defineEndpoint, type EndpointResponse } from '../endpoint.ts'
import { reasonSchema } from './endpoints.ts'
import {
  matchDepositRoute,
  moneyCardsRoute,
  moneyDepositsRoute,
  moneyInstalmentsRoute,
  moneyTotalsRoute,
  refundMoneyItemRoute,
  requestShortfallRoute,
  resolveMoneyItemRoute,
} from './money-routes.ts'

// The reconciliation desk's endpoints (issue #21 point 3, ADR 0031; routes in ./money-routes.ts).
// An item is a reconciled deposit notification (deposit-<id>), a card attempt captured
// without completing its application (capture-<attempt id>) or a monthly instalment the charge
// job could not collect (instalment-<instalment id>, issue #24, ADR 0038).

const id = z.string().check(z.regex(/^[0-9a-f-]{36}$/))
const isoInstant = z.iso.datetime()
const notificationId = z.string().check(z.regex(/^dep_[A-Za-z0-9]{8,64}$/))
/** A desk item that can be refunded: a deposit or a card capture */
export const refundableItemKeySchema = z
  .string()
  .check(z.regex(/^(deposit-dep_[A-Za-z0-9]{8,64}|capture-[0-9a-f-]{36})$/))
/** A desk item: a deposit, a card capture or an instalment (resolved, never refunded here) */
/** An instalment's item key (`instalment-<id>`): the roles with followInstalments resolve it. */
export function isInstalmentItemKey(itemKey: string): boolean {
  return itemKey.startsWith('instalment-')
}

export const moneyItemKeySchema = z
  .string()
  .check(
    z.regex(/^(deposit-dep_[A-Za-z0-9]{8,64}|capture-[0-9a-f-]{36}|instalment-[0-9a-f-]{36})$/),
  )
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
  itemKey: refundableItemKeySchema,
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
  itemKey: refundableItemKeySchema,
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

/**
 * failed: refused three times (the charge job has given up), or a transfer not deposited by its due
 * date (ADR 0039); retrying: refused, tried again
 */
export const moneyInstalmentStateSchema = z.enum(['failed', 'retrying'])
export type MoneyInstalmentState = z.infer<typeof moneyInstalmentStateSchema>

export const moneyInstalmentItemSchema = z.strictObject({
  itemKey: z.string().check(z.regex(/^instalment-[0-9a-f-]{36}$/)),
  instalmentId: id,
  applicationId: id,
  groupPfCode: z.string(),
  groupPfPolicyHolderNo: z.nullable(z.string()),
  /** YYYYMM: the month it covers */
  coversMonth: z.string().check(z.regex(/^\d{6}$/)),
  /** yen */
  amount: z.number(),
  /** card: charged to the stored card; transfer: not deposited by its due date (ADR 0039) */
  method: z.enum(['card', 'transfer']),
  /** charges begun (a transfer: its invoice's issues begun) */
  tries: z.number(),
  /** the provider's code of the last refusal */
  lastErrorCode: z.nullable(z.string()),
  /** when the charge job tries again; null once it has failed */
  nextAttemptAt: z.nullable(isoInstant),
  /** the card the provider keeps: brand and last 4 only; null when there is none in use */
  card: z.nullable(z.strictObject({ brand: z.string(), last4: z.string() })),
  resolution,
})
export type MoneyInstalmentItem = z.infer<typeof moneyInstalmentItemSchema>

export const moneyDepositsApi = defineEndpoint(moneyDepositsRoute, {
  querystring: z.strictObject({ state: moneyDepositStateSchema }),
  response: z.strictObject({ items: z.array(moneyDepositItemSchema) }),
})

export const moneyCardsApi = defineEndpoint(moneyCardsRoute, {
  querystring: z.strictObject({ state: moneyCardStateSchema }),
  response: z.strictObject({ items: z.array(moneyCardItemSchema) }),
})

export const moneyInstalmentsApi = defineEndpoint(moneyInstalmentsRoute, {
  querystring: z.strictObject({ state: moneyInstalmentStateSchema }),
  response: z.strictObject({ items: z.array(moneyInstalmentItemSchema) }),
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
  params: z.strictObject({ itemKey: refundableItemKeySchema }),
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
