import { sql } from 'drizzle-orm'
import { check, pgTable, smallint } from 'drizzle-orm/pg-core'
import { instant } from '../columns.ts'

// Owned by modules/retention (issue #19 point 4): the retention job's claim.

/**
 * The retention job's one row: a run claims it (`claimedUntil` in the future) with one
 * statement, so of any number of processes starting a run at once exactly one runs; the others
 * find it claimed and stop. A run that dies leaves its claim to expire.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: smallint().primaryKey().default(1),
    claimedAt: instant().notNull(),
    /** null once the run finished; a time in the future while a run holds the claim */
    claimedUntil: instant(),
    finishedAt: instant(),
  },
  (table) => [check('retention_runs_single_row', sql`${table.id} = 1`)],
)
