import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '@app/shared'
import type { MyPageLink } from '@app/shared/api/my-page/endpoints'
import {
  stopUpdateApi,
  renewalInfoApi,
  renewalProcedureApi,
} from '@app/shared/api/renewal/endpoints'

// Renewal (issue #9, SPEC §3.7, §4, §8.3, §8.4; ADR 0016): thin routes over RenewalService. Each
// call names the my-page link and the contract's coverage period, and is answered only from the
// signed-in policy holder's own contracts (MyPageAccess: 401 E0003 without a my-page session,
// 404 APFA1003 for another group's session, 404 APFH0001 for a period without their contract).

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}
const tags = ['renewal']
const security = [{ bearer: [] }]

const linkOf = (value: MyPageLink): MyPageLink => ({
  groupPfCode: value.groupPfCode,
  urlKey: value.urlKey,
})

export const renewalRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { renewals } = app

  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store')
    return payload
  })

  app.get(
    renewalInfoApi.path,
    {
      schema: {
        summary: '更新の状態（SPEC §3.7）: 前年度のご契約、次年度の商品、自動更新の条件',
        tags,
        security,
        querystring: renewalInfoApi.query,
        response: { 200: renewalInfoApi.response, ...refusals },
      },
    },
    async (request, reply) => {
      const holder = await app.myPageAccess.requireSignedIn(request, reply, linkOf(request.query))
      return renewals.info(holder, request.query.groupPfCodeInceptionDateYm)
    },
  )

  app.post(
    stopUpdateApi.path,
    {
      schema: {
        summary: '自動更新の停止（更新確定日の前日まで。以後は 409 APFA2031）',
        tags,
        security,
        body: stopUpdateApi.body,
        response: { 200: stopUpdateApi.response, ...refusals },
      },
    },
    async (request, reply) => {
      const holder = await app.myPageAccess.requireSignedIn(request, reply, linkOf(request.body))
      return renewals.stopAutoRenewal(holder, request.body.groupPfCodeInceptionDateYm)
    },
  )

  app.post(
    renewalProcedureApi.path,
    {
      schema: {
        summary: '更新手続きの開始（または再開）: 次年度の商品での申込（前年度の回答を引き継ぐ）',
        tags,
        security,
        body: renewalProcedureApi.body,
        response: { 200: renewalProcedureApi.response, ...refusals },
      },
    },
    async (request, reply) => {
      const holder = await app.myPageAccess.requireSignedIn(request, reply, linkOf(request.body))
      return renewals.startProcedure(holder, request.body.groupPfCodeInceptionDateYm)
    },
  )

  done()
}
