import { createHash } from 'node:crypto'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry, type AuditEntryInput } from '../audit/audit-records.ts'
import { findContractsByIds, listAppliedIdsOfProduct } from '../application/application-records.ts'
import {
  CORE_COLUMNS,
  CORE_HEADER,
  CoreLineEncoder,
  coreRows,
  type Unmappable,
} from './core-csv.ts'
import {
  claimApplications,
  completeBatch,
  deleteBatch,
  findBatch,
  insertBatch,
  listBatchApplicationIds,
  type ExportEncoding,
} from './export-repository.ts'

// The export to the insurer's core policy system (issue #20 point 7, docs/core-export.md): each
// export is a batch of the applied applications of a product that no earlier batch took, written
// page by page to a stream, so memory stays bounded whatever the number of rows.

/** Applications read per page. */
const PAGE = 500
/** Characters outside CP932 listed at most; the count covers them all. */
const REPORT_LIMIT = 100

export interface ExportResult {
  batchId: string
  /** false: characters outside CP932 and no --replace; the batch was not recorded */
  ok: boolean
  applicationCount: number
  rowCount: number
  byteSize: number
  sha256: string
  unmappable: Unmappable[]
  unmappableCount: number
  /** a download again: whether the bytes are those of the first download */
  sameAsRecorded?: boolean
}

const COLUMN_NAMES = CORE_COLUMNS.map(([, english]) => english)

async function write(sink: Writable, chunk: Buffer): Promise<void> {
  if (chunk.length === 0) return
  if (!sink.write(chunk)) await once(sink, 'drain')
}

/** Writes the batch's file: the header, then every row of its applications in id order. */
async function writeBatch(
  db: Database,
  batchId: string,
  options: { encoding: ExportEncoding; replace: boolean; sink: Writable },
): Promise<Omit<ExportResult, 'batchId'>> {
  const unmappable: Unmappable[] = []
  let unmappableCount = 0
  const encoder = new CoreLineEncoder(options.encoding, (found) => {
    unmappableCount += 1
    if (unmappable.length < REPORT_LIMIT) unmappable.push(found)
  })
  const hash = createHash('sha256')
  let byteSize = 0
  let rowCount = 0
  let applicationCount = 0
  let line = 1
  const emit = async (chunk: Buffer) => {
    hash.update(chunk)
    byteSize += chunk.length
    await write(options.sink, chunk)
  }
  await emit(Buffer.concat([encoder.preamble(), encoder.encode(CORE_HEADER, COLUMN_NAMES, line)]))
  let afterId: string | undefined
  for (;;) {
    const ids = await listBatchApplicationIds(db, batchId, { afterId, limit: PAGE })
    if (ids.length === 0) break
    afterId = ids.at(-1)
    const chunks: Buffer[] = []
    for (const contract of await findContractsByIds(db, ids)) {
      applicationCount += 1
      for (const row of coreRows(contract)) {
        line += 1
        rowCount += 1
        chunks.push(
          encoder.encode(
            COLUMN_NAMES.map((column) => row[column]),
            COLUMN_NAMES,
            line,
          ),
        )
      }
    }
    await emit(Buffer.concat(chunks))
  }
  return {
    ok: unmappableCount === 0 || options.replace,
    applicationCount,
    rowCount,
    byteSize,
    sha256: hash.digest('hex'),
    unmappable,
    unmappableCount,
  }
}

/** Who exports: the command line (`system`), or a signed-in staff member from the console. */
export type ExportActor = Pick<AuditEntryInput, 'actorKind' | 'actorId' | 'clientAddress'>

const SYSTEM_ACTOR: ExportActor = { actorKind: 'system' }

/**
 * Personal data left the system: who (the command line, until staff sign in: issue #20), which
 * batch of which product, how many rows (ADR 0024).
 */
async function recordExport(
  db: Database,
  action: 'export.created' | 'export.downloaded',
  batchId: string,
  product: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
  rowCount: number,
  actor: ExportActor = SYSTEM_ACTOR,
): Promise<void> {
  await appendAuditEntry(db, {
    ...actor,
    action,
    recordKind: 'exportBatch',
    recordId: batchId,
    details: { ...product, rowCount },
  })
}

/**
 * A new batch of the product: claims the applied applications no batch took, writes them to
 * `sink`, and records the batch. When characters outside CP932 are found and `replace` is not
 * set, the batch is deleted (its applications go to the next export) and `ok` is false; what was
 * written to the sink must then be thrown away.
 */
export async function runCoreExport(options: {
  db: Database
  clock: Clock
  product: { groupPfCode: string; groupPfCodeInceptionDateYm: string }
  encoding: ExportEncoding
  replace: boolean
  sink: Writable
  actor?: ExportActor
}): Promise<ExportResult> {
  const { db, product } = options
  const batchId = await insertBatch(db, {
    ...product,
    encoding: options.encoding,
    replaceUnmappable: options.replace,
    createdAt: options.clock.now(),
  })
  try {
    let afterId: string | undefined
    for (;;) {
      const ids = await listAppliedIdsOfProduct(db, product, { afterId, limit: PAGE })
      if (ids.length === 0) break
      afterId = ids.at(-1)
      await claimApplications(db, batchId, ids)
    }
    const result = await writeBatch(db, batchId, options)
    if (!result.ok) {
      await deleteBatch(db, batchId)
      return { batchId, ...result }
    }
    await completeBatch(db, batchId, {
      completedAt: options.clock.now(),
      applicationCount: result.applicationCount,
      rowCount: result.rowCount,
      byteSize: result.byteSize,
      sha256: result.sha256,
    })
    await recordExport(db, 'export.created', batchId, product, result.rowCount, options.actor)
    return { batchId, ...result }
  } catch (error) {
    await deleteBatch(db, batchId)
    throw error
  }
}

/**
 * An earlier batch again: the same applications, encoding and replacement, so the same bytes as
 * long as the applications did not change; `sameAsRecorded` tells. Undefined: no such batch.
 */
export async function downloadBatchAgain(options: {
  db: Database
  clock: Clock
  batchId: string
  sink: Writable
  actor?: ExportActor
}): Promise<
  | (ExportResult & { product: { groupPfCode: string; groupPfCodeInceptionDateYm: string } })
  | undefined
> {
  const batch = await findBatch(options.db, options.batchId)
  if (batch === undefined) return undefined
  const result = await writeBatch(options.db, batch.id, {
    encoding: batch.encoding,
    replace: batch.replaceUnmappable,
    sink: options.sink,
  })
  if (batch.sha256 === null && result.ok) {
    // a batch whose export stopped before it was recorded as complete: complete it now
    await completeBatch(options.db, batch.id, {
      completedAt: options.clock.now(),
      applicationCount: result.applicationCount,
      rowCount: result.rowCount,
      byteSize: result.byteSize,
      sha256: result.sha256,
    })
  }
  const product = {
    groupPfCode: batch.groupPfCode,
    groupPfCodeInceptionDateYm: batch.groupPfCodeInceptionDateYm,
  }
  if (result.ok)
    await recordExport(
      options.db,
      'export.downloaded',
      batch.id,
      product,
      result.rowCount,
      options.actor,
    )
  return {
    batchId: batch.id,
    ...result,
    sameAsRecorded: batch.sha256 === null || batch.sha256 === result.sha256,
    product: {
      groupPfCode: batch.groupPfCode,
      groupPfCodeInceptionDateYm: batch.groupPfCodeInceptionDateYm,
    },
  }
}
