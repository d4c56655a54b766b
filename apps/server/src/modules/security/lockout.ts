import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  deleteLockout,
  findLockedUntil,
  reserveTryRow,
  reserveTryStatement,
  type ReserveRule,
} from './security-repository.ts'

// PRODUCT.md "Lockout": after 5 wrong tries in a row, a growing wait — 1 s, doubling with each
// further wrong try, up to 15 minutes — during which every try is refused with the spec's
// locked message (SPEC §8.4). Never permanent. The subject is a keyed hash of what was tried
// (a first-entry ID, a member number, a verification link), known or not, so that unknown IDs
// behave exactly like known ones.
//
// The rule holds for concurrent tries (issue #17 point 1): a try is *reserved* before its answer
// is compared, in one atomic upsert that counts it as wrong in advance and sets the lock that
// count would bring. A try that finds a lock in force is refused without its answer being looked
// at; a right answer releases the reservation (clearFailures). So however many tries arrive at
// once, at most LOCK_THRESHOLD answers are compared before the lock, and one per lock after it.

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
  return lockStateAt(await findLockedUntil(db, subjectKey), now)
}

/** The state a reserved try leaves when its answer was wrong (its count was taken in advance). */
export function afterWrongTry(failures: number, now: Date): LockState & { failures: number } {
  const waitMs = lockWaitMs(failures)
  return { failures, ...lockStateAt(new Date(now.getTime() + waitMs), now) }
}

/** SQL for the lock end a run of `failures` wrong tries brings (null below the threshold). */
function lockEndSql(failures: SQL, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`
  return sql`case when ${failures} >= ${LOCK_THRESHOLD} then ${at} + least(
      ${FIRST_WAIT_MS}::float8 * power(2::float8, least(${failures} - ${LOCK_THRESHOLD}, 20)),
      ${MAX_WAIT_MS}::float8) * interval '1 millisecond' end`
}

/** The rule of the reservations made at `now`, for the statement (security-repository.ts). */
function reserveRule(now: Date): ReserveRule {
  return {
    forgetBefore: new Date(now.getTime() - FORGET_AFTER_MS),
    lockEnd: (failures) => lockEndSql(failures, now),
  }
}

/**
 * The upsert that reserves one try of `subjectKey`, as a statement that returns `failures` (the
 * run's length with this try counted) when the try is reserved and no row when a lock is in
 * force. `when` may hold the insert back (a client over its rate limit reserves nothing).
 */
export function reserveTrySql(subjectKey: string, now: Date, when: SQL = sql`true`): SQL {
  return reserveTryStatement(subjectKey, now, reserveRule(now), when)
}

export type Reservation =
  { reserved: true; failures: number } | { reserved: false; lock: LockState }

/** Reserves one try before its answer is compared; refused while a lock is in force. */
export async function reserveTry(
  db: Database,
  subjectKey: string,
  now: Date,
): Promise<Reservation> {
  const failures = await reserveTryRow(db, subjectKey, now, reserveRule(now))
  if (failures !== undefined) return { reserved: true, failures }
  return { reserved: false, lock: await lockInForce(db, subjectKey, now) }
}

/**
 * The lock that refused an unreserved try, from the end it was read with. A lock that ended
 * between the refusal and that read still refused it: the client is told to wait a second.
 */
export function refusingLock(lockedUntil: Date | null | undefined, now: Date): LockState {
  const lock = lockStateAt(lockedUntil, now)
  return lock.locked ? lock : { locked: true, retryAfterSeconds: 1 }
}

async function lockInForce(db: Database, subjectKey: string, now: Date): Promise<LockState> {
  return refusingLock(await findLockedUntil(db, subjectKey), now)
}

/** A right answer ends the run of wrong tries (and releases its own reservation). */
export async function clearFailures(db: Database, subjectKey: string): Promise<void> {
  await deleteLockout(db, subjectKey)
}
