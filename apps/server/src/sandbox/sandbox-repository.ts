import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import {
  sandboxPayDeposits,
  sandboxPayPayments,
  sandboxPayRefunds,
  sandboxPayStoredCards,
  sandboxPayTokens,
  sandboxPayVirtualAccounts,
} from '../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6) over the sandbox provider's own tables. Every time comes
// from the caller's clock, never from the database's now().

/**
 * What `response` holds: the first answer to an Idempotency-Key, replayed to every repeat. While
 * the first request is still being processed only `requestHash` is set.
 */
export interface StoredResponse {
  /** SHA-256 of the canonical request body: the same key with another body is refused */
  requestHash: string
  statusCode?: number
  body?: Record<string, unknown>
  /** wrong 3-D Secure passwords so far (payments waiting for the challenge) */
  challengeFailures?: number
}

export type PaymentStatus = 'requires_action' | 'authorized' | 'captured' | 'failed' | 'cancelled'

export interface PaymentRow {
  id: string
  idempotencyKey: string
  orderId: string
  amount: number
  scenario: string
  status: PaymentStatus
  errorCode: string | null
  returnUrl: string
  storedCardId: string | null
  response: StoredResponse
}

const paymentColumns = {
  id: sandboxPayPayments.id,
  idempotencyKey: sandboxPayPayments.idempotencyKey,
  orderId: sandboxPayPayments.orderId,
  amount: sandboxPayPayments.amount,
  scenario: sandboxPayPayments.scenario,
  status: sandboxPayPayments.status,
  errorCode: sandboxPayPayments.errorCode,
  returnUrl: sandboxPayPayments.returnUrl,
  storedCardId: sandboxPayPayments.storedCardId,
  response: sandboxPayPayments.response,
}

type SelectedPayment = Omit<PaymentRow, 'status' | 'response'> & {
  status: string
  response: Record<string, unknown>
}

function toPaymentRow(row: SelectedPayment): PaymentRow {
  return {
    ...row,
    status: row.status as PaymentStatus,
    response: row.response as unknown as StoredResponse,
  }
}

/** What a token keeps of its card: never the number or the security code. */
export interface TokenCard {
  scenario: string
  brand: string
  last4: string | null
  expiryMonth: string | null
  expiryYear: string | null
}

export async function insertToken(
  db: Database,
  values: TokenCard & { token: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(sandboxPayTokens).values(values)
}

/** Marks a live token used and returns its behaviour; undefined when unknown, expired or used. */
export async function consumeToken(
  db: Database,
  token: string,
  now: Date,
): Promise<TokenCard | undefined> {
  const rows = await db
    .update(sandboxPayTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxPayTokens.token, token),
        isNull(sandboxPayTokens.usedAt),
        gt(sandboxPayTokens.expiresAt, now),
      ),
    )
    .returning({
      scenario: sandboxPayTokens.scenario,
      brand: sandboxPayTokens.brand,
      last4: sandboxPayTokens.last4,
      expiryMonth: sandboxPayTokens.expiryMonth,
      expiryYear: sandboxPayTokens.expiryYear,
    })
  return rows[0]
}

/** Claims an Idempotency-Key: true when this call inserted the row, false when the key exists. */
export async function insertPayment(
  db: Database,
  values: {
    id: string
    idempotencyKey: string
    orderId: string
    amount: number
    scenario: string
    status: PaymentStatus
    returnUrl: string
    storedCardId?: string
    response: StoredResponse
    createdAt: Date
  },
): Promise<boolean> {
  const rows = await db
    .insert(sandboxPayPayments)
    .values({ ...values, response: { ...values.response } })
    .onConflictDoNothing({ target: sandboxPayPayments.idempotencyKey })
    .returning({ id: sandboxPayPayments.id })
  return rows.length === 1
}

export async function findPaymentByKey(
  db: Database,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const rows = await db
    .select(paymentColumns)
    .from(sandboxPayPayments)
    .where(eq(sandboxPayPayments.idempotencyKey, idempotencyKey))
  return rows[0] && toPaymentRow(rows[0])
}

