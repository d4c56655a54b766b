import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { and, asc, eq } from 'drizzle-orm'
import { t, type ApplicationView, type EntryLink } from '@app/shared'
import type { PaymentInfo, PaymentOutcome } from '@app/shared/api/payment/payment'
import type { DatabaseHandle } from '../../db/client.ts'
import {
  applications,
  depositNotifications,
  outboxMessages,
  paymentAttempts,
  virtualAccounts,
} from '../../db/schema/index.ts'
import {
  createTestApp,
  createTestDatabase,
  jsonBody,
  jstTime,
  manualClock,
  testNow,
} from '../../../test/helpers.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts'
import type { SignedIn } from '../access/session.ts'
import type { SignedInApplicant } from '../application/application-test-support.ts'
import { createPaymentServices } from './payment-services.ts'
import {
  applicantAtPayment,
  importPaymentProduct,
  newIdempotencyKey,
  registrationOf,
  sandboxCall,
  TEST_PREMIUM,
} from './payment-test-support.ts'
import { signDepositNotification } from './signature.ts'

// Issue #7, the payments that are not made by card: the virtual bank account ("3", SPEC §4
// 110 → 220, 211 stays 211), its signed deposit notifications and their reconciliation (paid in
// full, under- and over-paid, unknown account, duplicates, bad signatures), group collection
// ("4", 330 or 211 kept), the completion mail and a relay that refuses it.

/** JST wall-clock time as a Date */
const jst = (yyyymmdd: string, hhmm = '1000') => jstTime(yyyymmdd, hhmm)

const body = jsonBody

/** The agency's address of the test products' branch (test/factories.ts). */
const AGENT_MAIL = 'agent@example.jp'

