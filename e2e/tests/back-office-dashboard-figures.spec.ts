// Issue #21 point 5, "the dashboard's figures match the seeded applications": 加入状況 of a product
// with applications in known states. On a server of its own (its own first administrator, who
// enrols with a passkey: the suite's seeded link is single-use and back-office.spec.ts takes it),
// seeded with the group-collection fixture group K400004 (団体扱: an applied application is paid
// at once, 330) and a roster of its own. Over the real API, as support/policy-holders.ts walks
// them: two members apply, one stops at payment (every step saved), one only follows the
// verification link (which makes the account and the draft), the rest never start. The
// administrator marks one applied application processed from 申込詳細, then opens 加入状況: the
// figure cards, the daily table and the funnel's table show exactly those counts (ADR 0033's
// definitions: started counts every live application, applied ones too; an applied application
// has reached every step, so a step outside K400004's flow counts the applied ones only), and the
// CSV download says the same. axe runs on the screen.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { applyInfoRoute, type ApplicationView } from '@app/shared'
import { adminConsoleMessages } from '@app/shared/messages/admin-console.ja'
import { applicationSteps } from '@app/shared/rules/application-steps'
import type { Locator, Page } from '@playwright/test'
import { signInByApi } from '../support/applicant.ts'
import type { Person } from '../support/application.ts'
import { currentEngine } from '../support/engines.ts'
import { COLLECTION_GROUP_DOCUMENT_PATH, readFixtureDocument } from '../support/fixtures.ts'
import { firstEntryRoster, readCredentials } from '../support/members.ts'
import { appliedPolicyHolder, applicantAtPayment } from '../support/policy-holders.ts'
import { E2E_TODAY, startServer, type RunningServer } from '../support/server.ts'
import { addVirtualAuthenticator, consoleUrl, firstAdministratorArgs } from '../support/staff.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const t = (key: keyof typeof adminConsoleMessages) => adminConsoleMessages[key]

const group = readFixtureDocument(COLLECTION_GROUP_DOCUMENT_PATH).groupPfInfo
const ROSTER_CODES = ['E2E-F-001', 'E2E-F-002', 'E2E-F-003', 'E2E-F-004', 'E2E-F-005', 'E2E-F-006']

const applicants: readonly Person[] = [
  { nameKanji: '集計　一郎', nameKana: 'シュウケイ　イチロウ', birthDate: '19800115', sex: '1' },
  { nameKanji: '集計　花子', nameKana: 'シュウケイ　ハナコ', birthDate: '19850320', sex: '2' },
  { nameKanji: '集計　次郎', nameKana: 'シュウケイ　ジロウ', birthDate: '19900705', sex: '1' },
]

/** What the test made, and so what the dashboard must show. */
interface Expected {
  rosterSize: number
  verified: number
  started: number
  applied: number
  paid: number
  processed: number
  /** the steps of K400004's flow, as the server answered the stopped applicant's view */
  flowSteps: readonly string[]
  /** the applications that saved every step of the flow (applied ones and the one at payment) */
  throughEveryStep: number
}

let server: RunningServer | undefined
let stateDir = ''
let expected: Expected | undefined

function baseURL(): string {
  if (!server) throw new Error('the dashboard server did not start')
  return server.baseURL
}

function theExpected(): Expected {
  if (!expected) throw new Error('the applications were not made')
  return expected
}

