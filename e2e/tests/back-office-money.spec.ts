// Issue #21 point 3, the reconciliation desk (入金・決済照合, ADR 0031) in Chromium. On a server of
// its own (its own first administrator: the suite's seeded link is single-use and
// back-office.spec.ts takes it), seeded with a copy of the group-collection fixture group's
// document that pays by virtual account (pymntMethod "3"), so that two members apply over the
// real API as support/policy-holders.ts walks them and get an account each:
// - the first transfers 1,000 yen less than is due through the sandbox provider (which posts the
//   signed deposit notification; the webhook nudges the reconciliation job): the console lists it
//   under 入金不足 and the administrator resolves it with a note;
// - the second transfers the full amount (applied), and then a card payment of the same amount is
//   captured at the sandbox for that application: a double capture. The product records one only
//   when two payments race, which no browser can time, so the attempt (APFA2026) is written by
//   e2e/stray-capture.ts with the payment module's own repository functions while the server is
//   stopped (the embedded database admits one process) and the server goes on with the same
//   database. The administrator refunds it from the console and the sandbox lists the refund.
// The audit log holds money.resolved and money.refunded; axe runs on the desk.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { executePaymentVAccountRoute, IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import type { PaymentOutcome } from '@app/shared/api/payment/payment'
import { adminConsoleMessages } from '@app/shared/messages/admin-console.ja'
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test'
import { sandboxTestCards } from '../../apps/server/src/sandbox/test-cards.ts'
import type { Person } from '../support/application.ts'
import { currentEngine } from '../support/engines.ts'
import { COLLECTION_GROUP_DOCUMENT_PATH } from '../support/fixtures.ts'
import { firstEntryRoster, readCredentials, type FirstEntryMember } from '../support/members.ts'
import { applicantAtPayment } from '../support/policy-holders.ts'
import {
  E2E_NOW,
  repoRoot,
  startServer,
  tsxCommand,
  type RunningServer,
} from '../support/server.ts'
import { addVirtualAuthenticator, consoleUrl, firstAdministratorArgs } from '../support/staff.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const t = (key: keyof typeof adminConsoleMessages) => adminConsoleMessages[key]

/** The sandbox's keys for this spec's servers: the test calls the provider as the product does. */
const SANDBOX_KEYS = {
  PAYMENT_SECRET_KEY: `sk_sandbox_e2e_money_${randomBytes(8).toString('hex')}`,
  PAYMENT_PUBLISHABLE_KEY: `pk_sandbox_e2e_money_${randomBytes(8).toString('hex')}`,
} as const
const SANDBOX = '/sandbox-pay'
const SHORT_BY = 1_000
const RESOLVE_NOTE = '不足分は次回の保険料と合わせて受け取ることを電話で確認済み'
const REFUND_REASON = '同じ申込へのカード二重売上のため'

const people: readonly Person[] = [
  {
    nameKanji: '照合　一郎',
    nameKana: 'ショウゴウ　イチロウ',
    birthDate: '19800115',
    sex: '1',
  },
  {
    nameKanji: '照合　花子',
    nameKana: 'ショウゴウ　ハナコ',
    birthDate: '19850320',
    sex: '2',
  },
]

interface Applied {
  policyHolderNo: string
  accountNumber: string
  amount: number
  /** the Idempotency-Key of the payment registration that applied it */
  paidWith: string
}

interface World {
  underpaid: Applied
  doubled: Applied
  /** the sandbox's id of the card payment captured after the application was applied */
  strayPaymentId: string
}

let first: RunningServer | undefined
let server: RunningServer | undefined
let stateDir = ''
let world: World | undefined
const savedEnv: Record<string, string | undefined> = {}

function baseURL(): string {
  if (!server) throw new Error('the money server did not start')
  return server.baseURL
}

function theWorld(): World {
  if (!world) throw new Error('the applications were not made')
  return world
}

async function json<T>(response: APIResponse, what: string, status = 200): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

const secretHeaders = () => ({ authorization: `Bearer ${SANDBOX_KEYS.PAYMENT_SECRET_KEY}` })

