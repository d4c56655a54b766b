import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { t, type ApplicationView, type EntryLink } from '@app/shared'
import type { PaymentInfo, PaymentOutcome } from '@app/shared/api/payment/payment'
import { AppError, errorCodes } from '@app/shared'
import type { DatabaseHandle } from '../../db/client.ts'
import type { SignedIn } from '../access/session.ts'
import { createPaymentServices } from './payment-services.ts'
import { applications, outboxMessages, paymentAttempts } from '../../db/schema/index.ts'
import {
  createTestApp,
  createTestDatabase,
  jsonBody,
  jstTime,
  manualClock,
  testNow,
} from '../../../test/helpers.ts'
import type { SignedInApplicant } from '../application/application-test-support.ts'
import { signInApplicant } from '../application/application-test-support.ts'
import {
  SANDBOX_3DS_PASSWORD,
  SANDBOX_42C_CODE,
  SANDBOX_SYSTEM_ERROR_CODE,
  sandboxTestCards,
} from '../../sandbox/test-cards.ts'
import {
  applicantAtPayment,
  cardToken,
  importPaymentProduct,
  newIdempotencyKey,
  registrationOf,
  sandboxCall,
  solvedPuzzle,
  TEST_PREMIUM,
  walkToPayment,
} from './payment-test-support.ts'

// Issue #7, card payment (pymntMethod "1"): GET /paymentInfo/, the puzzle, the provider's test
// cards and their messages (SPEC §8.4, §8.2 42C), 3-D Secure, idempotency, the deadline
// (APFA2012), completion (SPEC §4 status 330) and what an applied application still allows.
// The app listens: the payment adapter reaches the sandbox provider over HTTP.

/** JST wall-clock time as a Date */
const jst = (yyyymmdd: string, hhmm = '1000') => jstTime(yyyymmdd, hhmm)

const body = jsonBody

