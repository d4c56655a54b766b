// Payment and completion (issue #7, SPEC §2.1 payment and completeApplication, §2.7, §4, §8.4;
// PRODUCT.md "Money"; ADR 0014) as the applicant meets them: the amount and the method on the
// payment screen, the card form with its puzzle, the sandbox provider's 3-D Secure page, the
// virtual account and its deposit, and completeApplication with the completion mail. The texts
// come from the payment catalogue (packages/shared/src/messages/payment.ja.ts) and the sandbox's
// test cards (apps/server/src/sandbox/test-cards.ts), never copied; only the
// sandbox issuer's own page (not the product's, so not in its catalogue) is named below.
import { phaseProgressText } from '@app/shared/messages/flow-phase'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { promisify } from 'node:util'
import { formatJapaneseDate, formatYen } from '@app/shared/format/display'
import { errorMessages } from '@app/shared/messages/errors.ja'
import { translator } from '@app/shared/messages/format'
import { paymentMessages } from '@app/shared/messages/payment.ja'
import { paymentScopeText } from '@app/shared/messages/payment-scope-text'
import { shellMessages } from '@app/shared/messages/shell.ja'
import { VIRTUAL_ACCOUNT_DUE_DAYS } from '@app/shared/rules/payment'
import { addDays } from '@app/shared/time/business-date'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { SANDBOX_3DS_PASSWORD, sandboxTestCards } from '../../apps/server/src/sandbox/test-cards.ts'
import { SESSION_INFO_KEY } from '../../apps/web/src/lib/session.ts'
import { flowT, labelled, pageHeading, pymntCountOf, stepUrl } from './application.ts'
import { groupDocument } from './fixtures.ts'
import type { DemoLink } from './demo.ts'
import { outboxMessages, type OutboxMessage } from './outbox.ts'
import { E2E_TODAY, repoRoot } from './server.ts'
import { expect, expectAccessible, test } from './test.ts'

export { sandboxTestCards }

/** t() over the texts of payment and completeApplication, as the screens build it. */
export const payT = translator({ ...errorMessages, ...shellMessages, ...paymentMessages })

/** 1500 → 「1,500円」 (payment.amount). */
export function amountText(amount: number): string {
  return formatYen(amount)
}

/** The value beside `label` in a description list of the screen (or of `scope`). */
export function rowValue(scope: Page | Locator, label: string): Locator {
  // the inner locator of `has` is relative to the row: built from the page, not from `scope`
  const page = 'goto' in scope ? scope : scope.page()
  return scope
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd')
}

/** E2E_SCREENSHOTS=1: a full-page picture, for a person to look at (a second one of the same
 * name gets a number: name-2.png). */
export async function screenshotIfAsked(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  let base = name
  for (let count = 2; existsSync(test.info().outputPath(`${base}.png`)); count += 1) {
    base = `${name}-${count}`
  }
  await page.screenshot({ path: test.info().outputPath(`${base}.png`), fullPage: true })
  // and as a phone shows it (375 px), then back to the test's own size
  const size = page.viewportSize()
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: test.info().outputPath(`${base}-375.png`), fullPage: true })
  if (size !== null) await page.setViewportSize(size)
}

/** The my-page ID of the applicant signed in in this tab (the app's session info). */
export async function sessionUserId(page: Page): Promise<string> {
  const userId = await page.evaluate((key) => {
    const stored = sessionStorage.getItem(key)
    return stored === null ? undefined : (JSON.parse(stored) as { userId?: string }).userId
  }, SESSION_INFO_KEY)
  if (userId === undefined) throw new Error('no session info in the page')
  return userId
}

// ---------------------------------------------------------------------------------------------
// payment

/**
 * On payment (SPEC §2.1): the title, the group line, the amount due (the premium total the
 * journey added up) and the group's method (pymntMethod); then axe.
 */
