import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntryLink } from '@app/shared'
import type { InvoiceOutcome, InvoiceView } from '@app/shared/api/my-page/invoice'
import type { PuzzleChallenge } from '@app/shared/api/payment/payment'
import {
  createTestApp,
  createTestDatabase,
  jstTime,
  manualClock,
  testDatabaseUrl,
  testNow,
} from '../../../test/helpers.ts'
import { openPostgresDatabase, type DatabaseHandle } from '../../db/client.ts'
import {
  applications,
  auditLog,
  followUpMails,
  outboxMessages,
  virtualAccounts,
} from '../../db/schema/index.ts'
import { SANDBOX_3DS_PASSWORD, sandboxTestCards } from '../../sandbox/test-cards.ts'
import {
  applicantPaidByTransfer,
  cardToken,
  importPaymentProduct,
  newIdempotencyKey,
  sandboxCall,
  solvePuzzle,
} from '../payment/payment-test-support.ts'
import { runRenewalJob } from '../renewal/renewal-job.ts'
import {
  appliedHolder,
  FIX_DATE,
  importRenewalProducts,
  myPageHeadersOf,
  type AppliedHolder,
} from '../renewal/renewal-test-support.ts'
import { runFollowUpJob } from './follow-up-job.ts'

// The unpaid follow-up (issue #21 point 4, ADR 0032): reminders on the configured days before a
// virtual account's due date (once each), one expiry mail after it, the invoice of an
// auto-renewed card or transfer contract (once) and its payment from the my-page — by card with
// the puzzle and 3-D Secure through the sandbox, or by a new virtual account — to 330; and two
// jobs at the same moment (on PostgreSQL over two pools, as two processes) sending each mail once.

const publicBaseUrl = () => 'https://hoken.example.jp'
const reminderDays = [3, 1]

/** An applicant of the transfer product who had the provider issue an account at testNow. */
async function transferApplicant(app: FastifyInstance, link: EntryLink, mailAddress: string) {
  const { who, account } = await applicantPaidByTransfer(app, link, mailAddress)
  return { mailAddress, accountId: who.accountId, account }
}

function mailsOf(app: FastifyInstance, recipient: string, template: string) {
  return app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.template, template)))
}

describe('振込期限の前のお知らせと期限経過のお知らせ', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let first: Awaited<ReturnType<typeof transferApplicant>>
  let second: Awaited<ReturnType<typeof transferApplicant>>
  const run = () => runFollowUpJob({ db: app.db, clock, publicBaseUrl, reminderDays })

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    // the sandbox provider is reached over HTTP
    await app.listen({ port: 0, host: '127.0.0.1' })
    const link = await importPaymentProduct(app.db, { pymntMethod: '3' })
    clock.set(testNow)
    first = await transferApplicant(app, link, 'va-first@example.jp')
    second = await transferApplicant(app, link, 'va-second@example.jp')
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('期限は申込日の7日後で、4日前には何も送らないこと', async () => {
    expect(first.account.dueDate).toBe('20261127')
    clock.set(jstTime('20261123', '0900'))
    expect(await run()).toEqual({ reminders: 0, expiries: 0, invoices: 0, skipped: 0, failed: 0 })
  })

  it('3日前に未入金の口座ごとに1通送り、同じ日にもう一度動いても送らないこと', async () => {
    clock.set(jstTime('20261124', '0900'))
    expect(await run()).toMatchObject({ reminders: 2 })
    clock.set(jstTime('20261124', '1800'))
    expect(await run()).toMatchObject({ reminders: 0 })
    // 2 days before: no day of its own, the 3-day reminder is already sent
    clock.set(jstTime('20261125', '0900'))
    expect(await run()).toMatchObject({ reminders: 0 })
    const [mail] = await mailsOf(app, first.mailAddress, 'followUpReminder')
    expect(mail?.subject).toBe('【みどり商事健康保険組合】お振込期限のお知らせ')
    expect(mail?.textBody).toContain('お振込期限が3日後に迫っています。')
    expect(mail?.textBody).toContain(
      `・口座：${first.account.accountType} ${first.account.accountNumber}`,
    )
    expect(mail?.textBody).toContain('・お振込期限：2026年11月27日')
  })

  it('入金済みの口座には送らず、1日前に未入金の口座へ1通送ること', async () => {
    await app.db
      .update(virtualAccounts)
      .set({ paidAmount: second.account.amount, depositStatus: 'paid' })
      .where(eq(virtualAccounts.accountNumber, second.account.accountNumber))
    clock.set(jstTime('20261126', '0900'))
    expect(await run()).toMatchObject({ reminders: 1, expiries: 0 })
    expect(await mailsOf(app, first.mailAddress, 'followUpReminder')).toHaveLength(2)
    expect(await mailsOf(app, second.mailAddress, 'followUpReminder')).toHaveLength(1)
  })

  it('期限の当日は送らず、期限を過ぎたら未入金の口座へ期限経過のお知らせを1回だけ送ること', async () => {
    clock.set(jstTime('20261127', '2300'))
    expect(await run()).toMatchObject({ reminders: 0, expiries: 0 })
    clock.set(jstTime('20261128', '0900'))
    expect(await run()).toMatchObject({ reminders: 0, expiries: 1 })
    clock.set(jstTime('20261203', '0900'))
    expect(await run()).toMatchObject({ reminders: 0, expiries: 0 })
    const expiries = await mailsOf(app, first.mailAddress, 'followUpExpiry')
    expect(expiries).toHaveLength(1)
    expect(expiries[0]?.subject).toBe('【みどり商事健康保険組合】お振込期限経過のお知らせ')
    expect(expiries[0]?.textBody).toContain(
      'お振込期限（2026年11月27日）までにお振込みを確認できませんでした。',
    )
    expect(await mailsOf(app, second.mailAddress, 'followUpExpiry')).toHaveLength(0)
    const recorded = await app.db.select().from(followUpMails)
    expect(recorded.map((row) => `${row.kind}/${row.day}`).sort()).toEqual([
      'expiry/0',
      'reminder/1',
      'reminder/3',
      'reminder/3',
    ])
  })
})

