import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { toBusinessDate } from '@app/shared'
import * as Participation from '@app/shared/api/admin/participation'
import { registerEndpoint } from '../../lib/register-endpoint.ts'
import { participationCsv } from './participation-csv.ts'

// The participation dashboard and the group contact's member list (issue #21 points 5 and 6, ADR
// 0033): thin routes over ParticipationService. The guards decide the permission (403 ADMA0002);
// the service the scope (404 ADMN0001). Names are never logged.

const tags = ['admin']

export const participationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = app.participation
  const viewParticipation = app.staffSessions.may('viewParticipation')

  registerEndpoint(
    app,
    Participation.participationProductsApi,
    {
      summary: '加入状況：担当範囲の団体商品',
      tags,
      refusals: [401, 403],
      guard: viewParticipation,
    },
    ({ who }) => service.products(who),
  )

  registerEndpoint(
    app,
    Participation.participationApi,
    {
      summary: '加入状況：集計・日別の推移・段階ごとの到達数（閲覧は監査ログに記録）',
      tags,
      refusals: [400, 401, 403, 404],
      guard: viewParticipation,
    },
    ({ who, params }) => service.view(who, params),
  )

  registerEndpoint(
    app,
    Participation.participationCsvApi,
    {
      summary: '加入状況のCSV（UTF-8 BOM付き。監査ログに記録）',
      tags,
      refusals: [400, 401, 403, 404],
      guard: viewParticipation,
    },
    async ({ who, params, reply }) => {
      const participation = await service.export(who, params)
      const fileName = `participation-${params.groupPfCode}-${params.groupPfCodeInceptionDateYm}-${toBusinessDate(app.clock.now())}.csv`
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(participationCsv(participation))
    },
  )

  registerEndpoint(
    app,
    Participation.memberStatesApi,
    {
      summary: '加入者一覧：氏名・会員番号・状況のみ（閲覧は監査ログに記録）',
      tags,
      refusals: [400, 401, 403, 404],
      guard: app.staffSessions.may('viewMemberStates'),
    },
    ({ who, params, query }) => service.memberStates(who, params, query),
  )

  done()
}
