import { and, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { authLockouts, rateLimitHits, serverSecrets } from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the security module's tables, the installation's keys
// (secrets.ts), the rate-limit counters (rate-limit.ts) and the lockout runs (lockout.ts). The
// rules (windows, waits, what a hit or a try means) stay in those files.

/** Stores the secret unless one of that name is there (the first process to ask creates it). */
export async function insertSecretIfAbsent(
  db: Database,
  name: string,
  value: string,
): Promise<void> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing()
}

export async function findSecret(db: Database, name: string): Promise<string | undefined> {
  const rows = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
  return rows[0]?.value
}

/** Counts one hit of the bucket in the window starting at `windowStart`; the count with it. */
export async function countRateLimitHit(
  db: Database,
  bucketKey: string,
  windowStart: Date,
): Promise<number> {
  const rows = await db
    .insert(rateLimitHits)
    .values({ bucketKey, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucketKey, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits })
  return rows[0]?.hits ?? 1
}

/**
 * Adds `amount` hits to the bucket's counter of the window starting at `windowStart` in one
 * atomic upsert: the count with them (the flood guard's leases, flood-guard-store.ts).
 */
export async function addRateLimitHits(
  db: Database,
  bucketKey: string,
  windowStart: Date,
  amount: number,
): Promise<number> {
  const rows = await db
    .insert(rateLimitHits)
    .values({ bucketKey, windowStart, hits: amount })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucketKey, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + ${amount}` },
    })
    .returning({ hits: rateLimitHits.hits })
  return rows[0]?.hits ?? amount
}

/** Counters of windows that started before `before`: how many were deleted. */
/**
 * The flood guard's own windows that ended before `before` (its buckets start with `prefix`).
 * Its sweep keeps to them: it counts by the machine's time, and the secret-check counters beside
 * it count by the application's clock, which a demo or a test pins days back (ADR 0023).
 */
export async function deleteRateLimitHitsOfPrefixBefore(
  db: Database,
  prefix: string,
  before: Date,
): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(
      and(
        lt(rateLimitHits.windowStart, before),
        sql`starts_with(${rateLimitHits.bucketKey}, ${prefix})`,
      ),
    )
    .returning({ bucketKey: rateLimitHits.bucketKey })
  return deleted.length
}

export async function deleteRateLimitHitsBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, before))
    .returning({ bucketKey: rateLimitHits.bucketKey })
  return deleted.length
}

/** Retention (issue #19 point 4): lockouts whose lock ended before `before`: how many. */
export async function deleteLockoutsEndedBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(authLockouts)
    .where(and(lt(authLockouts.lockedUntil, before), lt(authLockouts.updatedAt, before)))
    .returning({ subjectKey: authLockouts.subjectKey })
  return deleted.length
}

/** Inserts the bucket's one row of that window: true when this call inserted it. */
export async function insertRateLimitHitOnce(
  db: Database,
  bucketKey: string,
  windowStart: Date,
): Promise<boolean> {
  const rows = await db
    .insert(rateLimitHits)
    .values({ bucketKey, windowStart, hits: 1 })
    .onConflictDoNothing()
    .returning({ hits: rateLimitHits.hits })
  return rows.length > 0
}

/**
 * The counting upsert of one hit as a statement that returns `hits`, for a caller that counts
 * inside a statement of its own (the identity check's single round trip, access/identity-check-repository.ts).
 */
export function hitRateLimitSql(bucketKey: string, windowStart: Date): SQL {
  return sql`insert into rate_limit_hits (bucket_key, window_start, hits)
      values (${bucketKey}, ${windowStart.toISOString()}::timestamptz, 1)
      on conflict (bucket_key, window_start) do update set hits = rate_limit_hits.hits + 1
      returning hits`
}

export async function findLockedUntil(
  db: Database,
  subjectKey: string,
): Promise<Date | null | undefined> {
  const rows = await db
    .select({ lockedUntil: authLockouts.lockedUntil })
    .from(authLockouts)
    .where(eq(authLockouts.subjectKey, subjectKey))
  return rows[0]?.lockedUntil
}

/** The lockout rule a reservation applies (lockout.ts): SQL of it, no table named. */
export interface ReserveRule {
  /** a run whose last wrong try is older than this is forgotten */
  forgetBefore: Date
  /** SQL for the lock end a run of `failures` wrong tries brings (null below the threshold) */
  lockEnd: (failures: SQL) => SQL
}

/**
 * The upsert that reserves one try of `subjectKey`, as a statement that returns `failures` (the
 * run's length with this try counted) when the try is reserved and no row when a lock is in
 * force. `when` may hold the insert back (a client over its rate limit reserves nothing).
 */
export function reserveTryStatement(
  subjectKey: string,
  now: Date,
  rule: ReserveRule,
  when: SQL,
): SQL {
  const at = sql`${now.toISOString()}::timestamptz`
  const forgetBefore = sql`${rule.forgetBefore.toISOString()}::timestamptz`
  const next = sql`(case when auth_lockouts.updated_at < ${forgetBefore} then 1
      else auth_lockouts.failures + 1 end)`
  return sql`insert into auth_lockouts (subject_key, failures, locked_until, updated_at)
    select ${subjectKey}, 1, ${rule.lockEnd(sql`1`)}, ${at} where ${when}
    on conflict (subject_key) do update set
      failures = ${next}, locked_until = ${rule.lockEnd(next)}, updated_at = ${at}
    where auth_lockouts.locked_until is null or auth_lockouts.locked_until <= ${at}
    returning failures`
}

interface ReservedRow extends Record<string, unknown> {
  failures: number | string
}

/** Runs a reservation (reserveTryStatement): the run's length, or undefined under a lock. */
export async function reserveTryRow(
  db: Database,
  subjectKey: string,
  now: Date,
  rule: ReserveRule,
): Promise<number | undefined> {
  const result = await db.execute<ReservedRow>(
    reserveTryStatement(subjectKey, now, rule, sql`true`),
  )
  // PGlite and node-postgres both answer { rows }; the HKT-generic Database types it unknown.
  const row = (result as { rows: ReservedRow[] }).rows[0]
  return row === undefined ? undefined : Number(row.failures)
}

export async function deleteLockout(db: Database, subjectKey: string): Promise<void> {
  await db.delete(authLockouts).where(eq(authLockouts.subjectKey, subjectKey))
}

/** The subjects of `subjectKeys` with a lock in force at `now`. */
export async function findLockedSubjects(
  db: Database,
  subjectKeys: readonly string[],
  now: Date,
): Promise<string[]> {
  if (subjectKeys.length === 0) return []
  const rows = await db
    .select({ subjectKey: authLockouts.subjectKey })
    .from(authLockouts)
    .where(
      and(inArray(authLockouts.subjectKey, [...subjectKeys]), gt(authLockouts.lockedUntil, now)),
    )
  return rows.map((row) => row.subjectKey)
}

/**
 * Ends the runs of wrong tries of `subjectKeys` (a staff member's unlock, issue #20 point 6):
 * how many of them had a lock in force at `now`.
 */
export async function deleteLockouts(
  db: Database,
  subjectKeys: readonly string[],
  now: Date,
): Promise<number> {
  if (subjectKeys.length === 0) return 0
  const deleted = await db
    .delete(authLockouts)
    .where(inArray(authLockouts.subjectKey, [...subjectKeys]))
    .returning({ lockedUntil: authLockouts.lockedUntil })
  return deleted.filter((row) => row.lockedUntil !== null && row.lockedUntil > now).length
}