describe('自動更新されたご契約のご請求と、マイページからのお支払い', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let baseUrl = ''
  const clock = manualClock()
  let cardLink: EntryLink
  let transferLink: EntryLink
  let collectionLink: EntryLink
  let cardHolder: AppliedHolder
  let transferHolder: AppliedHolder
  let collectionHolder: AppliedHolder
  const run = () => runFollowUpJob({ db: app.db, clock, publicBaseUrl, reminderDays })
  const linkOf = (link: EntryLink) => ({ groupPfCode: link.groupPfCode, urlKey: link.urlKey })

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    baseUrl = `http://127.0.0.1:${address.port}`
    clock.set(testNow)
    cardLink = (await importRenewalProducts(app.db, { nextPymntMethod: '1' })).link
    transferLink = (await importRenewalProducts(app.db, { nextPymntMethod: '3' })).link
    collectionLink = (await importRenewalProducts(app.db)).link
    cardHolder = await appliedHolder(app, cardLink, 'invoice-card@example.jp')
    transferHolder = await appliedHolder(app, transferLink, 'invoice-transfer@example.jp')
    collectionHolder = await appliedHolder(app, collectionLink, 'invoice-collection@example.jp')
    clock.set(jstTime(FIX_DATE, '0100'))
    expect(await runRenewalJob({ db: app.db, clock, publicBaseUrl })).toMatchObject({
      renewed: 3,
    })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function get(holder: AppliedHolder, link: EntryLink, path: string) {
    return app.inject({
      method: 'GET',
      url: `/api${path}`,
      headers: await myPageHeadersOf(app, holder.accountId),
      query: linkOf(link),
    })
  }
  async function post(
    holder: AppliedHolder,
    link: EntryLink,
    path: string,
    key: string,
    payload: Record<string, unknown> = {},
  ) {
    return app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { ...(await myPageHeadersOf(app, holder.accountId)), 'idempotency-key': key },
      payload: { ...linkOf(link), ...payload },
    })
  }
  const invoiceOf = async (holder: AppliedHolder, link: EntryLink) => {
    const response = await get(holder, link, '/invoice/')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<InvoiceView>().invoice
  }
  const statusPatternOf = async (holder: AppliedHolder) => {
    const [row] = await app.db
      .select({ applyInfo: applications.applyInfo })
      .from(applications)
      .where(
        and(
          eq(applications.preApplicationId, holder.contractId),
          eq(applications.status, 'applied'),
        ),
      )
    return row?.applyInfo?.basicInfo.statusPattern
  }

  it('カード払い・振込の自動更新は 220 で、ご請求を1回だけ送ること（団体扱は送らない）', async () => {
    expect(await statusPatternOf(cardHolder)).toBe('220')
    expect(await statusPatternOf(transferHolder)).toBe('220')
    expect(await statusPatternOf(collectionHolder)).toBe('330')
    expect(await run()).toMatchObject({ invoices: 2, reminders: 0, expiries: 0 })
    expect(await run()).toMatchObject({ invoices: 0 })
    const [mail] = await mailsOf(app, cardHolder.mailAddress, 'followUpInvoice')
    expect(mail?.subject).toBe('【みどり商事健康保険組合】保険料のご請求')
    expect(mail?.textBody).toContain('・ご請求金額：1,550円')
    expect(mail?.textBody).toContain(
      `https://hoken.example.jp/app/myp/${cardLink.groupPfCode}/${cardLink.urlKey}/invoice\n`,
    )
    expect(await mailsOf(app, collectionHolder.mailAddress, 'followUpInvoice')).toHaveLength(0)
  })

  it('マイページでカード（パズルと3Dセキュア）で払うと 330 になり、支払済みと表示されること', async () => {
    expect(await invoiceOf(cardHolder, cardLink)).toMatchObject({
      state: 'open',
      invoiceAmount: 1550,
      statusPattern: '220',
      virtualAccount: null,
    })
    const puzzle = await get(cardHolder, cardLink, '/invoice/puzzle/')
    expect(puzzle.statusCode, puzzle.body).toBe(200)
    const key = newIdempotencyKey()
    const started = await post(cardHolder, cardLink, '/invoice/card/', key, {
      cardToken: await cardToken(app, sandboxTestCards.threeDSecure),
      puzzle: await solvePuzzle(puzzle.json<PuzzleChallenge>()),
    })
    expect(started.statusCode, started.body).toBe(200)
    const outcome = started.json<InvoiceOutcome>()
    if (outcome.result !== 'threeDSecure') throw new Error('no 3-D Secure')
    expect(outcome.redirectUrl).toMatch(new RegExp(`^${baseUrl}/sandbox-pay/challenge/pay_`))
    expect(await invoiceOf(cardHolder, cardLink)).toMatchObject({ state: 'threeDSecure' })

    const page = await answerChallenge(app, outcome.redirectUrl)
    expect(page.statusCode).toBe(303)
    expect(page.headers.location).toBe(
      `${baseUrl}/app/myp/${cardLink.groupPfCode}/${cardLink.urlKey}/invoice?threeDSecure=return`,
    )
    const back = await post(cardHolder, cardLink, '/invoice/card/threeDSecure/', key)
    expect([back.statusCode, back.json()]).toEqual([200, { result: 'paid' }])
    const again = await post(cardHolder, cardLink, '/invoice/card/threeDSecure/', key)
    expect(again.json()).toEqual({ result: 'paid' })
    expect(await statusPatternOf(cardHolder)).toBe('330')
    expect(await invoiceOf(cardHolder, cardLink)).toMatchObject({
      state: 'paid',
      statusPattern: '330',
    })
    const charges = await sandboxCall(
      app,
      'GET',
      `/v1/payments?orderId=${await renewedIdOf(cardHolder)}`,
    )
    expect(charges.statusCode, charges.body).toBe(200)
    expect(charges.json<{ data: { status: string; amount: number }[] }>().data).toEqual([
      expect.objectContaining({ status: 'captured', amount: 1550 }),
    ])
    const audit = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice.paid'))
    expect(audit).toHaveLength(1)
    // paid: a second payment is refused
    const refused = await post(
      cardHolder,
      cardLink,
      '/invoice/virtualAccount/',
      newIdempotencyKey(),
    )
    expect(refused.statusCode).toBe(409)
  })

  it('マイページで振込口座を発行すると 220 のまま口座が表示され、全額の入金で 330 になること', async () => {
    const key = newIdempotencyKey()
    const issued = await post(transferHolder, transferLink, '/invoice/virtualAccount/', key)
    expect([issued.statusCode, issued.json()]).toEqual([200, { result: 'transfer' }])
    const invoice = await invoiceOf(transferHolder, transferLink)
    expect(invoice).toMatchObject({ state: 'transfer', statusPattern: '220' })
    expect(invoice?.virtualAccount).toMatchObject({ amount: 1550, paidAmount: 0 })
    expect(await statusPatternOf(transferHolder)).toBe('220')
    const deposit = await sandboxCall(app, 'POST', '/v1/virtual-accounts/deposits', {
      accountNumber: invoice?.virtualAccount?.accountNumber,
      amount: 1550,
    })
    expect(deposit.statusCode, deposit.body).toBe(201)
    // the webhook only keeps the notification; the reconciliation job applies it (ADR 0031)
    await app.reconciliationJob.runNow()
    expect(await statusPatternOf(transferHolder)).toBe('330')
    expect(await invoiceOf(transferHolder, transferLink)).toMatchObject({ state: 'paid' })
  })

  it('ご請求のないご加入者には null を返し、支払いは受け付けないこと', async () => {
    expect(await invoiceOf(collectionHolder, collectionLink)).toBeNull()
    const refused = await post(
      collectionHolder,
      collectionLink,
      '/invoice/virtualAccount/',
      newIdempotencyKey(),
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errorCode: 'APFD0001' })
    // another group's link: the same 404 as an unknown link
    const other = await get(collectionHolder, cardLink, '/invoice/')
    expect(other.statusCode).toBe(404)
  })

  async function renewedIdOf(holder: AppliedHolder): Promise<string> {
    const [row] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.preApplicationId, holder.contractId))
    return row?.id ?? ''
  }
})

