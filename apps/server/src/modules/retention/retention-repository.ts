import { and, asc, eq, isNull, lt, notExists, notInArray, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  applications,
  paymentAttempts,
  renewals,
  retentionRuns,
  virtualAccounts,
} from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the retention job's claim (the only writer of
// retention_runs), and its read of which drafts are due. Every deletion is the owning module's
// operation (*-records.ts).

/**
 * Claims the run until `claimedUntil`, in one statement: the row is inserted, or taken over when
 * no run holds it (finished, or a claim that expired because its process died) and the last run
 * started at least `minimumGapMs` ago. Of several processes at the same moment exactly one gets
 * true: PostgreSQL serialises the upsert on the row and re-checks the condition for the later one.
 */
export async function claimRun(
  db: Database,
  now: Date,
  claimedUntil: Date,
  minimumGapMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(retentionRuns)
    .values({ id: 1, claimedAt: now, claimedUntil })
    .onConflictDoUpdate({
      target: retentionRuns.id,
      set: { claimedAt: now, claimedUntil, finishedAt: null },
      setWhere: and(
        or(isNull(retentionRuns.claimedUntil), lt(retentionRuns.claimedUntil, now)),
        lt(retentionRuns.claimedAt, new Date(now.getTime() - minimumGapMs + 1)),
      ),
    })
    .returning({ id: retentionRuns.id })
  return rows.length > 0
}

/** The run that claimed at `claimedAt` is done: the claim is released. */
export async function releaseRun(db: Database, claimedAt: Date, finishedAt: Date): Promise<void> {
  await db
    .update(retentionRuns)
    .set({ claimedUntil: null, finishedAt })
    .where(and(eq(retentionRuns.id, 1), eq(retentionRuns.claimedAt, claimedAt)))
}

/**
 * Locks up to `limit` drafts entered before `before` that retention may delete: not the draft of
 * a renewal procedure (a renewal row names it), and none with money in play (a virtual account,
 * or a payment attempt that is neither failed nor cancelled). Locked until the transaction ends.
 */
export async function lockDueDrafts(db: Database, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.status, 'draft'),
        lt(applications.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(renewals)
            .where(eq(renewals.procedureApplicationId, applications.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(virtualAccounts)
            .where(eq(virtualAccounts.applicationId, applications.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(paymentAttempts)
            .where(
              and(
                eq(paymentAttempts.applicationId, applications.id),
                notInArray(paymentAttempts.status, ['failed', 'cancelled']),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(limit)
    .for('update', { of: applications, skipLocked: true })
  return rows.map((row) => row.id)
}