export async function findPayment(db: Database, id: string): Promise<PaymentRow | undefined> {
  const rows = await db
    .select(paymentColumns)
    .from(sandboxPayPayments)
    .where(eq(sandboxPayPayments.id, id))
  return rows[0] && toPaymentRow(rows[0])
}

export async function listPaymentsOfOrder(db: Database, orderId: string): Promise<PaymentRow[]> {
  const rows = await db
    .select(paymentColumns)
    .from(sandboxPayPayments)
    .where(eq(sandboxPayPayments.orderId, orderId))
    .orderBy(asc(sandboxPayPayments.createdAt), asc(sandboxPayPayments.id))
  return rows.map(toPaymentRow)
}

export async function deletePayment(db: Database, id: string): Promise<void> {
  await db.delete(sandboxPayPayments).where(eq(sandboxPayPayments.id, id))
}

/** Stores the first answer and the outcome of a claimed key. */
export async function completePayment(
  db: Database,
  id: string,
  values: {
    scenario: string
    status: PaymentStatus
    errorCode: string | null
    response: StoredResponse
    capturedAt?: Date
  },
): Promise<void> {
  await db
    .update(sandboxPayPayments)
    .set({ ...values, response: { ...values.response } })
    .where(eq(sandboxPayPayments.id, id))
}

/** Moves a payment on only from one of `from`: the row as changed, or undefined if it was not. */
export async function transitionPayment(
  db: Database,
  id: string,
  from: readonly PaymentStatus[],
  values: {
    status: PaymentStatus
    errorCode?: string
    challengeCompletedAt?: Date
    capturedAt?: Date
  },
): Promise<PaymentRow | undefined> {
  const rows = await db
    .update(sandboxPayPayments)
    .set(values)
    .where(and(eq(sandboxPayPayments.id, id), inArray(sandboxPayPayments.status, [...from])))
    .returning(paymentColumns)
  return rows[0] && toPaymentRow(rows[0])
}

/** Counts one more wrong 3-D Secure password on a waiting payment; undefined if it is not waiting. */
export async function addChallengeFailure(db: Database, id: string): Promise<number | undefined> {
  const failures = sql`coalesce((${sandboxPayPayments.response} ->> 'challengeFailures')::int, 0) + 1`
  const rows = await db
    .update(sandboxPayPayments)
    .set({
      response: sql`jsonb_set(${sandboxPayPayments.response}, '{challengeFailures}', to_jsonb(${failures}))`,
    })
    .where(and(eq(sandboxPayPayments.id, id), eq(sandboxPayPayments.status, 'requires_action')))
    .returning({ response: sandboxPayPayments.response })
  const response = rows[0]?.response as StoredResponse | undefined
  return response?.challengeFailures
}

export interface VirtualAccountRow {
  id: string
  idempotencyKey: string
  orderId: string
  response: StoredResponse
}

const virtualAccountColumns = {
  id: sandboxPayVirtualAccounts.id,
  idempotencyKey: sandboxPayVirtualAccounts.idempotencyKey,
  orderId: sandboxPayVirtualAccounts.orderId,
  response: sandboxPayVirtualAccounts.response,
}

function toVirtualAccountRow(row: {
  id: string
  idempotencyKey: string
  orderId: string
  response: Record<string, unknown>
}): VirtualAccountRow {
  return { ...row, response: row.response as unknown as StoredResponse }
}

/** Inserts an account unless its key, order or number is taken: true when inserted. */
export async function insertVirtualAccount(
  db: Database,
  values: {
    id: string
    idempotencyKey: string
    orderId: string
    accountNumber: string
    accountHolder: string
    amount: number
    dueDate: string
    response: StoredResponse
    createdAt: Date
  },
): Promise<boolean> {
  const rows = await db
    .insert(sandboxPayVirtualAccounts)
    .values({ ...values, response: { ...values.response } })
    .onConflictDoNothing()
    .returning({ id: sandboxPayVirtualAccounts.id })
  return rows.length === 1
}

