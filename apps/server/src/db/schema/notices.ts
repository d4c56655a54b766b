import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from '../columns.ts'

// Owned by modules/notices (issue #21 point 7): the notices of a group product, shown within
// their window on its pamphlet and entry screens.

/** A notice: plain text (never HTML), shown from `startsAt` until `endsAt` (end excluded). */
export const groupNotices = pgTable(
  'group_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupPfCode: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** the end; ending early moves it to that moment and sets `endedEarlyAt` */
    endsAt: timestamp({ withTimezone: true }).notNull(),
    endedEarlyAt: instant(),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** grows with every change: an edit made from an older version is refused */
    version: integer().notNull().default(0),
  },
  (table) => [
    check('group_notices_order', sql`${table.endsAt} > ${table.startsAt}`),
    index('group_notices_group_ix').on(table.groupPfCode, table.endsAt),
    index('group_notices_ends_ix').on(table.endsAt),
  ],
)
