import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applyInfoSchema,
  t,
  totalPremium,
  type ApplyInfo,
  type EntryLink,
  type InsuredPerson,
} from '@app/shared'
import type { ContractInfo, ContractSummary, MyPageInfo } from '@app/shared/api/my-page/endpoints'
import type { PaymentOutcome } from '@app/shared/api/payment/payment'
import { readTestImage } from '../../../../test/factories.ts'
import { createTestApp, createTestDatabase, manualClock } from '../../../../test/helpers.ts'
import type { DatabaseHandle } from '../../../db/client.ts'
import { accounts, applications, rosterMembers } from '../../../db/schema/index.ts'
import { pdfTextLines } from '../../certificate/pdf-text.ts'
import { listItemDefinitions } from '../../group/group-repository.ts'
import { importGroupDocument } from '../../group/import-group.ts'
import {
  applicantAtPayment,
  importPaymentProduct,
  newIdempotencyKey,
  paymentDocument,
  registrationOf,
  TEST_PREMIUM,
} from '../../payment/payment-test-support.ts'
import { signToken } from '../../security/tokens.ts'
import { withoutCertificateToken } from './routes.ts'

// Issue #8, my-page home, checkContractInfo and the 加入者証 (SPEC §2.2, §2.5, §3.1, §3.6, §4,
// §7.6, §8.4; ADR 0015). Two policy holders of one group apply through the real flow (group
// collection, so 330); the first also has last year's contract (inserted through the schemas,
// with two insured persons); a third person of the group has only a draft; a fourth belongs to
// another group. Every endpoint is tried by each of them.

const CURRENT = '202612'
const PREVIOUS = '202512'
const PREVIOUS_NO = '0000012345'
const GROUP_NAME = 'みどり商事健康保険組合'

interface Holder {
  accountId: string
  userId: string
  policyHolderNo: string
  /** the enrolment session (opened by the verification mail) */
  applicationHeaders: { authorization: string }
  /** a my-page session, as the sign-in with its second step opens one */
  myPage: { authorization: string }
}

// Issue #9 (ADR 0016): this year's contracts renew by themselves on 2027-11-01 and may still be
// stopped, but no next year exists yet; last year's is past its fix date and this year is
// already held by an enrolment of its own, so nothing is offered for it.
const currentRenewal = {
  renewal: {
    renewSttsDiv: '3',
    renewalProcedureButtonAndTextStatus: '3',
    isAutoRenewing: true,
    renewalFixDate: '20271101',
    procedureOpensOn: null,
  },
  actions: { certificate: true, renewal: false, autoRenewCheck: false, stopAutoRenewal: true },
} as const
const previousRenewal = {
  renewal: {
    renewSttsDiv: '4',
    renewalProcedureButtonAndTextStatus: '3',
    isAutoRenewing: true,
    renewalFixDate: '20261101',
    procedureOpensOn: null,
  },
  actions: { certificate: true, renewal: false, autoRenewCheck: false, stopAutoRenewal: false },
} as const

function body(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json<Record<string, unknown>>()
}