/** Applies over the API and receives a virtual account (SPEC §2.1 executePaymentVAccount). */
async function applyWithAccount(
  request: APIRequestContext,
  person: Person,
  member: FirstEntryMember,
): Promise<Applied> {
  const { headers, payment } = await applicantAtPayment(request, person, member)
  const paidWith = `e2e_${randomBytes(12).toString('hex')}`
  const outcome = await json<PaymentOutcome>(
    await request.post(`/api${executePaymentVAccountRoute.path}`, {
      headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: paidWith },
      data: { registration: payment.registration },
    }),
    `POST executePaymentVAccount as ${member.memberCode}`,
  )
  if (outcome.result !== 'completed' || outcome.completion.virtualAccount === null) {
    throw new Error(`no virtual account for ${member.memberCode}: ${JSON.stringify(outcome)}`)
  }
  const { completion } = outcome
  return {
    policyHolderNo: completion.groupPfPolicyHolderNo,
    accountNumber: completion.virtualAccount?.accountNumber ?? '',
    amount: completion.invoiceAmount,
    paidWith,
  }
}

/** A customer's transfer as the sandbox takes it: it posts the signed notification itself. */
async function transfer(request: APIRequestContext, accountNumber: string, amount: number) {
  await json(
    await request.post(`${SANDBOX}/v1/virtual-accounts/deposits`, {
      data: { accountNumber, amount },
    }),
    `a deposit of ${amount} into ${accountNumber}`,
    201,
  )
}

/** A frictionless card authorised and captured at the sandbox, as the product's client calls it. */
async function capturedCardPayment(
  request: APIRequestContext,
  amount: number,
  orderId: string,
): Promise<string> {
  const { token } = await json<{ token: string }>(
    await request.post(`${SANDBOX}/v1/tokens`, {
      data: {
        publishableKey: SANDBOX_KEYS.PAYMENT_PUBLISHABLE_KEY,
        cardNumber: sandboxTestCards.frictionless,
        expiryMonth: '12',
        expiryYear: '2030',
        securityCode: '123',
      },
    }),
    'a card token',
    201,
  )
  const payment = await json<{ id: string; status: string }>(
    await request.post(`${SANDBOX}/v1/payments`, {
      headers: { ...secretHeaders(), 'idempotency-key': `e2e_${randomBytes(12).toString('hex')}` },
      data: { token, amount, currency: 'JPY', orderId, returnUrl: `${baseURL()}/return` },
    }),
    'a card payment',
  )
  await json(
    await request.post(`${SANDBOX}/v1/payments/${payment.id}/capture`, {
      headers: secretHeaders(),
    }),
    'its capture',
  )
  return payment.id
}

const run = promisify(execFile)

