import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from '../columns.ts'
import { applications } from './applications.ts'

// Owned by modules/export (issue #20 point 7): the batches of the export to the insurer's core
// policy system and the applications each took.

/**
 * One export of a group product (docs/core-export.md). A batch is complete once its file was
 * written to the end; its digest lets a later download check that it produced the same bytes.
 */
export const exportBatches = pgTable(
  'export_batches',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    /** cp932 or utf8bom */
    encoding: text().notNull(),
    /** characters outside CP932 were written as 〓 (--replace) */
    replaceUnmappable: boolean().notNull().default(false),
    createdAt: createdAt(),
    completedAt: instant(),
    applicationCount: integer().notNull().default(0),
    rowCount: integer().notNull().default(0),
    byteSize: integer().notNull().default(0),
    /** hex SHA-256 of the file's bytes */
    sha256: text(),
  },
  (table) => [
    check('export_batches_encoding', sql`${table.encoding} in ('cp932', 'utf8bom')`),
    index('export_batches_product_ix').on(table.groupPfCode, table.groupPfCodeInceptionDateYm),
  ],
)

/**
 * The applications a batch took. The primary key on the application is the claim: of two
 * exports at once, only one inserts a given application (the other's insert does nothing).
 */
export const exportBatchItems = pgTable(
  'export_batch_items',
  {
    applicationId: uuid()
      .primaryKey()
      .references(() => applications.id, { onDelete: 'restrict' }),
    batchId: uuid()
      .notNull()
      .references(() => exportBatches.id, { onDelete: 'cascade' }),
  },
  (table) => [index('export_batch_items_batch_ix').on(table.batchId, table.applicationId)],
)
