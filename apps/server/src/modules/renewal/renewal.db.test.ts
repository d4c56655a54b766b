import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationView, EntryLink } from '@app/shared'
import type { MyPageInfo } from '@app/shared/api/my-page/endpoints'
import type { PaymentOutcome } from '@app/shared/api/payment/payment'
import type { RenewalInfo } from '@app/shared/api/renewal/endpoints'
import { createTestApp, createTestDatabase, jstTime, manualClock } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { applications, outboxMessages, renewals } from '../../db/schema/index.ts'
import { signInApplicant } from '../application/application-test-support.ts'
import {
  importPaymentProduct,
  newIdempotencyKey,
  registrationOf,
  walkToPayment,
} from '../payment/payment-test-support.ts'
import {
  appliedHolder,
  bodyOf,
  COVER_START,
  CURRENT,
  FIX_DATE,
  hiddenNoticeAnswers,
  importRenewalProducts,
  IN_COVER,
  myPageHeadersOf,
  NEXT,
  type AppliedHolder,
} from './renewal-test-support.ts'

// Issue #9 through the HTTP API (SPEC §3.7, §4, §8.3, §8.4; ADR 0016): renewalInfo, the stop of
// the auto-renewal, the renewal procedure on next year's product through the real payment path,
// and every refusal the state machine gives.

