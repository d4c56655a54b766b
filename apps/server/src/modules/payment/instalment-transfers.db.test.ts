import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntryLink } from '@app/shared'
import type { MoneyInstalmentItem } from '@app/shared/api/admin/money'
import type { ContractInfo } from '@app/shared/api/my-page/endpoints'
import {
  createTestApp,
  createTestDatabase,
  jstTime,
  manualClock,
  testDatabaseUrl,
  testNow,
} from '../../../test/helpers.ts'
import { openPostgresDatabase, type DatabaseHandle } from '../../db/client.ts'
import type { Database } from '../../db/client.ts'
import { applications, outboxMessages, virtualAccounts } from '../../db/schema/index.ts'
import type { SignedInApplicant } from '../application/application-test-support.ts'
import { myPageHeadersOf } from '../renewal/renewal-test-support.ts'
import { createTestStaff } from '../staff/staff-test-support.ts'
import { CHARGE_LEASE_MS } from './instalment-charges.ts'
import { invoiceKey, runInstalmentInvoices, type AccountIssuer } from './instalment-invoices.ts'
import { claimDueInstalments, listInstalments } from './instalment-repository.ts'
import {
  applicantPaidByTransfer,
  importPaymentProduct,
  sandboxCall,
  TEST_PREMIUM,
} from './payment-test-support.ts'
import {
  HttpPaymentProvider,
  ProviderUnavailableError,
  type VirtualAccountRequest,
  type VirtualAccountResult,
} from './provider.ts'

// Issue #24 point 5 (ADR 0039): a monthly product paid by bank transfer (pymntMethod "3",
// pymntCount 12, closing day 20, cover 2026-12 to 2027-11, applied 2026-11-20). The completion
// writes the schedule, the first instalment being the application's own account; 14 days before
// each later due date the instalment job has the provider issue that instalment's own account and
// mails it; its deposit pays it; past its due date unpaid it is failed, the holder and the agency
// are told and the back office lists it, and a late deposit still pays it. Exactly once: two runs
// at once, and a run stopped after the provider answered, issue each account once.

