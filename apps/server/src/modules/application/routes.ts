import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type { ApplicationStep } from '@app/shared'
import * as Application from '@app/shared/api/application/endpoints'
import { registerEndpoint, type EndpointOptions } from '../../lib/register-endpoint.ts'
import type { SignedIn } from '../access/session.ts'

// The application (issue #6, ADR 0012): thin routes over ApplicationService, each registered from
// its shared endpoint (ADR 0022). Every call works on the signed-in applicant's own application;
// the answers hold personal data, so no cache keeps them and nothing of the bodies is logged.

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
  const options = (summary: string): EndpointOptions<SignedIn> => ({
    summary,
    tags: ['application'],
    refusals: [400, 401, 403, 404, 409],
    guard: app.sessions.applicant,
  })

  registerEndpoint(
    app,
    Application.applyInfoApi,
    options('申込情報の取得（状態・版・進み具合・同意）'),
    ({ who }) => app.applications.view(who),
  )

  // One registration per step: each step's body has its own schema (and type).
  const { saveStepApis: steps } = Application
  const saving = (step: ApplicationStep) => options(`申込情報の保存: ${stepSummaries[step]}`)
  registerEndpoint(app, steps.entryTerms, saving('entryTerms'), ({ who, body }) =>
    app.applications.saveStep(who, 'entryTerms', body),
  )
  registerEndpoint(
    app,
    steps.selectPolicyHolderDiv,
    saving('selectPolicyHolderDiv'),
    ({ who, body }) => app.applications.saveStep(who, 'selectPolicyHolderDiv', body),
  )
  registerEndpoint(app, steps.selectCategory, saving('selectCategory'), ({ who, body }) =>
    app.applications.saveStep(who, 'selectCategory', body),
  )
  registerEndpoint(app, steps.selectType, saving('selectType'), ({ who, body }) =>
    app.applications.saveStep(who, 'selectType', body),
  )
  registerEndpoint(
    app,
    steps.inputPolicyHolderInfo,
    saving('inputPolicyHolderInfo'),
    ({ who, body }) => app.applications.saveStep(who, 'inputPolicyHolderInfo', body),
  )
  registerEndpoint(
    app,
    steps.registerMaintenanceManager,
    saving('registerMaintenanceManager'),
    ({ who, body }) => app.applications.saveStep(who, 'registerMaintenanceManager', body),
  )
  registerEndpoint(app, steps.registerInsuredInfo, saving('registerInsuredInfo'), ({ who, body }) =>
    app.applications.saveStep(who, 'registerInsuredInfo', body),
  )
  registerEndpoint(app, steps.noticeMatters, saving('noticeMatters'), ({ who, body }) =>
    app.applications.saveStep(who, 'noticeMatters', body),
  )
  registerEndpoint(app, steps.noticeMattersDoc, saving('noticeMattersDoc'), ({ who, body }) =>
    app.applications.saveStep(who, 'noticeMattersDoc', body),
  )
  registerEndpoint(
    app,
    steps.checkPolicyHolderInfo,
    saving('checkPolicyHolderInfo'),
    ({ who, body }) => app.applications.saveStep(who, 'checkPolicyHolderInfo', body),
  )
  registerEndpoint(
    app,
    steps.pamphletImportantNotes,
    saving('pamphletImportantNotes'),
    ({ who, body }) => app.applications.saveStep(who, 'pamphletImportantNotes', body),
  )

  registerEndpoint(
    app,
    Application.addInsuredApi,
    options('被保険者の追加'),
    ({ who, params, body }) => app.applications.addInsured(who, params.unitNo, body),
  )
  registerEndpoint(
    app,
    Application.confirmInsuredApi,
    options('被保険者の登録内容の確定（補償ごと）'),
    ({ who, params, body }) => app.applications.confirmInsured(who, params.unitNo, body.version),
  )
  registerEndpoint(
    app,
    Application.editInsuredApi,
    options('被保険者の変更'),
    ({ who, params, body }) =>
      app.applications.editInsured(who, params.unitNo, params.insrdId, body),
  )
  registerEndpoint(
    app,
    Application.removeInsuredApi,
    options('被保険者の削除'),
    ({ who, params, query }) =>
      app.applications.removeInsured(who, params.unitNo, params.insrdId, query.version),
  )
  registerEndpoint(
    app,
    Application.mainCoverageTypesApi,
    options('プラン（主たる補償）の一覧'),
    ({ who }) => app.applications.mainCoverageTypes(who),
  )
  registerEndpoint(
    app,
    Application.specifiedCoverageTypesApi,
    options('プランに付けられるオプションの一覧'),
    ({ who, query }) => app.applications.specifiedCoverageTypes(who, query.planUnitNo),
  )
  done()
}