export async function expectPaymentScreen(
  page: Page,
  link: DemoLink,
  expected: { amount: number; pymntMethod: '1' | '3' | '4' },
): Promise<void> {
  await expect(page).toHaveURL(stepUrl(link, 'payment'))
  await expect(pageHeading(page, payT('payment.title'))).toBeVisible()
  // payment is the last of the five phases (issue #23 point 11)
  await expect(page.getByText(phaseProgressText('payment'), { exact: true })).toBeVisible()
  await expect(
    page.getByText(flowT('screen.groupName', { groupName: link.name }), { exact: true }),
  ).toBeVisible()
  await expect(rowValue(page, payT('payment.amountHeading'))).toContainText(
    amountText(expected.amount),
  )
  await expect(rowValue(page, payT('payment.method'))).toHaveText(
    payT(`payment.method.${expected.pymntMethod}`),
  )
  await expectAccessible(page)
  await screenshotIfAsked(page, `${link.groupPfCode}-payment`)
}

/** The payment error codes with a text of their own (error.APFK0003 …). */
export type PaymentErrorCode = keyof typeof paymentMessages extends infer Key
  ? Key extends `error.${infer Code}`
    ? Code
    : never
  : never

/** The in-flow message of a payment error code: an alert beside the form that takes focus. */
export async function expectPaymentMessage(page: Page, errorCode: PaymentErrorCode): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: payT(`error.${errorCode}`) })
  await expect(alert).toBeVisible()
  await expect(alert).toBeFocused()
}

function puzzleGroup(page: Page): Locator {
  return page.getByRole('group', { name: payT('puzzle.legend') })
}

export function puzzleCheckbox(page: Page): Locator {
  return puzzleGroup(page).getByRole('checkbox', { name: payT('puzzle.checkbox') })
}

/** The puzzle's live region: what it is doing (solving, solved, failed, expired). */
export function puzzleStatus(page: Page): Locator {
  return puzzleGroup(page).getByRole('status')
}

/** Ticks 「私はロボットではありません」 and waits until the device has solved it (「確認しました。」). */
export async function solvePuzzle(page: Page): Promise<void> {
  await puzzleCheckbox(page).check()
  await expect(puzzleStatus(page)).toHaveText(payT('puzzle.solved'), { timeout: 30_000 })
}

export function cardNumberInput(page: Page): Locator {
  return page.getByLabel(labelled(payT('card.number')))
}

/**
 * The card form (SPEC §5.2 creditCard, securityCode): the number, a valid expiry (December, three
 * years after the first year offered) and a security code.
 */
export async function fillCard(page: Page, cardNumber: string): Promise<void> {
  await cardNumberInput(page).fill(cardNumber)
  const expiry = page.getByRole('group', { name: labelled(payT('card.expiry')) })
  await expiry
    .getByRole('combobox', { name: new RegExp(`${payT('card.expiryMonth')}$`) })
    .selectOption('12')
  const year = expiry.getByRole('combobox', { name: new RegExp(`${payT('card.expiryYear')}$`) })
  const years = await year
    .locator('option')
    .evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter((value) => value !== ''),
    )
  const chosen = years[3]
  if (chosen === undefined) throw new Error(`too few expiry years offered: ${years.join(', ')}`)
  await year.selectOption(chosen)
  await page.getByLabel(labelled(payT('card.securityCode'))).fill('123')
}

export function payByCardButton(page: Page): Locator {
  return page.getByRole('button', { name: payT('card.submit') })
}

/**
 * The sandbox issuer's 3-D Secure challenge page (apps/server/src/sandbox
 * challenge-page.ts, which keeps its texts to itself: the page is the provider's, not the
 * product's): its password box and its two buttons 「認証する」 and 「キャンセル」.
 */
const threeDSecurePage = {
  heading: /3Dセキュア/,
  password: 'パスワード',
  authenticate: '認証する',
  cancel: 'キャンセル',
} as const

/**
 * On the provider's 3-D Secure page (a full page load away from the app): the amount, axe, the
 * test password, 「認証する」. With `mistypeFirst`, a wrong password first: the page asks again
 * (reached by a GET after the POST, issue #23 point 5) with the tries left.
 */
