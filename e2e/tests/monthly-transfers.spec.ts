// Issue #24 point 5 (ADR 0039): monthly premiums paid by bank transfer, as the holder sees them.
// A member of this test's copy of K400004's document paid by transfer 年12回 (pymntMethod "3",
// pymntCount 12, closingDay 25) applies over the real API (POST /executePaymentVAccount/, as the
// payment screen does; tests/application-journey.spec.ts walks that screen): the application's
// own account pays month 1, and the completion writes the schedule. Then servers on the same
// database at later clocks, the instalment job on a 1-second timer:
// - 14 days before month 2's due date: month 2's own account is issued and mailed; the holder
//   sees it in the my-page under お振込先, transfers (the sandbox's deposit) and month 2 is paid;
// - the day after month 3's due date, nothing transferred: month 3 is invoiced and then failed at
//   once, the holder is mailed the account again, and the my-page says so with the account.
import { randomBytes } from 'node:crypto'
import { executePaymentVAccountRoute } from '@app/shared'
import type { PaymentOutcome } from '@app/shared/api/payment/payment'
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import { formatJapaneseDate, formatJapaneseYearMonth, formatYen } from '@app/shared/format/display'
import { INSTALMENT_INVOICE_LEAD_DAYS } from '@app/shared/rules/payment'
import { addDays } from '@app/shared/time/business-date'
import type { APIRequestContext, APIResponse, Page } from '@playwright/test'
import type { Person } from '../support/application.ts'
import type { FirstEntryMember } from '../support/members.ts'
import {
  expectRow,
  openContract,
  withMonthlyWorld,
  type MonthlyWorld,
} from '../support/monthly-world.ts'
import { mypT } from '../support/my-page.ts'
import { Inbox } from '../support/outbox.ts'
import { applicantAtPayment, policyHolderOf, type PolicyHolder } from '../support/policy-holders.ts'
import type { RunningServer } from '../support/server.ts'
import { expect, expectAccessible, test as e2eTest } from '../support/test.ts'

const SANDBOX_KEYS = {
  PAYMENT_SECRET_KEY: `sk_sandbox_e2e_transfer_${randomBytes(8).toString('hex')}`,
  PAYMENT_PUBLISHABLE_KEY: `pk_sandbox_e2e_transfer_${randomBytes(8).toString('hex')}`,
} as const

const person: Person = {
  nameKana: 'フリコミ　ナツコ',
  nameKanji: '振込　夏子',
  birthDate: '19860722',
  sex: '2',
}

async function json<T>(response: APIResponse, what: string, status = 200): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

/** The application's own account, issued as the payment screen asks for it. */
let firstAccountNumber = ''

async function appliedByTransfer(
  request: APIRequestContext,
  member: FirstEntryMember,
): Promise<PolicyHolder> {
  const { mailAddress, headers, payment } = await applicantAtPayment(request, person, member)
  const outcome = await json<PaymentOutcome>(
    await request.post(`/api${executePaymentVAccountRoute.path}`, {
      headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: `e2e_${randomBytes(12).toString('hex')}` },
      data: { registration: payment.registration },
    }),
    'POST executePaymentVAccount',
  )
  if (outcome.result !== 'completed' || outcome.completion.virtualAccount === null) {
    throw new Error(`${member.memberCode} was not applied: ${JSON.stringify(outcome)}`)
  }
  firstAccountNumber = outcome.completion.virtualAccount.accountNumber
  return policyHolderOf(member, person, mailAddress, outcome.completion)
}

/** A customer's transfer at the sandbox, which notifies the product (signed). */
async function transfer(
  request: APIRequestContext,
  server: RunningServer,
  accountNumber: string,
  amount: number,
): Promise<void> {
  const deposit = await json<{ deliveredStatus: number | null }>(
    await request.post(`${server.baseURL}/sandbox-pay/v1/virtual-accounts/deposits`, {
      data: { accountNumber, amount },
    }),
    `a deposit into ${accountNumber}`,
    201,
  )
  expect(deposit.deliveredStatus).toBe(200)
}

/** The account number a mail gives (「・口座番号：普通 1234567」). */
function accountNumberIn(textBody: string): string {
  const number = /・口座番号：\S+ (\d{7})/.exec(textBody)?.[1]
  if (number === undefined) throw new Error(`no account number in:\n${textBody}`)
  return number
}

/** The お振込先 block of a month in the contract view. */
function accountBlock(page: Page, coversMonth: string) {
  const heading = mypT('myp.premiumPayments.account.heading', {
    month: formatJapaneseYearMonth(coversMonth),
  })
  return page.getByRole('region', { name: heading })
}