describe('クレジットカード決済（issue #7）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let baseUrl: string
  let cardLink: EntryLink
  let card211Link: EntryLink
  const clock = manualClock()

  beforeAll(async () => {
    database = await createTestDatabase()
    cardLink = await importPaymentProduct(database.db, { pymntMethod: '1' })
    card211Link = await importPaymentProduct(database.db, {
      pymntMethod: '1',
      payeeAccntDisplayDiv: '1',
      window: 'halfway',
    })
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('not listening')
    baseUrl = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })
  beforeEach(() => {
    clock.set(testNow)
  })

  function post(
    who: SignedInApplicant,
    path: string,
    payload: Record<string, unknown>,
    /** null: no Idempotency-Key header */
    key: string | null = newIdempotencyKey(),
  ) {
    return app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { ...who.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload,
    })
  }

  async function payByCard(
    who: SignedInApplicant,
    view: ApplicationView,
    cardNumber: string,
    key = newIdempotencyKey(),
  ) {
    const payload = {
      registration: registrationOf(view),
      cardToken: await cardToken(app, cardNumber),
      puzzle: await solvedPuzzle(app, who),
    }
    return post(who, '/executePaymentCredit/', payload, key)
  }

  const paymentInfo = (who: SignedInApplicant) =>
    app.inject({ method: 'GET', url: '/api/paymentInfo/', headers: who.headers })

  async function attemptsOf(who: SignedInApplicant) {
    return database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.applicationId, who.applicationId))
  }

  async function chargesOf(who: SignedInApplicant) {
    const response = await sandboxCall(app, 'GET', `/v1/payments?orderId=${who.applicationId}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: { id: string; status: string; amount: number }[] }>().data
  }

  /** The browser on the provider's 3-D Secure page: the password, then the 303 back. */
  async function answerChallenge(redirectUrl: string, action: 'authenticate' | 'cancel') {
    const url = new URL(redirectUrl)
    const form = new URLSearchParams({ action, password: SANDBOX_3DS_PASSWORD })
    return app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    })
  }

  /** A session opened at the clock's time (the test's first one idles out when days pass). */
  async function freshSession(who: SignedInApplicant): Promise<SignedInApplicant> {
    const session = await app.sessions.open(who.accountId)
    return { ...who, headers: { authorization: `Bearer ${session.sessionToken}` } }
  }

  describe('GET /paymentInfo/（SPEC §2.5 お支払い画面の初期化）', () => {
    it('すべての手順が終わるまでは 409 APFD0001、セッションがなければ 401 E0003 になること', async () => {
      const who = await signInApplicant(app, { link: cardLink, authItems: ['1000001', '', ''] })
      await walkToPayment(app, who, 'noticeMatters')
      const early = await paymentInfo(who)
      expect([early.statusCode, body(early)]).toEqual([
        409,
        { errorCode: 'APFD0001', message: t('error.APFD0001') },
      ])
      const anonymous = await app.inject({ method: 'GET', url: '/api/paymentInfo/' })
      expect([anonymous.statusCode, body(anonymous)['errorCode']]).toEqual([401, 'E0003'])
    })

    it('金額はサーバーの保険料の合計、カードはトークンの送り先と公開鍵を返すこと', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const response = await paymentInfo(who)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json<PaymentInfo>()).toEqual({
        state: 'open',
        registration: {
          urlKey: cardLink.urlKey,
          groupPfCode: cardLink.groupPfCode,
          groupPfCodeInceptionDateYm: '202612',
          groupPfBranchNo: '00001',
          groupPfPolicyHolderNo: null,
          statusPattern: '110',
          pymntMethod: '1',
          payeeAccntDisplayDiv: '2',
          payeeAccntInfo: null,
        },
        invoiceAmount: TEST_PREMIUM,
        card: {
          tokenUrl: `${baseUrl}/sandbox-pay/v1/tokens`,
          publishableKey: app.paymentSettings.publishableKey,
        },
        completion: null,
      })
      expect(registrationOf(view)).toEqual(response.json<PaymentInfo>().registration)
    })

    it('申込のないアカウントには 404 APFN0001 を返すこと', async () => {
      const who = await signInApplicant(app, { link: cardLink, authItems: ['1000002', '', ''] })
      await database.db.delete(applications).where(eq(applications.id, who.applicationId))
      const response = await paymentInfo(who)
      expect([response.statusCode, body(response)['errorCode']]).toEqual([404, 'APFN0001'])
    })
  })

  describe('決済の完了（SPEC §4: 330）', () => {
    it('3Dセキュアのないカードで決済すると、加入者番号・マイページのIDが返り、申込済みになること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink, {
        mailAddress: 'card-ok@example.jp',
      })
      const key = newIdempotencyKey()
      const token = await cardToken(app, sandboxTestCards.frictionless)
      const response = await post(
        who,
        '/executePaymentCredit/',
        {
          registration: registrationOf(view),
          cardToken: token,
          puzzle: await solvedPuzzle(app, who),
        },
        key,
      )
      expect(response.statusCode, response.body).toBe(200)
      const outcome = response.json<PaymentOutcome>()
      if (outcome.result !== 'completed') throw new Error('not completed')
      const number = outcome.completion.groupPfPolicyHolderNo
      expect(number).toMatch(/^\d{10}$/)
      expect(outcome).toEqual({
        result: 'completed',
        completion: {
          groupPfPolicyHolderNo: number,
          userId: who.userId,
          policyHolderEmailAddress: 'card-ok@example.jp',
          statusPattern: '330',
          pymntMethod: '1',
          invoiceAmount: TEST_PREMIUM,
          applicationDate: '20261120',
          isExistApplyCompMailError: false,
          virtualAccount: null,
          payeeAccntInfo: null,
        },
      })

      // the provider: one charge, captured, of the server's amount
      expect(await chargesOf(who)).toEqual([
        expect.objectContaining({ status: 'captured', amount: TEST_PREMIUM }),
      ])
      // the audit log (issue #20 point 4): the submission, once, by the applicant, no card data
      const submitted = await app.audit.list({
        action: 'application.submitted',
        actorId: who.accountId,
      })
      expect(submitted).toHaveLength(1)
      expect(submitted[0]).toMatchObject({
        actorKind: 'applicant',
        recordKind: 'application',
        recordId: who.applicationId,
        details: { attemptKind: 'card' },
      })
      expect(JSON.stringify(submitted)).not.toContain(sandboxTestCards.frictionless)
      // the record for the agency: the attempt and its outcome, no card data
      const attempts = await attemptsOf(who)
      expect(attempts).toHaveLength(1)
      expect(attempts[0]).toMatchObject({
        kind: 'card',
        status: 'succeeded',
        amount: TEST_PREMIUM,
        errorCode: null,
      })
      expect(attempts[0]?.providerReference).toMatch(/^pay_/)
      expect(JSON.stringify(attempts)).not.toContain(token)

      // the application (SPEC §3.1, §3.2)
      const applyInfo = await app.inject({
        method: 'GET',
        url: '/api/applyInfo/',
        headers: who.headers,
      })
      expect(applyInfo.statusCode, applyInfo.body).toBe(200)
      const applied = applyInfo.json<ApplicationView>()
      expect(applied.applicationStatus).toBe('applied')
      expect(applied.version).toBe(view.version + 1)
      expect(applied.applyInfo.basicInfo).toMatchObject({
        groupPfPolicyHolderNo: number,
        statusPattern: '330',
        applicationDate: '20261120',
      })
      expect(applied.applyInfoOption).toMatchObject({
        invoiceAmount: TEST_PREMIUM,
        policyHolderNumber: number,
        isExistApplyCompMailError: false,
      })

      // GET /paymentInfo/ now shows the completion
      const info = await paymentInfo(who)
      expect(info.json<PaymentInfo>()).toEqual({
        state: 'applied',
        registration: {
          ...registrationOf(view),
          groupPfPolicyHolderNo: number,
          statusPattern: '330',
        },
        invoiceAmount: TEST_PREMIUM,
        card: null,
        completion: outcome.completion,
      })

      // the completion mail, in the outbox
      const [mail] = await database.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, 'card-ok@example.jp'),
            eq(outboxMessages.template, 'completion'),
          ),
        )
      expect(mail?.subject).toBe('【みどり商事健康保険組合】お申し込み完了のお知らせ')
      expect(mail?.textBody).toContain(`・加入者番号：${number}\n`)
      expect(mail?.textBody).toContain(`・マイページのID：${who.userId}\n`)
      expect(mail?.textBody).toContain('・お支払い方法：クレジットカード（お支払い済み）\n')
      expect(mail?.textBody).toContain(
        `${baseUrl}/app/myp/${cardLink.groupPfCode}/${cardLink.urlKey}/login\n`,
      )
      expect(mail?.textBody).not.toContain(token)
      expect(mail?.textBody).not.toContain(sandboxTestCards.frictionless)

      // the same key again: the same answer, no second charge
      const repeat = await post(
        who,
        '/executePaymentCredit/',
        {
          registration: registrationOf(view),
          cardToken: token,
          puzzle: await solvedPuzzle(app, who),
        },
        key,
      )
      expect([repeat.statusCode, repeat.json()]).toEqual([200, outcome])
      // another key: already applied
      const second = await payByCard(who, view, sandboxTestCards.frictionless)
      expect([second.statusCode, body(second)]).toEqual([
        409,
        { errorCode: 'APFA2002', message: t('error.APFA2002') },
      ])
      expect(await chargesOf(who)).toHaveLength(1)
    })

    it('申込済みの申込は手順の保存・被保険者・書類の操作を 409 APFA2002 で断り、取得はできること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const paid = await payByCard(who, view, sandboxTestCards.frictionless14)
      expect(paid.statusCode, paid.body).toBe(200)
      const version = view.version + 1
      const refusals = await Promise.all([
        app.inject({
          method: 'PUT',
          url: '/api/applyInfo/selectPolicyHolderDiv',
          headers: who.headers,
          payload: { version, policyHolderDiv: '1' },
        }),
        app.inject({
          method: 'PUT',
          url: '/api/applyInfo/checkPolicyHolderInfo',
          headers: who.headers,
          payload: { version },
        }),
        app.inject({
          method: 'POST',
          url: '/api/applyInfo/insured/1',
          headers: who.headers,
          payload: {
            version,
            insrdInfo: {
              insrdNameKana: 'ミドリ　タロウ',
              insrdNameKanji: '緑　太郎',
              insrdBirthDate: '20100101',
              insrdSex: '1',
              itemAnswers: {},
            },
          },
        }),
        app.inject({
          method: 'PUT',
          url: '/api/applyInfo/insured/1/confirm',
          headers: who.headers,
          payload: { version },
        }),
        app.inject({
          method: 'DELETE',
          url: `/api/applyInfo/insured/1/00000000-0000-4000-8000-000000000000?version=${version}`,
          headers: who.headers,
        }),
        app.inject({
          method: 'POST',
          url: '/api/uploadNecessaryDocsUrl/',
          headers: who.headers,
          payload: { slot: 1, fileName: 'a.pdf', size: 100 },
        }),
        app.inject({
          method: 'DELETE',
          url: `/api/applyInfo/requiredDocs/00000000-0000-4000-8000-000000000000?version=${version}`,
          headers: who.headers,
        }),
      ])
      for (const refusal of refusals) {
        expect([refusal.statusCode, body(refusal)['errorCode']], refusal.body).toEqual([
          409,
          'APFA2002',
        ])
      }
      const current = await app.inject({
        method: 'GET',
        url: '/api/applyInfo/',
        headers: who.headers,
      })
      expect(current.statusCode).toBe(200)
      expect(current.json<ApplicationView>().applicationStatus).toBe('applied')
    })

    it('振込先を表示する中途募集（211）でもカード決済で 330 になり、振込先の案内を返すこと', async () => {
      const { who, view } = await applicantAtPayment(app, card211Link)
      expect(view.applyInfo.basicInfo.statusPattern).toBe('211')
      const response = await payByCard(who, view, sandboxTestCards.frictionless)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<PaymentOutcome>()).toMatchObject({
        result: 'completed',
        completion: {
          statusPattern: '330',
          payeeAccntInfo: 'みどり銀行 本店営業部 普通 7654321 ミドリショウジ',
        },
      })
    })
  })

  describe('更新の完了が決済の後で断られたとき（ADR 0016）', () => {
    it('売上確定の後に更新が完了できなくなっていれば 500 APFA2026 で返金の対象として残し、申込は下書きのままであること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink, {
        mailAddress: 'card-renewal-race@example.jp',
      })
      // the renewal job took the contract between the check and the completion's transaction
      const service = createPaymentServices({
        ...app.payments.options,
        renewals: {
          checkCompletion: async () => {},
          completeInTx: () =>
            Promise.reject(
              new AppError(errorCodes.renewalNotPossible, { message: 'renewed by the job' }),
            ),
        },
      })
      const attempt = service.card.executeCredit(
        { accountId: who.accountId } as SignedIn,
        newIdempotencyKey(),
        {
          registration: registrationOf(view),
          cardToken: await cardToken(app, sandboxTestCards.frictionless),
          puzzle: await solvedPuzzle(app, who),
        },
      )
      await expect(attempt).rejects.toMatchObject({
        errorCode: errorCodes.notCompletedContactAgency,
      })
      const [row] = await attemptsOf(who)
      expect(row).toMatchObject({
        status: 'failed',
        errorCode: errorCodes.notCompletedContactAgency,
      })
      // the money moved: the provider holds the capture the log names for the refund
      expect((await chargesOf(who)).map((charge) => charge.status)).toEqual(['captured'])
      const [application] = await database.db
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, who.applicationId))
      expect(application?.status).toBe('draft')
    })
  })

  describe('テスト用カードごとのメッセージ（SPEC §8.4, §8.2）', () => {
    it.each([
      ['declined', 402, { errorCode: 'APFK0003', message: t('error.APFK0003') }],
      ['retryLater', 402, { errorCode: 'APFK0004', message: t('error.APFK0004') }],
      ['busy', 503, { errorCode: 'APFK0005', message: t('error.APFK0005') }],
      ['detailsInvalid', 400, { errorCode: 'APFK0006', message: t('error.APFK0006') }],
      ['notUsable', 402, { errorCode: 'APFK0007', message: t('error.APFK0007') }],
      ['maintenance', 503, { errorCode: 'APFK0010', message: t('error.APFK0010') }],
      ['paymentFailed42C', 402, { errorCode: SANDBOX_42C_CODE }],
      [
        'systemError',
        502,
        {
          errorCode: SANDBOX_SYSTEM_ERROR_CODE,
          message: t('payment.providerError', { code: SANDBOX_SYSTEM_ERROR_CODE }),
        },
      ],
    ] as const)(
      '%s のカードは %i と %o になり、申込は変わらないこと',
      async (card, status, expected) => {
        const { who, view } = await applicantAtPayment(app, cardLink)
        const key = newIdempotencyKey()
        const response = await payByCard(who, view, sandboxTestCards[card], key)
        expect([response.statusCode, body(response)]).toEqual([status, expected])
        const [attempt] = await attemptsOf(who)
        expect(attempt).toMatchObject({ status: 'failed', errorCode: expected.errorCode })
        expect(attempt?.finishedAt).not.toBeNull()
        // the same key again: the same refusal, and the provider is not asked again
        const before = (await chargesOf(who)).length
        const repeat = await payByCard(who, view, sandboxTestCards.frictionless, key)
        expect([repeat.statusCode, body(repeat)]).toEqual([status, expected])
        expect(await chargesOf(who)).toHaveLength(before)
        expect((await paymentInfo(who)).json<PaymentInfo>().state).toBe('open')
        // a new key with a good card succeeds
        const retry = await payByCard(who, view, sandboxTestCards.frictionless)
        expect(retry.statusCode, retry.body).toBe(200)
        expect(
          (await chargesOf(who)).filter((charge) => charge.status === 'captured'),
        ).toHaveLength(1)
      },
    )
  })

  describe('3Dセキュア（EMV 3-D Secure）', () => {
    it('認証の画面へ送り、戻ってきたら売上を確定して 330 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const key = newIdempotencyKey()
      const started = await payByCard(who, view, sandboxTestCards.threeDSecure, key)
      expect(started.statusCode, started.body).toBe(200)
      const outcome = started.json<PaymentOutcome>()
      if (outcome.result !== 'threeDSecure') throw new Error('no 3-D Secure')
      expect(outcome.redirectUrl).toMatch(new RegExp(`^${baseUrl}/sandbox-pay/challenge/pay_`))
      expect((await paymentInfo(who)).json<PaymentInfo>().state).toBe('threeDSecure')
      // the execution repeated (a reload) gives the same redirect
      const repeated = await payByCard(who, view, sandboxTestCards.threeDSecure, key)
      expect(repeated.json()).toEqual(outcome)

      const page = await answerChallenge(outcome.redirectUrl, 'authenticate')
      expect(page.statusCode).toBe(303)
      const { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = cardLink
      expect(page.headers.location).toBe(
        `${baseUrl}/app/ent/${groupPfCode}/${groupPfCodeInceptionDateYm}/${groupPfBranchNo}/${urlKey}/payment?threeDSecure=return`,
      )
      const back = await post(
        who,
        '/executePaymentCredit/threeDSecure/',
        { registration: registrationOf(view) },
        key,
      )
      expect(back.statusCode, back.body).toBe(200)
      expect(back.json<PaymentOutcome>()).toMatchObject({
        result: 'completed',
        completion: { statusPattern: '330', invoiceAmount: TEST_PREMIUM },
      })
      const again = await post(
        who,
        '/executePaymentCredit/threeDSecure/',
        { registration: registrationOf(view) },
        key,
      )
      expect(again.json()).toEqual(back.json())
      expect(await chargesOf(who)).toEqual([expect.objectContaining({ status: 'captured' })])
    })

    it('カード会社が認証を断ると 402 APFK0012 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const key = newIdempotencyKey()
      const started = await payByCard(who, view, sandboxTestCards.threeDSecureDeclined, key)
      const outcome = started.json<PaymentOutcome>()
      if (outcome.result !== 'threeDSecure') throw new Error('no 3-D Secure')
      expect((await answerChallenge(outcome.redirectUrl, 'authenticate')).statusCode).toBe(303)
      const back = await post(
        who,
        '/executePaymentCredit/threeDSecure/',
        { registration: registrationOf(view) },
        key,
      )
      expect([back.statusCode, body(back)]).toEqual([
        402,
        { errorCode: 'APFK0012', message: t('error.APFK0012') },
      ])
      expect((await attemptsOf(who))[0]).toMatchObject({ status: 'failed', errorCode: 'APFK0012' })
      expect((await paymentInfo(who)).json<PaymentInfo>().state).toBe('open')
    })

    it('認証を終えずに戻ると決済を取り消して 402 APFK0012 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const key = newIdempotencyKey()
      const outcome = (
        await payByCard(who, view, sandboxTestCards.threeDSecure, key)
      ).json<PaymentOutcome>()
      if (outcome.result !== 'threeDSecure') throw new Error('no 3-D Secure')
      const back = await post(
        who,
        '/executePaymentCredit/threeDSecure/',
        { registration: registrationOf(view) },
        key,
      )
      expect([back.statusCode, body(back)['errorCode']]).toEqual([402, 'APFK0012'])
      expect(await chargesOf(who)).toEqual([expect.objectContaining({ status: 'cancelled' })])
    })

    it('知らないキーで戻ると 409 APFD0001 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const back = await post(who, '/executePaymentCredit/threeDSecure/', {
        registration: registrationOf(view),
      })
      expect([back.statusCode, body(back)['errorCode']]).toEqual([409, 'APFD0001'])
    })
  })

  describe('冪等キー（PRODUCT.md "Money"）', () => {
    it('同じキーで 50 件同時に実行しても決済は 1 件で、答えは同じ完了か 409 APFY0001 であること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const key = newIdempotencyKey()
      const payload = {
        registration: registrationOf(view),
        cardToken: await cardToken(app, sandboxTestCards.frictionless),
        puzzle: await solvedPuzzle(app, who),
      }
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => post(who, '/executePaymentCredit/', payload, key)),
      )
      const completed = responses.filter((response) => response.statusCode === 200)
      const waiting = responses.filter((response) => response.statusCode !== 200)
      expect(completed.length).toBeGreaterThan(0)
      const first = completed[0]?.json<PaymentOutcome>()
      expect(first).toMatchObject({ result: 'completed', completion: { statusPattern: '330' } })
      for (const response of completed) expect(response.json()).toEqual(first)
      for (const response of waiting) {
        expect([response.statusCode, body(response)]).toEqual([
          409,
          { errorCode: 'APFY0001', message: t('error.APFY0001') },
        ])
      }
      const charges = (await chargesOf(who)).filter((charge) =>
        ['authorized', 'captured'].includes(charge.status),
      )
      expect(charges).toHaveLength(1)
      const attempts = await attemptsOf(who)
      expect(attempts.map((attempt) => attempt.status)).toEqual(['succeeded'])
    })

    it('同じ申込の別の支払いが処理中なら、別のキーは 409 APFY0001 になること（止まった処理は除く）', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const [running] = await database.db
        .insert(paymentAttempts)
        .values({
          applicationId: who.applicationId,
          kind: 'card',
          idempotencyKey: newIdempotencyKey(),
          amount: TEST_PREMIUM,
          createdAt: clock.now(),
        })
        .returning()
      const refused = await payByCard(who, view, sandboxTestCards.frictionless)
      expect([refused.statusCode, body(refused)]).toEqual([
        409,
        { errorCode: 'APFY0001', message: t('error.APFY0001') },
      ])
      expect(await chargesOf(who)).toEqual([])
      // two minutes later the first one is taken as a process that stopped
      clock.advance(121_000)
      const paid = await payByCard(who, view, sandboxTestCards.frictionless)
      expect(paid.statusCode, paid.body).toBe(200)
      const [stale] = await database.db
        .select({ status: paymentAttempts.status })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.id, running?.id ?? ''))
      expect(stale?.status).toBe('processing')
    })

    it('Idempotency-Key がない・形が違うと 400 APFV0001 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const payload = {
        registration: registrationOf(view),
        cardToken: await cardToken(app, sandboxTestCards.frictionless),
        puzzle: await solvedPuzzle(app, who),
      }
      for (const key of [null, 'short', 'has space in it 0123456789']) {
        const response = await post(who, '/executePaymentCredit/', payload, key)
        expect([response.statusCode, body(response)]).toEqual([
          400,
          {
            errorCode: 'APFV0001',
            message: t('error.APFV0001'),
            issues: [{ path: 'idempotency-key', message: t('error.APFV0001') }],
          },
        ])
      }
      expect(await attemptsOf(who)).toEqual([])
    })
  })

  describe('パズル（SPEC §8.4, §9: 5分・1回限り）', () => {
    it('パズルのない本文は 400 APFV0001、解いていないパズルは 400 APFK0008 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const token = await cardToken(app, sandboxTestCards.frictionless)
      const missing = await post(who, '/executePaymentCredit/', {
        registration: registrationOf(view),
        cardToken: token,
      })
      expect([missing.statusCode, body(missing)['errorCode']]).toEqual([400, 'APFV0001'])
      const puzzle = await solvedPuzzle(app, who)
      const unsolved = await post(who, '/executePaymentCredit/', {
        registration: registrationOf(view),
        cardToken: token,
        puzzle: { ...puzzle, solution: { counter: puzzle.solution.counter + 1, derivedKey: '00' } },
      })
      expect([unsolved.statusCode, body(unsolved)]).toEqual([
        400,
        { errorCode: 'APFK0008', message: t('error.APFK0008') },
      ])
      expect(await attemptsOf(who)).toEqual([])
    })

    it('使ったパズルをもう一度使うと 400 APFK0009 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const puzzle = await solvedPuzzle(app, who)
      const declined = await post(who, '/executePaymentCredit/', {
        registration: registrationOf(view),
        cardToken: await cardToken(app, sandboxTestCards.declined),
        puzzle,
      })
      expect(body(declined)['errorCode']).toBe('APFK0003')
      const replayed = await post(who, '/executePaymentCredit/', {
        registration: registrationOf(view),
        cardToken: await cardToken(app, sandboxTestCards.frictionless),
        puzzle,
      })
      expect([replayed.statusCode, body(replayed)]).toEqual([
        400,
        { errorCode: 'APFK0009', message: t('error.APFK0009') },
      ])
      expect((await chargesOf(who)).map((charge) => charge.status)).toEqual(['failed'])
    })

    it('5分を過ぎたパズルは 400 APFK0009 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const puzzle = await solvedPuzzle(app, who)
      clock.advance(301_000)
      const response = await post(who, '/executePaymentCredit/', {
        registration: registrationOf(view),
        cardToken: await cardToken(app, sandboxTestCards.frictionless),
        puzzle,
      })
      expect([response.statusCode, body(response)]).toEqual([
        400,
        { errorCode: 'APFK0009', message: t('error.APFK0009') },
      ])
      expect(await chargesOf(who)).toEqual([])
    })

    it('パズルはセッションのある人にだけ出すこと', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/api/capyStatus/' })
      expect([anonymous.statusCode, body(anonymous)['errorCode']]).toEqual([401, 'E0003'])
    })
  })

  describe('申込内容・期限・本人の確認', () => {
    it('お支払い登録（SPEC §7.4）がサーバーの値と違うと 409 APFC0001 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const response = await post(who, '/executePaymentCredit/', {
        registration: { ...registrationOf(view), statusPattern: '220' },
        cardToken: await cardToken(app, sandboxTestCards.frictionless),
        puzzle: await solvedPuzzle(app, who),
      })
      expect([response.statusCode, body(response)]).toEqual([
        409,
        { errorCode: 'APFC0001', message: t('error.APFC0001') },
      ])
      expect(await chargesOf(who)).toEqual([])
    })

    it('カード以外の窓口（振込口座・団体扱）は 409 APFD0001 になること', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      for (const path of ['/executePaymentVAccount/', '/paymentInfo/']) {
        const response = await post(who, path, { registration: registrationOf(view) })
        expect([response.statusCode, body(response)['errorCode']], path).toEqual([409, 'APFD0001'])
      }
    })

    it('募集期間が終わった後の決済は 409 APFA2012 で、待っている3Dセキュアの決済も取り消すこと', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const key = newIdempotencyKey()
      const outcome = (
        await payByCard(who, view, sandboxTestCards.threeDSecure, key)
      ).json<PaymentOutcome>()
      if (outcome.result !== 'threeDSecure') throw new Error('no 3-D Secure')
      expect((await answerChallenge(outcome.redirectUrl, 'authenticate')).statusCode).toBe(303)
      clock.set(jst('20261201'))
      const later = await freshSession(who)
      const back = await post(
        later,
        '/executePaymentCredit/threeDSecure/',
        { registration: registrationOf(view) },
        key,
      )
      expect([back.statusCode, body(back)]).toEqual([409, { errorCode: 'APFA2012' }])
      expect(await chargesOf(who)).toEqual([expect.objectContaining({ status: 'cancelled' })])
      expect((await attemptsOf(who))[0]).toMatchObject({
        status: 'cancelled',
        errorCode: 'APFA2012',
      })
      const fresh = await payByCard(later, view, sandboxTestCards.frictionless)
      expect([fresh.statusCode, body(fresh)]).toEqual([409, { errorCode: 'APFA2012' }])
      expect(await chargesOf(who)).toHaveLength(1)
    })

    it('期限が過ぎてから新しい決済を始めると、待っている3Dセキュアの決済を取り消すこと', async () => {
      const { who, view } = await applicantAtPayment(app, cardLink)
      const outcome = (
        await payByCard(who, view, sandboxTestCards.threeDSecure)
      ).json<PaymentOutcome>()
      expect(outcome.result).toBe('threeDSecure')
      clock.set(jst('20261201'))
      const later = await freshSession(who)
      const fresh = await payByCard(later, view, sandboxTestCards.frictionless)
      expect([fresh.statusCode, body(fresh)['errorCode']]).toEqual([409, 'APFA2012'])
      expect(await chargesOf(who)).toEqual([expect.objectContaining({ status: 'cancelled' })])
    })

    it('ほかの申込者のセッションからは、この申込の支払いは見えず、キーも通じないこと', async () => {
      const owner = await applicantAtPayment(app, cardLink)
      const key = newIdempotencyKey()
      const started = await payByCard(owner.who, owner.view, sandboxTestCards.threeDSecure, key)
      expect(started.json<PaymentOutcome>().result).toBe('threeDSecure')
      const other = await signInApplicant(app, {
        link: cardLink,
        mailAddress: 'other@example.jp',
        authItems: ['7654321', '19900101', 'アオキジロウ'],
      })
      const info = await paymentInfo(other)
      expect([info.statusCode, body(info)['errorCode']]).toEqual([409, 'APFD0001'])
      const back = await post(
        other,
        '/executePaymentCredit/threeDSecure/',
        { registration: registrationOf(owner.view) },
        key,
      )
      expect([back.statusCode, body(back)['errorCode']]).toEqual([409, 'APFD0001'])
      const pay = await payByCard(other, owner.view, sandboxTestCards.frictionless, key)
      expect([pay.statusCode, body(pay)['errorCode']]).toEqual([409, 'APFD0001'])
      expect((await paymentInfo(owner.who)).json<PaymentInfo>().state).toBe('threeDSecure')
      expect(await attemptsOf(other)).toEqual([])
    })
  })
})
