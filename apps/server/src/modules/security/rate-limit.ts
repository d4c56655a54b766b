import type { Database } from '../../db/client.ts'
import {
  countRateLimitHit,
  deleteRateLimitHitsBefore,
  insertRateLimitHitOnce,
} from './security-repository.ts'

// Fixed-window counters in the database, shared by every process (PRODUCT.md "Production"),
// for the limits on secret checks: per client address and per member (issue #5 point 6).

export interface RateLimitResult {
  allowed: boolean
  retryAfterSeconds: number
}

/** The fixed window `now` falls in. */
export function rateWindow(now: Date, windowSeconds: number): { start: Date; endMs: number } {
  const windowMs = windowSeconds * 1000
  const start = Math.floor(now.getTime() / windowMs) * windowMs
  return { start: new Date(start), endMs: start + windowMs }
}

/** Whether the hit that made the count `hits` is allowed, and for how long refusals last. */
export function rateVerdict(
  hits: number,
  max: number,
  window: { endMs: number },
  now: Date,
): RateLimitResult {
  if (hits <= max) return { allowed: true, retryAfterSeconds: 0 }
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((window.endMs - now.getTime()) / 1000)),
  }
}

export async function hitRateLimit(
  db: Database,
  bucketKey: string,
  options: { now: Date; windowSeconds: number; max: number },
): Promise<RateLimitResult> {
  const window = rateWindow(options.now, options.windowSeconds)
  const windowStart = window.start
  const hits = await countRateLimitHit(db, bucketKey, windowStart)
  // Old windows are swept now and then by whoever counts; no job needed.
  if (hits === 1 && Math.random() < 0.05) {
    await deleteRateLimitHitsBefore(db, new Date(options.now.getTime() - 86_400_000))
  }
  return rateVerdict(hits, options.max, window, options.now)
}

/**
 * Spends a single-use key (a signed certificate URL): true for the first request that names it,
 * false after. The shared counter table keeps the use (at most one per key, in the "window" it
 * was issued in), so every process sees it; its rows are swept after a day with the others.
 */
export async function claimOnce(db: Database, bucketKey: string, issuedAt: Date): Promise<boolean> {
  return insertRateLimitHitOnce(db, bucketKey, issuedAt)
}

// The counting upsert as a statement of its own, for access/identity-check-repository.ts (the repository's).
export { hitRateLimitSql } from './security-repository.ts'
