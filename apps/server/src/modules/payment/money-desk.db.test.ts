import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { and, eq, inArray } from 'drizzle-orm'
import { startOfBusinessDate, type EntryLink } from '@app/shared'
import type {
  MoneyCardItem,
  MoneyDepositItem,
  MoneyInstalmentItem,
  MoneyTotals,
} from '@app/shared/api/admin/money'
import { adminErrorCodes } from '@app/shared/api/admin/errors'
import type { DatabaseHandle } from '../../db/client.ts'
import {
  applications,
  auditLog,
  depositNotifications,
  instalments,
  outboxMessages,
  paymentAttempts,
  paymentRefunds,
  virtualAccounts,
} from '../../db/schema/index.ts'
import {
  createTestApp,
  createTestDatabase,
  jstTime,
  manualClock,
  testNow,
} from '../../../test/helpers.ts'
import { sandboxTestCards } from '../../sandbox/test-cards.ts'
import type { SignedInApplicant } from '../application/application-test-support.ts'
import type { RecordScope, StaffPrincipal } from '../staff/staff-scope.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'
import { runInstalmentCharges, type StoredCardCharger } from './instalment-charges.ts'
import { listInstalments } from './instalment-repository.ts'
import { giveMonthlySchedule } from './instalment-test-support.ts'
import {
  applicantPaidByTransfer,
  cardToken,
  importPaymentProduct,
  newIdempotencyKey,
  sandboxCall,
  TEST_PREMIUM,
} from './payment-test-support.ts'

// Issue #21 point 3 (ADR 0031): the reconciliation job (claimed once under concurrency), the
// desk's lists by state, its actions (match by hand, shortfall request, refund, resolve) each
// with its audit entry, a refund asked twice at once made once, and the daily totals adding up
// to the sandbox provider's own figures. Issue #24: the monthly instalments the charge job could
// not collect (failed after 3 refusals, or refused and retried), in scope, resolved once.

