import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { applications } from './applications.ts'
import { instant } from '../columns.ts'

// Owned by modules/follow-up (issue #21 point 4): the only module that writes this table.

// Unpaid follow-up (ADR 0032): one row per mail the follow-up job sent, keyed by what it is
// about (the application whose virtual account or invoice it concerns), its kind and its day.
// The row is inserted in the same transaction as the mail's outbox row, so the unique key makes
// each mail exist once however many processes run the job at the same moment.

export const followUpMails = pgTable(
  'follow_up_mails',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    /** reminder (before the virtual account's due date) | expiry (after it) | invoice */
    kind: text().notNull(),
    /** reminder: days before the due date it was sent for; expiry and invoice: 0 */
    day: integer().notNull(),
    /** the outbox message it queued */
    messageId: uuid().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    unique('follow_up_mails_uq').on(table.applicationId, table.kind, table.day),
    check('follow_up_mails_kind', sql`${table.kind} in ('reminder', 'expiry', 'invoice')`),
    check('follow_up_mails_day', sql`${table.day} >= 0`),
  ],
)
