import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  applications,
  depositNotifications,
  paymentAttempts,
  usedPuzzles,
  virtualAccounts,
} from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): payment attempts, virtual accounts, deposit notifications,
// used puzzles. The application row is the application module's (application-records.ts).

export type AttemptKind = 'card' | 'virtualAccount' | 'offline' | 'cardChange'
/** The kinds that pay for an application (a card change takes nothing). */
export type PayingAttemptKind = Exclude<AttemptKind, 'cardChange'>
export type AttemptStatus = 'processing' | 'threeDSecure' | 'succeeded' | 'failed' | 'cancelled'

export interface AttemptRow {
  id: string
  applicationId: string
  kind: AttemptKind
  idempotencyKey: string
  status: AttemptStatus
  amount: number
  providerReference: string | null
  errorCode: string | null
  outcome: Record<string, unknown> | null
  createdAt: Date
  finishedAt: Date | null
}

type StoredAttempt = typeof paymentAttempts.$inferSelect

// the table's check constraints allow only these values
const asAttempt = (row: StoredAttempt): AttemptRow => ({
  ...row,
  kind: row.kind as AttemptKind,
  status: row.status as AttemptStatus,
})

/**
 * Inserts the attempt for a key, under the application's row lock: `repeat` when the key has one
 * already, `busy` when another key's attempt of the application is still processing (started
 * after `busySince`: an older one belongs to a process that stopped).
 */
export async function insertAttempt(
  db: Database,
  values: {
    applicationId: string
    kind: AttemptKind
    idempotencyKey: string
    amount: number
    now: Date
    busySince: Date
  },
): Promise<AttemptRow | 'repeat' | 'busy'> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, values.applicationId))
      .for('update')
    const busy = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.applicationId, values.applicationId),
          eq(paymentAttempts.status, 'processing'),
          ne(paymentAttempts.idempotencyKey, values.idempotencyKey),
          gt(paymentAttempts.createdAt, values.busySince),
        ),
      )
      .limit(1)
    if (busy.length > 0) return 'busy'
    const rows = await tx
      .insert(paymentAttempts)
      .values({
        applicationId: values.applicationId,
        kind: values.kind,
        idempotencyKey: values.idempotencyKey,
        amount: values.amount,
        status: 'processing',
        createdAt: values.now,
      })
      .onConflictDoNothing({
        target: [paymentAttempts.applicationId, paymentAttempts.idempotencyKey],
      })
      .returning()
    const row = rows[0]
    return row === undefined ? 'repeat' : asAttempt(row)
  })
}

export async function findAttempt(
  db: Database,
  applicationId: string,
  idempotencyKey: string,
): Promise<AttemptRow | undefined> {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.applicationId, applicationId),
        eq(paymentAttempts.idempotencyKey, idempotencyKey),
      ),
    )
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : asAttempt(row)
}

export async function findAttemptById(
  db: Database,
  attemptId: string,
): Promise<AttemptRow | undefined> {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : asAttempt(row)
}

/** The application's most recent card attempt (the payment screen's 3-D Secure state), or of
 * the kind given (a card change's). */
export async function findLatestCardAttempt(
  db: Database,
  applicationId: string,
  kind: 'card' | 'cardChange' = 'card',
): Promise<AttemptRow | undefined> {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.applicationId, applicationId), eq(paymentAttempts.kind, kind)))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : asAttempt(row)
}

/** The card attempts that wait for the applicant to come back from 3-D Secure. */
export async function listThreeDSecureAttempts(
  db: Database,
  applicationId: string,
): Promise<AttemptRow[]> {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.applicationId, applicationId),
        eq(paymentAttempts.status, 'threeDSecure'),
      ),
    )
  return rows.map(asAttempt)
}

/** threeDSecure → processing: only one request finishes a 3-D Secure payment. */
export async function claimThreeDSecureAttempt(db: Database, attemptId: string): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status: 'processing' })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'threeDSecure')))
    .returning({ id: paymentAttempts.id })
  return rows.length > 0
}

/** processing → threeDSecure, with the provider's payment and the redirect answered. */
export async function markThreeDSecure(
  db: Database,
  attemptId: string,
  values: { providerReference: string; outcome: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status: 'threeDSecure', ...values })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'processing')))
    .returning({ id: paymentAttempts.id })
  return rows.length > 0
}

/** processing → the end state; false when the attempt was not processing (already ended). */
export async function finishAttempt(
  db: Database,
  attemptId: string,
  values: {
    status: 'succeeded' | 'failed' | 'cancelled'
    errorCode?: string | null
    outcome?: Record<string, unknown> | null
    providerReference?: string | null
    now: Date
  },
): Promise<boolean> {
  const { now, ...fields } = values
  const rows = await db
    .update(paymentAttempts)
    .set({ ...fields, finishedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'processing')))
    .returning({ id: paymentAttempts.id })
  return rows.length > 0
}

export async function setProviderReference(
  db: Database,
  attemptId: string,
  providerReference: string,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ providerReference })
    .where(eq(paymentAttempts.id, attemptId))
}

// ---------------------------------------------------------------------------------------------
// Puzzles

