import { and, asc, eq, gt } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { exportBatches, exportBatchItems } from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6). The only writer of `export_batches` and
// `export_batch_items` (issue #20 point 7).

export type ExportEncoding = 'cp932' | 'utf8bom'

export interface ExportBatchRow {
  id: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  encoding: ExportEncoding
  replaceUnmappable: boolean
  createdAt: Date
  completedAt: Date | null
  applicationCount: number
  rowCount: number
  byteSize: number
  sha256: string | null
}

function encodingOf(value: string): ExportEncoding {
  if (value === 'cp932' || value === 'utf8bom') return value
  throw new Error(`unknown export encoding ${value}`)
}

export async function insertBatch(
  db: Database,
  values: {
    groupPfCode: string
    groupPfCodeInceptionDateYm: string
    encoding: ExportEncoding
    replaceUnmappable: boolean
    createdAt: Date
  },
): Promise<string> {
  const [row] = await db.insert(exportBatches).values(values).returning({ id: exportBatches.id })
  if (row === undefined) throw new Error('export batch not created')
  return row.id
}

/**
 * Claims the applications for the batch: those no batch took before. The primary key decides a
 * race: of two exports claiming one application at once, the second's insert waits for the
 * first and then does nothing. Answers the ids this batch took.
 */
export async function claimApplications(
  db: Database,
  batchId: string,
  applicationIds: string[],
): Promise<string[]> {
  if (applicationIds.length === 0) return []
  const rows = await db
    .insert(exportBatchItems)
    .values(applicationIds.map((applicationId) => ({ applicationId, batchId })))
    .onConflictDoNothing({ target: exportBatchItems.applicationId })
    .returning({ applicationId: exportBatchItems.applicationId })
  return rows.map((row) => row.applicationId)
}

/** A page of the batch's applications, in id order after `afterId`. */
export async function listBatchApplicationIds(
  db: Database,
  batchId: string,
  page: { afterId: string | undefined; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ applicationId: exportBatchItems.applicationId })
    .from(exportBatchItems)
    .where(
      and(
        eq(exportBatchItems.batchId, batchId),
        page.afterId === undefined ? undefined : gt(exportBatchItems.applicationId, page.afterId),
      ),
    )
    .orderBy(asc(exportBatchItems.applicationId))
    .limit(page.limit)
  return rows.map((row) => row.applicationId)
}

export async function completeBatch(
  db: Database,
  batchId: string,
  values: {
    completedAt: Date
    applicationCount: number
    rowCount: number
    byteSize: number
    sha256: string
  },
): Promise<void> {
  await db.update(exportBatches).set(values).where(eq(exportBatches.id, batchId))
}

/** A failed export gives its applications back: the next export takes them. */
export async function deleteBatch(db: Database, batchId: string): Promise<void> {
  await db.delete(exportBatches).where(eq(exportBatches.id, batchId))
}

export async function findBatch(
  db: Database,
  batchId: string,
): Promise<ExportBatchRow | undefined> {
  const rows = await db.select().from(exportBatches).where(eq(exportBatches.id, batchId)).limit(1)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, encoding: encodingOf(row.encoding) }
}
