import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  exportBatches,
  exportBatchItems,
  groupPfBranches,
  groupPfInfos,
} from '../../db/schema/index.ts'
import type { RecordScope } from '../staff/staff-scope.ts'

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

// The console's reads (issue #20 point 7): a product is in an agency's scope iff some branch of
// its group has the agency's agentCd (ADR 0026); a scope of none reaches nothing.

function productInScope(scope: RecordScope, groupPfCode: SQL | typeof exportBatches.groupPfCode) {
  switch (scope.kind) {
    case 'all':
      return sql`true`
    case 'none':
      return sql`false`
    case 'agency':
      return sql`exists (select 1 from ${groupPfBranches}
        where ${groupPfBranches.groupPfCode} = ${groupPfCode}
          and ${groupPfBranches.agentCd} = ${scope.agentCd})`
    case 'group':
      return sql`${groupPfCode} = ${scope.groupPfCode}`
  }
}

/** Whether the product exists and is in the scope. */
export async function isProductInScope(
  db: Database,
  scope: RecordScope,
  product: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<boolean> {
  const rows = await db
    .select({ groupPfCode: groupPfInfos.groupPfCode })
    .from(groupPfInfos)
    .where(
      and(
        eq(groupPfInfos.groupPfCode, product.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, product.groupPfCodeInceptionDateYm),
        productInScope(scope, sql`${product.groupPfCode}`),
      ),
    )
    .limit(1)
  return rows.length > 0
}

const LIST_LIMIT = 500

/** The batches of the products in scope, newest first (the latest 500). */
export async function listBatchesInScope(
  db: Database,
  scope: RecordScope,
  filter: { groupPfCode?: string | undefined; groupPfCodeInceptionDateYm?: string | undefined },
): Promise<ExportBatchRow[]> {
  const rows = await db
    .select()
    .from(exportBatches)
    .where(
      and(
        filter.groupPfCode === undefined
          ? undefined
          : eq(exportBatches.groupPfCode, filter.groupPfCode),
        filter.groupPfCodeInceptionDateYm === undefined
          ? undefined
          : eq(exportBatches.groupPfCodeInceptionDateYm, filter.groupPfCodeInceptionDateYm),
        productInScope(scope, exportBatches.groupPfCode),
      ),
    )
    .orderBy(desc(exportBatches.createdAt), desc(exportBatches.id))
    .limit(LIST_LIMIT)
  return rows.map((row) => ({ ...row, encoding: encodingOf(row.encoding) }))
}

/** A batch of a product in scope. */
export async function findBatchInScope(
  db: Database,
  scope: RecordScope,
  batchId: string,
): Promise<ExportBatchRow | undefined> {
  const rows = await db
    .select()
    .from(exportBatches)
    .where(and(eq(exportBatches.id, batchId), productInScope(scope, exportBatches.groupPfCode)))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, encoding: encodingOf(row.encoding) }
}
