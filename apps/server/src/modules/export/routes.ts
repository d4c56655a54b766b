import { PassThrough, Writable } from 'node:stream'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import * as Admin from '@app/shared/api/admin/endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'
import { staffActor } from '../staff/staff-scope.ts'
import { downloadBatchAgain, runCoreExport } from './core-export.ts'
import type { Unmappable } from './core-csv.ts'
import {
  findBatch,
  findBatchInScope,
  isProductInScope,
  listBatchesInScope,
  type ExportBatchRow,
} from './export-repository.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// The export to the core system in the console (issue #20 point 7, docs/core-export.md), for the
// roles with exportCore, on the products in their scope (404 ADMN0001 outside it). The console's
// batch replaces characters CP932 lacks with 〓 and lists each one in its answer (the command
// line's --replace): the console has no way to fix the data, and a batch that failed would leave
// the staff member with nothing. Both the new batch and a download are audited with the staff
// member as the actor, as the command line records them with `system`.

const tags = ['admin']

const notFound = (message: string) =>
  new AdminError(adminErrorCodes.adminRecordNotFound, { message })

/** What the file is, for the browser: the batch's encoding. */
const CONTENT_TYPES = {
  cp932: 'text/csv; charset=Shift_JIS',
  utf8bom: 'text/csv; charset=utf-8',
} as const

/** A sink that keeps nothing: the new batch's file is written again at its download. */
function discard(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback()
    },
  })
}

function unmappableText(found: Unmappable): string {
  return `${found.line}行目 ${found.column} ${found.codePoint} ${found.character}`
}

function batchView(
  batch: ExportBatchRow,
  unmappable: readonly Unmappable[] = [],
): z.infer<typeof Admin.exportBatchSchema> {
  return {
    batchId: batch.id,
    groupPfCode: batch.groupPfCode,
    groupPfCodeInceptionDateYm: batch.groupPfCodeInceptionDateYm,
    encoding: batch.encoding,
    applicationCount: batch.applicationCount,
    rowCount: batch.rowCount,
    createdAt: batch.createdAt.toISOString(),
    unmappable: unmappable.map(unmappableText),
  }
}

export const exportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const mayExport = app.staffSessions.may('exportCore')

  registerEndpoint(
    app,
    Admin.exportListApi,
    { summary: '基幹連携の出力バッチ一覧', tags, refusals: [401, 403], guard: mayExport },
    async ({ who, query }) => {
      const batches = await listBatchesInScope(app.db, who.scope, query)
      return { batches: batches.map((batch) => batchView(batch)) }
    },
  )

  registerEndpoint(
    app,
    Admin.createExportApi,
    {
      summary: '基幹連携の出力（前回以降のお申し込み）',
      tags,
      refusals: [401, 403, 404],
      guard: mayExport,
    },
    async ({ who, body }) => {
      const product = {
        groupPfCode: body.groupPfCode,
        groupPfCodeInceptionDateYm: body.groupPfCodeInceptionDateYm,
      }
      if (!(await isProductInScope(app.db, who.scope, product))) {
        throw notFound('product not found or outside the scope')
      }
      const result = await runCoreExport({
        db: app.db,
        clock: app.clock,
        product,
        encoding: body.encoding,
        replace: true,
        sink: discard(),
        actor: staffActor(who),
      })
      const batch = await findBatch(app.db, result.batchId)
      if (batch === undefined) throw new Error('export batch not recorded')
      return batchView(batch, result.unmappable)
    },
  )

  registerEndpoint(
    app,
    Admin.exportFileApi,
    {
      summary: '出力バッチのファイル（再ダウンロード）',
      tags,
      refusals: [401, 403, 404],
      guard: mayExport,
    },
    async ({ who, params, reply }) => {
      const batch = await findBatchInScope(app.db, who.scope, params.batchId)
      if (batch === undefined) throw notFound('batch not found or outside the scope')
      const fileName = `core-export-${batch.groupPfCode}-${batch.groupPfCodeInceptionDateYm}-${batch.id}.csv`
      // Written page by page as the client reads it (backpressure): memory stays bounded.
      const body = new PassThrough()
      downloadBatchAgain({
        db: app.db,
        clock: app.clock,
        batchId: batch.id,
        sink: body,
        actor: staffActor(who),
      }).then(
        () => body.end(),
        (error: unknown) => {
          app.log.error({ err: error }, 'export download failed')
          body.destroy(error instanceof Error ? error : new Error('export download failed'))
        },
      )
      return reply
        .header('content-type', CONTENT_TYPES[batch.encoding])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body)
    },
  )

  done()
}