/** Records a puzzle as used; false when it was used before (SPEC §9 "usable once"). */
export async function consumePuzzle(
  db: Database,
  signature: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(usedPuzzles)
    .values({ signature, expiresAt, usedAt: now })
    .onConflictDoNothing({ target: usedPuzzles.signature })
    .returning({ signature: usedPuzzles.signature })
  return rows.length > 0
}

/** Puzzles past their expiry can never be accepted again: their rows are no longer needed. */
export async function deleteExpiredPuzzles(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(usedPuzzles)
    .where(lt(usedPuzzles.expiresAt, new Date(now.getTime() - 86_400_000)))
    .returning({ signature: usedPuzzles.signature })
  return deleted.length
}

/**
 * Retention (issue #19 point 4): the failed and cancelled payment attempts of drafts about to be
 * deleted (no money moved on them). An attempt in progress or succeeded, or a virtual account,
 * keeps its draft (the retention job does not pick such a draft).
 */
export async function deleteFailedAttemptsOf(
  db: Database,
  applicationIds: readonly string[],
): Promise<number> {
  if (applicationIds.length === 0) return 0
  const deleted = await db
    .delete(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.applicationId, [...applicationIds]),
        inArray(paymentAttempts.status, ['failed', 'cancelled']),
      ),
    )
    .returning({ id: paymentAttempts.id })
  return deleted.length
}

// ---------------------------------------------------------------------------------------------
// Virtual accounts and deposits

export type VirtualAccountRow = typeof virtualAccounts.$inferSelect

export async function insertVirtualAccount(
  db: Database,
  values: typeof virtualAccounts.$inferInsert,
): Promise<void> {
  await db.insert(virtualAccounts).values(values)
}

export async function findVirtualAccountOfApplication(
  db: Database,
  applicationId: string,
): Promise<VirtualAccountRow | undefined> {
  const rows = await db
    .select()
    .from(virtualAccounts)
    // the application's own account, not a later instalment's (ADR 0039)
    .where(
      and(eq(virtualAccounts.applicationId, applicationId), isNull(virtualAccounts.instalmentId)),
    )
    .limit(1)
  return rows[0]
}

/** The account a deposit was made to, locked until the caller's transaction ends. */
export async function lockVirtualAccountByNumber(
  db: Database,
  accountNumber: string,
): Promise<VirtualAccountRow | undefined> {
  const rows = await db
    .select()
    .from(virtualAccounts)
    .where(eq(virtualAccounts.accountNumber, accountNumber))
    .limit(1)
    .for('update')
  return rows[0]
}

export async function recordDepositOnAccount(
  db: Database,
  accountId: string,
  values: { paidAmount: number; depositStatus: string; now: Date },
): Promise<void> {
  await db
    .update(virtualAccounts)
    .set({
      paidAmount: values.paidAmount,
      depositStatus: values.depositStatus,
      updatedAt: values.now,
    })
    .where(eq(virtualAccounts.id, accountId))
}

/** Keeps a notification; false when its id was received before (nothing else may change). */
export async function insertDepositNotification(
  db: Database,
  values: typeof depositNotifications.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(depositNotifications)
    .values(values)
    .onConflictDoNothing({ target: depositNotifications.id })
    .returning({ id: depositNotifications.id })
  return rows.length > 0
}

/**
 * The oldest notification the reconciliation job has not reconciled yet, locked until the
 * caller's transaction ends; SKIP LOCKED: a row another process holds is left to it.
 */
export async function claimReceivedNotification(
  db: Database,
): Promise<typeof depositNotifications.$inferSelect | undefined> {
  const rows = await db
    .select()
    .from(depositNotifications)
    .where(eq(depositNotifications.status, 'received'))
    .orderBy(depositNotifications.receivedAt, depositNotifications.id)
    .limit(1)
    .for('update', { skipLocked: true })
  return rows[0]
}

/** received → reconciled, with the account it matched (none: unknown account). */
export async function markNotificationReconciled(
  db: Database,
  id: string,
  values: {
    virtualAccountId: string | null
    outcome: string
    matchedByStaffId: string | null
    now: Date
  },
): Promise<void> {
  await db
    .update(depositNotifications)
    .set({
      virtualAccountId: values.virtualAccountId,
      outcome: values.outcome,
      matchedByStaffId: values.matchedByStaffId,
      status: 'reconciled',
      reconciledAt: values.now,
    })
    .where(eq(depositNotifications.id, id))
}

/** Payment attempts by kind and status (the metrics' payment outcomes). */
export async function countAttemptsByOutcome(
  db: Database,
): Promise<{ kind: AttemptKind; status: AttemptStatus; count: number }[]> {
  const rows = await db
    .select({
      kind: paymentAttempts.kind,
      status: paymentAttempts.status,
      count: sql<number>`count(*)::int`,
    })
    .from(paymentAttempts)
    .groupBy(paymentAttempts.kind, paymentAttempts.status)
  return rows.map((row) => ({
    kind: row.kind as AttemptKind,
    status: row.status as AttemptStatus,
    count: row.count,
  }))
}