describe('更新（issue #9）: renewalInfo・自動更新の停止・更新手続き', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let link: EntryLink
  let nextLink: EntryLink
  let counter = 0

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    ;({ link, nextLink } = await importRenewalProducts(app.db))
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  /** A holder who applied at 2026-11-20, met half a year into the cover (issue #23 point 19). */
  async function holder(): Promise<AppliedHolder> {
    clock.set(jstTime('20261120', '1000'))
    counter += 1
    const applied = await appliedHolder(app, link, `renew-${counter}@example.jp`)
    clock.set(jstTime(IN_COVER, '1000'))
    return applied
  }

  const target = (ym = CURRENT) => ({
    groupPfCode: link.groupPfCode,
    urlKey: link.urlKey,
    groupPfCodeInceptionDateYm: ym,
  })

  async function info(who: AppliedHolder, ym = CURRENT, headers?: Record<string, string>) {
    const query = new URLSearchParams(target(ym)).toString()
    return app.inject({
      method: 'GET',
      url: `/api/renewalInfo/?${query}`,
      headers: headers ?? (await myPageHeadersOf(app, who.accountId)),
    })
  }

  async function post(path: string, who: AppliedHolder, ym = CURRENT) {
    return app.inject({
      method: 'POST',
      url: path,
      headers: await myPageHeadersOf(app, who.accountId),
      payload: target(ym),
    })
  }

  const stop = (who: AppliedHolder) => post('/api/stopUpdate/', who)
  const procedure = (who: AppliedHolder) => post('/api/renewalProcedure/', who)

  async function home(who: AppliedHolder): Promise<MyPageInfo> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/policyHolderInfo/?groupPfCode=${link.groupPfCode}&urlKey=${link.urlKey}`,
      headers: await myPageHeadersOf(app, who.accountId),
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<MyPageInfo>()
  }

  const refusal = (code: string) => ({ status: 409, errorCode: code })
  const outcome = (response: { statusCode: number; json: <T>() => T }) => ({
    status: response.statusCode,
    errorCode: (response.json<Record<string, unknown>>() as { errorCode?: string }).errorCode,
  })

  async function draftOf(who: AppliedHolder) {
    const [row] = await app.db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.accountId, who.accountId),
          eq(applications.preApplicationId, who.contractId),
        ),
      )
    return row
  }

  /** Walks the renewal draft to payment with the my-page session. */
  async function walkDraft(who: AppliedHolder) {
    const headers = await myPageHeadersOf(app, who.accountId)
    return walkToPayment(app, {
      accountId: who.accountId,
      applicationId: '',
      userId: who.userId,
      headers,
    })
  }

  /** Pays the walked draft (group collection), with a fresh my-page session. */
  async function pay(who: AppliedHolder, view: ApplicationView) {
    const headers = await myPageHeadersOf(app, who.accountId)
    return app.inject({
      method: 'POST',
      url: '/api/paymentInfo/',
      headers: { ...headers, 'idempotency-key': newIdempotencyKey() },
      payload: { registration: registrationOf(view) },
    })
  }

  describe('GET /renewalInfo/', () => {
    it('前年度のご契約・次年度の商品・自動更新の条件を返すこと', async () => {
      const who = await holder()
      const response = await info(who)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const body = response.json<RenewalInfo>()
      expect(body).toMatchObject({
        groupPfCode: link.groupPfCode,
        groupPfPolicyHolderNo: who.policyHolderNo,
        state: 'open',
        renewedBy: null,
        renewSttsDiv: '3',
        renewalProcedureButtonAndTextStatus: '1',
        canStopAutoRenewal: true,
        groupPfAutoRenewFlg: '1',
        renewalFixDate: FIX_DATE,
        autoRenewStoppedAt: null,
        renewedGroupPfCodeInceptionDateYm: null,
        preRenewPolicyHolderInfo: {
          status: {
            preRenewSerialNo: who.policyHolderNo,
            groupPfCodeInceptionDateYm: CURRENT,
            statusPattern: '330',
            inceptionDate: '20261201',
            expiryDate: '20271130',
          },
          cvrgeContent: {
            totalPremium: 1350,
            unitArray: [
              { unit: 1, unitTypeCd: 'P1', unitPremium: 1200 },
              { unit: 2, unitTypeCd: 'O1', unitPremium: 150 },
            ],
          },
          unitNames: { '1': 'Aプラン', '2': '個人賠償責任特約' },
        },
        insuredInfoWithoutPreRenewNotCopy: [],
        nextYear: {
          groupPfCodeInceptionDateYm: NEXT,
          groupInceptionDate: '20271201',
          groupExpiryDate: '20281130',
          groupPfBranchNo: nextLink.groupPfBranchNo,
          urlKey: nextLink.urlKey,
          autoRenewCvrgeContent: {
            totalPremium: 1550,
            unitArray: [
              { unit: 1, unitTypeCd: 'P1', unitPremium: 1300 },
              { unit: 2, unitTypeCd: 'O1', unitPremium: 250 },
            ],
          },
        },
      })
      expect(body.preRenewPolicyHolderInfo.policyHolderInfo).toMatchObject({
        policyHolderNameKanji: '緑　花子',
        itemAnswers: { employeeNo: 'E1234', holderMemo: '平日のみ' },
      })
    })

    it('SPEC §8.4 ご契約のない保険期間・別の加入者の保険期間は 404 APFH0001 になること', async () => {
      const who = await holder()
      const other = await holder()
      for (const [asker, ym] of [
        [who, '202512'],
        [other, '202412'],
      ] as const) {
        const response = await info(asker, ym)
        expect([response.statusCode, bodyOf(response).errorCode]).toEqual([404, 'APFH0001'])
      }
      // an applicant with only a draft has no contract to renew
      const draft = await signInApplicant(app, { link, mailAddress: 'draft-only@example.jp' })
      const response = await info({ ...who, accountId: draft.accountId })
      expect([response.statusCode, bodyOf(response).errorCode]).toEqual([404, 'APFH0001'])
    })

    it('マイページのセッションがなければ 401 E0003、別の団体のセッションは 404 APFA1003 になること', async () => {
      const who = await holder()
      const none = await info(who, CURRENT, {})
      expect([none.statusCode, bodyOf(none).errorCode]).toEqual([401, 'E0003'])
      const enrolment = await signInApplicant(app, { link, mailAddress: 'enrol@example.jp' })
      const applicationSession = await info(who, CURRENT, enrolment.headers)
      expect([applicationSession.statusCode, bodyOf(applicationSession).errorCode]).toEqual([
        401,
        'E0003',
      ])
      const otherGroup = await importPaymentProduct(app.db, { pymntMethod: '4' })
      const outsider = await signInApplicant(app, {
        link: otherGroup,
        mailAddress: 'out@example.jp',
      })
      const response = await info(who, CURRENT, await myPageHeadersOf(app, outsider.accountId))
      expect([response.statusCode, bodyOf(response).errorCode]).toEqual([404, 'APFA1003'])
    })
  })

  describe('POST /stopUpdate/（autoRenewStopCheck → autoRenewStopComplete）', () => {
    it('更新確定日の前なら停止し、受付のメールを送り、ホームに停止済みと出ること', async () => {
      const who = await holder()
      const response = await stop(who)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<RenewalInfo>()).toMatchObject({
        state: 'stopped',
        renewSttsDiv: '2',
        renewalProcedureButtonAndTextStatus: '3',
        canStopAutoRenewal: false,
        autoRenewStoppedAt: clock.now().toISOString(),
      })
      const mails = await app.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, who.mailAddress),
            eq(outboxMessages.template, 'renewalAutoRenewStopped'),
          ),
        )
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toBe('【みどり商事健康保険組合】自動更新停止の受付')
      expect(mails[0]?.textBody).toContain(`加入者番号：${who.policyHolderNo}`)
      expect(mails[0]?.textBody).toContain('2027年11月30日')
      const [contract] = (await home(who)).contracts
      expect(contract).toMatchObject({
        renewal: { renewSttsDiv: '2', renewalProcedureButtonAndTextStatus: '3' },
        actions: {
          certificate: true,
          renewal: false,
          autoRenewCheck: false,
          stopAutoRenewal: false,
        },
      })
    })

    it('2回目の停止と、停止後の更新手続きは 409 APFA2029 になること', async () => {
      const who = await holder()
      expect((await stop(who)).statusCode).toBe(200)
      expect(outcome(await stop(who))).toEqual(refusal('APFA2029'))
      expect(outcome(await procedure(who))).toEqual(refusal('APFA2029'))
    })

    it('SPEC §8.3 更新確定日の当日からは 409 APFA2031 になり、何も変わらないこと', async () => {
      const who = await holder()
      clock.set(jstTime(FIX_DATE, '0900'))
      expect(outcome(await stop(who))).toEqual(refusal('APFA2031'))
      clock.set(jstTime('20271031', '2359'))
      expect((await info(who)).json<RenewalInfo>().state).toBe('open')
    })

    it('更新手続き中に停止すると、手続きの下書きも取り消されること', async () => {
      const who = await holder()
      expect((await procedure(who)).statusCode).toBe(200)
      expect((await stop(who)).statusCode).toBe(200)
      expect((await draftOf(who))?.status).toBe('cancelled')
      // the enrolment endpoints fall back to the contract (applied): nothing left to do
      const view = await app.inject({
        method: 'GET',
        url: '/api/applyInfo/',
        headers: await myPageHeadersOf(app, who.accountId),
      })
      expect(view.json<ApplicationView>().applyInfo.basicInfo.groupPfCodeInceptionDateYm).toBe(
        CURRENT,
      )
    })
  })

  describe('POST /renewalProcedure/（更新手続き）', () => {
    it('補償が始まる前は 409 APFA2029 で下書きを作らず、ホームと renewalInfo は始まる日を示すこと。停止はできること（issue #23 point 19）', async () => {
      const who = await holder()
      clock.set(jstTime('20261130', '2359'))
      expect(outcome(await procedure(who))).toEqual(refusal('APFA2029'))
      expect(await draftOf(who)).toBeUndefined()
      const [summary] = (await home(who)).contracts
      expect(summary?.renewal).toMatchObject({
        renewalProcedureButtonAndTextStatus: '3',
        procedureOpensOn: COVER_START,
      })
      expect(summary?.actions).toMatchObject({ renewal: false, stopAutoRenewal: true })
      expect(bodyOf(await info(who))).toMatchObject({
        renewalProcedureButtonAndTextStatus: '3',
        procedureOpensOn: COVER_START,
        canStopAutoRenewal: true,
      })

      // from the first day of cover
      clock.set(jstTime(COVER_START, '0000'))
      expect(bodyOf(await info(who))).toMatchObject({
        renewalProcedureButtonAndTextStatus: '1',
        procedureOpensOn: null,
      })
      expect((await procedure(who)).statusCode).toBe(200)
    })

    it('次年度の下書きを作り、引き継ぐ回答だけを引き継ぐこと。再開は同じ下書きを返すこと', async () => {
      const who = await holder()
      const response = await procedure(who)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({
        groupPfCode: nextLink.groupPfCode,
        groupPfCodeInceptionDateYm: NEXT,
        groupPfBranchNo: nextLink.groupPfBranchNo,
        urlKey: nextLink.urlKey,
      })
      const draft = await draftOf(who)
      expect(draft).toMatchObject({ status: 'draft', groupPfCodeInceptionDateYm: NEXT })
      // the enrolment endpoints now work on the draft, for the my-page session
      const view = (
        await app.inject({
          method: 'GET',
          url: '/api/applyInfo/',
          headers: await myPageHeadersOf(app, who.accountId),
        })
      ).json<ApplicationView>()
      const { applyInfo, applyInfoOption } = view
      expect(view.applicationStatus).toBe('draft')
      expect(applyInfo.basicInfo).toMatchObject({
        groupPfCodeInceptionDateYm: NEXT,
        entryDiv: '2',
        preYearEntryDiv: '1',
        preYearPolicyHolderNo: who.policyHolderNo,
        groupPfPolicyHolderNo: null,
      })
      expect(applyInfo.policyHolderInfo).toMatchObject({
        policyHolderNameKanji: '緑　花子',
        policyHolderInceptionDate: '20271201',
        policyHolderExpiryDate: '20281130',
      })
      // SPEC §4: preRenewCopyFlg "1" carried, "2" not
      expect(applyInfo.policyHolderInfo.itemAnswers.employeeNo).toBe('E1234')
      expect(applyInfo.policyHolderInfo.itemAnswers).not.toHaveProperty('holderMemo')
      // SPEC §4 (issue #17 point 12): notice matters shown on the application are asked again;
      // a hidden one flagged for copying keeps last year's answer, an unflagged one does not
      expect(applyInfo.noticeMatterInfo.answers).toEqual({
        hospitalised: '',
        priorClaims: hiddenNoticeAnswers.priorClaims,
        priorNote: '',
      })
      expect(applyInfo.cvrgeInfo).toMatchObject({
        planUnitNo: 1,
        totalPremium: 1550,
        unitArray: [
          { unit: 1, unitTypeCd: 'P1', unitPremium: 1300 },
          { unit: 2, unitTypeCd: 'O1', unitPremium: 250 },
        ],
      })
      expect(applyInfoOption.invoiceAmount).toBeNull()
      expect(applyInfoOption.insuredRegisterStatus).toEqual({})
      expect(view.progress.nextStep).toBe('entryTerms')

      const info2 = (await info(who)).json<RenewalInfo>()
      expect(info2).toMatchObject({
        state: 'inProcedure',
        renewalProcedureButtonAndTextStatus: '2',
      })
      const again = await procedure(who)
      expect(again.json()).toEqual(response.json())
      const drafts = await app.db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.preApplicationId, who.contractId))
      expect(drafts.map((row) => row.id)).toEqual([draft?.id])
    })

    it('更新手続きで補償を変えると告知を詰め直し、表示しない引き継ぎの告知には前年度の回答を入れること（SPEC §4、issue #17 の12）', async () => {
      const who = await holder()
      expect((await procedure(who)).statusCode).toBe(200)
      const headers = await myPageHeadersOf(app, who.accountId)
      const signedIn = { accountId: who.accountId, applicationId: '', userId: who.userId, headers }
      const before = await walkToPayment(app, signedIn, 'selectCategory')
      const changed = await app.inject({
        method: 'PUT',
        url: '/api/applyInfo/selectType',
        headers,
        payload: { contractType: '1', optionUnitNoArray: [], version: before.version },
      })
      expect(changed.statusCode, changed.body).toBe(200)
      const { applyInfo } = changed.json<ApplicationView>()
      expect(applyInfo.cvrgeInfo.unitArray.map((unit) => unit.unit)).toEqual([1])
      expect(applyInfo.noticeMatterInfo.answers).toEqual({
        hospitalised: '',
        priorClaims: hiddenNoticeAnswers.priorClaims,
        priorNote: '',
      })
    })

    it('支払いまで進むと更新済み（手続き）になり、その後の手続き・停止は 409 APFA2029 になること', async () => {
      const who = await holder()
      expect((await procedure(who)).statusCode).toBe(200)
      const paid = await pay(who, await walkDraft(who))
      expect(paid.statusCode, paid.body).toBe(200)
      expect(paid.json<PaymentOutcome>().result).toBe('completed')
      expect((await draftOf(who))?.status).toBe('applied')
      expect((await info(who)).json<RenewalInfo>()).toMatchObject({
        state: 'renewed',
        renewedBy: 'procedure',
        renewSttsDiv: '1',
        renewedGroupPfCodeInceptionDateYm: NEXT,
      })
      expect(outcome(await procedure(who))).toEqual(refusal('APFA2029'))
      expect(outcome(await stop(who))).toEqual(refusal('APFA2029'))
      const contracts = (await home(who)).contracts
      expect(
        contracts.map((contract) => contract.coveragePeriod.groupPfCodeInceptionDateYm),
      ).toEqual([NEXT, CURRENT])
      expect(contracts[1]).toMatchObject({
        renewal: { renewSttsDiv: '1' },
        actions: { renewal: false },
      })
    })

    it('更新確定日を過ぎてからの支払いは 409 APFA2029 になり、何も反映されないこと', async () => {
      const who = await holder()
      expect((await procedure(who)).statusCode).toBe(200)
      const view = await walkDraft(who)
      clock.set(jstTime(FIX_DATE, '0000'))
      expect(outcome(await pay(who, view))).toEqual(refusal('APFA2029'))
      expect((await draftOf(who))?.status).toBe('draft')
      const [row] = await app.db
        .select({ state: renewals.state })
        .from(renewals)
        .where(eq(renewals.preApplicationId, who.contractId))
      expect(row?.state).toBe('inProcedure')
    })
  })
})