export async function findVirtualAccountByKey(
  db: Database,
  idempotencyKey: string,
): Promise<VirtualAccountRow | undefined> {
  const rows = await db
    .select(virtualAccountColumns)
    .from(sandboxPayVirtualAccounts)
    .where(eq(sandboxPayVirtualAccounts.idempotencyKey, idempotencyKey))
  return rows[0] && toVirtualAccountRow(rows[0])
}

export async function findVirtualAccountByOrder(
  db: Database,
  orderId: string,
): Promise<VirtualAccountRow | undefined> {
  const rows = await db
    .select(virtualAccountColumns)
    .from(sandboxPayVirtualAccounts)
    .where(eq(sandboxPayVirtualAccounts.orderId, orderId))
  return rows[0] && toVirtualAccountRow(rows[0])
}

export async function insertDeposit(
  db: Database,
  values: {
    id: string
    accountNumber: string
    amount: number
    depositorName: string | null
    depositedAt: Date
    createdAt: Date
  },
): Promise<void> {
  await db.insert(sandboxPayDeposits).values(values)
}

export async function setDeliveredStatus(
  db: Database,
  id: string,
  deliveredStatus: number | null,
): Promise<void> {
  await db.update(sandboxPayDeposits).set({ deliveredStatus }).where(eq(sandboxPayDeposits.id, id))
}

// ---------------------------------------------------------------------------------------------
// Refunds and the daily report (issue #21 point 3)

export interface RefundRow {
  id: string
  idempotencyKey: string
  paymentId: string
  amount: number
}

/**
 * What a payment or deposit took, its row locked until the transaction ends (so two refunds of
 * one payment are checked one after the other); undefined when there is no such payment, null
 * when it took nothing (not captured).
 */
export async function lockRefundable(db: Database, id: string): Promise<number | null | undefined> {
  if (id.startsWith('dep_')) {
    const rows = await db
      .select({ amount: sandboxPayDeposits.amount })
      .from(sandboxPayDeposits)
      .where(eq(sandboxPayDeposits.id, id))
      .for('update')
    return rows[0]?.amount
  }
  const rows = await db
    .select({ amount: sandboxPayPayments.amount, status: sandboxPayPayments.status })
    .from(sandboxPayPayments)
    .where(eq(sandboxPayPayments.id, id))
    .for('update')
  const row = rows[0]
  if (row === undefined) return undefined
  return row.status === 'captured' ? row.amount : null
}

export async function findRefundByKey(
  db: Database,
  idempotencyKey: string,
): Promise<RefundRow | undefined> {
  const rows = await db
    .select()
    .from(sandboxPayRefunds)
    .where(eq(sandboxPayRefunds.idempotencyKey, idempotencyKey))
  return rows[0]
}

export async function sumRefundsOf(db: Database, paymentId: string): Promise<number> {
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${sandboxPayRefunds.amount}), 0)::int` })
    .from(sandboxPayRefunds)
    .where(eq(sandboxPayRefunds.paymentId, paymentId))
  return rows[0]?.total ?? 0
}

export async function insertRefund(
  db: Database,
  values: RefundRow & { createdAt: Date },
): Promise<void> {
  await db.insert(sandboxPayRefunds).values(values)
}

export async function listRefundsOf(db: Database, paymentId: string): Promise<RefundRow[]> {
  return db
    .select({
      id: sandboxPayRefunds.id,
      idempotencyKey: sandboxPayRefunds.idempotencyKey,
      paymentId: sandboxPayRefunds.paymentId,
      amount: sandboxPayRefunds.amount,
    })
    .from(sandboxPayRefunds)
    .where(eq(sandboxPayRefunds.paymentId, paymentId))
    .orderBy(asc(sandboxPayRefunds.createdAt))
}

/** The sums of one period [from, to): deposits by deposit time, captures, refunds. */
export async function sumsBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<{ depositsReceived: number; cardCaptured: number; refunded: number }> {
  const [deposits] = await db
    .select({ total: sql<number>`coalesce(sum(${sandboxPayDeposits.amount}), 0)::int` })
    .from(sandboxPayDeposits)
    .where(and(gte(sandboxPayDeposits.depositedAt, from), lt(sandboxPayDeposits.depositedAt, to)))
  const [captured] = await db
    .select({ total: sql<number>`coalesce(sum(${sandboxPayPayments.amount}), 0)::int` })
    .from(sandboxPayPayments)
    .where(
      and(
        eq(sandboxPayPayments.status, 'captured'),
        gte(sandboxPayPayments.capturedAt, from),
        lt(sandboxPayPayments.capturedAt, to),
      ),
    )
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${sandboxPayRefunds.amount}), 0)::int` })
    .from(sandboxPayRefunds)
    .where(and(gte(sandboxPayRefunds.createdAt, from), lt(sandboxPayRefunds.createdAt, to)))
  return {
    depositsReceived: deposits?.total ?? 0,
    cardCaptured: captured?.total ?? 0,
    refunded: refunded?.total ?? 0,
  }
}

