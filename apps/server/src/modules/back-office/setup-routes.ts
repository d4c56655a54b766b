import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Setup from '@app/shared/api/admin/setup'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// Group products and rosters in the console (issue #21 points 1 and 2, ADR 0030): thin routes
// over ProductSetupService and RosterSetupService. Nothing of a body (documents, rosters) and
// nothing of an answer (the letters' passwords) is logged.

const tags = ['admin']
/** a document with two images of 2 MB, or a roster of some 100,000 members, in base64 */
const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024

export const setupRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const manageProducts = app.staffSessions.may('manageProducts')
  const manageRosters = app.staffSessions.may('manageRosters')
  const route = { bodyLimit: UPLOAD_BODY_LIMIT }

  registerEndpoint(
    app,
    Setup.productCheckApi,
    {
      summary: '団体商品ドキュメントのチェック（エラーと公開中の版との差分）',
      tags,
      refusals: [400, 401, 403, 404],
      guard: manageProducts,
      route,
    },
    ({ who, body }) => app.productSetup.check(who, body),
  )

  registerEndpoint(
    app,
    Setup.productPublishApi,
    {
      summary: '団体商品ドキュメントの公開',
      tags,
      refusals: [400, 401, 403, 404, 409],
      guard: manageProducts,
      route,
    },
    ({ who, body }) => app.productSetup.publish(who, body),
  )

  registerEndpoint(
    app,
    Setup.productDocumentApi,
    {
      summary: '公開中の団体商品ドキュメント',
      tags,
      refusals: [400, 401, 403, 404],
      guard: manageProducts,
    },
    ({ who, query }) => app.productSetup.document(who, query),
  )

  registerEndpoint(
    app,
    Setup.rosterCheckApi,
    {
      summary: '名簿CSVのチェック（行ごとのエラー、追加・変更・削除）',
      tags,
      refusals: [400, 401, 403, 404],
      guard: manageRosters,
      route,
    },
    ({ who, body }) => app.rosterSetup.check(who, body),
  )

  registerEndpoint(
    app,
    Setup.rosterPublishApi,
    {
      summary: '名簿の公開（新しい加入者の初回登録のご案内を一度だけ返す）',
      tags,
      refusals: [400, 401, 403, 404, 409],
      guard: manageRosters,
      route,
    },
    ({ who, body }) => app.rosterSetup.publish(who, body),
  )

  done()
}
