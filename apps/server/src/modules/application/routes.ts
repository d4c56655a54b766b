import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  applicationResponseSchema,
  applicationSteps,
  applyInfoPath,
  errorBodySchema,
  insuredBodySchema,
  insuredConfirmBodySchema,
  insuredPath,
  mainCoverageTypesPath,
  mainCoverageTypesResponseSchema,
  specifiedCoverageTypesPath,
  specifiedCoverageTypesQuerySchema,
  specifiedCoverageTypesResponseSchema,
  stepBodySchemas,
  versionQuerySchema,
  type ApplicationStep,
} from '@app/shared'
import type { StepBody } from './apply-info-state.ts'

// The application (issue #6, ADR 0012): thin routes over ApplicationService. Every call works on
// the signed-in applicant's own application; the answers hold personal data, so no cache keeps
// them and nothing of the bodies is logged.

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
}
const security = [{ bearer: [] }]
const tags = ['application']

const unitParams = z.strictObject({
  unitNo: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number),
})
const insuredParams = unitParams.extend({
  insrdId: z.string().regex(/^[0-9a-f-]{36}$/),
})

const stepSummaries: Record<ApplicationStep, string> = {
  entryTerms: '同意事項・個人情報の取扱いへの同意',
  selectPolicyHolderDiv: '個人・法人の別',
  selectCategory: 'プランの選択',
  selectType: '契約タイプ・オプションの選択',
  inputPolicyHolderInfo: '契約者情報の入力',
  registerMaintenanceManager: '担当者の登録（法人）',
  registerInsuredInfo: '被保険者の登録の完了',
  noticeMatters: '告知事項の回答',
  noticeMattersDoc: '必要書類のアップロードの完了',
  checkPolicyHolderInfo: '申込内容の確認',
  pamphletImportantNotes: '重要事項への同意',
}

export const applicationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store')
    return payload
  })

  app.get(
    applyInfoPath,
    {
      schema: {
        summary: '申込情報の取得（状態・版・進み具合・同意）',
        tags,
        security,
        response: { 200: applicationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => app.applications.view(await app.sessions.require(request, reply)),
  )

  const registerStep = <S extends ApplicationStep>(step: S) => {
    app.put(
      `${applyInfoPath}${step}`,
      {
        schema: {
          summary: `申込情報の保存: ${stepSummaries[step]}`,
          tags,
          security,
          body: stepBodySchemas[step],
          response: { 200: applicationResponseSchema, ...refusals },
        },
      },
      async (request, reply) => {
        const signedIn = await app.sessions.require(request, reply)
        return app.applications.saveStep(signedIn, step, request.body as StepBody<S>)
      },
    )
  }
  for (const step of applicationSteps) registerStep(step)

  app.post(
    `${insuredPath}:unitNo`,
    {
      schema: {
        summary: '被保険者の追加',
        tags,
        security,
        params: unitParams,
        body: insuredBodySchema,
        response: { 200: applicationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      return app.applications.addInsured(signedIn, request.params.unitNo, request.body)
    },
  )

  app.put(
    `${insuredPath}:unitNo/confirm`,
    {
      schema: {
        summary: '被保険者の登録内容の確定（補償ごと）',
        tags,
        security,
        params: unitParams,
        body: insuredConfirmBodySchema,
        response: { 200: applicationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      return app.applications.confirmInsured(signedIn, request.params.unitNo, request.body.version)
    },
  )

  app.put(
    `${insuredPath}:unitNo/:insrdId`,
    {
      schema: {
        summary: '被保険者の変更',
        tags,
        security,
        params: insuredParams,
        body: insuredBodySchema,
        response: { 200: applicationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      const { unitNo, insrdId } = request.params
      return app.applications.editInsured(signedIn, unitNo, insrdId, request.body)
    },
  )

  app.delete(
    `${insuredPath}:unitNo/:insrdId`,
    {
      schema: {
        summary: '被保険者の削除',
        tags,
        security,
        params: insuredParams,
        querystring: versionQuerySchema,
        response: { 200: applicationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      const { unitNo, insrdId } = request.params
      return app.applications.removeInsured(signedIn, unitNo, insrdId, request.query.version)
    },
  )

  app.get(
    mainCoverageTypesPath,
    {
      schema: {
        summary: 'プラン（主たる補償）の一覧',
        tags,
        security,
        response: { 200: mainCoverageTypesResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      app.applications.mainCoverageTypes(await app.sessions.require(request, reply)),
  )

  app.get(
    specifiedCoverageTypesPath,
    {
      schema: {
        summary: 'プランに付けられるオプションの一覧',
        tags,
        security,
        querystring: specifiedCoverageTypesQuerySchema,
        response: { 200: specifiedCoverageTypesResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      return app.applications.specifiedCoverageTypes(signedIn, request.query.planUnitNo)
    },
  )
  done()
}