/** e2e/stray-capture.ts on the stopped server's database. */
async function recordStrayCapture(stopped: RunningServer, applied: Applied, paymentId: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' }
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'FORCE_COLOR', 'INIT_CWD']) delete env[name]
  if (stopped.database.kind === 'pglite') env.DATA_DIR = stopped.database.dataDir
  else env.DATABASE_URL = stopped.database.databaseUrl
  const { command, args } = tsxCommand(path.join('e2e', 'stray-capture.ts'))
  const flags = ['--paid-with', applied.paidWith, '--payment', paymentId]
  flags.push('--amount', String(applied.amount), '--at', E2E_NOW)
  try {
    await run(command, [...args, ...flags], { cwd: repoRoot, env, timeout: 60_000 })
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string }
    throw new Error(`e2e/stray-capture.ts failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`)
  }
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000)
  for (const [name, value] of Object.entries(SANDBOX_KEYS)) {
    savedEnv[name] = process.env[name]
    process.env[name] = value // startServer hands the worker's environment to the server
  }
  stateDir = mkdtempSync(path.join(tmpdir(), 'e2e-money-'))
  const document = JSON.parse(readFileSync(COLLECTION_GROUP_DOCUMENT_PATH, 'utf8')) as {
    groupPfInfo: Record<string, unknown>
  }
  document.groupPfInfo.pymntMethod = '3'
  document.groupPfInfo.pymntCount = 1
  const groupPfCode = String(document.groupPfInfo.groupPfCode)
  const documentPath = path.join(stateDir, 'transfer-group.json')
  writeFileSync(documentPath, JSON.stringify(document, null, 2))
  const credentials = path.join(stateDir, 'credentials.csv')
  first = await startServer({
    label: `money-${currentEngine()}`,
    engine: currentEngine(),
    demoData: 'off',
    seed: {
      documents: [documentPath],
      rosters: [
        {
          groupPfCode,
          groupPfCodeInceptionDateYm: String(document.groupPfInfo.groupPfCodeInceptionDateYm),
          csv: firstEntryRoster(stateDir, groupPfCode, ['E2E-M-001', 'E2E-M-002']),
          out: credentials,
        },
      ],
      staff: [{ args: firstAdministratorArgs, outputFile: path.join(stateDir, 'admin.txt') }],
    },
  })
  const members = readCredentials(credentials, groupPfCode)
  const request = await playwright.request.newContext({ baseURL: first.baseURL })
  let strayPaymentId = ''
  let underpaid: Applied
  let doubled: Applied
  try {
    const [one, two] = members
    const [personOne, personTwo] = people
    if (!one || !two || !personOne || !personTwo) throw new Error('two members expected')
    underpaid = await applyWithAccount(request, personOne, one)
    doubled = await applyWithAccount(request, personTwo, two)
    await transfer(request, underpaid.accountNumber, underpaid.amount - SHORT_BY)
    await transfer(request, doubled.accountNumber, doubled.amount)
    server = first // the card payment's return address names the running server
    strayPaymentId = await capturedCardPayment(request, doubled.amount, doubled.policyHolderNo)
  } finally {
    await request.dispose()
  }
  // the sandbox answered each deposit after the webhook's; the job the webhook nudged finishes
  // before the server stops (its stop waits for the runs in progress)
  await first.stop({ keepData: true })
  await recordStrayCapture(first, doubled, strayPaymentId)
  server = await startServer({
    label: `money-${currentEngine()}-desk`,
    engine: currentEngine(),
    demoData: 'off',
    database: first.database,
  })
  world = { underpaid, doubled, strayPaymentId }
})

test.afterAll(async () => {
  test.setTimeout(60_000)
  await server?.stop()
  first?.removeData()
  rmSync(stateDir, { recursive: true, force: true })
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

/** The one-time enrolment link `npm run staff -- add` printed, on the running server's console. */
function enrolmentLink(): string {
  const printed = readFileSync(path.join(stateDir, 'admin.txt'), 'utf8')
  const link = /https?:\/\/\S+\/admin\/enrol#[A-Za-z0-9_-]+/.exec(printed)?.[0]
  if (link === undefined) throw new Error(`no enrolment link in:\n${printed}`)
  const url = new URL(link)
  return consoleUrl(baseURL(), `${url.pathname}${url.hash}`)
}

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name })
}

function menuLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name, exact: true })
}

function yen(amount: number): string {
  return `${amount.toLocaleString('ja-JP')}円`
}

async function showList(page: Page, state: 'underpaid' | 'doubleCapture'): Promise<Locator> {
  const label = t(`admin.money.state.${state}`)
  await page
    .getByRole('group', { name: t('admin.money.lists') })
    .getByRole('button', { name: label, exact: true })
    .click()
  const table = page.getByRole('table', { name: new RegExp(`^${label}の一覧`) })
  await expect(table).toBeVisible()
  return table
}

async function searchAudit(page: Page, action: string): Promise<Locator> {
  await page.getByLabel(t('admin.audit.action'), { exact: true }).fill(action)
  await page.getByRole('button', { name: '検索する' }).click()
  return page.getByRole('table')
}

