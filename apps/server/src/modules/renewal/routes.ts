import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Renewal from '@app/shared/api/renewal/endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// Renewal (issue #9, SPEC §3.7, §4, §8.3, §8.4; ADR 0016): thin routes over RenewalService. Each
// call names the my-page link and the contract's coverage period, and is answered only from the
// signed-in policy holder's own contracts (MyPageAccess: 401 E0003 without a my-page session,
// 404 APFA1003 for another group's session, 404 APFH0001 for a period without their contract).

export const renewalRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { renewals } = app
  const holder = (summary: string) => ({
    summary,
    tags: ['renewal'],
    refusals: [400, 401, 404, 409, 429],
    guard: app.myPageAccess.holder,
  })

  registerEndpoint(
    app,
    Renewal.renewalInfoApi,
    holder('更新の状態（SPEC §3.7）: 前年度のご契約、次年度の商品、自動更新の条件'),
    ({ who, query }) => renewals.info(who, query.groupPfCodeInceptionDateYm),
  )
  registerEndpoint(
    app,
    Renewal.stopUpdateApi,
    holder('自動更新の停止（更新確定日の前日まで。以後は 409 APFA2031）'),
    ({ who, body }) => renewals.stopAutoRenewal(who, body.groupPfCodeInceptionDateYm),
  )
  registerEndpoint(
    app,
    Renewal.renewalProcedureApi,
    holder('更新手続きの開始（または再開）: 次年度の商品での申込（前年度の回答を引き継ぐ）'),
    ({ who, body }) => renewals.startProcedure(who, body.groupPfCodeInceptionDateYm),
  )
  done()
}
