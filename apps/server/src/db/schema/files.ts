import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from '../columns.ts'
import { applications } from './applications.ts'

// Owned by modules/files (issue #18).

/** A file uploaded to a required-document slot (PRODUCT.md "Files", SPEC §3.3 three slots). */
export const applicationFiles = pgTable(
  'application_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    slot: integer().notNull(),
    /** the name the applicant's file had (shown back to them, never used as a path) */
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    /** random name in the file store, outside the web root */
    storageKey: text().notNull(),
    sha256: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('application_files_slot', sql`${table.slot} between 1 and 3`),
    unique('application_files_storage_key_uq').on(table.storageKey),
    index('application_files_application_ix').on(table.applicationId),
  ],
)

/** A one-time signed upload URL (PRODUCT.md "Files"): its token names this row, used once. */
export const uploadTickets = pgTable(
  'upload_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    slot: integer().notNull(),
    fileName: text().notNull(),
    /** the size announced when the URL was asked for; the upload must match it */
    size: integer().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (table) => [
    check('upload_tickets_slot', sql`${table.slot} between 1 and 3`),
    // the sweep on the request path deletes by expiry (ADR 0035)
    index('upload_tickets_expires_at_ix').on(table.expiresAt),
  ],
)

/**
 * Stored bytes whose rows are gone (retention, issue #19 point 4): written in the transaction that
 * deletes the rows, emptied once the bytes are deleted from the file store. A crash between the
 * two leaves the key here for the next run, never an orphan no row names.
 */
export const fileDeletions = pgTable('file_deletions', {
  storageKey: text().primaryKey(),
  queuedAt: instant().notNull(),
})