test('入金・決済照合：1,000円不足の入金が入金不足に出てメモ付きで対応済みにでき、二重売上をコンソールから返金すると決済代行会社に返金が記録され、監査ログに残ること (issue #21)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const { underpaid, doubled, strayPaymentId } = theWorld()

  // ── The administrator enrols with a passkey and opens the desk ──────────────────────────
  await addVirtualAuthenticator(page)
  await page.goto(enrolmentLink())
  await page.getByRole('button', { name: 'パスキーを登録する' }).click()
  await expect(heading(page, '申込検索')).toBeVisible()
  await menuLink(page, t('admin.nav.money')).click()
  await expect(heading(page, t('admin.money.title'))).toBeVisible()

  // ── 入金不足: the deposit 1,000 yen short, resolved with a note ────────────────────────────
  const short = await showList(page, 'underpaid')
  const shortRow = short.getByRole('row').filter({ hasText: underpaid.accountNumber })
  await expect(shortRow).toHaveCount(1)
  await expect(shortRow).toContainText(yen(underpaid.amount - SHORT_BY))
  await expect(shortRow).toContainText(underpaid.policyHolderNo)
  await expect(shortRow).toContainText(
    `${yen(underpaid.amount)}／${yen(underpaid.amount - SHORT_BY)}`,
  )
  await expect(shortRow).toContainText(t('admin.money.open'))
  // the fully paid account is not under-paid
  await expect(short.getByRole('row').filter({ hasText: doubled.accountNumber })).toHaveCount(0)
  await expectAccessible(page)

  await shortRow.getByRole('button', { name: t('admin.money.resolve') }).click()
  const resolveDialog = page.getByRole('dialog')
  await resolveDialog.getByLabel(new RegExp(`^${t('admin.money.note')}`)).fill(RESOLVE_NOTE)
  await resolveDialog.getByRole('button', { name: t('admin.money.resolve') }).click()
  await expect(resolveDialog).toBeHidden()
  await expect(page.getByText(t('admin.money.resolvedDone'))).toBeVisible()
  await expect(shortRow).toContainText(`対応済み：${RESOLVE_NOTE}`)
  await expect(shortRow).not.toContainText(t('admin.money.open'))
  await expect(shortRow.getByRole('button', { name: t('admin.money.resolve') })).toHaveCount(0)

  // ── カード二重売上: refunded through the sandbox ────────────────────────────────────────────
  const doubles = await showList(page, 'doubleCapture')
  const doubleRow = doubles.getByRole('row').filter({ hasText: strayPaymentId })
  await expect(doubleRow).toHaveCount(1)
  await expect(doubleRow).toContainText(yen(doubled.amount))
  await expect(doubleRow).toContainText(doubled.policyHolderNo)
  await expectAccessible(page)

  await doubleRow.getByRole('button', { name: t('admin.money.refund') }).click()
  const refundDialog = page.getByRole('dialog')
  await expect(refundDialog).toContainText(
    `${yen(doubled.amount)}を決済代行会社を通じて返金します。`,
  )
  await refundDialog.getByLabel(/^理由/).fill(REFUND_REASON)
  await refundDialog.getByRole('button', { name: t('admin.money.refund') }).click()
  await expect(refundDialog).toBeHidden()
  await expect(page.getByText(`${yen(doubled.amount)}を返金しました。`)).toBeVisible()
  await expect(doubleRow).toContainText(`返金済み ${yen(doubled.amount)}`)
  await expect(doubleRow.getByRole('button', { name: t('admin.money.refund') })).toHaveCount(0)

  // the provider holds exactly one refund of the whole capture
  const refunds = await json<{ data: { amount: number; paymentId?: string }[] }>(
    await request.get(`${baseURL()}${SANDBOX}/v1/payments/${strayPaymentId}/refunds`, {
      headers: secretHeaders(),
    }),
    'the sandbox refunds of the stray capture',
  )
  expect(refunds.data).toHaveLength(1)
  expect(refunds.data[0]?.amount).toBe(doubled.amount)

  // ── The audit log ────────────────────────────────────────────────────────────────────────
  await menuLink(page, t('admin.nav.audit')).click()
  await expect(heading(page, t('admin.nav.audit'))).toBeVisible()
  const resolvedLog = await searchAudit(page, 'money.resolved')
  await expect(
    resolvedLog.getByRole('row').filter({ hasText: t('admin.code.action.money.resolved') }),
  ).toHaveCount(1)
  await expect(resolvedLog.getByRole('row').filter({ hasText: RESOLVE_NOTE })).toHaveCount(1)
  const refundedLog = await searchAudit(page, 'money.refunded')
  await expect(
    refundedLog.getByRole('row').filter({ hasText: t('admin.code.action.money.refunded') }),
  ).toHaveCount(1)
})
