import { sql } from 'drizzle-orm'
import { boolean, check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core'

// Owned by modules/system (issue #18): the only module that writes these tables.

/** Settings every process must see (one row). `maintenanceManual` is the manual switch. */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: smallint().primaryKey().default(1),
    maintenanceManual: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('system_settings_single_row', sql`${table.id} = 1`)],
)