/** The roster the server was seeded with, counted from the file itself. */
function rosterSizeOf(csvFile: string): number {
  const [header, ...rows] = readFileSync(csvFile, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line !== '')
  expect(header).toBe('memberCode')
  return rows.length
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000)
  stateDir = mkdtempSync(path.join(tmpdir(), 'e2e-dashboard-figures-'))
  const rosterFile = firstEntryRoster(stateDir, group.groupPfCode, ROSTER_CODES)
  const credentials = path.join(stateDir, 'credentials.csv')
  server = await startServer({
    label: `dashboard-figures-${currentEngine()}`,
    engine: currentEngine(),
    demoData: 'off',
    seed: {
      documents: [COLLECTION_GROUP_DOCUMENT_PATH],
      rosters: [
        {
          groupPfCode: group.groupPfCode,
          groupPfCodeInceptionDateYm: group.groupPfCodeInceptionDateYm,
          csv: rosterFile,
          out: credentials,
        },
      ],
      staff: [{ args: firstAdministratorArgs, outputFile: path.join(stateDir, 'admin.txt') }],
    },
  })
  const members = readCredentials(credentials, group.groupPfCode)
  const [first, second, third, fourth] = members
  const [personOne, personTwo, personThree] = applicants
  if (!first || !second || !third || !fourth || !personOne || !personTwo || !personThree) {
    throw new Error('four members and three applicants expected')
  }
  const request = await playwright.request.newContext({ baseURL: server.baseURL })
  try {
    // two applied and paid (団体扱: 330)
    await appliedPolicyHolder(request, personOne, first)
    await appliedPolicyHolder(request, personTwo, second)
    // one saved every step and stopped at payment
    const stopped = await applicantAtPayment(request, personThree, third)
    const view = (await (
      await request.get(`/api${applyInfoRoute.path}`, { headers: stopped.headers })
    ).json()) as ApplicationView
    expect(view.progress.nextStep).toBe('payment')
    // one followed the verification link only: an account and an empty draft
    await signInByApi(request, fourth)
    expected = {
      rosterSize: rosterSizeOf(rosterFile),
      verified: 4,
      started: 4,
      applied: 2,
      paid: 2,
      processed: 1, // marked from 申込詳細 in the test
      flowSteps: view.progress.stepArray,
      throughEveryStep: 3,
    }
  } finally {
    await request.dispose()
  }
})

