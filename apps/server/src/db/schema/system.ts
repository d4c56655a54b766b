import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, instant } from '../columns.ts'

// Owned by modules/system (issue #18): the only module that writes these tables.

/**
 * Settings every process must see (one row). `maintenanceManual` is the manual switch; its reason
 * and when it was last switched (issue #21 point 7) are shown to the staff.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: smallint().primaryKey().default(1),
    maintenanceManual: boolean().notNull().default(false),
    maintenanceReason: text(),
    maintenanceSwitchedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('system_settings_single_row', sql`${table.id} = 1`)],
)

/**
 * One-off maintenance windows scheduled from the console (issue #21 point 7), e.g. the year end:
 * every process honours them beside the daily window of the configuration.
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: uuid().primaryKey().defaultRandom(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull(),
    /** the staff member who scheduled it (no foreign key: the audit log names them too) */
    createdBy: uuid(),
    createdAt: createdAt(),
    cancelledAt: instant(),
  },
  (table) => [
    check('maintenance_windows_order', sql`${table.endsAt} > ${table.startsAt}`),
    index('maintenance_windows_ends_ix').on(table.endsAt),
  ],
)