export async function authenticateThreeDSecure(
  page: Page,
  amount: number,
  options: { mistypeFirst?: boolean } = {},
): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-pay\//)
  await expect(
    page.getByRole('heading', { level: 1, name: threeDSecurePage.heading }),
  ).toBeVisible()
  await expect(page.getByText(amountText(amount), { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: threeDSecurePage.cancel })).toBeVisible()
  await expectAccessible(page)
  await screenshotIfAsked(page, 'sandbox-3ds')
  if (options.mistypeFirst === true) {
    await page.getByLabel(threeDSecurePage.password, { exact: true }).fill('000000')
    await page.getByRole('button', { name: threeDSecurePage.authenticate }).click()
    await expect(page.getByRole('alert')).toContainText('あと2回')
    await expect(page.getByLabel(threeDSecurePage.password, { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
  }
  await page.getByLabel(threeDSecurePage.password, { exact: true }).fill(SANDBOX_3DS_PASSWORD)
  await page.getByRole('button', { name: threeDSecurePage.authenticate }).click()
}

// ---------------------------------------------------------------------------------------------
// completeApplication

export interface CompletionShown {
  /** 加入者番号 */
  policyHolderNo: string
  /** マイページのID */
  userId: string
}

/**
 * On completeApplication (SPEC §2.1): the title, 加入者番号, マイページのID (the signed-in
 * applicant's userId), the application date (the server's pinned day), the amount, the payment
 * status and where the completion mail went; then axe.
 */
export async function expectCompletion(
  page: Page,
  link: DemoLink,
  expected: {
    amount: number
    status: string
    mailAddress: string
    /** YYYYMMDD: the server's business day (E2E_TODAY unless the server's clock is another) */
    today?: string
  },
): Promise<CompletionShown> {
  await expect(page).toHaveURL(stepUrl(link, 'completeApplication'))
  await expect(pageHeading(page, payT('complete.title'))).toBeVisible()
  await expect(page.getByText(payT('complete.lead'), { exact: true })).toBeVisible()
  const policyHolderNo = rowValue(page, payT('complete.policyHolderNo'))
  // ADR 0014: 10 digits, given at completion
  await expect(policyHolderNo).toHaveText(/^\d{10}$/)
  const userId = await sessionUserId(page)
  await expect(rowValue(page, payT('complete.userId'))).toContainText(userId)
  await expect(rowValue(page, payT('complete.applicationDate'))).toHaveText(
    formatJapaneseDate(expected.today ?? E2E_TODAY),
  )
  // issue #23 point 4: the amount with what it pays for and how the rest is paid
  // (issue #24: a card's later instalments on the group's closing day)
  const { pymntMethod, closingDay } = groupDocument(
    link.groupPfCode,
    link.groupPfCodeInceptionDateYm,
  ).groupPfInfo
  await expect(rowValue(page, payT('complete.amount'))).toHaveText(
    amountText(expected.amount) +
      paymentScopeText({ pymntMethod, pymntCount: pymntCountOf(link), closingDay }),
  )
  await expect(rowValue(page, payT('complete.status'))).toHaveText(expected.status)
  await expect(
    page.getByText(payT('complete.mailSent', { mailAddress: expected.mailAddress }), {
      exact: true,
    }),
  ).toBeVisible()
  await expectAccessible(page)
  await screenshotIfAsked(page, `${link.groupPfCode}-completeApplication`)
  return { policyHolderNo: (await policyHolderNo.textContent())?.trim() ?? '', userId }
}

/**
 * SPEC §2.7: going back from completeApplication is cancelled; the applicant stays (and the
 * completion is still shown).
 */
export async function expectNoWayBack(page: Page, link: DemoLink): Promise<void> {
  await page.goBack()
  await expect(page).toHaveURL(stepUrl(link, 'completeApplication'))
  await expect(pageHeading(page, payT('complete.title'))).toBeVisible()
  await expect(rowValue(page, payT('complete.policyHolderNo'))).toHaveText(/^\d{10}$/)
}

/**
 * The completion mail (template "completion") in the outbox: exactly one, to the applicant's
 * address, naming the 加入者番号 and マイページのID shown on screen.
 */
export async function expectCompletionMail(
  request: APIRequestContext,
  mailAddress: string,
  shown: CompletionShown,
): Promise<OutboxMessage> {
  let mails: OutboxMessage[] = []
  await expect
    .poll(
      async () =>
        (mails = (await outboxMessages(request, mailAddress)).filter(
          (message) => message.template === 'completion',
        )).length,
      { message: `the completion mail to ${mailAddress} in the outbox` },
    )
    .toBeGreaterThan(0)
  expect(mails, `completion mails to ${mailAddress}`).toHaveLength(1)
  const [mail] = mails
  if (mail === undefined) throw new Error('unreachable')
  expect(mail.recipient).toBe(mailAddress)
  expect(mail.textBody).toContain(shown.policyHolderNo)
  expect(mail.textBody).toContain(shown.userId)
  return mail
}

// ---------------------------------------------------------------------------------------------
// The virtual account (振込)

export interface VirtualAccountShown {
  accountNumber: string
}

/**
 * お振込先 on completeApplication: bank, branch, number (7 digits), holder, the amount, the due
 * date (VIRTUAL_ACCOUNT_DUE_DAYS after the application date, the server's pinned day), what has
 * been paid in and the deposit status.
 */
export async function expectVirtualAccount(
  page: Page,
  expected: { amount: number; paidAmount: number; depositStatus: string },
): Promise<VirtualAccountShown> {
  const section = page.getByRole('region', { name: payT('vaccount.heading'), exact: true })
  await expect(section).toBeVisible()
  await expect(rowValue(section, payT('vaccount.bank'))).toHaveText(/\S/)
  await expect(rowValue(section, payT('vaccount.branch'))).toHaveText(/\S/)
  const account = rowValue(section, payT('vaccount.account'))
  await expect(account).toHaveText(/\s\d{7}$/)
  await expect(rowValue(section, payT('vaccount.holder'))).toHaveText(/\S/)
  await expect(rowValue(section, payT('vaccount.amount'))).toHaveText(amountText(expected.amount))
  await expect(rowValue(section, payT('vaccount.dueDate'))).toHaveText(
    formatJapaneseDate(addDays(E2E_TODAY, VIRTUAL_ACCOUNT_DUE_DAYS)),
  )
  await expect(rowValue(section, payT('vaccount.paidAmount'))).toHaveText(
    amountText(expected.paidAmount),
  )
  await expect(rowValue(section, payT('vaccount.status'))).toHaveText(expected.depositStatus)
  const accountNumber = /(\d{7})$/.exec((await account.textContent())?.trim() ?? '')?.[1]
  if (accountNumber === undefined) throw new Error('no account number on the screen')
  return { accountNumber }
}

const run = promisify(execFile)

/**
 * A customer's transfer into the sandbox's virtual account, as an operator simulates it:
 * `npm run sandbox-deposit -w @app/server -- --url … --account … --amount …` (the sandbox posts
 * the signed deposit notification to the product). Returns the command's output.
 */
export async function depositByCommand(
  baseURL: string,
  accountNumber: string,
  amount: number,
): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'FORCE_COLOR', 'INIT_CWD']) delete env[name]
  try {
    const { stdout, stderr } = await run(
      'npm',
      [
        'run',
        '--silent',
        'sandbox-deposit',
        '-w',
        '@app/server',
        '--',
        '--url',
        baseURL,
        '--account',
        accountNumber,
        '--amount',
        String(amount),
      ],
      { cwd: repoRoot, env, timeout: 60_000 },
    )
    return `${stdout}${stderr}`
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    throw new Error(
      `npm run sandbox-deposit exited ${String(failed.code)}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    )
  }
}