describe('振込口座・団体扱・入金通知（issue #7）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let transferLink: EntryLink
  let transfer211Link: EntryLink
  let collectionLink: EntryLink
  let collection211Link: EntryLink
  const clock = manualClock()

  beforeAll(async () => {
    database = await createTestDatabase()
    transferLink = await importPaymentProduct(database.db, { pymntMethod: '3' })
    transfer211Link = await importPaymentProduct(database.db, {
      pymntMethod: '3',
      payeeAccntDisplayDiv: '1',
      window: 'halfway',
    })
    collectionLink = await importPaymentProduct(database.db, { pymntMethod: '4' })
    collection211Link = await importPaymentProduct(database.db, {
      pymntMethod: '4',
      payeeAccntDisplayDiv: '1',
      window: 'halfway',
    })
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })
  beforeEach(() => {
    clock.set(testNow)
  })

  function post(
    target: FastifyInstance,
    who: SignedInApplicant,
    path: string,
    payload: Record<string, unknown>,
    key = newIdempotencyKey(),
  ) {
    return target.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { ...who.headers, 'idempotency-key': key },
      payload,
    })
  }

  async function issueAccount(who: SignedInApplicant, view: ApplicationView) {
    const response = await post(app, who, '/executePaymentVAccount/', {
      registration: registrationOf(view),
    })
    expect(response.statusCode, response.body).toBe(200)
    const outcome = response.json<PaymentOutcome>()
    if (outcome.result !== 'completed' || outcome.completion.virtualAccount === null) {
      throw new Error('no account')
    }
    return outcome.completion
  }

  /** A customer's transfer at the sandbox, which posts the signed notification to us. */
  async function deposit(accountNumber: string, amount: number) {
    const response = await sandboxCall(app, 'POST', '/v1/virtual-accounts/deposits', {
      accountNumber,
      amount,
    })
    expect(response.statusCode, response.body).toBe(201)
    // the webhook only keeps it: the reconciliation job matches it (issue #21 point 3)
    await app.reconciliationJob.runNow()
    return response.json<{ id: string; deliveredStatus: number | null }>()
  }

  /** A notification signed by us, as the provider signs it; then the reconciliation job ran. */
  async function notify(
    notification: Record<string, unknown>,
    options: { secret?: string; signedAt?: Date; header?: string | null } = {},
  ) {
    const raw = JSON.stringify(notification)
    const signedAt = options.signedAt ?? clock.now()
    const header =
      options.header === undefined
        ? signDepositNotification(
            options.secret ?? app.paymentSettings.webhookSecret,
            raw,
            Math.floor(signedAt.getTime() / 1000),
          )
        : options.header
    const response = await app.inject({
      method: 'POST',
      url: '/api/paymentNotifications/deposit/',
      headers: {
        'content-type': 'application/json',
        ...(header === null ? {} : { 'x-payment-signature': header }),
      },
      payload: raw,
    })
    await app.reconciliationJob.runNow()
    return response
  }

  /** What the reconciliation job made of a kept notification. */
  async function outcomeOf(id: unknown): Promise<string | null | undefined> {
    const [row] = await database.db
      .select({ outcome: depositNotifications.outcome, status: depositNotifications.status })
      .from(depositNotifications)
      .where(eq(depositNotifications.id, String(id)))
    expect(row?.status).toBe('reconciled')
    return row?.outcome
  }

  const notification = (accountNumber: string, amount: number) => ({
    id: `dep_${randomBytes(8).toString('hex')}`,
    type: 'virtual_account.deposit',
    accountNumber,
    amount,
    depositedAt: '2026-11-21T09:30:00.000+09:00',
  })

  async function statusPatternOf(who: SignedInApplicant): Promise<string | undefined> {
    const [row] = await database.db
      .select({ applyInfo: applications.applyInfo })
      .from(applications)
      .where(eq(applications.id, who.applicationId))
    return row?.applyInfo?.basicInfo.statusPattern
  }

  async function accountOf(who: SignedInApplicant) {
    const [row] = await database.db
      .select()
      .from(virtualAccounts)
      .where(eq(virtualAccounts.applicationId, who.applicationId))
    return row
  }

  describe('振込口座（pymntMethod "3"）', () => {
    it('口座を発行すると 110 から 220 になり、完了画面とメールに口座のすべてと期日が載ること', async () => {
      const { who, view } = await applicantAtPayment(app, transferLink, {
        mailAddress: 'transfer@example.jp',
      })
      const info = await app.inject({
        method: 'GET',
        url: '/api/paymentInfo/',
        headers: who.headers,
      })
      expect(info.json<PaymentInfo>()).toMatchObject({
        state: 'open',
        invoiceAmount: TEST_PREMIUM,
        card: null,
        registration: { pymntMethod: '3', statusPattern: '110' },
      })
      const completion = await issueAccount(who, view)
      const account = completion.virtualAccount
      expect(completion).toEqual({
        groupPfPolicyHolderNo: expect.stringMatching(/^\d{10}$/),
        userId: who.userId,
        policyHolderEmailAddress: 'transfer@example.jp',
        statusPattern: '220',
        pymntMethod: '3',
        invoiceAmount: TEST_PREMIUM,
        applicationDate: '20261120',
        isExistApplyCompMailError: false,
        virtualAccount: {
          bankName: 'サンドボックス銀行',
          bankCode: '0999',
          branchName: expect.stringMatching(/支店$/),
          branchCode: expect.stringMatching(/^\d{3}$/),
          accountType: '普通',
          accountNumber: expect.stringMatching(/^\d{7}$/),
          accountHolder: 'サンドボックスペイ（カ）',
          amount: TEST_PREMIUM,
          dueDate: '20261127',
          paidAmount: 0,
          depositStatus: 'awaiting',
        },
        payeeAccntInfo: null,
      })
      if (account === null) throw new Error('no account')
      const [mail] = await database.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, 'transfer@example.jp'),
            eq(outboxMessages.template, 'completion'),
          ),
        )
      const text = mail?.textBody ?? ''
      for (const line of [
        `・加入者番号：${completion.groupPfPolicyHolderNo}`,
        `・マイページのID：${who.userId}`,
        '・お支払い金額：1,350円',
        '・お支払い方法：銀行振込（専用の振込口座）',
        `・金融機関：サンドボックス銀行（金融機関コード 0999）`,
        `・支店：${account.branchName}（支店コード ${account.branchCode}）`,
        `・口座番号：普通 ${account.accountNumber}`,
        '・口座名義：サンドボックスペイ（カ）',
        '・お振込金額：1,350円',
        '・振込期日：2026年11月27日',
      ]) {
        expect(text).toContain(`${line}\n`)
      }
      const attempts = await database.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.applicationId, who.applicationId))
      expect(attempts).toEqual([
        expect.objectContaining({
          kind: 'virtualAccount',
          status: 'succeeded',
          amount: TEST_PREMIUM,
        }),
      ])
      expect(attempts[0]?.providerReference).toMatch(/^va_/)
      const applied = await app.inject({
        method: 'GET',
        url: '/api/paymentInfo/',
        headers: who.headers,
      })
      expect(applied.json<PaymentInfo>()).toMatchObject({ state: 'applied', completion })
    })

    it('振込先を表示する中途募集の 211 は、口座を発行しても 211 のままで、団体の振込先の案内は発行した口座に代わること', async () => {
      const { who, view } = await applicantAtPayment(app, transfer211Link)
      expect(view.applyInfo.basicInfo.statusPattern).toBe('211')
      const completion = await issueAccount(who, view)
      expect(completion.statusPattern).toBe('211')
      // issue #23 point 17: the issued account is the one to pay into; the group's text is not
      // shown beside it a second time
      expect(completion.payeeAccntInfo).toBeNull()
      expect(completion.virtualAccount?.accountNumber).toMatch(/^\d{7}$/)
    })

    it('同じキーの繰り返しは同じ口座、別のキーは 409 APFA2002 になること', async () => {
      const { who, view } = await applicantAtPayment(app, transferLink)
      const key = newIdempotencyKey()
      const payload = { registration: registrationOf(view) }
      const first = await post(app, who, '/executePaymentVAccount/', payload, key)
      const again = await post(app, who, '/executePaymentVAccount/', payload, key)
      expect(again.json()).toEqual(first.json())
      const other = await post(app, who, '/executePaymentVAccount/', payload)
      expect([other.statusCode, body(other)['errorCode']]).toEqual([409, 'APFA2002'])
      const accounts = await database.db
        .select()
        .from(virtualAccounts)
        .where(eq(virtualAccounts.applicationId, who.applicationId))
      expect(accounts).toHaveLength(1)
    })

    it('募集期間が終わった後は 409 APFA2013 になること', async () => {
      const { who, view } = await applicantAtPayment(app, transferLink)
      clock.set(jst('20261201'))
      const session = await app.sessions.open(who.accountId)
      const later = { ...who, headers: { authorization: `Bearer ${session.sessionToken}` } }
      const response = await post(app, later, '/executePaymentVAccount/', {
        registration: registrationOf(view),
      })
      expect([response.statusCode, body(response)]).toEqual([409, { errorCode: 'APFA2013' }])
      expect(await accountOf(who)).toBeUndefined()
    })
  })

  describe('入金通知と消込（PRODUCT.md "Money"）', () => {
    it('全額の入金で 330 になること（サンドボックスの署名付き通知）', async () => {
      const { who, view } = await applicantAtPayment(app, transferLink)
      const completion = await issueAccount(who, view)
      const accountNumber = completion.virtualAccount?.accountNumber ?? ''
      const delivered = await deposit(accountNumber, TEST_PREMIUM)
      expect(delivered.deliveredStatus).toBe(200)
      expect(await statusPatternOf(who)).toBe('330')
      expect(await accountOf(who)).toMatchObject({
        paidAmount: TEST_PREMIUM,
        depositStatus: 'paid',
      })
      const [kept] = await database.db
        .select()
        .from(depositNotifications)
        .where(eq(depositNotifications.id, delivered.id))
      expect(kept).toMatchObject({ accountNumber, amount: TEST_PREMIUM, outcome: 'paid' })
      const info = await app.inject({
        method: 'GET',
        url: '/api/paymentInfo/',
        headers: who.headers,
      })
      expect(info.json<PaymentInfo>().completion).toMatchObject({
        statusPattern: '330',
        virtualAccount: { paidAmount: TEST_PREMIUM, depositStatus: 'paid' },
      })
    })

    it('不足は記録して状態を変えず、残りの入金で 330、さらに入金すると超過として記録すること', async () => {
      const { who, view } = await applicantAtPayment(app, transferLink)
      const accountNumber = (await issueAccount(who, view)).virtualAccount?.accountNumber ?? ''
      const underNotification = notification(accountNumber, 1000)
      const under = await notify(underNotification)
      expect([under.statusCode, under.json()]).toEqual([200, { received: true }])
      expect(await outcomeOf(underNotification.id)).toBe('underpaid')
      expect(await statusPatternOf(who)).toBe('220')
      expect(await accountOf(who)).toMatchObject({ paidAmount: 1000, depositStatus: 'underpaid' })
      const restNotification = notification(accountNumber, 350)
      const rest = await notify(restNotification)
      expect(rest.json()).toEqual({ received: true })
      expect(await outcomeOf(restNotification.id)).toBe('paid')
      expect(await statusPatternOf(who)).toBe('330')
      const moreNotification = notification(accountNumber, 100)
      const more = await notify(moreNotification)
      expect(more.json()).toEqual({ received: true })
      expect(await outcomeOf(moreNotification.id)).toBe('overpaid')
      expect(await statusPatternOf(who)).toBe('330')
      expect(await accountOf(who)).toMatchObject({ paidAmount: 1450, depositStatus: 'overpaid' })
      const kept = await database.db
        .select({ outcome: depositNotifications.outcome, amount: depositNotifications.amount })
        .from(depositNotifications)
        .where(eq(depositNotifications.accountNumber, accountNumber))
      expect(kept).toHaveLength(3)
      expect(kept).toEqual(
        expect.arrayContaining([
          { outcome: 'underpaid', amount: 1000 },
          { outcome: 'paid', amount: 350 },
          { outcome: 'overpaid', amount: 100 },
        ]),
      )
      // issue #23 point 17: each reconciled transfer is told to the applicant, with the difference
      const [applied] = await database.db
        .select({ applyInfo: applications.applyInfo })
        .from(applications)
        .where(eq(applications.id, who.applicationId))
      const basicInfo = applied?.applyInfo?.basicInfo
      const mails = await database.db
        .select({ subject: outboxMessages.subject, textBody: outboxMessages.textBody })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.template, 'deposit'),
            eq(outboxMessages.recipient, basicInfo?.policyHolderEmailAddress ?? ''),
          ),
        )
        .orderBy(asc(outboxMessages.createdAt))
      const own = mails.filter((mail) =>
        mail.textBody.includes(`加入者番号：${basicInfo?.groupPfPolicyHolderNo ?? '?'}`),
      )
      expect(own.map((mail) => mail.subject)).toEqual([
        '【みどり商事健康保険組合】ご入金額が不足しています',
        '【みどり商事健康保険組合】ご入金を確認しました',
        '【みどり商事健康保険組合】ご入金額が超過しています',
      ])
      expect(own[0]?.textBody).toContain(
        'ご入金額が350円不足しています。不足分の350円を、同じ口座にお振り込みください。',
      )
      expect(own[0]?.textBody).toContain('ご入金額（合計）：1,000円')
      expect(own[2]?.textBody).toContain('ご入金額が100円超過しています。')
    })

    it('一度に多く入金されたら超過として記録し 330 になること（211 からも）', async () => {
      const { who, view } = await applicantAtPayment(app, transfer211Link)
      const accountNumber = (await issueAccount(who, view)).virtualAccount?.accountNumber ?? ''
      const over = notification(accountNumber, 2000)
      const response = await notify(over)
      expect(response.json()).toEqual({ received: true })
      expect(await outcomeOf(over.id)).toBe('overpaid')
      expect(await statusPatternOf(who)).toBe('330')
      expect(await accountOf(who)).toMatchObject({ paidAmount: 2000, depositStatus: 'overpaid' })
    })

    it('知らない口座への入金は捨てずに残すこと', async () => {
      const unknown = notification('0000001', 5000)
      const response = await notify(unknown)
      expect([response.statusCode, response.json()]).toEqual([200, { received: true }])
      expect(await outcomeOf(unknown.id)).toBe('unknownAccount')
      const [kept] = await database.db
        .select()
        .from(depositNotifications)
        .where(eq(depositNotifications.id, unknown.id))
      expect(kept).toMatchObject({
        accountNumber: '0000001',
        amount: 5000,
        virtualAccountId: null,
        outcome: 'unknownAccount',
      })
      expect(kept?.depositedAt.toISOString()).toBe('2026-11-21T00:30:00.000Z')
    })

    it('同じ通知が2回届いても1回だけ数えること', async () => {
      const { who, view } = await applicantAtPayment(app, transferLink)
      const accountNumber = (await issueAccount(who, view)).virtualAccount?.accountNumber ?? ''
      const once = notification(accountNumber, 500)
      const first = await notify(once)
      expect(first.json()).toEqual({ received: true })
      expect(await outcomeOf(once.id)).toBe('underpaid')
      const [second, third] = await Promise.all([notify(once), notify(once)])
      expect(second?.json()).toEqual({ received: true, duplicate: true })
      expect(third?.json()).toEqual({ received: true, duplicate: true })
      expect(await accountOf(who)).toMatchObject({ paidAmount: 500 })
    })

    it('署名が違う・古い・ないときは 401 APFW0001 で、何も記録しないこと', async () => {
      const { who, view } = await applicantAtPayment(app, transferLink)
      const accountNumber = (await issueAccount(who, view)).virtualAccount?.accountNumber ?? ''
      const refused = { errorCode: 'APFW0001', message: t('error.APFW0001') }
      const cases = [
        notify(notification(accountNumber, TEST_PREMIUM), { secret: 'whsec_someone_else_12345' }),
        notify(notification(accountNumber, TEST_PREMIUM), {
          signedAt: new Date(clock.now().getTime() - 301_000),
        }),
        notify(notification(accountNumber, TEST_PREMIUM), { header: null }),
        notify(notification(accountNumber, TEST_PREMIUM), { header: 't=1,v1=abc' }),
      ]
      for (const response of await Promise.all(cases)) {
        expect([response.statusCode, response.json()]).toEqual([401, refused])
      }
      // the body changed after signing
      const signed = notification(accountNumber, 1)
      const raw = JSON.stringify(signed)
      const header = signDepositNotification(
        app.paymentSettings.webhookSecret,
        raw,
        Math.floor(clock.now().getTime() / 1000),
      )
      const tampered = await app.inject({
        method: 'POST',
        url: '/api/paymentNotifications/deposit/',
        headers: { 'content-type': 'application/json', 'x-payment-signature': header },
        payload: raw.replace('"amount":1', '"amount":9999'),
      })
      expect([tampered.statusCode, tampered.json()]).toEqual([401, refused])
      expect(await accountOf(who)).toMatchObject({ paidAmount: 0, depositStatus: 'awaiting' })
      const kept = await database.db
        .select()
        .from(depositNotifications)
        .where(eq(depositNotifications.accountNumber, accountNumber))
      expect(kept).toEqual([])
    })

    it('署名が正しくても形の違う通知は 400 APFV0001 になること', async () => {
      const response = await notify({ id: 'dep_0123456789', type: 'other', amount: -1 })
      expect([response.statusCode, body(response)['errorCode']]).toEqual([400, 'APFV0001'])
    })
  })

  describe('団体扱（pymntMethod "4"）', () => {
    it('オンラインの支払いはなく、330 のまま申込が完了すること', async () => {
      const { who, view } = await applicantAtPayment(app, collectionLink, {
        mailAddress: 'collection@example.jp',
      })
      expect(view.applyInfo.basicInfo.statusPattern).toBe('330')
      const info = await app.inject({
        method: 'GET',
        url: '/api/paymentInfo/',
        headers: who.headers,
      })
      expect(info.json<PaymentInfo>()).toMatchObject({ state: 'open', card: null })
      const response = await post(app, who, '/paymentInfo/', { registration: registrationOf(view) })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<PaymentOutcome>()).toMatchObject({
        result: 'completed',
        completion: {
          statusPattern: '330',
          pymntMethod: '4',
          invoiceAmount: TEST_PREMIUM,
          virtualAccount: null,
        },
      })
      const [mail] = await database.db
        .select({ textBody: outboxMessages.textBody })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'collection@example.jp'))
      expect(mail?.textBody).toContain('・お支払い方法：団体扱（ご所属の団体を通じてお支払い）\n')
    })

    it('団体の付加費用は保険料に足して請求し、支払いの画面・完了・記録の金額に含めること（SPEC §3.3、issue #17 の13）', async () => {
      const costLink = await importPaymentProduct(database.db, {
        pymntMethod: '4',
        additionalCost: 330,
      })
      const { who, view } = await applicantAtPayment(app, costLink, {
        mailAddress: 'cost@example.jp',
      })
      expect(view.applyInfo.cvrgeInfo.totalPremium).toBe(TEST_PREMIUM)
      const info = await app.inject({
        method: 'GET',
        url: '/api/paymentInfo/',
        headers: who.headers,
      })
      expect(info.json<PaymentInfo>().invoiceAmount).toBe(TEST_PREMIUM + 330)
      const response = await post(app, who, '/paymentInfo/', { registration: registrationOf(view) })
      expect(response.json<PaymentOutcome>()).toMatchObject({
        result: 'completed',
        completion: { invoiceAmount: TEST_PREMIUM + 330 },
      })
      const [mail] = await database.db
        .select({ textBody: outboxMessages.textBody })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'cost@example.jp'))
      expect(mail?.textBody).toContain(
        `お支払い金額：${(TEST_PREMIUM + 330).toLocaleString('ja-JP')}円`,
      )
      // the agency's copy (SPEC §3.4 agentMail): the number and the amount, no personal data
      const completion = response.json<PaymentOutcome>()
      if (completion.result !== 'completed') throw new Error('not completed')
      const copies = await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.template, 'agencyCompletion'))
      const copy = copies.find((row) =>
        row.textBody.includes(completion.completion.groupPfPolicyHolderNo),
      )
      expect(copy?.recipient).toBe(AGENT_MAIL)
      expect(copy?.textBody).toContain(
        `お支払い金額：${(TEST_PREMIUM + 330).toLocaleString('ja-JP')}円`,
      )
      for (const personal of ['cost@example.jp', completion.completion.userId, '緑']) {
        expect(copy?.textBody).not.toContain(personal)
      }
    })

    it('振込先を表示する中途募集の 211 は 211 のままであること', async () => {
      const { who, view } = await applicantAtPayment(app, collection211Link)
      const response = await post(app, who, '/paymentInfo/', { registration: registrationOf(view) })
      expect(response.json<PaymentOutcome>()).toMatchObject({
        result: 'completed',
        completion: { statusPattern: '211' },
      })
    })

    it('カード・振込口座の窓口は 409 APFD0001、期限後は 403 APFA2001 になること', async () => {
      const { who, view } = await applicantAtPayment(app, collectionLink)
      const registration = registrationOf(view)
      const vaccount = await post(app, who, '/executePaymentVAccount/', { registration })
      expect([vaccount.statusCode, body(vaccount)['errorCode']]).toEqual([409, 'APFD0001'])
      clock.set(jst('20261201'))
      const session = await app.sessions.open(who.accountId)
      const later = { ...who, headers: { authorization: `Bearer ${session.sessionToken}` } }
      const closed = await post(app, later, '/paymentInfo/', { registration })
      expect([closed.statusCode, body(closed)]).toEqual([
        403,
        { errorCode: 'APFA2001', message: t('error.APFA2001') },
      ])
    })

    it('加入者番号が同じ商品の番号と重なったら、別の番号で取り直すこと', async () => {
      const first = await applicantAtPayment(app, collectionLink)
      const taken = await post(app, first.who, '/paymentInfo/', {
        registration: registrationOf(first.view),
      })
      const takenNo = taken.json<{ completion: { groupPfPolicyHolderNo: string } }>().completion
        .groupPfPolicyHolderNo
      const numbers = [takenNo, '0000000042']
      const service = createPaymentServices({
        ...app.payments.options,
        newPolicyHolderNo: () => numbers.shift() ?? '0000000043',
      })
      const second = await applicantAtPayment(app, collectionLink)
      // the service reads only the account of the session
      const signedIn = { accountId: second.who.accountId } as SignedIn
      const outcome = await service.offline.registerOffline(signedIn, newIdempotencyKey(), {
        registration: registrationOf(second.view),
      })
      expect(outcome).toMatchObject({
        result: 'completed',
        completion: { groupPfPolicyHolderNo: '0000000042' },
      })
    })
  })

  describe('完了メールを中継サーバーが拒否したとき（SPEC §8.4 "Mail not sent"）', () => {
    let smtp: TestSmtpServer
    let smtpApp: FastifyInstance

    beforeAll(async () => {
      smtp = await startSmtpServer()
      smtpApp = await createTestApp(database, { clock, env: { SMTP_URL: smtp.url } })
      await smtpApp.listen({ port: 0, host: '127.0.0.1' })
    })
    afterAll(async () => {
      await smtpApp.close()
      await smtp.close()
    })

    it('申込は完了し、isExistApplyCompMailError が true になること', async () => {
      smtp.refuseRecipients((address) => address === 'refused@example.jp')
      const { who, view } = await applicantAtPayment(smtpApp, collectionLink, {
        mailAddress: 'refused@example.jp',
      })
      const response = await post(smtpApp, who, '/paymentInfo/', {
        registration: registrationOf(view),
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<PaymentOutcome>()).toMatchObject({
        result: 'completed',
        completion: { isExistApplyCompMailError: true, statusPattern: '330' },
      })
      const info = await smtpApp.inject({
        method: 'GET',
        url: '/api/paymentInfo/',
        headers: who.headers,
      })
      expect(info.json<PaymentInfo>()).toMatchObject({
        state: 'applied',
        completion: { isExistApplyCompMailError: true },
      })
      const view2 = await smtpApp.inject({
        method: 'GET',
        url: '/api/applyInfo/',
        headers: who.headers,
      })
      expect(view2.json<ApplicationView>().applyInfoOption.isExistApplyCompMailError).toBe(true)
    })

    it('受け取れる宛先には完了メールが届くこと', async () => {
      const { who, view } = await applicantAtPayment(smtpApp, collectionLink, {
        mailAddress: 'received@example.jp',
      })
      const response = await post(smtpApp, who, '/paymentInfo/', {
        registration: registrationOf(view),
      })
      const number = response.json<{ completion: { groupPfPolicyHolderNo: string } }>().completion
        .groupPfPolicyHolderNo
      const received = smtp.messages.find((message) =>
        message.envelopeTo.includes('received@example.jp'),
      )
      expect(received?.subject).toBe('【みどり商事健康保険組合】お申し込み完了のお知らせ')
      expect(received?.text).toContain(`加入者番号：${number}`)
      expect(response.json<PaymentOutcome>()).toMatchObject({
        completion: { isExistApplyCompMailError: false },
      })
    })
  })
})