async function answerChallenge(
  app: FastifyInstance,
  redirectUrl: string,
): Promise<LightMyRequestResponse> {
  const url = new URL(redirectUrl)
  const form = new URLSearchParams({ action: 'authenticate', password: SANDBOX_3DS_PASSWORD })
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
}

describe('お知らせとご請求の処理を2つ同時に動かしても、各メールは1回だけ送られること', () => {
  let database: DatabaseHandle & { url?: string }
  let secondPool: DatabaseHandle | undefined
  let app: FastifyInstance
  const clock = manualClock()
  const transfers: { mailAddress: string }[] = []
  const renewed: AppliedHolder[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    clock.set(testNow)
    const link = await importPaymentProduct(app.db, { pymntMethod: '3' })
    for (let index = 0; index < 3; index += 1) {
      transfers.push(await transferApplicant(app, link, `race-va-${index}@example.jp`))
    }
    const renewalLink = (await importRenewalProducts(app.db, { nextPymntMethod: '1' })).link
    for (let index = 0; index < 3; index += 1) {
      renewed.push(await appliedHolder(app, renewalLink, `race-inv-${index}@example.jp`))
    }
    if (testDatabaseUrl !== undefined && database.url !== undefined) {
      secondPool = await openPostgresDatabase(database.url, { max: 2, onConnectionError: () => {} })
    }
  })
  afterAll(async () => {
    await secondPool?.close()
    await app?.close()
    await database?.close()
  })

  async function race() {
    const otherDb = secondPool?.db ?? app.db
    const [one, two] = await Promise.all([
      runFollowUpJob({ db: app.db, clock, publicBaseUrl, reminderDays }),
      runFollowUpJob({ db: otherDb, clock, publicBaseUrl, reminderDays }),
    ])
    return { one, two }
  }

  it('お知らせ・期限経過・ご請求のどれも、2つの実行の合計が宛先の数と同じで1通ずつであること', async () => {
    if (testDatabaseUrl !== undefined) expect(secondPool).toBeDefined()
    clock.set(jstTime('20261124', '0900'))
    const reminders = await race()
    expect(reminders.one.reminders + reminders.two.reminders).toBe(transfers.length)
    clock.set(jstTime('20261128', '0900'))
    const expiries = await race()
    expect(expiries.one.expiries + expiries.two.expiries).toBe(transfers.length)
    clock.set(jstTime(FIX_DATE, '0100'))
    await runRenewalJob({ db: app.db, clock, publicBaseUrl })
    const invoices = await race()
    expect(invoices.one.invoices + invoices.two.invoices).toBe(renewed.length)
    for (const { mailAddress } of transfers) {
      expect(await mailsOf(app, mailAddress, 'followUpReminder')).toHaveLength(1)
      expect(await mailsOf(app, mailAddress, 'followUpExpiry')).toHaveLength(1)
    }
    for (const { mailAddress } of renewed) {
      expect(await mailsOf(app, mailAddress, 'followUpInvoice')).toHaveLength(1)
    }
    // every mail written is a recorded one: nothing left behind by the process that lost
    const recorded = await app.db.select().from(followUpMails)
    const written = await app.db
      .select({ template: outboxMessages.template })
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'followUpReminder'))
    expect(written).toHaveLength(transfers.length)
    expect(recorded).toHaveLength(transfers.length * 2 + renewed.length)
  })
})