// ---------------------------------------------------------------------------------------------
// Stored cards (issue #24)

export type StoredCardStatus = 'pending' | 'active' | 'deleted'

export interface StoredCardRow {
  id: string
  paymentId: string
  scenario: string
  brand: string
  last4: string
  expiryMonth: string
  expiryYear: string
  status: StoredCardStatus
  nextOutcome: string | null
}

const storedCardColumns = {
  id: sandboxPayStoredCards.id,
  paymentId: sandboxPayStoredCards.paymentId,
  scenario: sandboxPayStoredCards.scenario,
  brand: sandboxPayStoredCards.brand,
  last4: sandboxPayStoredCards.last4,
  expiryMonth: sandboxPayStoredCards.expiryMonth,
  expiryYear: sandboxPayStoredCards.expiryYear,
  status: sandboxPayStoredCards.status,
  nextOutcome: sandboxPayStoredCards.nextOutcome,
}

function toStoredCardRow(row: Omit<StoredCardRow, 'status'> & { status: string }): StoredCardRow {
  return { ...row, status: row.status as StoredCardStatus }
}

export async function insertStoredCard(
  db: Database,
  values: Omit<StoredCardRow, 'nextOutcome'> & { createdAt: Date },
): Promise<void> {
  await db.insert(sandboxPayStoredCards).values(values)
}

export async function findStoredCard(db: Database, id: string): Promise<StoredCardRow | undefined> {
  const rows = await db
    .select(storedCardColumns)
    .from(sandboxPayStoredCards)
    .where(eq(sandboxPayStoredCards.id, id))
  return rows[0] && toStoredCardRow(rows[0])
}

/** The cards stored by these payments, whatever their status. */
export async function findStoredCardsOfPayments(
  db: Database,
  paymentIds: readonly string[],
): Promise<StoredCardRow[]> {
  if (paymentIds.length === 0) return []
  const rows = await db
    .select(storedCardColumns)
    .from(sandboxPayStoredCards)
    .where(inArray(sandboxPayStoredCards.paymentId, [...paymentIds]))
  return rows.map(toStoredCardRow)
}

/** A pending card becomes usable: its payment was authorised after 3-D Secure. */
export async function activateStoredCardOf(db: Database, paymentId: string): Promise<void> {
  await db
    .update(sandboxPayStoredCards)
    .set({ status: 'active' })
    .where(
      and(
        eq(sandboxPayStoredCards.paymentId, paymentId),
        eq(sandboxPayStoredCards.status, 'pending'),
      ),
    )
}

/** Deletes an active card: false when there is no such card (or it is not active). */
export async function deleteStoredCard(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxPayStoredCards)
    .set({ status: 'deleted', deletedAt: now })
    .where(and(eq(sandboxPayStoredCards.id, id), eq(sandboxPayStoredCards.status, 'active')))
    .returning({ id: sandboxPayStoredCards.id })
  return rows.length === 1
}

/** Sets the outcome of an active card's following charges: false when it is not active. */
export async function setStoredCardNextOutcome(
  db: Database,
  id: string,
  nextOutcome: string,
): Promise<boolean> {
  const rows = await db
    .update(sandboxPayStoredCards)
    .set({ nextOutcome })
    .where(and(eq(sandboxPayStoredCards.id, id), eq(sandboxPayStoredCards.status, 'active')))
    .returning({ id: sandboxPayStoredCards.id })
  return rows.length === 1
}