describe('マイページのご契約・加入者証（issue #8）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let link: EntryLink
  let otherLink: EntryLink
  let holderA: Holder
  let holderB: Holder
  let draft: Holder
  let outsider: Holder
  let previousApplyInfo: ApplyInfo

  async function myPageHeaders(accountId: string) {
    const session = await app.sessions.open(accountId, app.db, 'myPage')
    return { authorization: `Bearer ${session.sessionToken}` }
  }

  /** An applicant walked through the flow and applied by group collection (SPEC §4 330). */
  async function appliedHolder(target: EntryLink, mailAddress: string): Promise<Holder> {
    const { who, view } = await applicantAtPayment(app, target, { mailAddress })
    const response = await app.inject({
      method: 'POST',
      url: '/api/paymentInfo/',
      headers: { ...who.headers, 'idempotency-key': newIdempotencyKey() },
      payload: { registration: registrationOf(view) },
    })
    const outcome = response.json<PaymentOutcome>()
    if (outcome.result !== 'completed') throw new Error(`not applied: ${response.body}`)
    return {
      accountId: who.accountId,
      userId: who.userId,
      policyHolderNo: outcome.completion.groupPfPolicyHolderNo,
      applicationHeaders: who.headers,
      myPage: await myPageHeaders(who.accountId),
    }
  }

  async function storedApplyInfo(accountId: string): Promise<ApplyInfo> {
    const [row] = await app.db
      .select({ applyInfo: applications.applyInfo })
      .from(applications)
      .where(eq(applications.accountId, accountId))
    if (row?.applyInfo == null) throw new Error('no application state')
    return row.applyInfo
  }

  /** Last year's product of the same group, and holder A's applied application in it. */
  async function addPreviousYear(document: ReturnType<typeof paymentDocument>['document']) {
    const previous = structuredClone(document)
    Object.assign(previous.groupPfInfo, {
      groupPfCodeInceptionDateYm: PREVIOUS,
      groupInceptionDate: '20251201',
      groupExpiryDate: '20261130',
      renewalFixDate: '20261101',
      atOnceRecruitStartDate: '20251101',
      atOnceRecruitEndDate: '20251130',
    })
    await importGroupDocument(app.db, previous, { readImage: readTestImage })
    const [member] = await app.db
      .insert(rosterMembers)
      .values({
        groupPfCode: link.groupPfCode,
        groupPfCodeInceptionDateYm: PREVIOUS,
        memberCode: `PREV${randomBytes(4).toString('hex')}`,
      })
      .returning({ id: rosterMembers.id })
    if (member === undefined) throw new Error('roster row was not created')
    const current = await storedApplyInfo(holderA.accountId)
    const person = (
      unit: number,
      names: [kanji: string, kana: string],
      birthDate: string,
    ): InsuredPerson => ({
      insrdId: randomUUID(),
      unit,
      insrdNameKanji: names[0],
      insrdNameKana: names[1],
      insrdBirthDate: birthDate,
      insrdSex: '2',
      itemAnswers: {},
    })
    const insrdInfoArray = [
      person(1, ['青木　花子', 'アオキ　ハナコ'], '19850415'),
      person(2, ['青木　花子', 'アオキ　ハナコ'], '19850415'),
      person(1, ['青木　葉月', 'アオキ　ハヅキ'], '20120301'),
    ]
    const unitArray = [
      { unit: 1, unitTypeCd: 'P1', unitPremium: 1200 },
      { unit: 2, unitTypeCd: 'O1', unitPremium: 150 },
    ]
    const countOf = (unitNo: number) =>
      insrdInfoArray.filter((insured) => insured.unit === unitNo).length
    previousApplyInfo = applyInfoSchema.parse({
      ...current,
      basicInfo: {
        ...current.basicInfo,
        groupPfCodeInceptionDateYm: PREVIOUS,
        groupPfPolicyHolderNo: PREVIOUS_NO,
        applicationDate: '20251115',
      },
      policyHolderInfo: {
        ...current.policyHolderInfo,
        policyHolderInceptionDate: '20251201',
        policyHolderExpiryDate: '20261130',
        policyHolderNameKanji: '青木　花子',
        policyHolderNameKana: 'アオキ　ハナコ',
      },
      cvrgeInfo: {
        ...current.cvrgeInfo,
        unitArray,
        totalPremium: totalPremium(unitArray, countOf),
        initTotalPremium: totalPremium(unitArray, () => 0),
      },
      insrdInfoArray,
    })
    await app.db.insert(applications).values({
      accountId: holderA.accountId,
      rosterMemberId: member.id,
      groupPfCode: link.groupPfCode,
      groupPfCodeInceptionDateYm: PREVIOUS,
      groupPfBranchNo: link.groupPfBranchNo,
      urlKey: link.urlKey,
      status: 'applied',
      groupPfPolicyHolderNo: PREVIOUS_NO,
      appliedAt: new Date(Date.UTC(2025, 10, 15, 1)), // 2025-11-15 10:00 JST
      applyInfo: previousApplyInfo,
    })
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    const product = paymentDocument({ pymntMethod: '4' })
    link = product.link
    await importGroupDocument(database.db, product.document, { readImage: readTestImage })
    otherLink = await importPaymentProduct(database.db, { pymntMethod: '4' })
    app = await createTestApp(database, { clock })
    holderA = await appliedHolder(link, 'holder-a@example.jp')
    holderB = await appliedHolder(link, 'holder-b@example.jp')
    // B's own name, so that nothing of A's could pass for B's
    const infoB = await storedApplyInfo(holderB.accountId)
    await app.db
      .update(applications)
      .set({
        applyInfo: applyInfoSchema.parse({
          ...infoB,
          policyHolderInfo: {
            ...infoB.policyHolderInfo,
            policyHolderNameKanji: '青山　太郎',
            policyHolderNameKana: 'アオヤマ　タロウ',
          },
        }),
      })
      .where(eq(applications.accountId, holderB.accountId))
    await addPreviousYear(product.document)
    const { who } = await applicantAtPayment(app, link, { mailAddress: 'draft@example.jp' })
    draft = {
      accountId: who.accountId,
      userId: who.userId,
      policyHolderNo: '',
      applicationHeaders: who.headers,
      myPage: await myPageHeaders(who.accountId),
    }
    outsider = await appliedHolder(otherLink, 'outsider@example.jp')
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const query = (target: EntryLink, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      groupPfCode: target.groupPfCode,
      urlKey: target.urlKey,
      ...extra,
    }).toString()

  const home = (who: Holder, target = link, headers = who.myPage) =>
    app.inject({ method: 'GET', url: `/api/policyHolderInfo/?${query(target)}`, headers })

  const contract = (who: Holder, ym: string, target = link, headers = who.myPage) =>
    app.inject({
      method: 'GET',
      url: `/api/policyHolderInfo/contract/?${query(target, { groupPfCodeInceptionDateYm: ym })}`,
      headers,
    })

  const certificateUrl = (who: Holder, ym: string, target = link, headers = who.myPage) =>
    app.inject({
      method: 'POST',
      url: '/api/policyHolderCertificate/',
      headers,
      payload: {
        groupPfCode: target.groupPfCode,
        urlKey: target.urlKey,
        groupPfCodeInceptionDateYm: ym,
      },
    })

  async function certificate(who: Holder, ym: string): Promise<{ url: string; pdf: Buffer }> {
    const issued = await certificateUrl(who, ym)
    expect(issued.statusCode, issued.body).toBe(200)
    const { url } = issued.json<{ url: string }>()
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode, response.body).toBe(200)
    return { url, pdf: response.rawPayload }
  }

  const summaryOf = (who: Holder): ContractSummary => ({
    coveragePeriod: {
      groupPfCodeInceptionDateYm: CURRENT,
      // SPEC §4: applied in the all-at-once window, so from the group's inception
      inceptionDate: '20261201',
      expiryDate: '20271130',
    },
    groupPfName: GROUP_NAME,
    groupPfPolicyHolderNo: who.policyHolderNo,
    statusPattern: '330',
    pymntMethod: '4',
    pymntCount: 12,
    totalPremium: TEST_PREMIUM,
    applicationDate: '20261120',
    ...currentRenewal,
  })

  const previousSummary: ContractSummary = {
    coveragePeriod: {
      groupPfCodeInceptionDateYm: PREVIOUS,
      inceptionDate: '20251201',
      expiryDate: '20261130',
    },
    groupPfName: GROUP_NAME,
    groupPfPolicyHolderNo: PREVIOUS_NO,
    statusPattern: '330',
    pymntMethod: '4',
    pymntCount: 12,
    // Aプラン 1,200 円 × 2 名 + 個人賠償責任特約 150 円 × 1 名
    totalPremium: 2550,
    applicationDate: '20251115',
    ...previousRenewal,
  }

  const notShown = {
    errorCode: 'APFH0001',
    message: '指定された保険期間のご契約は表示できません。',
  }
  const expired = { errorCode: 'APFX0001', message: t('error.APFX0001') }

  describe('GET /policyHolderInfo/（SPEC §2.5 マイページのホーム）', () => {
    it('自分の申込済みのご契約だけを、新しい保険期間から順に、最新のご契約の氏名で返すこと', async () => {
      const response = await home(holderA)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json<MyPageInfo>()).toEqual({
        userId: holderA.userId,
        policyHolderName: '緑　花子',
        mailAddress: 'holder-a@example.jp',
        authTypeForLogin: 'mail',
        maskedPhoneNumber: null,
        telephoneAuthOffered: true,
        contracts: [summaryOf(holderA), previousSummary],
      })
    })

    it('同じ団体の別の加入者には、その人のご契約だけを返すこと', async () => {
      const response = await home(holderB)
      expect(response.json<MyPageInfo>()).toEqual({
        userId: holderB.userId,
        policyHolderName: '青山　太郎',
        mailAddress: 'holder-b@example.jp',
        authTypeForLogin: 'mail',
        maskedPhoneNumber: null,
        telephoneAuthOffered: true,
        contracts: [summaryOf(holderB)],
      })
    })

    it('申込が下書きのままの人には、ご契約を1件も返さないこと', async () => {
      const response = await home(draft)
      expect(response.json<MyPageInfo>()).toMatchObject({
        userId: draft.userId,
        policyHolderName: '',
        contracts: [],
      })
    })

    it('SPEC §3.6 登録済みの電話番号は下4桁だけを見せ、未確認の番号は見せないこと', async () => {
      await app.db
        .update(accounts)
        .set({ phoneNumber: '09012345678', phoneVerifiedAt: null, authTypeForLogin: 'mail' })
        .where(eq(accounts.id, draft.accountId))
      expect((await home(draft)).json<MyPageInfo>()).toMatchObject({
        authTypeForLogin: 'mail',
        maskedPhoneNumber: null,
      })
      await app.db
        .update(accounts)
        .set({ phoneVerifiedAt: clock.now(), authTypeForLogin: 'telephone' })
        .where(eq(accounts.id, draft.accountId))
      expect((await home(draft)).json<MyPageInfo>()).toMatchObject({
        authTypeForLogin: 'telephone',
        maskedPhoneNumber: '*******5678',
      })
    })
  })

  describe('GET /policyHolderInfo/contract/（checkContractInfo）', () => {
    it('指定の保険期間のご契約を、申込の項目名のまま返すこと', async () => {
      const response = await contract(holderA, PREVIOUS)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<ContractInfo>()).toEqual({
        summary: previousSummary,
        policyHolderInfo: previousApplyInfo.policyHolderInfo,
        insrdInfoArray: previousApplyInfo.insrdInfoArray,
        cvrgeInfo: previousApplyInfo.cvrgeInfo,
        unitNames: { '1': 'Aプラン', '2': '個人賠償責任特約' },
        // issue #23 point 22: the year's items, so the answers are shown under their names
        itemDefinitionArray: await listItemDefinitions(database.db, {
          groupPfCode: previousApplyInfo.basicInfo.groupPfCode,
          groupPfCodeInceptionDateYm: PREVIOUS,
        }),
        // paid through the group: no instalments by card (issue #24)
        premiumPayments: null,
      })
      const items = response.json<ContractInfo>().itemDefinitionArray
      expect(items.length).toBeGreaterThan(0)
      const itemCodes = items.map((item) => item.itemCode)
      for (const answered of Object.keys(previousApplyInfo.policyHolderInfo.itemAnswers)) {
        expect(itemCodes).toContain(answered)
      }
    })

    it('今年度のご契約は、申込の流れで入力したとおりの内容であること', async () => {
      const response = await contract(holderA, CURRENT)
      const info = response.json<ContractInfo>()
      expect(info.summary).toEqual(summaryOf(holderA))
      expect(info.policyHolderInfo).toMatchObject({
        policyHolderNameKanji: '緑　花子',
        policyHolderZipCd: '1000001',
        policyHolderInceptionDate: '20261201',
        policyHolderInceptionTime: '0000',
      })
      expect(info.cvrgeInfo).toMatchObject({
        totalPremium: TEST_PREMIUM,
        planUnitNo: 1,
        unitArray: [
          { unit: 1, unitTypeCd: 'P1', unitPremium: 1200 },
          { unit: 2, unitTypeCd: 'O1', unitPremium: 150 },
        ],
      })
      expect(info.unitNames).toEqual({ '1': 'Aプラン', '2': '個人賠償責任特約' })
    })

    it.each([
      ['ご契約のない保険期間', () => holderA, '202412'],
      ['同じ団体の別の加入者の保険期間', () => holderB, PREVIOUS],
      ['下書きしかない保険期間', () => draft, CURRENT],
    ])('SPEC §8.4 %sは 404 APFH0001 になること', async (_label, who, ym) => {
      const response = await contract(who(), ym)
      expect([response.statusCode, body(response)]).toEqual([404, notShown])
    })
  })

  describe('加入者証（POST /policyHolderCertificate/ → GET /files/certificate/{token}）', () => {
    it('5分の署名付きURLを返し、その先は加入者の氏名と加入者番号の入ったPDFであること', async () => {
      const issued = await certificateUrl(holderA, PREVIOUS)
      expect(issued.statusCode, issued.body).toBe(200)
      const { url, expiresAt } = issued.json<{ url: string; expiresAt: string }>()
      expect(url).toMatch(/^\/api\/files\/certificate\/[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(expiresAt).toBe(new Date(clock.now().getTime() + 300_000).toISOString())

      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('application/pdf')
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="certificate.pdf"; filename*=UTF-8\'\'%E5%8A%A0%E5%85%A5%E8%80%85%E8%A8%BC.pdf',
      )
      expect(response.headers['cache-control']).toBe('no-store')
      const pdf = response.rawPayload
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      const lines = pdfTextLines(pdf)
      expect(lines.slice(0, 3)).toEqual(['加入者証', GROUP_NAME, '発行日　2026年11月20日'])
      for (const expected of [
        '加入者番号',
        PREVIOUS_NO,
        '青木　花子',
        'アオキ　ハナコ',
        '〒100-0001　東京都千代田区千代田１－１',
        '2025年12月1日 午前0時〜2026年11月30日 午後4時',
        'Aプラン',
        '2,400円（1,200円×2名）',
        '個人賠償責任特約',
        '150円',
        '2,550円',
        '団体扱（ご所属の団体を通じてお支払い）',
        '青木　花子（アオキ　ハナコ）',
        'Aプラン、個人賠償責任特約',
        '青木　葉月（アオキ　ハヅキ）',
        '2012年3月1日',
        'テスト保険代理店',
        '電話 03-0000-0000（平日 9:00〜17:00）',
      ]) {
        expect(lines).toContain(expected)
      }
      expect(lines.join('\n')).not.toContain('緑　花子')
    })

    it('同じURLの2回目は 410 APFX0001 になること（1回限り）', async () => {
      const { url } = await certificate(holderA, CURRENT)
      const again = await app.inject({ method: 'GET', url })
      expect([again.statusCode, body(again)]).toEqual([410, expired])
    })

    it('5分1秒を過ぎたURLは 410 APFX0001 になること', async () => {
      const issued = await certificateUrl(holderA, CURRENT)
      const { url } = issued.json<{ url: string }>()
      clock.advance(5 * 60_000 + 1000)
      const late = await app.inject({ method: 'GET', url })
      expect([late.statusCode, body(late)]).toEqual([410, expired])
    })

    it('形の違うトークンや、別の用途（書類のダウンロード）のトークンは 410 APFX0001 になること', async () => {
      const now = clock.now()
      const download = await signToken(
        app.serverKeys,
        'download',
        { jti: randomUUID(), aid: holderA.accountId, gpc: link.groupPfCode, ym: CURRENT },
        { now, expiresAt: new Date(now.getTime() + 60_000) },
      )
      for (const token of ['not-a-token', download]) {
        const response = await app.inject({ method: 'GET', url: `/api/files/certificate/${token}` })
        expect([response.statusCode, body(response)]).toEqual([410, expired])
      }
    })

    it('SPEC §8.4 ご契約のない保険期間の加入者証は 404 APFH0001 になること', async () => {
      for (const [who, ym] of [
        [holderA, '202412'],
        [holderB, PREVIOUS],
        [draft, CURRENT],
      ] as const) {
        const response = await certificateUrl(who, ym)
        expect([response.statusCode, body(response)]).toEqual([404, notShown])
      }
    })

    it('ログに残るパスからは、署名付きURLのトークンを除くこと', () => {
      expect(
        withoutCertificateToken('/api/files/certificate/eyJhbGciOi.eyJqdGki.c2lnbmF0dXJl'),
      ).toBe('/api/files/certificate/…')
      expect(withoutCertificateToken('/api/policyHolderCertificate/')).toBe(
        '/api/policyHolderCertificate/',
      )
    })
  })

  describe('だれが呼べるか（SPEC §6、ADR 0015）', () => {
    const endpoints = [
      [
        'GET /policyHolderInfo/',
        (who: Holder, target: EntryLink, headers = who.myPage) => home(who, target, headers),
      ],
      [
        'GET /policyHolderInfo/contract/',
        (who: Holder, target: EntryLink, headers = who.myPage) =>
          contract(who, CURRENT, target, headers),
      ],
      [
        'POST /policyHolderCertificate/',
        (who: Holder, target: EntryLink, headers = who.myPage) =>
          certificateUrl(who, CURRENT, target, headers),
      ],
    ] as const

    it.each(endpoints)(
      '%s: 申込用のセッションやセッションなしは 401 E0003 になること',
      async (_name, call) => {
        for (const headers of [holderA.applicationHeaders, {}]) {
          const response = await call(holderA, link, headers as { authorization: string })
          expect([response.statusCode, body(response)]).toEqual([
            401,
            { errorCode: 'E0003', message: t('error.E0003') },
          ])
        }
      },
    )

    it.each(endpoints)(
      '%s: 別の団体のセッションは 404 APFA1003 になること',
      async (_name, call) => {
        const response = await call(outsider, link)
        expect([response.statusCode, body(response)]).toEqual([404, { errorCode: 'APFA1003' }])
        // the same session on its own group's link is answered
        expect((await call(outsider, otherLink)).statusCode).toBe(200)
      },
    )

    it('同じ団体の別の加入者は、自分のご契約と加入者証だけを受け取ること', async () => {
      const info = (await contract(holderB, CURRENT)).json<ContractInfo>()
      expect(info.summary).toEqual(summaryOf(holderB))
      expect(info.policyHolderInfo.policyHolderNameKanji).toBe('青山　太郎')
      expect([holderB.policyHolderNo, holderA.policyHolderNo]).not.toContain(PREVIOUS_NO)
      expect(holderB.policyHolderNo).not.toBe(holderA.policyHolderNo)

      const lines = pdfTextLines((await certificate(holderB, CURRENT)).pdf)
      expect(lines).toContain('青山　太郎')
      expect(lines).toContain(holderB.policyHolderNo)
      const text = lines.join('\n')
      for (const other of ['緑　花子', '青木　花子', holderA.policyHolderNo, PREVIOUS_NO]) {
        expect(text).not.toContain(other)
      }
    })
  })
})
