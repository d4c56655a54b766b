import { and, desc, eq, exists, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  applications,
  depositNotifications,
  groupPfBranches,
  instalments,
  moneyItemStates,
  paymentAttempts,
  paymentRefunds,
  storedCards,
  virtualAccounts,
} from '../../db/schema/index.ts'
import type { RecordScope } from '../staff/staff-scope.ts'
import { instalmentItemKey } from './instalment-repository.ts'

// Drizzle queries only (STYLE.md §6) for the reconciliation desk (issue #21 point 3, ADR 0031):
// its lists over deposit notifications, virtual accounts, card attempts and the monthly
// instalments the charge job could not collect (issue #24, ADR 0038), refunds and item states,
// and the daily totals. Every list takes the staff member's RecordScope and filters by it
// in SQL; a deposit to an unknown account belongs to no application and is seen with scope all.

/** APFA2026: the card was captured but the application could not be completed by it. */
export const CAPTURED_NOT_COMPLETED = 'APFA2026'

export type DepositState = 'matched' | 'unknownAccount' | 'underpaid' | 'overpaid' | 'late'
export type CardState = 'doubleCapture' | 'captureWithoutCompletion'
export type InstalmentState = 'failed' | 'retrying'

/** The scope as a condition on `applications`; `orphans`: rows without an application. */
function scopeCondition(scope: RecordScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`
    case 'none':
      return sql`false`
    case 'agency':
      return exists(
        sql`(select 1 from ${groupPfBranches} where ${groupPfBranches.groupPfCode} = ${applications.groupPfCode} and ${groupPfBranches.groupPfBranchNo} = ${applications.groupPfBranchNo} and ${groupPfBranches.agentCd} = ${scope.agentCd})`,
      )
    case 'group':
      return eq(applications.groupPfCode, scope.groupPfCode)
  }
}

/** The deposit's deadline passed: after the end of the account's due date (JST). */
const isLate = sql<boolean>`${depositNotifications.depositedAt} >= ((to_date(${virtualAccounts.dueDate}, 'YYYYMMDD') + 1)::timestamp - interval '9 hours') at time zone 'UTC'`

/** No notification of the same account was reconciled after this one. */
const isLatestOfAccount = sql`not exists (select 1 from ${depositNotifications} as later where later.virtual_account_id = ${depositNotifications.virtualAccountId} and later.status = 'reconciled' and (later.reconciled_at, later.id) > (${depositNotifications.reconciledAt}, ${depositNotifications.id}))`

const depositItemKey = sql<string>`'deposit-' || ${depositNotifications.id}`
const cardItemKey = sql<string>`'capture-' || ${paymentAttempts.id}::text`

export interface DepositItemRow {
  itemKey: string
  notificationId: string
  accountNumber: string
  amount: number
  depositedAt: Date
  depositorName: string | null
  outcome: string | null
  matchedByStaffId: string | null
  applicationId: string | null
  groupPfCode: string | null
  groupPfPolicyHolderNo: string | null
  dueAmount: number | null
  paidAmount: number | null
  depositStatus: string | null
  dueDate: string | null
  isLate: boolean | null
  shortfallRequestedAt: Date | null
  shortfallNote: string | null
  resolvedAt: Date | null
  resolutionNote: string | null
  refundAmount: number | null
  refundStatus: string | null
  providerRefundId: string | null
}

const depositColumns = {
  itemKey: depositItemKey,
  notificationId: depositNotifications.id,
  accountNumber: depositNotifications.accountNumber,
  amount: depositNotifications.amount,
  depositedAt: depositNotifications.depositedAt,
  depositorName: depositNotifications.depositorName,
  outcome: depositNotifications.outcome,
  matchedByStaffId: depositNotifications.matchedByStaffId,
  applicationId: applications.id,
  groupPfCode: applications.groupPfCode,
  groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
  dueAmount: virtualAccounts.amount,
  paidAmount: virtualAccounts.paidAmount,
  depositStatus: virtualAccounts.depositStatus,
  dueDate: virtualAccounts.dueDate,
  isLate: sql<boolean | null>`case when ${virtualAccounts.id} is null then null else ${isLate} end`,
  shortfallRequestedAt: moneyItemStates.shortfallRequestedAt,
  shortfallNote: moneyItemStates.shortfallNote,
  resolvedAt: moneyItemStates.resolvedAt,
  resolutionNote: moneyItemStates.resolutionNote,
  refundAmount: paymentRefunds.amount,
  refundStatus: paymentRefunds.status,
  providerRefundId: paymentRefunds.providerRefundId,
}

function depositStateCondition(state: DepositState): SQL | undefined {
  switch (state) {
    case 'matched':
      return isNotNull(depositNotifications.virtualAccountId)
    case 'unknownAccount':
      return isNull(depositNotifications.virtualAccountId)
    case 'underpaid':
    case 'overpaid':
      return and(eq(virtualAccounts.depositStatus, state), isLatestOfAccount)
    case 'late':
      return and(isNotNull(depositNotifications.virtualAccountId), isLate)
  }
}

function depositQuery(db: Database, scope: RecordScope, extra: SQL | undefined) {
  return db
    .select(depositColumns)
    .from(depositNotifications)
    .leftJoin(virtualAccounts, eq(virtualAccounts.id, depositNotifications.virtualAccountId))
    .leftJoin(applications, eq(applications.id, virtualAccounts.applicationId))
    .leftJoin(moneyItemStates, eq(moneyItemStates.itemKey, depositItemKey))
    .leftJoin(paymentRefunds, eq(paymentRefunds.itemKey, depositItemKey))
    .where(
      and(
        eq(depositNotifications.status, 'reconciled'),
        // an unknown account's deposit has no application: scope all only
        or(
          and(isNull(applications.id), scope.kind === 'all' ? sql`true` : sql`false`),
          and(isNotNull(applications.id), scopeCondition(scope)),
        ),
        extra,
      ),
    )
}

/** The reconciled deposits in one state, newest first (at most `limit`). */
export async function listDepositItems(
  db: Database,
  scope: RecordScope,
  state: DepositState,
  limit: number,
): Promise<DepositItemRow[]> {
  return depositQuery(db, scope, depositStateCondition(state))
    .orderBy(desc(depositNotifications.depositedAt), desc(depositNotifications.id))
    .limit(limit)
}

/** One reconciled deposit in scope, or undefined. */
export async function findDepositItem(
  db: Database,
  scope: RecordScope,
  notificationId: string,
): Promise<DepositItemRow | undefined> {
  const rows = await depositQuery(db, scope, eq(depositNotifications.id, notificationId)).limit(1)
  return rows[0]
}

/** Whether a notification is the last one reconciled on its account. */
export async function isLatestDepositOfAccount(db: Database, notificationId: string) {
  const rows = await db
    .select({ id: depositNotifications.id })
    .from(depositNotifications)
    .where(and(eq(depositNotifications.id, notificationId), isLatestOfAccount))
  return rows.length > 0
}

export interface CardItemRow {
  itemKey: string
  attemptId: string
  applicationId: string
  applicationStatus: string
  groupPfCode: string
  groupPfPolicyHolderNo: string | null
  amount: number
  providerPaymentId: string | null
  capturedAt: Date | null
  resolvedAt: Date | null
  resolutionNote: string | null
  refundAmount: number | null
  refundStatus: string | null
  providerRefundId: string | null
}

function cardQuery(db: Database, scope: RecordScope, extra: SQL | undefined) {
  return db
    .select({
      itemKey: cardItemKey,
      attemptId: paymentAttempts.id,
      applicationId: applications.id,
      applicationStatus: applications.status,
      groupPfCode: applications.groupPfCode,
      groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
      amount: paymentAttempts.amount,
      providerPaymentId: paymentAttempts.providerReference,
      capturedAt: paymentAttempts.finishedAt,
      resolvedAt: moneyItemStates.resolvedAt,
      resolutionNote: moneyItemStates.resolutionNote,
      refundAmount: paymentRefunds.amount,
      refundStatus: paymentRefunds.status,
      providerRefundId: paymentRefunds.providerRefundId,
    })
    .from(paymentAttempts)
    .innerJoin(applications, eq(applications.id, paymentAttempts.applicationId))
    .leftJoin(moneyItemStates, eq(moneyItemStates.itemKey, cardItemKey))
    .leftJoin(paymentRefunds, eq(paymentRefunds.itemKey, cardItemKey))
    .where(
      and(
        eq(paymentAttempts.kind, 'card'),
        eq(paymentAttempts.status, 'failed'),
        eq(paymentAttempts.errorCode, CAPTURED_NOT_COMPLETED),
        isNotNull(paymentAttempts.providerReference),
        scopeCondition(scope),
        extra,
      ),
    )
}

function cardStateCondition(state: CardState): SQL {
  // double capture: another payment completed the application; otherwise nothing did
  return state === 'doubleCapture'
    ? eq(applications.status, 'applied')
    : sql`${applications.status} <> 'applied'`
}

/** Card payments captured without completing their application, by state, newest first. */
export async function listCardItems(
  db: Database,
  scope: RecordScope,
  state: CardState,
  limit: number,
): Promise<CardItemRow[]> {
  return cardQuery(db, scope, cardStateCondition(state))
    .orderBy(desc(paymentAttempts.finishedAt), desc(paymentAttempts.id))
    .limit(limit)
}

export async function findCardItem(
  db: Database,
  scope: RecordScope,
  attemptId: string,
): Promise<CardItemRow | undefined> {
  const rows = await cardQuery(db, scope, eq(paymentAttempts.id, attemptId)).limit(1)
  return rows[0]
}

export interface InstalmentItemRow {
  itemKey: string
  instalmentId: string
  applicationId: string
  groupPfCode: string
  groupPfPolicyHolderNo: string | null
  coversMonth: string
  amount: number
  /** card | transfer */
  method: string
  status: string
  tries: number
  lastErrorCode: string | null
  nextAttemptAt: Date
  cardBrand: string | null
  cardLast4: string | null
  resolvedAt: Date | null
  resolutionNote: string | null
}

function instalmentQuery(db: Database, scope: RecordScope, extra: SQL | undefined) {
  return db
    .select({
      itemKey: instalmentItemKey,
      instalmentId: instalments.id,
      applicationId: applications.id,
      groupPfCode: applications.groupPfCode,
      groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
      coversMonth: instalments.coversMonth,
      amount: instalments.amount,
      method: instalments.method,
      status: instalments.status,
      tries: instalments.tries,
      lastErrorCode: instalments.lastErrorCode,
      nextAttemptAt: instalments.nextAttemptAt,
      // what the holder is shown of the card, never more
      cardBrand: storedCards.brand,
      cardLast4: storedCards.last4,
      resolvedAt: moneyItemStates.resolvedAt,
      resolutionNote: moneyItemStates.resolutionNote,
    })
    .from(instalments)
    .innerJoin(applications, eq(applications.id, instalments.applicationId))
    .leftJoin(
      storedCards,
      and(eq(storedCards.applicationId, instalments.applicationId), isNull(storedCards.removedAt)),
    )
    .leftJoin(moneyItemStates, eq(moneyItemStates.itemKey, instalmentItemKey))
    .where(and(scopeCondition(scope), extra))
}

function instalmentStateCondition(state: InstalmentState): SQL | undefined {
  // failed: the third refusal; retrying: refused at least once, due again on its next try
  return state === 'failed'
    ? eq(instalments.status, 'failed')
    : and(eq(instalments.status, 'due'), gte(instalments.tries, 1))
}

/** Instalments not collected, by state, the latest refusal first (at most `limit`). */
export async function listInstalmentItems(
  db: Database,
  scope: RecordScope,
  state: InstalmentState,
  limit: number,
): Promise<InstalmentItemRow[]> {
  return instalmentQuery(db, scope, instalmentStateCondition(state))
    .orderBy(desc(instalments.updatedAt), desc(instalments.coversMonth), desc(instalments.id))
    .limit(limit)
}

/** One instalment in scope, whatever its status, or undefined. */
export async function findInstalmentItem(
  db: Database,
  scope: RecordScope,
  instalmentId: string,
): Promise<InstalmentItemRow | undefined> {
  const rows = await instalmentQuery(db, scope, eq(instalments.id, instalmentId)).limit(1)
  return rows[0]
}

// ---------------------------------------------------------------------------------------------
// Actions

/** A notification locked until the transaction ends. */
export async function lockNotification(db: Database, id: string) {
  const rows = await db
    .select()
    .from(depositNotifications)
    .where(eq(depositNotifications.id, id))
    .for('update')
  return rows[0]
}

/** The application's own virtual account, locked until the transaction ends. */
export async function lockVirtualAccountOfApplication(db: Database, applicationId: string) {
  const rows = await db
    .select()
    .from(virtualAccounts)
    .where(
      and(eq(virtualAccounts.applicationId, applicationId), isNull(virtualAccounts.instalmentId)),
    )
    .for('update')
  return rows[0]
}

export async function findItemState(db: Database, itemKey: string) {
  const rows = await db.select().from(moneyItemStates).where(eq(moneyItemStates.itemKey, itemKey))
  return rows[0]
}

export async function saveItemState(
  db: Database,
  itemKey: string,
  values: Partial<Omit<typeof moneyItemStates.$inferInsert, 'itemKey'>> & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(moneyItemStates)
    .values({ itemKey, ...values })
    .onConflictDoUpdate({ target: moneyItemStates.itemKey, set: values })
}

/**
 * Marks an item resolved once: false when it was resolved already (a second operator, a double
 * click), the row then unchanged. Two at once: the second waits for the first's commit.
 */
export async function resolveItemOnce(
  db: Database,
  itemKey: string,
  values: { resolvedAt: Date; resolvedByStaffId: string; resolutionNote: string },
): Promise<boolean> {
  const rows = await db
    .insert(moneyItemStates)
    .values({ itemKey, ...values, updatedAt: values.resolvedAt })
    .onConflictDoUpdate({
      target: moneyItemStates.itemKey,
      set: { ...values, updatedAt: values.resolvedAt },
      setWhere: isNull(moneyItemStates.resolvedAt),
    })
    .returning({ itemKey: moneyItemStates.itemKey })
  return rows.length === 1
}

export type RefundRow = typeof paymentRefunds.$inferSelect

/** Inserts the item's refund; undefined when the item has one already (its row is locked). */
export async function insertRefund(
  db: Database,
  values: typeof paymentRefunds.$inferInsert,
): Promise<RefundRow | undefined> {
  const rows = await db
    .insert(paymentRefunds)
    .values(values)
    .onConflictDoNothing({ target: paymentRefunds.itemKey })
    .returning()
  return rows[0]
}

/** The item's refund, locked until the transaction ends. */
export async function lockRefundOfItem(db: Database, itemKey: string) {
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.itemKey, itemKey))
    .for('update')
  return rows[0]
}

export async function updateRefund(
  db: Database,
  id: string,
  values: Partial<typeof paymentRefunds.$inferInsert>,
): Promise<void> {
  await db.update(paymentRefunds).set(values).where(eq(paymentRefunds.id, id))
}

// ---------------------------------------------------------------------------------------------
// Daily totals

/** A JST day YYYY-MM-DD of an instant column. */
const jstDay = (column: SQL | typeof depositNotifications.depositedAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '9 hours', 'YYYY-MM-DD')`

export interface TotalRow {
  date: string
  groupPfCode: string | null
  amount: number
}

/**
 * Per JST day and group in [from, to): deposits by deposit time, cards captured by capture
 * (a captured attempt: succeeded, or APFA2026 with its payment id), refunds by their end.
 */
export async function dailyTotals(
  db: Database,
  scope: RecordScope,
  from: Date,
  to: Date,
): Promise<{ deposits: TotalRow[]; captured: TotalRow[]; refunded: TotalRow[] }> {
  const inScope = or(
    and(isNull(applications.id), scope.kind === 'all' ? sql`true` : sql`false`),
    and(isNotNull(applications.id), scopeCondition(scope)),
  )
  const depositDay = jstDay(depositNotifications.depositedAt)
  const deposits = await db
    .select({
      date: depositDay,
      groupPfCode: applications.groupPfCode,
      amount: sql<number>`sum(${depositNotifications.amount})::int`,
    })
    .from(depositNotifications)
    .leftJoin(virtualAccounts, eq(virtualAccounts.id, depositNotifications.virtualAccountId))
    .leftJoin(applications, eq(applications.id, virtualAccounts.applicationId))
    .where(
      and(
        gte(depositNotifications.depositedAt, from),
        lt(depositNotifications.depositedAt, to),
        inScope,
      ),
    )
    .groupBy(depositDay, applications.groupPfCode)
  const captureDay = jstDay(paymentAttempts.finishedAt as unknown as SQL)
  const captured = await db
    .select({
      date: captureDay,
      groupPfCode: applications.groupPfCode,
      amount: sql<number>`sum(${paymentAttempts.amount})::int`,
    })
    .from(paymentAttempts)
    .innerJoin(applications, eq(applications.id, paymentAttempts.applicationId))
    .where(
      and(
        eq(paymentAttempts.kind, 'card'),
        or(
          eq(paymentAttempts.status, 'succeeded'),
          and(
            eq(paymentAttempts.status, 'failed'),
            eq(paymentAttempts.errorCode, CAPTURED_NOT_COMPLETED),
            isNotNull(paymentAttempts.providerReference),
          ),
        ),
        gte(paymentAttempts.finishedAt, from),
        lt(paymentAttempts.finishedAt, to),
        scopeCondition(scope),
      ),
    )
    .groupBy(captureDay, applications.groupPfCode)
  const refundDay = jstDay(paymentRefunds.finishedAt as unknown as SQL)
  const refunded = await db
    .select({
      date: refundDay,
      groupPfCode: paymentRefunds.groupPfCode,
      amount: sql<number>`sum(${paymentRefunds.amount})::int`,
    })
    .from(paymentRefunds)
    .leftJoin(applications, eq(applications.id, paymentRefunds.applicationId))
    .where(
      and(
        eq(paymentRefunds.status, 'succeeded'),
        gte(paymentRefunds.finishedAt, from),
        lt(paymentRefunds.finishedAt, to),
        inScope,
      ),
    )
    .groupBy(refundDay, paymentRefunds.groupPfCode)
  return { deposits, captured, refunded }
}