describe('入金・決済照合（issue #21 の3）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let transferLink: EntryLink
  let operator: TestStaff
  const clock = manualClock()

  beforeAll(async () => {
    database = await createTestDatabase()
    transferLink = await importPaymentProduct(database.db, { pymntMethod: '3' })
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })
  beforeEach(() => {
    clock.set(testNow)
  })

  /** An applied application with its virtual account (1,350 yen due). */
  async function withAccount(): Promise<{ who: SignedInApplicant; accountNumber: string }> {
    const { who, account } = await applicantPaidByTransfer(app, transferLink, 'midori@example.jp')
    return { who, accountNumber: account.accountNumber }
  }

  /** A transfer through the sandbox (its signed notification to the webhook), then the job. */
  async function deposit(accountNumber: string, amount: number): Promise<string> {
    const response = await sandboxCall(app, 'POST', '/v1/virtual-accounts/deposits', {
      accountNumber,
      amount,
    })
    expect(response.statusCode, response.body).toBe(201)
    await app.reconciliationJob.runNow()
    return response.json<{ id: string }>().id
  }

  /** A card payment authorised and captured at the sandbox, kept as an attempt that ended in
   * APFA2026 (captured, but the application was completed by another payment or could not be). */
  async function strayCapture(
    applicationId: string,
  ): Promise<{ attemptId: string; paymentId: string }> {
    const token = await cardToken(app, sandboxTestCards.frictionless)
    const created = await app.inject({
      method: 'POST',
      url: '/sandbox-pay/v1/payments',
      headers: {
        authorization: `Bearer ${app.paymentSettings.secretKey}`,
        'idempotency-key': newIdempotencyKey(),
      },
      payload: {
        token,
        amount: TEST_PREMIUM,
        currency: 'JPY',
        orderId: applicationId,
        returnUrl: 'http://127.0.0.1/return',
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const paymentId = created.json<{ id: string }>().id
    const captured = await sandboxCall(app, 'POST', `/v1/payments/${paymentId}/capture`)
    expect(captured.statusCode, captured.body).toBe(200)
    const [attempt] = await app.db
      .insert(paymentAttempts)
      .values({
        applicationId,
        kind: 'card',
        idempotencyKey: newIdempotencyKey(),
        status: 'failed',
        amount: TEST_PREMIUM,
        providerReference: paymentId,
        errorCode: 'APFA2026',
        createdAt: clock.now(),
        finishedAt: clock.now(),
      })
      .returning({ id: paymentAttempts.id })
    return { attemptId: attempt?.id ?? '', paymentId }
  }

  function admin(method: 'GET' | 'POST', url: string, payload?: object, who = operator) {
    return app.inject({
      method,
      url: `/api/admin/money/${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload }),
    })
  }

  async function depositList(state: string): Promise<MoneyDepositItem[]> {
    const response = await admin('GET', `deposits/?state=${state}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ items: MoneyDepositItem[] }>().items
  }

  async function cardList(state: string): Promise<MoneyCardItem[]> {
    const response = await admin('GET', `cards/?state=${state}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ items: MoneyCardItem[] }>().items
  }

  async function auditActions(recordId: string): Promise<string[]> {
    const rows = await app.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.recordId, recordId))
    return rows.map((row) => `${row.action} ${row.actorId === operator.staffId ? 'operator' : '?'}`)
  }

  describe('照合ジョブ', () => {
    it('Webhook は受け取って記録するだけで、ジョブが消し込むこと', async () => {
      const { accountNumber } = await withAccount()
      const response = await sandboxCall(app, 'POST', '/v1/virtual-accounts/deposits', {
        accountNumber,
        amount: TEST_PREMIUM,
      })
      const id = response.json<{ id: string }>().id
      // the nudge may already have run it; after runNow it has, in any case
      await app.reconciliationJob.runNow()
      const [kept] = await app.db
        .select()
        .from(depositNotifications)
        .where(eq(depositNotifications.id, id))
      expect(kept).toMatchObject({ status: 'reconciled', outcome: 'paid' })
    })

    it('2つのジョブが同時に動いても、通知はそれぞれ1回だけ消し込まれること', async () => {
      const { who, accountNumber } = await withAccount()
      const ids = Array.from({ length: 8 }, (_, index) => `dep_concurrent${index}x${Date.now()}`)
      await app.db.insert(depositNotifications).values(
        ids.map((id) => ({
          id,
          accountNumber,
          amount: 100,
          depositedAt: clock.now(),
          status: 'received',
          receivedAt: clock.now(),
        })),
      )
      const deposits = app.payments.deposits
      const [first, second] = await Promise.all([deposits.reconcileDue(), deposits.reconcileDue()])
      expect((first ?? 0) + (second ?? 0)).toBe(8)
      const [account] = await app.db
        .select()
        .from(virtualAccounts)
        .where(eq(virtualAccounts.applicationId, who.applicationId))
      expect(account).toMatchObject({ paidAmount: 800, depositStatus: 'underpaid' })
      const kept = await app.db
        .select({ status: depositNotifications.status })
        .from(depositNotifications)
        .where(inArray(depositNotifications.id, ids))
      expect(kept.every((row) => row.status === 'reconciled')).toBe(true)
      const mails = await app.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.template, 'deposit'),
            eq(outboxMessages.recipient, 'midori@example.jp'),
          ),
        )
      expect(mails.length).toBeGreaterThanOrEqual(8)
      // the sandbox never saw these: they are removed from the totals' comparison below
      await app.db.delete(depositNotifications).where(inArray(depositNotifications.id, ids))
      await app.db
        .update(virtualAccounts)
        .set({ paidAmount: 0, depositStatus: 'awaiting' })
        .where(eq(virtualAccounts.applicationId, who.applicationId))
    })
  })

  describe('一覧と操作', () => {
    it('1,000円不足の入金は不足の一覧に出て、入金依頼とメモ付きの対応済みが監査に残ること', async () => {
      const { accountNumber, who } = await withAccount()
      const id = await deposit(accountNumber, TEST_PREMIUM - 1000)
      const under = (await depositList('underpaid')).find((item) => item.notificationId === id)
      expect(under).toMatchObject({
        itemKey: `deposit-${id}`,
        amount: 350,
        outcome: 'underpaid',
        account: { dueAmount: TEST_PREMIUM, paidAmount: 350, depositStatus: 'underpaid' },
        resolution: null,
      })
      expect((await depositList('matched')).some((item) => item.notificationId === id)).toBe(true)
      const asked = await admin('POST', `deposits/${id}/shortfall/`, { note: '電話で依頼済み' })
      expect(asked.statusCode, asked.body).toBe(200)
      const [mail] = await app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.template, 'moneyShortfallRequest'))
      expect(mail?.textBody).toContain('不足分の1,000円を同じ口座にお振り込みください。')
      expect(mail?.textBody).not.toContain('電話で依頼済み')
      const resolved = await admin('POST', `items/deposit-${id}/resolve/`, {
        note: '残額の入金を確認',
      })
      expect(resolved.statusCode, resolved.body).toBe(200)
      const after = (await depositList('underpaid')).find((item) => item.notificationId === id)
      expect(after?.resolution?.note).toBe('残額の入金を確認')
      expect(after?.shortfallRequestedAt).not.toBeNull()
      expect(await auditActions(id)).toEqual([
        'money.shortfallRequested operator',
        'money.resolved operator',
      ])
      expect(who.applicationId).toBe(after?.account?.applicationId)
    })

    it('超過入金の超過分を返金し、2回目は同じ返金を答えること', async () => {
      const { accountNumber } = await withAccount()
      const id = await deposit(accountNumber, TEST_PREMIUM + 500)
      const over = (await depositList('overpaid')).find((item) => item.notificationId === id)
      expect(over?.account).toMatchObject({ paidAmount: TEST_PREMIUM + 500 })
      const refund = await admin('POST', `items/deposit-${id}/refund/`, { reason: '超過分の返金' })
      expect(refund.statusCode, refund.body).toBe(200)
      expect(refund.json()).toMatchObject({ amount: 500, status: 'succeeded' })
      const again = await admin('POST', `items/deposit-${id}/refund/`, { reason: '超過分の返金' })
      expect(again.json()).toEqual(refund.json())
      const atProvider = await sandboxCall(app, 'GET', `/v1/payments/${id}/refunds`)
      expect(atProvider.json<{ data: unknown[] }>().data).toEqual([
        {
          id: refund.json<{ providerRefundId: string }>().providerRefundId,
          paymentId: id,
          amount: 500,
          status: 'succeeded',
        },
      ])
      expect(await auditActions(id)).toEqual([
        'money.refundRequested operator',
        'money.refunded operator',
      ])
    })

    it('口座不明の入金を申込に手で消し込むと、その口座の入金になること', async () => {
      const { accountNumber, who } = await withAccount()
      const id = await deposit('0000002', TEST_PREMIUM)
      expect((await depositList('unknownAccount')).map((item) => item.notificationId)).toContain(id)
      const matched = await admin('POST', `deposits/${id}/match/`, {
        applicationId: who.applicationId,
        reason: '振込人名で確認',
      })
      expect([matched.statusCode, matched.json()]).toEqual([200, { outcome: 'paid' }])
      const twice = await admin('POST', `deposits/${id}/match/`, {
        applicationId: who.applicationId,
        reason: '振込人名で確認',
      })
      expect(twice.statusCode).toBe(409)
      const item = (await depositList('matched')).find((entry) => entry.notificationId === id)
      expect(item).toMatchObject({ matchedByHand: true, account: { paidAmount: TEST_PREMIUM } })
      expect(item?.accountNumber).toBe('0000002')
      expect(accountNumber).not.toBe('0000002')
      expect(await auditActions(id)).toEqual(['money.matched operator'])
    })

    it('期限後の入金は期限後の一覧に出ること', async () => {
      const { accountNumber } = await withAccount()
      clock.set(jstTime('20261231', '1000'))
      // a session of that day (the one opened at the start has ended by then)
      operator = await createTestStaff(app, { role: 'insurerOperator' })
      const id = await deposit(accountNumber, TEST_PREMIUM)
      const late = (await depositList('late')).find((item) => item.notificationId === id)
      expect(late?.account?.isLate).toBe(true)
    })

    it('二重売上は一覧に出て、2つ同時の返金要求でも1回だけ返金されること', async () => {
      const { who } = await withAccount()
      const { attemptId, paymentId } = await strayCapture(who.applicationId)
      const items = await cardList('doubleCapture')
      expect(items.find((item) => item.attemptId === attemptId)).toMatchObject({
        providerPaymentId: paymentId,
        amount: TEST_PREMIUM,
        refund: null,
      })
      expect(
        (await cardList('captureWithoutCompletion')).some((item) => item.attemptId === attemptId),
      ).toBe(false)
      const [first, second] = await Promise.all([
        admin('POST', `items/capture-${attemptId}/refund/`, { reason: '二重売上の返金' }),
        admin('POST', `items/capture-${attemptId}/refund/`, { reason: '二重売上の返金' }),
      ])
      const statuses = [first?.statusCode, second?.statusCode].sort()
      // one refunds; the other waits on it (409) or, when it came after, answers the same refund
      expect(statuses[0]).toBe(200)
      expect([200, 409]).toContain(statuses[1])
      const atProvider = await sandboxCall(app, 'GET', `/v1/payments/${paymentId}/refunds`)
      expect(atProvider.json<{ data: { amount: number }[] }>().data).toMatchObject([
        { amount: TEST_PREMIUM },
      ])
      const rows = await app.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.itemKey, `capture-${attemptId}`))
      expect(rows).toMatchObject([{ status: 'succeeded', amount: TEST_PREMIUM }])
      const after = (await cardList('doubleCapture')).find((item) => item.attemptId === attemptId)
      expect(after?.refund).toMatchObject({ status: 'succeeded', amount: TEST_PREMIUM })
      expect(await auditActions(attemptId)).toEqual([
        'money.refundRequested operator',
        'money.refunded operator',
      ])
    })

    it('返金の上限: 決済代行会社は支払額を超える返金を断ること（同じキーは1回）', async () => {
      const { who } = await withAccount()
      const { paymentId } = await strayCapture(who.applicationId)
      const refund = (amount: number, key: string) =>
        app.inject({
          method: 'POST',
          url: '/sandbox-pay/v1/refunds',
          headers: {
            authorization: `Bearer ${app.paymentSettings.secretKey}`,
            'idempotency-key': key,
          },
          payload: { paymentId, amount },
        })
      const keyA = newIdempotencyKey()
      const [a1, a2] = await Promise.all([refund(1000, keyA), refund(1000, keyA)])
      expect([a1?.statusCode, a2?.statusCode].sort()).toEqual([200, 201])
      expect(a1?.json<{ id: string }>().id).toBe(a2?.json<{ id: string }>().id)
      const tooMuch = await refund(351, newIdempotencyKey())
      expect([tooMuch.statusCode, tooMuch.json()]).toMatchObject([
        409,
        { error: { code: 'refund_exceeds_payment' } },
      ])
      const rest = await refund(350, newIdempotencyKey())
      expect(rest.statusCode).toBe(201)
      const listed = await sandboxCall(app, 'GET', `/v1/payments/${paymentId}/refunds`)
      expect(listed.json<{ data: { amount: number }[] }>().data.map((row) => row.amount)).toEqual([
        1000, 350,
      ])
    })

    it('監査役（reconcileMoney なし）は 403、範囲外の項目は 404 であること', async () => {
      const auditor = await createTestStaff(app, { role: 'auditor' })
      const refused = await admin('GET', 'deposits/?state=underpaid', undefined, auditor)
      expect(refused.statusCode).toBe(403)
      const missing = await admin('POST', `items/capture-${randomUUID()}/refund/`, {
        reason: '返金',
      })
      expect(missing.statusCode).toBe(404)
    })
  })

  describe('日次の合計', () => {
    it('団体別の合計を足すと決済代行会社の数字と一致すること（差額 0）', async () => {
      const { who, accountNumber } = await withAccount()
      clock.set(jstTime('20261215', '1000'))
      operator = await createTestStaff(app, { role: 'insurerOperator' })
      await deposit(accountNumber, TEST_PREMIUM + 200)
      await deposit('0000003', 777)
      const { attemptId } = await strayCapture(who.applicationId)
      const refunded = await admin('POST', `items/capture-${attemptId}/refund/`, { reason: '返金' })
      expect(refunded.statusCode, refunded.body).toBe(200)
      const response = await admin('GET', 'totals/?from=2026-12-15&to=2026-12-15')
      expect(response.statusCode, response.body).toBe(200)
      const [day] = response.json<MoneyTotals>().days
      expect(day?.date).toBe('2026-12-15')
      expect(day?.total).toEqual({
        depositsReceived: TEST_PREMIUM + 200 + 777,
        cardCaptured: TEST_PREMIUM,
        refunded: TEST_PREMIUM,
        net: TEST_PREMIUM + 200 + 777,
      })
      const sum = (field: 'depositsReceived' | 'cardCaptured' | 'refunded') =>
        (day?.groups ?? []).reduce((total, group) => total + group[field], 0)
      expect(sum('depositsReceived')).toBe(day?.total.depositsReceived)
      expect(sum('cardCaptured')).toBe(day?.total.cardCaptured)
      expect(sum('refunded')).toBe(day?.total.refunded)
      expect(day?.groups.find((group) => group.groupPfCode === null)?.depositsReceived).toBe(777)
      expect(day?.provider).toEqual(day?.total)
      expect(day?.difference).toEqual({ depositsReceived: 0, cardCaptured: 0, refunded: 0, net: 0 })
    })
  })
  describe('月払保険料の未収（issue #24）', () => {
    /** A provider that refuses every stored-card charge. */
    const refusing: StoredCardCharger = {
      chargeStoredCard: () => Promise.resolve({ kind: 'refused', code: 'card_declined' }),
    }
    const runCharges = () =>
      runInstalmentCharges({
        db: app.db,
        clock,
        provider: refusing,
        publicBaseUrl: () => 'https://hoken.example.jp',
      })

    /** A principal as a session of that scope would give (the desk reached directly). */
    const principal = (scope: RecordScope): StaffPrincipal => ({
      sessionId: randomUUID(),
      staffId: operator.staffId,
      name: 'テスト職員',
      email: operator.email,
      role: 'insurerOperator',
      agentCd: scope.kind === 'agency' ? scope.agentCd : null,
      scope,
      idleExpiresAt: clock.now(),
      absoluteExpiresAt: clock.now(),
      clientAddress: '127.0.0.1',
    })

    async function instalmentList(state: string): Promise<MoneyInstalmentItem[]> {
      const response = await admin('GET', `instalments/?state=${state}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<{ items: MoneyInstalmentItem[] }>().items
    }

    async function policyHolderNoOf(applicationId: string): Promise<string | null> {
      const [row] = await app.db
        .select({ no: applications.groupPfPolicyHolderNo })
        .from(applications)
        .where(eq(applications.id, applicationId))
      return row?.no ?? null
    }

    let a = ''
    let b = ''
    let failedId = ''
    let retriedId = ''

    // contract A: its 2027年2月分 refused on 01-26, 01-29 and 02-05 (failed);
    // contract B: scheduled later, refused on 01-29 and 02-05 (tried again on 02-12)
    beforeAll(async () => {
      clock.set(testNow)
      a = (await withAccount()).who.applicationId
      b = (await withAccount()).who.applicationId
      // the transfer product's own schedule (ADR 0039) gives way to a card one: these contracts
      // stand for card-paid ones here
      await app.db.delete(instalments).where(inArray(instalments.applicationId, [a, b]))
      await giveMonthlySchedule(app.db, {
        applicationId: a,
        amount: 2280,
        providerCardId: `card_desk_a_${Date.now()}`,
        now: clock.now(),
      })
      clock.set(jstTime('20270126', '0300'))
      expect(await runCharges()).toMatchObject({ declined: 1, failed: 0 })
      await giveMonthlySchedule(app.db, {
        applicationId: b,
        amount: 2280,
        providerCardId: `card_desk_b_${Date.now()}`,
        now: clock.now(),
      })
      clock.set(jstTime('20270129', '0300'))
      expect(await runCharges()).toMatchObject({ declined: 2, failed: 0 })
      clock.set(jstTime('20270205', '0300'))
      expect(await runCharges()).toMatchObject({ declined: 1, failed: 1 })
      const [, failedOne] = await listInstalments(app.db, a)
      const [, retriedOne] = await listInstalments(app.db, b)
      failedId = failedOne?.id ?? ''
      retriedId = retriedOne?.id ?? ''
    })

    it('3回断られた回は未収の一覧に、1回以上断られて再試行中の回は再試行中の一覧に、範囲どおりに出ること', async () => {
      clock.set(jstTime('20270206', '0900'))
      operator = await createTestStaff(app, { role: 'insurerOperator' })
      const failed = await instalmentList('failed')
      expect(failed).toEqual([
        {
          itemKey: `instalment-${failedId}`,
          instalmentId: failedId,
          applicationId: a,
          groupPfCode: transferLink.groupPfCode,
          groupPfPolicyHolderNo: await policyHolderNoOf(a),
          coversMonth: '202702',
          amount: 2280,
          method: 'card',
          tries: 3,
          lastErrorCode: 'card_declined',
          nextAttemptAt: null,
          card: { brand: 'visa', last4: '1111' },
          resolution: null,
        },
      ])
      expect(await instalmentList('retrying')).toEqual([
        {
          itemKey: `instalment-${retriedId}`,
          instalmentId: retriedId,
          applicationId: b,
          groupPfCode: transferLink.groupPfCode,
          groupPfPolicyHolderNo: await policyHolderNoOf(b),
          coversMonth: '202702',
          amount: 2280,
          method: 'card',
          tries: 2,
          lastErrorCode: 'card_declined',
          nextAttemptAt: startOfBusinessDate('20270212').toISOString(),
          card: { brand: 'visa', last4: '1111' },
          resolution: null,
        },
      ])

      // scope, as for the card items: the agency of the branch and the group's contact see them,
      // another agency and another group do not
      const desk = app.moneyDesk
      const keysIn = async (scope: RecordScope, state: 'failed' | 'retrying') =>
        (await desk.listInstalments(principal(scope), state)).map((item) => item.itemKey)
      expect(await keysIn({ kind: 'agency', agentCd: 'A001' }, 'failed')).toEqual([
        `instalment-${failedId}`,
      ])
      expect(await keysIn({ kind: 'agency', agentCd: 'A001' }, 'retrying')).toEqual([
        `instalment-${retriedId}`,
      ])
      expect(
        await keysIn({ kind: 'group', groupPfCode: transferLink.groupPfCode }, 'failed'),
      ).toEqual([`instalment-${failedId}`])
      expect(await keysIn({ kind: 'agency', agentCd: 'A999' }, 'failed')).toEqual([])
      expect(await keysIn({ kind: 'agency', agentCd: 'A999' }, 'retrying')).toEqual([])
      expect(await keysIn({ kind: 'group', groupPfCode: 'T0999999' }, 'failed')).toEqual([])
      expect(await keysIn({ kind: 'none' }, 'failed')).toEqual([])
      // the agency told of a failed instalment sees it over HTTP too (followInstalments), but not
      // the reconciliation desk's deposits, nor another agency's instalments
      const agency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A001' })
      const own = await admin('GET', 'instalments/?state=failed', undefined, agency)
      expect(own.statusCode, own.body).toBe(200)
      expect(
        own.json<{ items: { itemKey: string }[] }>().items.map((item) => item.itemKey),
      ).toEqual([`instalment-${failedId}`])
      expect((await admin('GET', 'deposits/?state=underpaid', undefined, agency)).statusCode).toBe(
        403,
      )
      const other = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A999' })
      const none = await admin('GET', 'instalments/?state=failed', undefined, other)
      expect(none.json<{ items: unknown[] }>().items).toEqual([])
      // a capture item is the reconciliation desk's alone: 403 before anything is looked up
      const capture = await admin(
        'POST',
        `items/capture-${randomUUID()}/resolve/`,
        { note: '確認' },
        agency,
      )
      expect(capture.statusCode).toBe(403)
    })

    it('未収の回をメモ付きで対応済みにし、監査に残り、2回目は 409、範囲外と再試行中は断ること', async () => {
      clock.set(jstTime('20270206', '1000'))
      operator = await createTestStaff(app, { role: 'insurerOperator' })
      const [item] = await instalmentList('failed')
      const [retrying] = await instalmentList('retrying')
      if (item === undefined || retrying === undefined) throw new Error('no instalment items')
      expect([item.instalmentId, retrying.instalmentId]).toEqual([failedId, retriedId])

      // another branch's agency: as if it did not exist (404), nothing written
      const outside = app.moneyDesk.resolve(
        principal({ kind: 'agency', agentCd: 'A999' }),
        item.itemKey,
        '団体経由で集金済み',
      )
      await expect(outside).rejects.toMatchObject({
        errorCode: adminErrorCodes.adminRecordNotFound,
        status: 404,
      })
      const missing = await admin('POST', `items/instalment-${randomUUID()}/resolve/`, {
        note: '団体経由で集金済み',
      })
      expect(missing.statusCode).toBe(404)
      // still tried by the charge job: not to be resolved
      const early = await admin('POST', `items/${retrying.itemKey}/resolve/`, { note: '確認中' })
      expect(early.statusCode, early.body).toBe(409)
      // an instalment is never refunded from the desk (the key is not a refundable item's)
      const refund = await admin('POST', `items/${item.itemKey}/refund/`, { reason: '返金' })
      expect(refund.statusCode).toBe(400)

      // two operators at once: one resolves, the other is told it has been (409)
      const both = await Promise.all([
        admin('POST', `items/${item.itemKey}/resolve/`, { note: '団体経由で集金済み' }),
        admin('POST', `items/${item.itemKey}/resolve/`, { note: '団体経由で集金済み' }),
      ])
      expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409])
      const [after] = await instalmentList('failed')
      expect(after?.resolution).toEqual({
        resolvedAt: jstTime('20270206', '1000').toISOString(),
        note: '団体経由で集金済み',
      })
      const twice = await admin('POST', `items/${item.itemKey}/resolve/`, { note: 'もう一度' })
      expect(twice.statusCode).toBe(409)
      expect((await instalmentList('failed'))[0]?.resolution?.note).toBe('団体経由で集金済み')
      expect(await auditActions(item.instalmentId)).toEqual(['money.resolved operator'])
      const [entry] = await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.recordId, item.instalmentId))
      expect(entry).toMatchObject({
        recordKind: 'instalment',
        reason: '団体経由で集金済み',
        details: { applicationId: item.applicationId, coversMonth: '202702', amount: 2280 },
      })
      expect(await auditActions(retrying.instalmentId)).toEqual([])
    })
  })
})
