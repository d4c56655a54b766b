import { customType, timestamp } from 'drizzle-orm/pg-core'

/**
 * A spec date (YYYYMMDD string in TS and on the wire) stored as a real `date` column.
 * The only place that adds and removes the hyphens (STYLE.md §3).
 */
export const yyyymmdd = customType<{ data: string; driverData: string }>({
  dataType: () => 'date',
  toDriver: (value) => `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`,
  fromDriver: (value) => {
    // pg returns 'YYYY-MM-DD'; PGlite may return a Date at UTC midnight.
    const raw: unknown = value
    if (raw instanceof Date) return raw.toISOString().slice(0, 10).replaceAll('-', '')
    return String(raw).slice(0, 10).replaceAll('-', '')
  },
})

/** A point in time: every timestamp column is `timestamptz` (STYLE.md §3). */
export const instant = () => timestamp({ withTimezone: true })

/** The row's creation time, set by the database. */
export const createdAt = () => instant().notNull().defaultNow()
