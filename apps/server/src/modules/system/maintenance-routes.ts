import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Notices from '@app/shared/api/admin/notice-endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// Maintenance from the console (issue #21 point 7, ADR 0034): the status for every staff
// member's banner; the switch and the scheduled windows for manageMaintenance.

const tags = ['admin']

export const maintenanceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = app.maintenanceAdmin
  const guard = app.staffSessions.may('manageMaintenance')

  registerEndpoint(
    app,
    Notices.maintenanceStatusApi,
    {
      summary: 'メンテナンス中かどうか（コンソールの表示）',
      tags,
      refusals: [401],
      guard: app.staffSessions.staff,
    },
    () => service.status(),
  )

  registerEndpoint(
    app,
    Notices.maintenanceSettingsApi,
    { summary: 'メンテナンスの設定', tags, refusals: [401, 403], guard },
    () => service.settings(),
  )

  registerEndpoint(
    app,
    Notices.maintenanceSwitchApi,
    { summary: 'メンテナンスの手動切り替え', tags, refusals: [401, 403], guard },
    ({ who, body }) => service.switchManual(who, body.on, body.reason),
  )

  registerEndpoint(
    app,
    Notices.scheduleMaintenanceApi,
    { summary: 'メンテナンス時間帯の予約', tags, refusals: [401, 403, 409], guard },
    ({ who, body }) => service.schedule(who, body),
  )

  registerEndpoint(
    app,
    Notices.cancelMaintenanceApi,
    { summary: 'メンテナンス時間帯の取り消し', tags, refusals: [401, 403, 404, 409], guard },
    ({ who, params }) => service.cancel(who, params.windowId),
  )

  done()
}
