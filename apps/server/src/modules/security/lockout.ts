import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { authLockouts } from '../../db/schema/index.ts'

// PRODUCT.md "Lockout": after 5 wrong tries in a row, a growing wait — 1 s, doubling with each
// further wrong try, up to 15 minutes — during which every try is refused with the spec's
// locked message (SPEC §8.4). Never permanent. The subject is a keyed hash of what was tried
// (a first-entry ID, a member number, a verification link), known or not, so that unknown IDs
// behave exactly like known ones.

export const LOCK_THRESHOLD = 5
const FIRST_WAIT_MS = 1_000
export const MAX_WAIT_MS = 15 * 60_000
/** A run of wrong tries is forgotten after an hour without one (and no lock in force). */
const FORGET_AFTER_MS = 60 * 60_000

/** The wait after the n-th wrong try in a row (0 below the threshold). */
export function lockWaitMs(failures: number): number {
  if (failures < LOCK_THRESHOLD) return 0
  const doublings = failures - LOCK_THRESHOLD
  return doublings >= 20 ? MAX_WAIT_MS : Math.min(FIRST_WAIT_MS * 2 ** doublings, MAX_WAIT_MS)
}

export interface LockState {
  locked: boolean
  /** whole seconds until a try is accepted again (0 when not locked) */
  retryAfterSeconds: number
}

/** The lock in force at `now`, given when it ends. */
export function lockStateAt(lockedUntil: Date | null | undefined, now: Date): LockState {
  const remaining =
    lockedUntil === null || lockedUntil === undefined ? 0 : lockedUntil.getTime() - now.getTime()
  return remaining > 0
    ? { locked: true, retryAfterSeconds: Math.ceil(remaining / 1000) }
    : { locked: false, retryAfterSeconds: 0 }
}

export async function lockState(db: Database, subjectKey: string, now: Date): Promise<LockState> {
  const rows = await db
    .select({ lockedUntil: authLockouts.lockedUntil })
    .from(authLockouts)
    .where(eq(authLockouts.subjectKey, subjectKey))
  return lockStateAt(rows[0]?.lockedUntil, now)
}

/** Counts a wrong try (atomically, whichever process takes it) and returns the state after it. */
export async function recordFailure(
  db: Database,
  subjectKey: string,
  now: Date,
): Promise<LockState & { failures: number }> {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS)
  const rows = await db
    .insert(authLockouts)
    .values({ subjectKey, failures: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: authLockouts.subjectKey,
      set: {
        failures: sql`case when ${authLockouts.updatedAt} < ${forgetBefore.toISOString()}::timestamptz and (${authLockouts.lockedUntil} is null or ${authLockouts.lockedUntil} <= ${now.toISOString()}::timestamptz) then 1 else ${authLockouts.failures} + 1 end`,
        updatedAt: now,
      },
    })
    .returning({ failures: authLockouts.failures })
  const failures = rows[0]?.failures ?? 1
  const waitMs = lockWaitMs(failures)
  if (waitMs === 0) return { failures, locked: false, retryAfterSeconds: 0 }
  const lockedUntil = new Date(now.getTime() + waitMs)
  await db.update(authLockouts).set({ lockedUntil }).where(eq(authLockouts.subjectKey, subjectKey))
  return { failures, ...lockStateAt(lockedUntil, now) }
}

/** A right answer ends the run of wrong tries. */
export async function clearFailures(db: Database, subjectKey: string): Promise<void> {
  await db.delete(authLockouts).where(eq(authLockouts.subjectKey, subjectKey))
}
