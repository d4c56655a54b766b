// Issue #21 point 7, maintenance and notices from the console, in Chromium. On a server of its own
// (its own first administrator, and a maintenance switch no other spec sees), at the suite's
// pinned clock (APP_NOW, E2E_NOW: 2026-11-20 10:00 JST): the maintenance gate and the notices'
// windows go by that clock, so the notice's window is entered around it. The administrator
// enrols with a passkey, creates a notice for demo group A, and finds it on the group's pamphlet
// and entry screen; switches maintenance on: the applicant's entry screen shows the maintenance
// screen while the console goes on working under a banner; switches it off; and finds each act
// in the audit log. axe runs on the console's two screens.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { demoLink, entPath, pamphletPath } from '../support/demo.ts'
import { currentEngine } from '../support/engines.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { addVirtualAuthenticator, consoleUrl, firstAdministratorArgs } from '../support/staff.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const GROUP = 'G100001'
const NOTICE = {
  title: '年末年始の受付についてのお知らせ',
  body: '12月29日から1月3日までは、\nお電話でのお問い合わせをお休みします。',
  // around the pinned clock, in Japan time as the console takes it
  startsAt: '2026-11-20T09:00',
  endsAt: '2026-12-28T18:00',
}

let server: RunningServer | undefined
let stateDir = ''

test.beforeAll(async () => {
  test.setTimeout(180_000)
  stateDir = mkdtempSync(path.join(tmpdir(), 'e2e-notices-'))
  server = await startServer({
    label: `notices-${currentEngine()}`,
    engine: currentEngine(),
    seed: {
      documents: [],
      rosters: [],
      staff: [{ args: firstAdministratorArgs, outputFile: path.join(stateDir, 'admin.txt') }],
    },
  })
})

test.afterAll(async () => {
  test.setTimeout(30_000)
  await server?.stop()
  rmSync(stateDir, { recursive: true, force: true })
})

function baseURL(): string {
  if (!server) throw new Error('the notices server did not start')
  return server.baseURL
}

/** The one-time enrolment link `npm run staff -- add` printed, on this server's console. */
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

async function switchMaintenance(page: Page, label: string, reason: string) {
  await page.getByRole('button', { name: label }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(/^理由/).fill(reason)
  await dialog.getByRole('button', { name: label }).click()
  await expect(dialog).toBeHidden()
}

test('お知らせとメンテナンス：管理者がお知らせを作るとパンフレットと申込画面に出て、メンテナンスを入れると申込画面はメンテナンス中になり、コンソールは使え、監査ログに残ること (issue #21)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const link = demoLink(GROUP)

  // ── The administrator enrols with a passkey ──────────────────────────────────────────────
  await addVirtualAuthenticator(page)
  await page.goto(enrolmentLink())
  await page.getByRole('button', { name: 'パスキーを登録する' }).click()
  await expect(heading(page, '申込検索')).toBeVisible()

  // ── A notice for demo group A ────────────────────────────────────────────────────────────
  await menuLink(page, 'お知らせ').click()
  await expect(heading(page, 'お知らせ')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: '作成する' }).click()
  await expect(page.getByText('団体を選んでください。')).toBeVisible()
  await page.getByRole('combobox', { name: /^団体/ }).selectOption(GROUP)
  await page.getByRole('textbox', { name: /^題名/ }).fill(NOTICE.title)
  await page.getByRole('textbox', { name: /^本文/ }).fill(NOTICE.body)
  await page.getByLabel(/^掲載開始/).fill(NOTICE.startsAt)
  await page.getByLabel(/^掲載終了/).fill(NOTICE.endsAt)
  await page.getByRole('button', { name: '作成する' }).click()
  await expect(page.getByText('お知らせを作成しました。')).toBeVisible()
  const current = page.getByRole('table', { name: '掲載中のお知らせ' })
  await expect(current.getByRole('row').filter({ hasText: NOTICE.title })).toHaveCount(1)
  await expect(current).toContainText('2026/11/20 09:00 〜 2026/12/28 18:00')
  await expectAccessible(page)

  // ── The applicant's pages show it ────────────────────────────────────────────────────────
  const applicant = await browser.newPage()
  await applicant.goto(`${baseURL()}${pamphletPath(link)}`)
  const pamphletBanner = applicant.getByRole('region', { name: '重要なお知らせ' })
  await expect(pamphletBanner.getByRole('heading', { name: NOTICE.title })).toBeVisible()
  await expect(pamphletBanner).toContainText('お電話でのお問い合わせをお休みします。')
  await expectAccessible(applicant)

  await applicant.goto(`${baseURL()}${entPath(link, 'termsOfService')}`)
  const entryBanner = applicant.getByRole('region', { name: '重要なお知らせ' })
  await expect(entryBanner.getByRole('heading', { name: NOTICE.title })).toBeVisible()
  await expect(applicant.getByRole('heading', { level: 1 })).not.toHaveText('メンテナンス中')
  await expectAccessible(applicant)

  // ── Maintenance on: the applicant sees the maintenance screen, the console works ─────────
  await menuLink(page, 'メンテナンス').click()
  await expect(heading(page, 'メンテナンス')).toBeVisible()
  await expectAccessible(page)
  await switchMaintenance(page, 'メンテナンスを開始する', '年末の保守作業のため')
  await expect(page.getByText('メンテナンスを開始しました。')).toBeVisible()
  const banner = page.getByText('メンテナンス中です（手動で開始）。', { exact: false })
  await expect(banner).toBeVisible()
  await expectAccessible(page)

  await applicant.goto(`${baseURL()}${entPath(link, 'termsOfService')}`)
  await expect(applicant.getByRole('heading', { level: 1, name: 'メンテナンス中' })).toBeVisible()

  await menuLink(page, '監査ログ').click()
  await expect(heading(page, '監査ログ')).toBeVisible()
  await expect(banner).toBeVisible()
  await page.getByLabel('操作', { exact: true }).fill('maintenance.switched')
  await page.getByRole('button', { name: '検索する' }).click()
  const log = page.getByRole('table')
  await expect(log.getByRole('row').filter({ hasText: '年末の保守作業のため' })).toHaveCount(1)

  // ── Maintenance off ──────────────────────────────────────────────────────────────────────
  await menuLink(page, 'メンテナンス').click()
  await switchMaintenance(page, 'メンテナンスを終了する', '保守作業が終わったため')
  await expect(page.getByText('メンテナンスを終了しました。')).toBeVisible()
  await expect(banner).toBeHidden()
  await applicant.goto(`${baseURL()}${entPath(link, 'termsOfService')}`)
  await expect(applicant.getByRole('region', { name: '重要なお知らせ' })).toBeVisible()
  await expect(applicant.getByRole('heading', { level: 1, name: 'メンテナンス中' })).toHaveCount(0)
  await expect(applicant.getByRole('heading', { level: 1 })).toBeVisible()

  // ── The audit log holds every act ────────────────────────────────────────────────────────
  await menuLink(page, '監査ログ').click()
  await page.getByLabel('操作', { exact: true }).fill('maintenance.switched')
  await page.getByRole('button', { name: '検索する' }).click()
  await expect(log.getByRole('row').filter({ hasText: 'メンテナンスの手動切り替え' })).toHaveCount(
    2,
  )
  await expect(log.getByRole('row').filter({ hasText: '保守作業が終わったため' })).toHaveCount(1)
  await page.getByLabel('操作', { exact: true }).fill('notice.created')
  await page.getByRole('button', { name: '検索する' }).click()
  await expect(log.getByRole('row').filter({ hasText: 'お知らせの作成' })).toHaveCount(1)
  await applicant.close()
})
