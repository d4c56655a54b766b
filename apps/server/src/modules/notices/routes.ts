import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Notices from '@app/shared/api/admin/notice-endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// Notices per group product from the console (issue #21 point 7, ADR 0034): thin routes over the
// notice service, for the roles with manageNotices. Nothing of a notice's text is logged.

const tags = ['admin']

export const noticeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = app.noticeAdmin
  const guard = app.staffSessions.may('manageNotices')

  registerEndpoint(
    app,
    Notices.noticeListApi,
    { summary: 'お知らせの一覧', tags, refusals: [401, 403], guard },
    async ({ who, query }) => ({ notices: await service.list(who, query.groupPfCode) }),
  )

  registerEndpoint(
    app,
    Notices.createNoticeApi,
    { summary: 'お知らせの作成', tags, refusals: [401, 403, 404, 409], guard },
    ({ who, body }) => service.create(who, body),
  )

  registerEndpoint(
    app,
    Notices.updateNoticeApi,
    { summary: 'お知らせの編集', tags, refusals: [401, 403, 404, 409], guard },
    ({ who, params, body }) => service.update(who, params.noticeId, body),
  )

  registerEndpoint(
    app,
    Notices.endNoticeApi,
    { summary: 'お知らせの掲載終了', tags, refusals: [401, 403, 404, 409], guard },
    ({ who, params }) => service.end(who, params.noticeId),
  )

  done()
}
