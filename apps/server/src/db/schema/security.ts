import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, instant } from '../columns.ts'

// Owned by modules/security (issue #18): the counters behind lockout and rate limits, and the
// installation's keys.

/**
 * Lockout (PRODUCT.md): per subject (a keyed hash of what was tried), the wrong tries in a row
 * and the time before which every try is refused.
 */
export const authLockouts = pgTable('auth_lockouts', {
  subjectKey: text().primaryKey(),
  failures: integer().notNull().default(0),
  lockedUntil: instant(),
  updatedAt: instant().notNull(),
})

/** Fixed-window counters for rate limits that every process shares. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucketKey: text().notNull(),
    windowStart: instant().notNull(),
    hits: integer().notNull(),
  },
  (table) => [
    primaryKey({ name: 'rate_limit_hits_pk', columns: [table.bucketKey, table.windowStart] }),
    // the sweeps on the request path and the retention job delete by the window's start (ADR 0035)
    index('rate_limit_hits_window_start_ix').on(table.windowStart),
  ],
)

/** Keys generated once per installation (token signing, keyed hashes), shared by all processes. */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
})
