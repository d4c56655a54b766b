import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { desc, eq } from 'drizzle-orm'
import {
  currentConsentVersions,
  t as catalogue,
  type ApplicationStep,
  type ApplicationView,
  type FileRef,
  type InsuredInput,
  type PolicyHolderInput,
} from '@app/shared'
import { t } from '@app/shared/messages/application'
import type { Database, DatabaseHandle } from '../../db/client.ts'
import {
  applicationStepEvents,
  applications,
  groupPfUnits,
  outboxMessages,
  rosterMembers,
  sessions,
} from '../../db/schema/index.ts'
import {
  createTestApp,
  createTestDatabase,
  jsonBody,
  jstTime,
  manualClock,
  testNow,
} from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { hashPassword } from '../security/password.ts'
import {
  applicationLink,
  importApplicationProduct,
  signInApplicant,
  type SignedInApplicant,
} from './application-test-support.ts'

// Issue #6: the application's state on the server (SPEC §3.1, §3.2, §4, §2.5, §8.4), through
// the real routes, sessions and database.

const consent = (documentId: keyof typeof currentConsentVersions) => ({
  documentId,
  version: currentConsentVersions[documentId],
})

const policyHolderInfo: PolicyHolderInput = {
  policyHolderNameKana: 'ミドリ　ハナコ',
  policyHolderNameKanji: '緑　花子',
  policyHolderBirthDate: '19850415',
  policyHolderSex: '2',
  policyHolderZipCd: '1000001',
  policyHolderAddressKanji: '東京都千代田区千代田１－１',
  policyHolderAddressKana: 'トウキョウト　チヨダク　チヨダ　１－１',
  homeTelNo: '',
  mobileTelNo: '090-1234-5678',
  faxNo: '',
  otherInsuranceFlg: '2',
  otherInsuranceCompanyName: '',
  otherInsuranceType: '',
  otherInsuranceExpiryDate: '',
  otherInsurancePymntLimit: '',
  itemAnswers: { employeeNo: 'E1234' },
}

const insuredOf = (unitNo: number, name = 'ミドリ　タロウ'): InsuredInput => ({
  insrdNameKana: name,
  insrdNameKanji: '緑　太郎',
  insrdBirthDate: '20100101',
  insrdSex: '1',
  itemAnswers: unitNo === 4 ? { golfHandicap: '18' } : { relationship: '01' },
})

/** The body each step is saved with unless a test says otherwise (version added on sending). */
const bodies: Record<ApplicationStep, Record<string, unknown>> = {
  entryTerms: { consentArray: [consent('entry-terms'), consent('privacy-policy')] },
  selectPolicyHolderDiv: { policyHolderDiv: '1' },
  selectCategory: { planUnitNo: 1 },
  selectType: { contractType: '2', optionUnitNoArray: ['2', '4'] },
  inputPolicyHolderInfo: { policyHolderInfo },
  registerMaintenanceManager: {
    maintenanceManagerInfo: {
      maintenanceManagerNameKana: 'ヤマダ　タロウ',
      maintenanceManagerNameKanji: '山田　太郎',
      maintenanceManagerDepartment: '総務部',
      maintenanceManagerTelNo: '03-1234-5678',
      maintenanceManagerMailAddress: 'soumu@example.jp',
    },
  },
  registerInsuredInfo: {},
  noticeMatters: { answers: { hospitalised: '2', golfInjury: '2' } },
  noticeMattersDoc: {},
  checkPolicyHolderInfo: {},
  pamphletImportantNotes: { consentArray: [consent('important-notes')] },
}

const fileRef = (name = 'kenkoushindan.pdf'): FileRef => ({
  fileId: randomUUID(),
  fileName: name,
  size: 1234,
  uploadedAt: testNow.toISOString(),
})

/** JST wall-clock time as a Date */
const jst = (yyyymmdd: string, hhmm = '0000') => jstTime(yyyymmdd, hhmm)

const json = jsonBody