const test = e2eTest.extend<{ world: MonthlyWorld }, { transferWorld: MonthlyWorld }>({
  transferWorld: [
    async ({ playwright }, use, workerInfo) => {
      // K400004 paid by transfer in this test's copy: 年12回 (pymntCount 12) with closingDay 25
      await withMonthlyWorld(
        playwright,
        workerInfo,
        {
          label: 'transfer',
          pymntMethod: '3',
          closingDay: 25,
          memberCode: 'E2E-MT-001',
          settings: SANDBOX_KEYS,
          apply: appliedByTransfer,
        },
        use,
      )
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  world: async ({ transferWorld }, use) => {
    await use(transferWorld)
  },
})
test.use({ actionTimeout: 15_000 })

test('振込の月払で、2か月目の口座が期日の14日前にメールとマイページで示され、入金で支払済みになり、期日までに入金のない3か月目は未収として知らされること', async ({
  page,
  world,
  playwright,
}) => {
  test.setTimeout(180_000)
  const [month1, month2, month3] = world.instalments
  if (!month1 || !month2 || !month3) throw new Error('no monthly schedule was written')
  expect(world.instalments).toHaveLength(12)
  // due by the closing day (25) of the month before the month covered
  expect([month2.dueDate, month3.dueDate]).toEqual(['20270125', '20270225'])
  const request = await playwright.request.newContext()
  const contexts: APIRequestContext[] = [request]
  const inboxOf = async (server: RunningServer): Promise<Inbox> => {
    const context = await playwright.request.newContext({ baseURL: server.baseURL })
    contexts.push(context)
    return new Inbox(context, world.holder.mailAddress)
  }
  try {
    await test.step('2か月目の期日の14日前：口座が発行されメールされ、マイページに振込先が出ること', async () => {
      const server = await world.serverOn(addDays(month2.dueDate, -INSTALMENT_INVOICE_LEAD_DAYS))
      // month 1: the application's own account
      await transfer(request, server, firstAccountNumber, month1.amount)
      const inbox = await inboxOf(server)
      const invoice = await inbox.next('instalmentInvoice')
      expect(invoice.subject).toContain('保険料のお振込みのお願い（2027年2月分）')
      expect(invoice.textBody).toContain(`・お振込金額：${formatYen(month2.amount)}`)
      expect(invoice.textBody).toContain(`・振込期日：${formatJapaneseDate(month2.dueDate)}`)
      const month2Account = accountNumberIn(invoice.textBody)
      expect(month2Account).not.toBe(firstAccountNumber)

      await openContract(page, server, world, inbox)
      await expect(
        page.getByRole('heading', { level: 2, name: mypT('myp.premiumPayments.title.transfer') }),
      ).toBeVisible()
      await expectRow(page, 1, 'paid', mypT('myp.premiumPayments.status.transfer.paid'))
      await expectRow(page, 2, 'invoiced', mypT('myp.premiumPayments.status.invoiced'))
      await expectRow(page, 3, 'due', mypT('myp.premiumPayments.status.transfer.due'))
      const block = accountBlock(page, month2.coversMonth)
      await expect(block.getByText(month2Account, { exact: true })).toBeVisible()
      await expect(
        block.getByText(formatJapaneseDate(month2.dueDate), { exact: true }),
      ).toBeVisible()
      // a transfer contract has no card to change
      await expect(
        page.getByRole('link', { name: mypT('myp.premiumPayments.changeCard') }),
      ).toHaveCount(0)
      await expectAccessible(page)

      await transfer(request, server, month2Account, month2.amount)
      const deposited = await inbox.next('instalmentDeposit')
      expect(deposited.textBody).toContain('ご入金を確認しました。ありがとうございます。')
      await page.reload()
      await expectRow(page, 2, 'paid', mypT('myp.premiumPayments.status.transfer.paid'))
      await expect(accountBlock(page, month2.coversMonth)).toHaveCount(0)
    })

    await test.step('3か月目の期日の翌日：入金がなく未収になり、口座をもう一度知らされること', async () => {
      const server = await world.serverOn(addDays(month3.dueDate, 1))
      const inbox = await inboxOf(server)
      const unpaid = await inbox.next('instalmentUnpaid')
      expect(unpaid.textBody).toContain(
        `振込期日（${formatJapaneseDate(month3.dueDate)}）までにご入金を確認できませんでした`,
      )
      const month3Account = accountNumberIn(unpaid.textBody)

      await openContract(page, server, world, inbox)
      await expectRow(page, 2, 'paid', mypT('myp.premiumPayments.status.transfer.paid'))
      await expectRow(page, 3, 'failed', mypT('myp.premiumPayments.status.transfer.failed'))
      await expect(page.getByText(mypT('myp.premiumPayments.unpaidNote'))).toBeVisible()
      await expect(
        accountBlock(page, month3.coversMonth).getByText(month3Account, { exact: true }),
      ).toBeVisible()
      await expectAccessible(page)
    })
  } finally {
    for (const context of contexts) await context.dispose()
  }
})