test.afterAll(async () => {
  test.setTimeout(60_000)
  await server?.stop()
  rmSync(stateDir, { recursive: true, force: true })
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

/** A table's body rows as text, the cells separated by one space. */
async function bodyRows(table: Locator): Promise<string[]> {
  const rows = await table.getByRole('row').allInnerTexts()
  return rows.slice(1).map((row) => row.replace(/\s+/g, ' ').trim())
}

const figureKeys = ['rosterSize', 'verified', 'started', 'applied', 'paid', 'processed'] as const

/** The funnel's stages in order with the count each must show. */
function expectedFunnel(want: Expected): { stage: string; reached: number }[] {
  return [
    { stage: 'started', reached: want.started },
    ...applicationSteps.map((step) => ({
      stage: step,
      reached: want.flowSteps.includes(step) ? want.throughEveryStep : want.applied,
    })),
    { stage: 'applied', reached: want.applied },
    { stage: 'paid', reached: want.paid },
  ]
}

const dashed = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`
const slashed = (day: string) => `${day.slice(0, 4)}/${day.slice(4, 6)}/${day.slice(6, 8)}`

test('加入状況：申込2件（うち1件を処理済）・決済手前で止まった1件・メール確認だけの1件を作ると、集計・日別・段階ごとの到達数・CSV がその数どおりになること (issue #21)', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const want = theExpected()
  expect(want.rosterSize).toBe(ROSTER_CODES.length)
  expect(want.flowSteps).toContain('pamphletImportantNotes')

  // ── The administrator enrols with a passkey ──────────────────────────────────────────────
  await addVirtualAuthenticator(page)
  await page.goto(enrolmentLink())
  await page.getByRole('button', { name: 'パスキーを登録する' }).click()
  await expect(heading(page, '申込検索')).toBeVisible()

  // ── One applied application is marked processed from 申込詳細 ────────────────────────────
  await page.getByLabel('状態').selectOption('applied')
  await page.getByRole('button', { name: '検索する' }).click()
  await expect(page.getByText(`${want.applied}件見つかりました`)).toBeVisible()
  await page.getByRole('table').getByRole('link').first().click()
  await expect(heading(page, '申込詳細')).toBeVisible()
  await page.getByRole('button', { name: '処理済にする' }).click()
  const processDialog = page.getByRole('dialog')
  await processDialog.getByLabel('メモ（任意）').fill('集計の確認のため')
  await processDialog.getByRole('button', { name: '処理済にする' }).click()
  await expect(page.getByText('処理済にしました。')).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: /^処理済$/ })).toHaveCount(1)

  // ── 加入状況: the figure cards ───────────────────────────────────────────────────────────
  await menuLink(page, t('admin.nav.participation')).click()
  await expect(heading(page, t('admin.participation.title'))).toBeVisible()
  await expect(page.getByLabel(/^団体商品/).locator('option')).toHaveText([
    `${group.groupNameKanji}（${group.groupPfCode}・${group.groupPfCodeInceptionDateYm.slice(0, 4)}年度）`,
  ])
  for (const key of figureKeys) {
    await expect(page.locator(`[data-figure="${key}"]`), key).toHaveText(`${want[key]}人`)
  }
  // each card beside the roster size says its share of the roster
  const percent = (count: number) => Math.round((count / want.rosterSize) * 1000) / 10
  for (const key of figureKeys.slice(1)) {
    await expect(
      page.locator('li').filter({ has: page.locator(`[data-figure="${key}"]`) }),
    ).toContainText(`名簿の${percent(want[key])}%`)
  }

  // ── The daily table: the recruitment window, everything on the pinned day ───────────────
  const daily = page.getByRole('table', { name: t('admin.participation.dailyCaption') })
  await expect(daily).toBeVisible()
  const dailyRows = await bodyRows(daily)
  expect(dailyRows.length).toBeGreaterThan(1)
  const today = `${slashed(E2E_TODAY)} ${want.started} ${want.applied} ${want.paid}`
  expect(dailyRows).toContain(today)
  for (const row of dailyRows.filter((row) => !row.startsWith(slashed(E2E_TODAY)))) {
    expect(row).toMatch(/ 0 0 0$/)
  }

  // ── The funnel's table: every stage, the steps before payment reached by three ─────────
  const funnel = page.getByRole('table', { name: t('admin.participation.funnelCaption') })
  const stages = expectedFunnel(want)
  expect(await bodyRows(funnel)).toEqual(
    stages.map(
      ({ stage, reached }, index) =>
        `${index + 1}. ${t(`admin.participation.stage.${stage}` as keyof typeof adminConsoleMessages)} ${reached}`,
    ),
  )
  await expectAccessible(page)

  // ── The CSV says the same ────────────────────────────────────────────────────────────────
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: t('admin.participation.csv') }).click()
  const csv = readFileSync(await (await download).path(), 'utf8')
  await expect(page.getByText(t('admin.common.downloaded'))).toBeVisible()
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
  expect(lines[0]).toBe('区分,項目,件数')
  expect(lines[1]).toBe(`団体商品,${group.groupPfCode},${group.groupPfCodeInceptionDateYm}`)
  expect(lines.slice(2, 8)).toEqual(
    figureKeys.map(
      (key) =>
        `集計,${t(`admin.participation.figure.${key}` as keyof typeof adminConsoleMessages)},${want[key]}`,
    ),
  )
  expect(lines).toContain(`日別：申込開始,${dashed(E2E_TODAY)},${want.started}`)
  expect(lines).toContain(`日別：申込完了,${dashed(E2E_TODAY)},${want.applied}`)
  expect(lines).toContain(`日別：入金,${dashed(E2E_TODAY)},${want.paid}`)
  expect(lines.filter((line) => line.startsWith('段階ごとの到達数,'))).toEqual(
    stages.map(
      ({ stage, reached }) =>
        `段階ごとの到達数,${t(`admin.participation.stage.${stage}` as keyof typeof adminConsoleMessages)},${reached}`,
    ),
  )
})
