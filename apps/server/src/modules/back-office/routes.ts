import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Admin from '@app/shared/api/admin/endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// Applications in the back office (issue #20 point 5, ADR 0027): thin routes over
// ApplicationAdminService. The guards decide the permission (403 ADMA0002); the service decides
// the scope (404 ADMN0001) and the state (409). Nothing of a body (reasons, notes) is logged.

const tags = ['admin']

export const backOfficeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const sessions = app.staffSessions
  const may = (permission: Parameters<typeof sessions.may>[0]) => sessions.may(permission)
  const service = app.applicationAdmin

  registerEndpoint(
    app,
    Admin.adminGroupsApi,
    {
      summary: '担当範囲の団体商品と支店',
      tags,
      refusals: [401, 403],
      guard: may('viewApplications'),
    },
    ({ who }) => service.groups(who),
  )

  registerEndpoint(
    app,
    Admin.searchApplicationsApi,
    { summary: '申込の検索', tags, refusals: [400, 401, 403], guard: may('viewApplications') },
    ({ who, query }) => service.search(who, query),
  )

  registerEndpoint(
    app,
    Admin.applicationDetailApi,
    {
      summary: '申込の詳細（告知の回答を除く。閲覧は監査ログに記録）',
      tags,
      refusals: [401, 403, 404],
      guard: may('viewApplications'),
    },
    ({ who, params }) => service.detail(who, params.applicationId),
  )

  registerEndpoint(
    app,
    Admin.noticeAnswersApi,
    {
      summary: '告知の回答（理由を入力して閲覧。監査ログに記録）',
      tags,
      refusals: [400, 401, 403, 404],
      guard: may('viewSensitive'),
    },
    ({ who, params, body }) => service.noticeAnswers(who, params.applicationId, body.reason),
  )

  registerEndpoint(
    app,
    Admin.documentLinkApi,
    {
      summary: '必要書類の短時間有効なリンク（理由を入力して発行。監査ログに記録）',
      tags,
      refusals: [400, 401, 403, 404],
      guard: may('viewSensitive'),
    },
    ({ who, params, body }) =>
      service.documentLink(who, params.applicationId, params.fileId, body.reason),
  )

  registerEndpoint(
    app,
    Admin.markProcessedApi,
    {
      summary: '処理済みにする（ステータスパターン 110 → 210）',
      tags,
      refusals: [400, 401, 403, 404, 409],
      guard: may('processApplications'),
    },
    ({ who, params, body }) => service.markProcessed(who, params.applicationId, body),
  )

  registerEndpoint(
    app,
    Admin.cancelApplicationApi,
    {
      summary: '申込の取消（申込者へメールで通知）',
      tags,
      refusals: [400, 401, 403, 404, 409],
      guard: may('processApplications'),
    },
    ({ who, params, body }) => service.cancel(who, params.applicationId, body),
  )

  done()
}