describe('申込情報（issue #6）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()

  beforeAll(async () => {
    database = await createTestDatabase()
    await importApplicationProduct(database.db)
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    app = await createTestApp(database, { clock })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })
  beforeEach(() => {
    clock.set(testNow)
  })

  const getView = (who: SignedInApplicant) =>
    app.inject({ method: 'GET', url: '/api/applyInfo/', headers: who.headers })

  async function current(who: SignedInApplicant): Promise<ApplicationView> {
    const response = await getView(who)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ApplicationView>()
  }

  function put(who: SignedInApplicant, step: string, payload: Record<string, unknown>) {
    return app.inject({
      method: 'PUT',
      url: `/api/applyInfo/${step}`,
      headers: who.headers,
      payload,
    })
  }

  /** Saves a step at the current version and expects it to pass. */
  async function save(
    who: SignedInApplicant,
    step: ApplicationStep,
    body: Record<string, unknown> = bodies[step],
  ): Promise<ApplicationView> {
    const { version } = await current(who)
    const response = await put(who, step, { ...body, version })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ApplicationView>()
  }

  function insured(
    who: SignedInApplicant,
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: Record<string, unknown>,
  ) {
    return app.inject({
      method,
      url: `/api/applyInfo/insured/${path}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload }),
    })
  }

  async function addInsured(who: SignedInApplicant, unitNo: number, input = insuredOf(unitNo)) {
    const { version } = await current(who)
    const response = await insured(who, 'POST', String(unitNo), { version, insrdInfo: input })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ApplicationView>()
  }

  async function confirmUnit(who: SignedInApplicant, unitNo: number) {
    const { version } = await current(who)
    const response = await insured(who, 'PUT', `${unitNo}/confirm`, { version })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ApplicationView>()
  }

  /** Goes through the flow with the standard bodies until `last` is saved. */
  async function completeThrough(
    who: SignedInApplicant,
    last: ApplicationStep,
  ): Promise<ApplicationView> {
    let view = await current(who)
    for (;;) {
      const step = view.progress.nextStep
      if (step === 'payment') return view
      if (step === 'registerInsuredInfo') {
        for (const unitNo of Object.keys(view.applyInfoOption.insuredRegisterStatus)) {
          await addInsured(who, Number(unitNo))
          await confirmUnit(who, Number(unitNo))
        }
      }
      if (step === 'noticeMattersDoc')
        await app.applications.attachFile(who.applicationId, 1, fileRef())
      view = await save(who, step)
      if (step === last) return view
    }
  }

  describe('申込開始時の値（SPEC §4）', () => {
    it('確認メールのURLで申込を始めると、同じトランザクションで申込情報の初期値が作られること', async () => {
      const link = {
        groupPfCode: 'T000001',
        groupPfCodeInceptionDateYm: '202612',
        groupPfBranchNo: '00001',
        urlKey: 'Test0Key01',
      }
      await database.db.insert(rosterMembers).values({
        groupPfCode: 'T000001',
        groupPfCodeInceptionDateYm: '202612',
        memberCode: 'A001',
        firstEntryId: 'APPLY23456',
        passwordHash: await hashPassword('Init2Pass9xy'),
      })
      const ticket = await app.inject({
        method: 'POST',
        url: '/api/policyHolderInfoById/',
        payload: {
          ...link,
          firstEntryId: 'APPLY23456',
          firstEntryPassword: 'Init2Pass9xy',
          consents: [consent('terms-of-use')],
        },
      })
      expect(ticket.statusCode, ticket.body).toBe(200)
      const mail = await app.inject({
        method: 'POST',
        url: '/api/mainMail/',
        payload: {
          entryToken: json(ticket)['entryToken'],
          policyHolderEmailAddress: 'start@example.jp',
          password: 'Sakura-2026-pw',
          passwordConfirmation: 'Sakura-2026-pw',
        },
      })
      expect(mail.statusCode, mail.body).toBe(200)
      const [sent] = await database.db
        .select({ textBody: outboxMessages.textBody })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'start@example.jp'))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1)
      const token = /verifyUser#token=([A-Za-z0-9_-]+)/.exec(sent?.textBody ?? '')?.[1]
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/policyHolderInfoByMail/',
        payload: { token, password: 'Sakura-2026-pw' },
      })
      expect(confirmed.statusCode, confirmed.body).toBe(200)
      const { sessionToken, userId } = json(confirmed) as { sessionToken: string; userId: string }

      const [row] = await database.db
        .select({ applyInfo: applications.applyInfo, version: applications.version })
        .from(applications)
        .where(eq(applications.urlKey, 'Test0Key01'))
      expect(row?.applyInfo?.basicInfo.userId).toBe(userId)
      expect(row?.version).toBe(0)

      const response = await app.inject({
        method: 'GET',
        url: '/api/applyInfo/',
        headers: { authorization: `Bearer ${sessionToken}` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const view = response.json<ApplicationView>()
      expect(view.version).toBe(0)
      expect(view.applyInfo.urlKey).toBe('Test0Key01')
      expect(view.applyInfo.basicInfo).toEqual({
        userId,
        policyHolderEmailAddress: 'start@example.jp',
        groupPfCode: 'T000001',
        groupPfCodeInceptionDateYm: '202612',
        groupPfBranchNo: '00001',
        groupPfPolicyHolderNo: null,
        statusPattern: '110',
        pymntMethod: '1',
        payeeAccntDisplayDiv: '2',
        payeeAccntInfo: null,
        recruitFormat: '1',
        entryDiv: '1',
        preYearEntryDiv: null,
        preYearPolicyHolderNo: null,
        customerNo: null,
        webAccntEntryStts: null,
        accntEntrySttsMemo: null,
        applicationDate: null,
        custNo: null,
        subMailAddress: null,
      })
      // groupDocument(): slot 1 required, slot 2 optional, slot 3 not used
      expect(view.applyInfo.requiredDocsInfo).toEqual({
        file1Array: [],
        file2Array: [],
        file3Array: null,
      })
      expect(view.applyInfoOption).toEqual({
        sendMailFlg: '0',
        invoiceAmount: null,
        policyHolderNumber: null,
        insuredRegisterStatus: {},
        isExistApplyCompMailError: false,
        applyDiv: '1',
        periodDiv: '3',
        groupPfAutoRenewNa: '1',
        nextGroupPfCodeInceptionDateYm: null,
        nextGroupPfInceptionDate: null,
      })
      expect(view.progress.nextStep).toBe('entryTerms')
      expect(view.consentArray).toEqual([
        { ...consent('terms-of-use'), agreedAt: testNow.toISOString() },
      ])
    })

    it('以前に作られた状態のない申込は、最初の取得で初期値が入り、三項目認証の値は契約者の項目に入ること', async () => {
      const who = await signInApplicant(app, { started: false })
      const view = await current(who)
      expect(view.applyInfo.policyHolderInfo).toEqual({
        policyHolderDiv: null,
        policyHolderInceptionDate: '20261201',
        policyHolderInceptionTime: '0000',
        policyHolderExpiryDate: '20271130',
        policyHolderExpiryTime: '1600',
        policyHolderNameKana: '',
        policyHolderNameKanji: '',
        policyHolderBirthDate: '',
        policyHolderSex: '',
        policyHolderZipCd: '',
        policyHolderAddressKanji: '',
        policyHolderAddressKana: '',
        homeTelNo: '',
        mobileTelNo: '',
        faxNo: '',
        otherInsuranceFlg: '2',
        otherInsuranceCompanyName: '',
        otherInsuranceType: '',
        otherInsuranceExpiryDate: '',
        otherInsurancePymntLimit: '',
        itemAnswers: { MEMBER_NO: '1234567', BIRTH_DATE: '19850415', NAME_KANA: 'ミドリハナコ' },
      })
      expect(view.applyInfo.cvrgeInfo).toEqual({
        totalPremium: 0,
        initTotalPremium: 0,
        unitArray: [],
        planUnitNo: null,
        contractType: null,
      })
      expect(view.applyInfo.insrdInfoArray).toEqual([])
      expect(view.applyInfo.noticeMatterInfo).toEqual({ answers: {} })
      expect(view.applyInfo.maintenanceManagerInfo).toBeNull()
      const [row] = await database.db
        .select({ applyInfo: applications.applyInfo })
        .from(applications)
        .where(eq(applications.id, who.applicationId))
      expect(row?.applyInfo).toEqual(view.applyInfo)
    })

    // 一括募集 2026-11-01〜11-30、中途募集 2026-12-01〜12-31（中途加入の始期日 2027-01-01）。
    // 支払方法 "1"、口座表示 "1"（口座情報あり）: 形式 "2" のときだけ口座を表示して 211。
    it.each([
      ['一括募集の前日（23:59）', jst('20261031', '2359'), undefined],
      ['一括募集の初日（0:00）', jst('20261101'), ['1', '20261201', '0000', '110', '2']],
      ['一括募集の最終日（23:59）', jst('20261130', '2359'), ['1', '20261201', '0000', '110', '2']],
      [
        '一括募集の翌日・中途募集の初日（0:00）',
        jst('20261201'),
        ['2', '20270101', '', '211', '1'],
      ],
      ['中途募集の最終日（23:59）', jst('20261231', '2359'), ['2', '20270101', '', '211', '1']],
      ['中途募集の翌日（0:00）', jst('20270101'), undefined],
    ] as const)('%s の申込開始時の値（SPEC §4）', async (_label, now, expected) => {
      clock.set(now)
      const who = await signInApplicant(app, { started: false })
      const response = await getView(who)
      if (expected === undefined) {
        // 募集期間外: 始期日は両方空になるが、申込そのものを受け付けない（SPEC §8.4）
        expect(response.statusCode).toBe(403)
        expect(json(response)['errorCode']).toBe('APFA2001')
        return
      }
      const [format, inceptionDate, inceptionTime, statusPattern, displayDiv] = expected
      const { basicInfo, policyHolderInfo: holder } = response.json<ApplicationView>().applyInfo
      expect({
        recruitFormat: basicInfo.recruitFormat,
        policyHolderInceptionDate: holder.policyHolderInceptionDate,
        policyHolderInceptionTime: holder.policyHolderInceptionTime,
        policyHolderExpiryDate: holder.policyHolderExpiryDate,
        policyHolderExpiryTime: holder.policyHolderExpiryTime,
        statusPattern: basicInfo.statusPattern,
        payeeAccntDisplayDiv: basicInfo.payeeAccntDisplayDiv,
        payeeAccntInfo: basicInfo.payeeAccntInfo,
      }).toEqual({
        recruitFormat: format,
        policyHolderInceptionDate: inceptionDate,
        policyHolderInceptionTime: inceptionTime,
        policyHolderExpiryDate: '20271130',
        policyHolderExpiryTime: '1600',
        statusPattern,
        payeeAccntDisplayDiv: displayDiv,
        payeeAccntInfo: displayDiv === '1' ? 'デモ銀行 本店営業部 普通 1234567' : null,
      })
    })
  })

  describe('補償の一覧（SPEC §3.3, §8.4）', () => {
    it('プランの一覧は coverageTypeFlg "1" のユニットだけを返すこと', async () => {
      const who = await signInApplicant(app)
      const response = await app.inject({
        method: 'GET',
        url: '/api/mainCoverageTypes/',
        headers: who.headers,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        planArray: [
          {
            unitNo: 1,
            displayName: 'Aプラン',
            coverageName: '基本補償A',
            coverageTypeFlg: '1',
            unitPremium: 1200,
            premiumBasis: 'perInsured',
          },
          {
            unitNo: 3,
            displayName: 'Bプラン',
            coverageName: '基本補償B',
            coverageTypeFlg: '1',
            unitPremium: 2000,
            premiumBasis: 'perInsured',
          },
        ],
      })
    })

    it.each([
      [1, [2, 4, 6]],
      [3, [4, 5]],
    ])(
      'プラン %i に付けられるオプションは relatedUnitNo で絞った %j であること',
      async (planUnitNo, expected) => {
        const who = await signInApplicant(app)
        const response = await app.inject({
          method: 'GET',
          url: `/api/specifiedCoverageTypes/?planUnitNo=${planUnitNo}`,
          headers: who.headers,
        })
        expect(response.statusCode).toBe(200)
        const { optionArray } = response.json<{ optionArray: { unitNo: number }[] }>()
        expect(optionArray.map((option) => option.unitNo)).toEqual(expected)
      },
    )

    it('プランでないユニットのオプションを求めると 400 になること、セッションがなければ 401 E0003', async () => {
      const who = await signInApplicant(app)
      const response = await app.inject({
        method: 'GET',
        url: '/api/specifiedCoverageTypes/?planUnitNo=2',
        headers: who.headers,
      })
      expect(response.statusCode).toBe(400)
      expect(json(response)['issues']).toEqual([
        { path: 'planUnitNo', message: t('application.validation.unknownUnit') },
      ])
      const anonymous = await app.inject({ method: 'GET', url: '/api/mainCoverageTypes/' })
      expect(anonymous.statusCode).toBe(401)
      expect(json(anonymous)['errorCode']).toBe('E0003')
    })
  })

  describe('手順の順序と版（SPEC §2.5, ADR 0012）', () => {
    it('まだ開いていない手順・被保険者・告知事項への保存は 409 APFD0001 になること', async () => {
      const who = await signInApplicant(app)
      const later = await put(who, 'selectCategory', { version: 0, planUnitNo: 1 })
      expect(later.statusCode).toBe(409)
      expect(json(later)).toEqual({
        errorCode: 'APFD0001',
        message: catalogue('error.APFD0001'),
      })
      const person = await insured(who, 'POST', '1', { version: 0, insrdInfo: insuredOf(1) })
      expect([person.statusCode, json(person)['errorCode']]).toEqual([409, 'APFD0001'])
      const notice = await put(who, 'noticeMatters', { version: 0, answers: {} })
      expect([notice.statusCode, json(notice)['errorCode']]).toEqual([409, 'APFD0001'])
      const confirm = await insured(who, 'PUT', '1/confirm', { version: 0 })
      expect([confirm.statusCode, json(confirm)['errorCode']]).toEqual([409, 'APFD0001'])
      expect((await current(who)).version).toBe(0)
    })

    it('古い版からの保存は 409 APFC0001 になり、内容は変わらないこと', async () => {
      const who = await signInApplicant(app)
      const first = await put(who, 'entryTerms', { version: 0, ...bodies.entryTerms })
      expect(first.json<ApplicationView>().version).toBe(1)
      const stale = await put(who, 'selectPolicyHolderDiv', { version: 0, policyHolderDiv: '2' })
      expect(stale.statusCode).toBe(409)
      expect(json(stale)).toEqual({
        errorCode: 'APFC0001',
        message: catalogue('error.APFC0001'),
      })
      const view = await current(who)
      expect(view.version).toBe(1)
      expect(view.applyInfo.policyHolderInfo.policyHolderDiv).toBeNull()
    })

    it('保存した手順は、手順名と時刻だけが手順の記録に追記され、断られた保存は記録されないこと (issue #21)', async () => {
      const who = await signInApplicant(app)
      await save(who, 'entryTerms')
      const stale = await put(who, 'selectPolicyHolderDiv', { version: 0, policyHolderDiv: '2' })
      expect(stale.statusCode).toBe(409)
      await save(who, 'selectPolicyHolderDiv')
      const events = await app.db
        .select()
        .from(applicationStepEvents)
        .where(eq(applicationStepEvents.applicationId, who.applicationId))
      expect(events.map(({ step }) => step).sort()).toEqual(['entryTerms', 'selectPolicyHolderDiv'])
      for (const event of events) {
        expect(Object.keys(event).sort()).toEqual(['applicationId', 'at', 'id', 'step'])
        expect(event.at).toEqual(clock.now())
      }
    })

    it('entryTerms: 同意事項と個人情報の取扱いの現在の版への同意がなければ 400、あればサーバーの時刻で記録すること', async () => {
      const who = await signInApplicant(app)
      const missing = await put(who, 'entryTerms', {
        version: 0,
        consentArray: [
          consent('entry-terms'),
          { documentId: 'privacy-policy', version: '2020-01-01' },
        ],
      })
      expect(missing.statusCode).toBe(400)
      expect(json(missing)['issues']).toEqual([
        { path: 'consentArray', message: catalogue('consent.privacyPolicy.required') },
      ])
      clock.advance(5_000)
      const view = await save(who, 'entryTerms')
      const agreedAt = new Date(testNow.getTime() + 5_000).toISOString()
      expect(view.consentArray).toEqual([
        { ...consent('entry-terms'), agreedAt },
        { ...consent('privacy-policy'), agreedAt },
      ])
      expect(view.progress).toEqual({
        stepArray: [
          'entryTerms',
          'selectPolicyHolderDiv',
          'selectCategory',
          'selectType',
          'inputPolicyHolderInfo',
          'registerInsuredInfo',
          'noticeMatters',
          'noticeMattersDoc',
          'checkPolicyHolderInfo',
          'pamphletImportantNotes',
        ],
        completedStepArray: ['entryTerms'],
        nextStep: 'selectPolicyHolderDiv',
      })
    })

    it('entryTerms の同意が監査ログにアカウントの ID とともに、個人情報なしで記録されること (issue #20)', async () => {
      const who = await signInApplicant(app)
      const view = await save(who, 'entryTerms')
      const entries = await app.audit.list({ action: 'consent.given', actorId: who.accountId })
      expect(
        entries.map(
          ({ actorKind, actorId, recordKind, recordId, clientAddress, reason, details }) => ({
            actorKind,
            actorId,
            recordKind,
            recordId,
            clientAddress,
            reason,
            details,
          }),
        ),
      ).toEqual(
        view.consentArray.map(({ documentId, version }) => ({
          actorKind: 'applicant',
          actorId: who.accountId,
          recordKind: 'application',
          recordId: expect.any(String),
          clientAddress: null,
          reason: null,
          details: { documentId, version },
        })),
      )
      expect(await app.audit.verify()).toMatchObject({ ok: true })
    })

    it('いくつかの手順のあと、同じアカウントの新しいセッションで取得すると、すべての内容と次の手順が返ること', async () => {
      const who = await signInApplicant(app)
      const saved = await completeThrough(who, 'inputPolicyHolderInfo')
      await app.inject({ method: 'DELETE', url: '/api/sessionInfo/', headers: who.headers })
      expect((await getView(who)).statusCode).toBe(401)
      const session = await app.sessions.open(who.accountId)
      const again = { ...who, headers: { authorization: `Bearer ${session.sessionToken}` } }
      const view = await current(again)
      expect(view).toEqual(saved)
      expect(view.progress.completedStepArray).toEqual([
        'entryTerms',
        'selectPolicyHolderDiv',
        'selectCategory',
        'selectType',
        'inputPolicyHolderInfo',
      ])
      expect(view.progress.nextStep).toBe('registerInsuredInfo')
      expect(view.applyInfo.policyHolderInfo).toMatchObject({
        ...policyHolderInfo,
        itemAnswers: {
          MEMBER_NO: '1234567',
          BIRTH_DATE: '19850415',
          NAME_KANA: 'ミドリハナコ',
          employeeNo: 'E1234',
        },
      })
    })
  })

  describe('プラン・契約タイプの選択（SPEC §3.3, §8.4）', () => {
    it('プランでないユニットやないユニットは 400 planUnitNo になること', async () => {
      const who = await signInApplicant(app)
      await completeThrough(who, 'selectPolicyHolderDiv')
      for (const planUnitNo of [2, 7]) {
        const response = await put(who, 'selectCategory', { version: 2, planUnitNo })
        expect(response.statusCode).toBe(400)
        expect(json(response)['issues']).toEqual([
          { path: 'planUnitNo', message: t('application.validation.unknownUnit') },
        ])
      }
    })

    it('プランに付けられないオプションは 400 optionUnitNoArray になること', async () => {
      const who = await signInApplicant(app)
      const { version } = await completeThrough(who, 'selectCategory')
      const response = await put(who, 'selectType', {
        version,
        contractType: '2',
        optionUnitNoArray: ['5'],
      })
      expect(response.statusCode).toBe(400)
      expect(json(response)['issues']).toEqual([
        { path: 'optionUnitNoArray', message: t('application.validation.unknownUnit') },
      ])
    })

    it.each([
      [
        1,
        ['2', '6'],
        '同時に加入できない補償が選ばれています。どちらか一方を選んでください。オプション：個人賠償責任特約、弁護士費用特約',
      ],
      [
        3,
        ['4', '5'],
        '同時に加入できない補償が選ばれています。どちらか一方を選んでください。プラン：Bプラン　オプション：ゴルファー特約',
      ],
    ])(
      'プラン %i とオプション %j は同時に加入できないと名前を挙げて 400 になること',
      async (planUnitNo, options, message) => {
        const who = await signInApplicant(app)
        await completeThrough(who, 'selectPolicyHolderDiv')
        const { version } = await save(who, 'selectCategory', { planUnitNo })
        const response = await put(who, 'selectType', {
          version,
          contractType: '2',
          optionUnitNoArray: options,
        })
        expect(response.statusCode).toBe(400)
        expect(json(response)['issues']).toEqual([{ path: 'optionUnitNoArray', message }])
      },
    )

    it('契約タイプ "1" はプランだけ、"2" はオプション付きで保険料と登録状況を計算すること', async () => {
      const who = await signInApplicant(app)
      await completeThrough(who, 'selectCategory')
      const alone = await save(who, 'selectType', { contractType: '1', optionUnitNoArray: ['2'] })
      expect(alone.applyInfo.cvrgeInfo).toEqual({
        totalPremium: 1200,
        initTotalPremium: 1200,
        unitArray: [{ unit: 1, unitTypeCd: 'P1', unitPremium: 1200, premiumBasis: 'perInsured' }],
        planUnitNo: 1,
        contractType: '1',
      })
      expect(alone.applyInfoOption.insuredRegisterStatus).toEqual({ '1': '0' })
      expect(alone.applyInfo.noticeMatterInfo.answers).toEqual({
        hospitalised: '',
        hiddenNotice: '',
      })
      const withOptions = await save(who, 'selectType')
      expect(withOptions.applyInfo.cvrgeInfo).toEqual({
        totalPremium: 1650,
        initTotalPremium: 1650,
        unitArray: [
          { unit: 1, unitTypeCd: 'P1', unitPremium: 1200, premiumBasis: 'perInsured' },
          { unit: 2, unitTypeCd: 'O1', unitPremium: 150, premiumBasis: 'perInsured' },
          { unit: 4, unitTypeCd: 'O2', unitPremium: 300, premiumBasis: 'perInsured' },
        ],
        planUnitNo: 1,
        contractType: '2',
      })
      // unit 2 has no insured items: the unit list shows 1 and 4 only (SPEC §4)
      expect(withOptions.applyInfoOption.insuredRegisterStatus).toEqual({ '1': '0', '4': '0' })
      expect(withOptions.progress.nextStep).toBe('inputPolicyHolderInfo')
    })

    it('プランを変えると selectType をやり直し、契約タイプが空になること', async () => {
      const who = await signInApplicant(app)
      await completeThrough(who, 'inputPolicyHolderInfo')
      const view = await save(who, 'selectCategory', { planUnitNo: 3 })
      expect(view.applyInfo.cvrgeInfo.contractType).toBeNull()
      expect(view.progress.nextStep).toBe('selectType')
      const skipped = await put(who, 'inputPolicyHolderInfo', {
        version: view.version,
        policyHolderInfo,
      })
      expect(json(skipped)['errorCode']).toBe('APFD0001')
    })

    it('relatedUnitNo: プラン3 を選んだときだけ、その契約者の項目を聞くこと', async () => {
      const who = await signInApplicant(app)
      await completeThrough(who, 'selectPolicyHolderDiv')
      await save(who, 'selectCategory', { planUnitNo: 3 })
      const { version } = await save(who, 'selectType', {
        contractType: '2',
        optionUnitNoArray: ['5'],
      })
      const response = await put(who, 'inputPolicyHolderInfo', { version, policyHolderInfo })
      expect(response.statusCode).toBe(400)
      expect(json(response)['issues']).toEqual([
        { path: 'itemAnswers.planBNote', message: catalogue('validation.required') },
      ])
      const view = await save(who, 'inputPolicyHolderInfo', {
        policyHolderInfo: {
          ...policyHolderInfo,
          itemAnswers: {
            employeeNo: 'E1234',
            planBNote: '確認しました',
            unknownCode: 'x',
            MEMBER_NO: '9',
          },
        },
      })
      // unknown codes are dropped; the roster's three items stay as the roster gave them
      expect(view.applyInfo.policyHolderInfo.itemAnswers).toEqual({
        MEMBER_NO: '1234567',
        BIRTH_DATE: '19850415',
        NAME_KANA: 'ミドリハナコ',
        employeeNo: 'E1234',
        planBNote: '確認しました',
      })
    })
  })

  describe('契約者情報（SPEC §3.8）', () => {
    it('相互の規則（電話番号のどちらか、他の保険の詳細、個人の生年月日と性別）を 400 で返すこと', async () => {
      const who = await signInApplicant(app)
      const { version } = await completeThrough(who, 'selectType')
      const response = await put(who, 'inputPolicyHolderInfo', {
        version,
        policyHolderInfo: {
          ...policyHolderInfo,
          policyHolderBirthDate: '',
          mobileTelNo: '',
          otherInsuranceFlg: '1',
          itemAnswers: {},
        },
      })
      expect(response.statusCode).toBe(400)
      expect(json(response)['issues']).toEqual([
        { path: 'policyHolderBirthDate', message: catalogue('validation.required') },
        { path: 'homeTelNo', message: t('application.validation.oneTelNo') },
        { path: 'otherInsuranceCompanyName', message: catalogue('validation.required') },
        { path: 'otherInsuranceType', message: catalogue('validation.required') },
        { path: 'otherInsuranceExpiryDate', message: catalogue('validation.required') },
        { path: 'otherInsurancePymntLimit', message: catalogue('validation.required') },
        { path: 'itemAnswers.employeeNo', message: catalogue('validation.required') },
      ])
    })

    it('法人は担当者の手順があり、生年月日と性別を空で保存し、個人に戻すと契約者情報と担当者をやり直すこと', async () => {
      const who = await signInApplicant(app)
      await completeThrough(who, 'entryTerms')
      const corporate = await save(who, 'selectPolicyHolderDiv', { policyHolderDiv: '2' })
      expect(corporate.progress.stepArray).toContain('registerMaintenanceManager')
      await completeThrough(who, 'selectType')
      const holder = await save(who, 'inputPolicyHolderInfo', {
        policyHolderInfo: { ...policyHolderInfo, policyHolderBirthDate: '', policyHolderSex: '' },
      })
      expect(holder.applyInfo.policyHolderInfo.policyHolderBirthDate).toBe('')
      expect(holder.progress.nextStep).toBe('registerMaintenanceManager')
      const manager = await save(who, 'registerMaintenanceManager')
      expect(manager.applyInfo.maintenanceManagerInfo).toEqual(
        bodies.registerMaintenanceManager['maintenanceManagerInfo'],
      )
      expect(manager.progress.nextStep).toBe('registerInsuredInfo')
      const personal = await save(who, 'selectPolicyHolderDiv', { policyHolderDiv: '1' })
      expect(personal.applyInfo.maintenanceManagerInfo).toBeNull()
      expect(personal.progress.stepArray).not.toContain('registerMaintenanceManager')
      expect(personal.progress.nextStep).toBe('inputPolicyHolderInfo')
    })
  })

  describe('被保険者（SPEC §3.1 insrdInfoArray, §3.2 insuredRegisterStatus, §4）', () => {
    it('追加・変更・削除・確定で登録状況と合計保険料が変わること', async () => {
      const who = await signInApplicant(app)
      await completeThrough(who, 'inputPolicyHolderInfo')
      const one = await addInsured(who, 1)
      const person = one.applyInfo.insrdInfoArray[0]
      expect(person).toEqual({ ...insuredOf(1), insrdId: person?.insrdId, unit: 1 })
      expect(person?.insrdId).toMatch(/^[0-9a-f-]{36}$/)
      expect(one.applyInfoOption.insuredRegisterStatus).toEqual({ '1': '1', '4': '0' })
      expect(one.applyInfo.cvrgeInfo.totalPremium).toBe(1650)
      const two = await addInsured(who, 1, insuredOf(1, 'ミドリ　ジロウ'))
      // 1200 × 2 persons + 150 + 300
      expect(two.applyInfo.cvrgeInfo.totalPremium).toBe(2850)
      expect(two.applyInfo.cvrgeInfo.initTotalPremium).toBe(1650)

      const confirmed = await confirmUnit(who, 1)
      expect(confirmed.applyInfoOption.insuredRegisterStatus).toEqual({ '1': '2', '4': '0' })

      const edited = await insured(who, 'PUT', `1/${person?.insrdId}`, {
        version: confirmed.version,
        insrdInfo: { ...insuredOf(1, 'ミドリ　サブロウ'), itemAnswers: { relationship: '02' } },
      })
      expect(edited.statusCode, edited.body).toBe(200)
      const afterEdit = edited.json<ApplicationView>()
      expect(afterEdit.applyInfo.insrdInfoArray[0]).toMatchObject({
        insrdId: person?.insrdId,
        insrdNameKana: 'ミドリ　サブロウ',
        itemAnswers: { relationship: '02' },
      })
      expect(afterEdit.applyInfoOption.insuredRegisterStatus['1']).toBe('1')

      const stale = await insured(
        who,
        'DELETE',
        `1/${person?.insrdId}?version=${confirmed.version}`,
      )
      expect([stale.statusCode, json(stale)['errorCode']]).toEqual([409, 'APFC0001'])
      let view = afterEdit
      for (const { insrdId } of afterEdit.applyInfo.insrdInfoArray) {
        const removed = await insured(who, 'DELETE', `1/${insrdId}?version=${view.version}`)
        expect(removed.statusCode, removed.body).toBe(200)
        view = removed.json<ApplicationView>()
      }
      expect(view.applyInfo.insrdInfoArray).toEqual([])
      expect(view.applyInfoOption.insuredRegisterStatus).toEqual({ '1': '0', '4': '0' })
      expect(view.applyInfo.cvrgeInfo.totalPremium).toBe(1650)
      const gone = await insured(who, 'DELETE', `1/${person?.insrdId}?version=${view.version}`)
      expect([gone.statusCode, json(gone)['errorCode']]).toEqual([404, 'APFN0001'])
    })

    // issue #23 point 3: a couple's or family's unit is priced for all its insured persons
    it('被保険者全員分の保険料のユニットは、何人登録しても合計保険料に1回分だけ数えること', async () => {
      await database.db
        .update(groupPfUnits)
        .set({ premiumBasis: 'perUnit' })
        .where(eq(groupPfUnits.unitNo, 1))
      // the group data is cached for a moment (GroupService): read the change now
      app.groupService.invalidate()
      try {
        const who = await signInApplicant(app)
        const chosen = await completeThrough(who, 'inputPolicyHolderInfo')
        expect(chosen.applyInfo.cvrgeInfo.unitArray[0]).toEqual({
          unit: 1,
          unitTypeCd: 'P1',
          unitPremium: 1200,
          premiumBasis: 'perUnit',
        })
        await addInsured(who, 1)
        const two = await addInsured(who, 1, insuredOf(1, 'ミドリ　ジロウ'))
        // 1200 for the couple + 150 + 300, not 1200 × 2
        expect(two.applyInfo.cvrgeInfo.totalPremium).toBe(1650)
      } finally {
        await database.db
          .update(groupPfUnits)
          .set({ premiumBasis: 'perInsured' })
          .where(eq(groupPfUnits.unitNo, 1))
        app.groupService.invalidate()
      }
    })

    it('すべての補償で登録して確定するまで registerInsuredInfo は完了できないこと（SPEC §8.4）', async () => {
      const who = await signInApplicant(app)
      await completeThrough(who, 'inputPolicyHolderInfo')
      await addInsured(who, 1)
      await confirmUnit(who, 1)
      const none = await insured(who, 'PUT', '4/confirm', { version: (await current(who)).version })
      expect(none.statusCode).toBe(400)
      expect(json(none)['issues']).toEqual([
        { path: 'insrdInfoArray', message: t('application.validation.insuredNone') },
      ])
      const incomplete = await put(who, 'registerInsuredInfo', {
        version: (await current(who)).version,
      })
      expect(incomplete.statusCode).toBe(400)
      expect(json(incomplete)['issues']).toEqual([
        { path: 'insrdInfoArray', message: t('application.validation.insuredIncomplete') },
      ])
      await addInsured(who, 4)
      await confirmUnit(who, 4)
      const done = await save(who, 'registerInsuredInfo')
      expect(done.progress.nextStep).toBe('noticeMatters')
      // a later change makes the step to be done again
      const added = await addInsured(who, 4, insuredOf(4, 'ミドリ　ハナ'))
      expect(added.progress.nextStep).toBe('registerInsuredInfo')
      expect(added.applyInfoOption.insuredRegisterStatus['4']).toBe('1')
    })

    it('一覧にない補償は 404、項目の誤りは 400、1つの補償に11人目は 400 になること', async () => {
      const who = await signInApplicant(app)
      const { version } = await completeThrough(who, 'inputPolicyHolderInfo')
      const option = await insured(who, 'POST', '2', { version, insrdInfo: insuredOf(2) })
      expect([option.statusCode, json(option)['errorCode']]).toEqual([404, 'APFN0001'])
      const wrong = await insured(who, 'POST', '1', {
        version,
        insrdInfo: { ...insuredOf(1), itemAnswers: { relationship: '99' } },
      })
      expect(wrong.statusCode).toBe(400)
      expect(json(wrong)['issues']).toEqual([
        { path: 'itemAnswers.relationship', message: catalogue('validation.choice') },
      ])
      for (let count = 0; count < 10; count += 1) await addInsured(who, 1)
      const eleventh = await insured(who, 'POST', '1', {
        version: (await current(who)).version,
        insrdInfo: insuredOf(1),
      })
      expect(eleventh.statusCode).toBe(400)
      expect(json(eleventh)['issues']).toEqual([
        {
          path: 'insrdInfoArray',
          message: t('application.validation.insuredTooMany', { max: 10 }),
        },
      ])
    })
  })

  describe('告知事項（SPEC §4, §8.4）', () => {
    it('申込できない回答は項目のエラーで 400 になり保存されず、直すと保存されること', async () => {
      const who = await signInApplicant(app)
      const { version } = await completeThrough(who, 'registerInsuredInfo')
      const blocked = await put(who, 'noticeMatters', {
        version,
        answers: { hospitalised: '1', golfInjury: '2' },
      })
      expect(blocked.statusCode).toBe(400)
      expect(json(blocked)['issues']).toEqual([
        { path: 'answers.hospitalised', message: t('application.validation.noticeBlocking') },
      ])
      expect((await current(who)).applyInfo.noticeMatterInfo.answers).toEqual({
        hospitalised: '',
        golfInjury: '',
        hiddenNotice: '',
      })
      const missing = await put(who, 'noticeMatters', { version, answers: { hospitalised: '2' } })
      expect(json(missing)['issues']).toEqual([
        { path: 'answers.golfInjury', message: catalogue('validation.required') },
      ])
      const view = await save(who, 'noticeMatters', {
        answers: { hospitalised: '2', golfInjury: '2', other: 'x' },
      })
      expect(view.applyInfo.noticeMatterInfo.answers).toEqual({
        hospitalised: '2',
        golfInjury: '2',
        hiddenNotice: '',
      })
      expect(view.progress.nextStep).toBe('noticeMattersDoc')
    })

    it('補償が変わると告知の回答を消して再設定し、同じならそのままにすること', async () => {
      const who = await signInApplicant(app)
      const answered = await completeThrough(who, 'noticeMatters')
      const [unit1Person] = answered.applyInfo.insrdInfoArray.filter((person) => person.unit === 1)
      expect(answered.applyInfo.insrdInfoArray.map((person) => person.unit)).toEqual([1, 4])

      const same = await save(who, 'selectType', {
        contractType: '2',
        optionUnitNoArray: ['4', '2'],
      })
      expect(same.applyInfo.noticeMatterInfo.answers).toEqual({
        hospitalised: '2',
        golfInjury: '2',
        hiddenNotice: '',
      })
      expect(same.progress.completedStepArray).toContain('noticeMatters')
      expect(same.progress.completedStepArray).toContain('registerInsuredInfo')
      expect(same.applyInfo.insrdInfoArray).toEqual(answered.applyInfo.insrdInfoArray)

      const changed = await save(who, 'selectType', { contractType: '2', optionUnitNoArray: ['2'] })
      expect(changed.applyInfo.noticeMatterInfo.answers).toEqual({
        hospitalised: '',
        hiddenNotice: '',
      })
      expect(changed.applyInfo.insrdInfoArray).toEqual([unit1Person])
      expect(changed.applyInfoOption.insuredRegisterStatus).toEqual({ '1': '2' })
      expect(changed.applyInfo.cvrgeInfo.totalPremium).toBe(1350)
      expect(changed.progress.completedStepArray).toEqual([
        'entryTerms',
        'selectPolicyHolderDiv',
        'selectCategory',
        'selectType',
        'inputPolicyHolderInfo',
      ])
      expect(changed.progress.nextStep).toBe('registerInsuredInfo')
    })
  })

  describe('必要書類（files モジュールが呼ぶ attachFile・detachFile）', () => {
    it('必須の書類がないと noticeMattersDoc は 400、添付すると完了し、最後の1件を外すとやり直しになること', async () => {
      const who = await signInApplicant(app)
      const { version } = await completeThrough(who, 'noticeMatters')
      const empty = await put(who, 'noticeMattersDoc', { version })
      expect(empty.statusCode).toBe(400)
      expect(json(empty)['issues']).toEqual([
        { path: 'file1Array', message: t('application.validation.uploadRequired') },
      ])
      const file = fileRef()
      const attached = await app.applications.attachFile(who.applicationId, 1, file)
      expect(attached.version).toBe(version + 1)
      expect(attached.applyInfo.requiredDocsInfo).toEqual({
        file1Array: [file],
        file2Array: [],
        file3Array: null,
      })
      const done = await save(who, 'noticeMattersDoc')
      expect(done.progress.nextStep).toBe('checkPolicyHolderInfo')

      await expect(
        app.applications.detachFile(who.applicationId, file.fileId, done.version - 1),
      ).rejects.toMatchObject({ errorCode: 'APFC0001' })
      await expect(
        app.applications.detachFile(who.applicationId, randomUUID(), done.version),
      ).rejects.toMatchObject({ errorCode: 'APFN0001' })
      const detached = await app.applications.detachFile(
        who.applicationId,
        file.fileId,
        done.version,
      )
      expect(detached.applyInfo.requiredDocsInfo.file1Array).toEqual([])
      expect(detached.progress.nextStep).toBe('noticeMattersDoc')
    })

    it('使わない枠と6件目は 400、requireDraft は本人の申込を返すこと', async () => {
      const who = await signInApplicant(app)
      await expect(
        app.applications.attachFile(who.applicationId, 3, fileRef()),
      ).rejects.toMatchObject({
        errorCode: 'APFV0001',
        issues: [{ path: 'file3Array', message: catalogue('validation.choice') }],
      })
      for (let count = 0; count < 5; count += 1) {
        await app.applications.attachFile(who.applicationId, 2, fileRef())
      }
      await expect(
        app.applications.attachFile(who.applicationId, 2, fileRef()),
      ).rejects.toMatchObject({
        issues: [
          { path: 'file2Array', message: t('application.validation.uploadFileCount', { max: 5 }) },
        ],
      })
      const [session] = await database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.accountId, who.accountId))
      const draft = await app.applications.requireDraft({
        sessionId: session!.id,
        purpose: 'application',
        accountId: who.accountId,
        userId: who.userId,
        groupPfCode: applicationLink.groupPfCode,
        rosterMemberId: randomUUID(),
        expiresAt: testNow,
      })
      expect(draft.applicationId).toBe(who.applicationId)
      expect(draft.group.groupPfCode).toBe('T000601')
      expect(draft.view.version).toBe(5)
      expect(draft.view.applyInfo.requiredDocsInfo.file2Array).toHaveLength(5)
    })

    it('グループのキャッシュが空でも、files の呼び出し側のトランザクションの中で添付・削除できること', async () => {
      // PGlite runs one transaction at a time: a read outside the caller's would wait forever
      const uncached = await createTestApp(database, { clock, env: { GROUP_CACHE_SECONDS: '0' } })
      try {
        const who = await signInApplicant(uncached)
        const file = fileRef()
        const attached = await database.db.transaction((txn) =>
          uncached.applications.attachFile(who.applicationId, 1, file, txn as unknown as Database),
        )
        expect(attached.applyInfo.requiredDocsInfo.file1Array).toEqual([file])
        const detached = await database.db.transaction((txn) =>
          uncached.applications.detachFile(
            who.applicationId,
            file.fileId,
            attached.version,
            txn as unknown as Database,
          ),
        )
        expect(detached.applyInfo.requiredDocsInfo.file1Array).toEqual([])
        expect(detached.version).toBe(attached.version + 1)
      } finally {
        await uncached.close()
      }
    })
  })

  describe('確認と重要事項', () => {
    it('確認と重要事項への同意で支払いへ進み、ほかの手順を保存すると確認をやり直すこと', async () => {
      const who = await signInApplicant(app)
      const { version } = await completeThrough(who, 'checkPolicyHolderInfo')
      const noConsent = await put(who, 'pamphletImportantNotes', { version, consentArray: [] })
      expect(noConsent.statusCode).toBe(400)
      expect(json(noConsent)['issues']).toEqual([
        { path: 'consentArray', message: catalogue('consent.importantNotes.required') },
      ])
      const done = await save(who, 'pamphletImportantNotes')
      expect(done.progress.nextStep).toBe('payment')
      expect(done.consentArray.map((item) => item.documentId)).toContain('important-notes')
      const changed = await save(who, 'noticeMatters')
      expect(changed.progress.nextStep).toBe('checkPolicyHolderInfo')
      expect(changed.progress.completedStepArray).not.toContain('pamphletImportantNotes')
    })
  })

  describe('本人の申込だけ（SPEC §6）', () => {
    it('別のアカウントからは、この申込を見ることも変えることもできないこと', async () => {
      const owner = await signInApplicant(app)
      const ownerView = await completeThrough(owner, 'inputPolicyHolderInfo')
      const added = await addInsured(owner, 1)
      const insrdId = added.applyInfo.insrdInfoArray[0]?.insrdId
      const other = await signInApplicant(app, {
        mailAddress: 'other@example.jp',
        authItems: ['7654321', '19900101', 'アオキジロウ'],
      })
      const otherView = await current(other)
      expect(otherView.applyInfo.basicInfo.userId).toBe(other.userId)
      expect(otherView.applyInfo.basicInfo.userId).not.toBe(ownerView.applyInfo.basicInfo.userId)
      expect(otherView.applyInfo.insrdInfoArray).toEqual([])
      const removal = await insured(other, 'DELETE', `1/${insrdId}?version=${otherView.version}`)
      expect(json(removal)['errorCode']).toBe('APFD0001')
      const write = await put(other, 'entryTerms', { version: added.version, ...bodies.entryTerms })
      expect(json(write)['errorCode']).toBe('APFC0001')
      expect(await current(owner)).toEqual(added)
      const anonymous = await app.inject({ method: 'GET', url: '/api/applyInfo/' })
      expect([anonymous.statusCode, json(anonymous)['errorCode']]).toEqual([401, 'E0003'])
    })

    it('申込済みは取得できて保存は 409 APFA2002、募集期間外は取得も保存も 403 APFA2001 になること', async () => {
      const who = await signInApplicant(app)
      clock.set(jst('20270101'))
      // a session of that day (the one above would have been idle for weeks)
      const session = await app.sessions.open(who.accountId)
      who.headers.authorization = `Bearer ${session.sessionToken}`
      const closedGet = await getView(who)
      const closedPut = await put(who, 'entryTerms', { version: 0, ...bodies.entryTerms })
      expect([closedGet.statusCode, json(closedGet)['errorCode']]).toEqual([403, 'APFA2001'])
      expect([closedPut.statusCode, json(closedPut)['errorCode']]).toEqual([403, 'APFA2001'])
      clock.set(testNow)
      await database.db
        .update(applications)
        .set({ status: 'applied', appliedAt: testNow })
        .where(eq(applications.id, who.applicationId))
      const applied = await getView(who)
      expect(applied.statusCode, applied.body).toBe(200)
      expect(applied.json<ApplicationView>().applicationStatus).toBe('applied')
      const appliedPut = await put(who, 'entryTerms', { version: 0, ...bodies.entryTerms })
      expect([appliedPut.statusCode, json(appliedPut)['errorCode']]).toEqual([409, 'APFA2002'])
      // an applied application is still shown after the windows closed (issue #7)
      clock.set(jst('20270101'))
      const afterwards = await getView(who)
      expect(afterwards.statusCode, afterwards.body).toBe(200)
      const closedWrite = await put(who, 'entryTerms', { version: 0, ...bodies.entryTerms })
      expect([closedWrite.statusCode, json(closedWrite)['errorCode']]).toEqual([409, 'APFA2002'])
    })
  })
})