const publicBaseUrl = () => 'https://hoken.example.jp'
const yen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`

/** The mails queued to an address, oldest first: template and body. */
async function mailsTo(db: Database, recipient: string) {
  const rows = await db
    .select({
      template: outboxMessages.template,
      subject: outboxMessages.subject,
      textBody: outboxMessages.textBody,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(outboxMessages.createdAt)
  return rows
}

describe('振込の月払（issue #24 の5、ADR 0039）を申し込みから毎月の請求まで', () => {
  let database: DatabaseHandle & { url?: string }
  let app: FastifyInstance
  const clock = manualClock(testNow)
  let link: EntryLink
  let who: SignedInApplicant
  let applicationId = ''
  let firstAccountNumber = ''
  const mailAddress = 'transfer-monthly@example.jp'

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    link = await importPaymentProduct(database.db, { pymntMethod: '3' })
    const paid = await payByTransfer(mailAddress)
    who = paid.who
    applicationId = who.applicationId
    firstAccountNumber = paid.accountNumber
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function payByTransfer(address: string) {
    const { who, account } = await applicantPaidByTransfer(app, link, address)
    return { who, accountNumber: account.accountNumber }
  }

  /** A customer's transfer at the sandbox (its signed notification), then the reconciliation. */
  async function deposit(accountNumber: string, amount: number) {
    const response = await sandboxCall(app, 'POST', '/v1/virtual-accounts/deposits', {
      accountNumber,
      amount,
    })
    expect(response.statusCode, response.body).toBe(201)
    await app.reconciliationJob.runNow()
  }

  const runWith = (provider: AccountIssuer, db: Database = app.db) =>
    runInstalmentInvoices({ db, clock, provider, publicBaseUrl })
  const run = () => runWith(new HttpPaymentProvider(app.paymentSettings))

  async function accountOf(instalmentId: string) {
    const [row] = await app.db
      .select()
      .from(virtualAccounts)
      .where(eq(virtualAccounts.instalmentId, instalmentId))
    return row
  }

  it('完了で12回の予定を書き、初回は申込の口座（入金待ち）、2回目以降は期日の14日前に案内する予定にすること', async () => {
    const rows = await listInstalments(app.db, applicationId)
    expect(rows).toHaveLength(12)
    expect(rows.every((row) => row.method === 'transfer')).toBe(true)
    expect(rows[0]).toMatchObject({ seq: 1, coversMonth: '202612', status: 'invoiced' })
    expect(rows[0]?.amount).toBe(TEST_PREMIUM)
    // month 2 (January) due by December's closing day; its account mailed 14 days before
    expect(rows[1]).toMatchObject({ seq: 2, coversMonth: '202701', dueDate: '20261220' })
    expect(rows[1]?.status).toBe('due')
    expect(rows[1]?.nextAttemptAt).toEqual(jstTime('20261206'))
    expect(rows[11]).toMatchObject({ seq: 12, coversMonth: '202711', dueDate: '20271020' })

    // the completion mail says how the rest is paid, no longer 「あらためてご案内します」
    const [completion] = (await mailsTo(app.db, mailAddress)).filter(
      (mail) => mail.template === 'completion',
    )
    expect(completion?.textBody).toContain(
      '2回目以降は、毎月20日までにお振り込みいただきます。お振込先の口座は、そのつど期日の14日前ごろにメールでお知らせします。',
    )
    expect(completion?.textBody).not.toContain('あらためてご案内します')
  })

  it('申込の口座への全額の入金で、1回目が支払済みになること（申込は 330）', async () => {
    await deposit(firstAccountNumber, TEST_PREMIUM)
    const rows = await listInstalments(app.db, applicationId)
    expect(rows[0]?.status).toBe('paid')
    expect(rows[1]?.status).toBe('due')
    const [application] = await app.db
      .select({ applyInfo: applications.applyInfo })
      .from(applications)
      .where(eq(applications.id, applicationId))
    expect(application?.applyInfo?.basicInfo.statusPattern).toBe('330')
  })

  it('期日の14日前に、2回目だけの口座をサンドボックスで一度だけ発行し、口座をメールすること', async () => {
    clock.set(jstTime('20261205', '2359'))
    expect(await run()).toMatchObject({ invoiced: 0, overdue: 0 })

    clock.set(jstTime('20261206', '0300'))
    expect(await run()).toMatchObject({ invoiced: 1, refused: 0, lost: 0 })
    expect(await run()).toMatchObject({ invoiced: 0 })
    const rows = await listInstalments(app.db, applicationId)
    expect(rows.slice(0, 3).map((row) => row.status)).toEqual(['paid', 'invoiced', 'due'])
    const account = await accountOf(rows[1]?.id ?? '')
    expect(account).toMatchObject({
      applicationId,
      amount: TEST_PREMIUM,
      dueDate: '20261220',
      depositStatus: 'awaiting',
    })
    expect(account?.accountNumber).not.toBe(firstAccountNumber)

    const invoice = (await mailsTo(app.db, mailAddress)).filter(
      (mail) => mail.template === 'instalmentInvoice',
    )
    expect(invoice).toHaveLength(1)
    expect(invoice[0]?.subject).toContain('保険料のお振込みのお願い（2027年1月分）')
    expect(invoice[0]?.textBody).toContain(`・口座番号：普通 ${account?.accountNumber ?? '?'}`)
    expect(invoice[0]?.textBody).toContain(`・お振込金額：${yen(TEST_PREMIUM)}`)
    expect(invoice[0]?.textBody).toContain('・振込期日：2026年12月20日')
    expect(invoice[0]?.textBody).toContain('https://hoken.example.jp/app/myp/')
  })

  it('2回目の口座への入金で2回目が支払済みになり（不足はそのまま）、入金をメールし、申込の状態は変えないこと', async () => {
    const rows = await listInstalments(app.db, applicationId)
    const account = await accountOf(rows[1]?.id ?? '')
    await deposit(account?.accountNumber ?? '', 1000)
    expect((await listInstalments(app.db, applicationId))[1]?.status).toBe('invoiced')
    await deposit(account?.accountNumber ?? '', TEST_PREMIUM - 1000)
    const after = await listInstalments(app.db, applicationId)
    expect(after[1]?.status).toBe('paid')
    expect(after[1]?.paidAt).not.toBeNull()

    const deposits = (await mailsTo(app.db, mailAddress)).filter(
      (mail) => mail.template === 'instalmentDeposit',
    )
    expect(deposits.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^【.+】保険料のご入金のお知らせ（2027年1月分）$/),
      expect.stringMatching(/^【.+】保険料のご入金のお知らせ（2027年1月分）$/),
    ])
    expect(deposits[0]?.textBody).toContain(`お振込金額に${yen(TEST_PREMIUM - 1000)}足りません`)
    expect(deposits[1]?.textBody).toContain('ご入金を確認しました。ありがとうございます。')
    const [application] = await app.db
      .select({ applyInfo: applications.applyInfo })
      .from(applications)
      .where(eq(applications.id, applicationId))
    expect(application?.applyInfo?.basicInfo.statusPattern).toBe('330')
  })

  it('期日までに入金のない回は翌日に未収にし、契約者（口座つき）と代理店に知らせ、後からの入金でも支払済みにすること', async () => {
    clock.set(jstTime('20270106', '0300'))
    expect(await run()).toMatchObject({ invoiced: 1 })
    clock.set(jstTime('20270120', '2359'))
    expect(await run()).toMatchObject({ overdue: 0 })
    clock.set(jstTime('20270121', '0300'))
    expect(await run()).toMatchObject({ overdue: 1 })
    expect(await run()).toMatchObject({ overdue: 0 })
    let rows = await listInstalments(app.db, applicationId)
    expect(rows[2]).toMatchObject({
      coversMonth: '202702',
      status: 'failed',
      lastErrorCode: 'unpaid',
    })
    const account = await accountOf(rows[2]?.id ?? '')

    const unpaid = (await mailsTo(app.db, mailAddress)).filter(
      (mail) => mail.template === 'instalmentUnpaid',
    )
    expect(unpaid).toHaveLength(1)
    expect(unpaid[0]?.textBody).toContain(
      '振込期日（2027年1月20日）までにご入金を確認できませんでした',
    )
    expect(unpaid[0]?.textBody).toContain(`・口座番号：普通 ${account?.accountNumber ?? '?'}`)
    const agency = (await mailsTo(app.db, 'agent@example.jp')).filter(
      (mail) => mail.template === 'agencyInstalmentUnpaid',
    )
    expect(agency).toHaveLength(1)
    expect(agency[0]?.textBody).toContain(`・保険料：${yen(TEST_PREMIUM)}（2027年2月分）`)
    // no personal data in the agency's copy
    expect(agency[0]?.textBody).not.toContain(mailAddress)
    expect(agency[0]?.textBody).not.toContain('ミドリ')

    // the back office lists it among the months not collected, as a transfer
    const operator = await createTestStaff(app, { role: 'insurerOperator' })
    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/money/instalments/?state=failed',
      headers: operator.headers,
    })
    expect(listed.statusCode, listed.body).toBe(200)
    const items = listed.json<{ items: MoneyInstalmentItem[] }>().items
    expect(items.map((item) => [item.instalmentId, item.method, item.card])).toEqual([
      [rows[2]?.id, 'transfer', null],
    ])

    // paid late: still paid
    await deposit(account?.accountNumber ?? '', TEST_PREMIUM)
    rows = await listInstalments(app.db, applicationId)
    expect(rows[2]?.status).toBe('paid')
  })

  it('マイページのご契約内容に、振込の予定・各回の状況・未払いの回の振込先が出ること', async () => {
    clock.set(jstTime('20270206', '0300'))
    expect(await run()).toMatchObject({ invoiced: 1 })
    const query = new URLSearchParams({
      groupPfCode: link.groupPfCode,
      urlKey: link.urlKey,
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
    })
    const response = await app.inject({
      method: 'GET',
      url: `/api/policyHolderInfo/contract/?${query.toString()}`,
      headers: await myPageHeadersOf(app, who.accountId),
    })
    expect(response.statusCode, response.body).toBe(200)
    const payments = response.json<ContractInfo>().premiumPayments
    expect(payments?.method).toBe('transfer')
    expect(payments?.card).toBeNull()
    expect(payments?.planText).toBe(
      `初回 ${yen(TEST_PREMIUM)}（2026年12月分）、以降毎月20日までに ${yen(TEST_PREMIUM)}をお振込み（2027年11月分まで）`,
    )
    const shown = payments?.instalments ?? []
    expect(shown.slice(0, 5).map((each) => [each.seq, each.status])).toEqual([
      [1, 'paid'],
      [2, 'paid'],
      [3, 'paid'],
      [4, 'invoiced'],
      [5, 'due'],
    ])
    const rows = await listInstalments(app.db, applicationId)
    const account = await accountOf(rows[3]?.id ?? '')
    // only the unpaid one carries its account
    expect(shown.map((each) => each.transferAccount?.accountNumber ?? null)).toEqual([
      null,
      null,
      null,
      account?.accountNumber,
      ...Array.from({ length: 8 }, () => null),
    ])
    expect(shown[3]?.transferAccount).toMatchObject({ amount: TEST_PREMIUM, dueDate: '20270220' })
  })

  describe('一度だけ（二つの実行・止まった実行）', () => {
    /** A provider as the product sees one: the same key gets the same account again. */
    class FakeIssuer implements AccountIssuer {
      readonly answers = new Map<string, VirtualAccountResult>()
      readonly asked: string[] = []
      issued = 0
      loseNextAnswer = false

      createVirtualAccount(key: string, request: VirtualAccountRequest) {
        this.asked.push(key)
        let answer = this.answers.get(key)
        if (answer === undefined) {
          this.issued += 1
          answer = {
            kind: 'issued',
            account: {
              id: `va_fake_${this.issued}_${Date.now()}`,
              bankName: 'テスト銀行',
              bankCode: '0999',
              branchName: 'サクラ支店',
              branchCode: '101',
              accountType: '普通',
              accountNumber: String(9_000_000 + Math.floor(Math.random() * 999_999)),
              accountHolder: 'サンドボックスペイ（カ）',
              amount: request.amount,
              dueDate: request.dueDate,
            },
          }
          this.answers.set(key, answer)
        }
        if (this.loseNextAnswer) {
          this.loseNextAnswer = false
          return Promise.reject(new ProviderUnavailableError('the answer was lost'))
        }
        return Promise.resolve(answer)
      }
    }

    let others: string[] = []
    beforeAll(async () => {
      clock.set(testNow)
      others = []
      for (let index = 0; index < 3; index += 1) {
        others.push((await payByTransfer(`transfer-once-${index}@example.jp`)).who.applicationId)
      }
    })

    async function invoicedCount(ids: string[]) {
      const rows = await app.db
        .select({ id: virtualAccounts.id })
        .from(virtualAccounts)
        .where(
          and(inArray(virtualAccounts.applicationId, ids), isNotNull(virtualAccounts.instalmentId)),
        )
      return rows.length
    }

    it('二つの実行が同時に動いても、どの回の口座も一度だけ発行しメールすること', async () => {
      const otherPool =
        testDatabaseUrl !== undefined && database.url !== undefined
          ? await openPostgresDatabase(database.url, { max: 2, onConnectionError: () => {} })
          : undefined
      try {
        clock.set(jstTime('20261206', '0300'))
        const provider = new FakeIssuer()
        const [first, second] = await Promise.all([
          runWith(provider),
          runWith(provider, otherPool?.db ?? app.db),
        ])
        expect(first.invoiced + second.invoiced).toBe(3)
        expect(first.lost + second.lost).toBe(0)
        expect(provider.issued).toBe(3)
        expect(await invoicedCount(others)).toBe(3)
        for (const index of [0, 1, 2]) {
          const invoices = (await mailsTo(app.db, `transfer-once-${index}@example.jp`)).filter(
            (mail) => mail.template === 'instalmentInvoice',
          )
          expect(invoices).toHaveLength(1)
        }
      } finally {
        await otherPool?.close()
      }
    })

    it('口座の発行後に止まった実行の回は、期限後に別の実行が同じ鍵で引き継ぎ、口座は一つのままであること', async () => {
      clock.set(jstTime('20270106', '0300'))
      const provider = new FakeIssuer()
      // a run claims, the provider issues, and the run stops before writing anything
      const stopped = await claimDueInstalments(app.db, {
        method: 'transfer',
        now: clock.now(),
        leaseUntil: new Date(clock.now().getTime() + CHARGE_LEASE_MS),
        limit: 50,
      })
      const mine = stopped.filter((claim) => others.includes(claim.applicationId))
      expect(mine).toHaveLength(3)
      for (const claim of mine) {
        await provider.createVirtualAccount(invoiceKey(claim), {
          orderId: `inst-${claim.id}`,
          amount: claim.amount,
          dueDate: claim.dueDate,
          accountHolder: 'ミドリハナコ',
        })
      }
      // another run before the lease ran out takes none of them
      expect(await runWith(provider)).toMatchObject({ invoiced: 0 })

      // after it: taken over, the same key asked again, the same account kept
      clock.set(new Date(clock.now().getTime() + CHARGE_LEASE_MS + 1000))
      provider.loseNextAnswer = true
      const taken = await runWith(provider)
      expect(taken).toMatchObject({ invoiced: 2, unanswered: 1 })
      clock.set(new Date(clock.now().getTime() + 16 * 60_000))
      expect(await runWith(provider)).toMatchObject({ invoiced: 1 })
      expect(provider.issued).toBe(3)
      for (const claim of mine) {
        expect(provider.asked.filter((key) => key === invoiceKey(claim)).length).toBeGreaterThan(1)
      }
      expect(await invoicedCount(others)).toBe(6)
    })
  })
})
