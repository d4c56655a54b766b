// Issue #21 points 5 and 6: the participation dashboard and the group contact's read-only view.
// Demo group C's contact person (団体担当者) was made by `npm run staff -- add --role group-contact
// --group G300003` in the seed (global-setup.ts). In a browser of their own they open the printed
// link, enrol with a password and a TOTP code, sign out and in again with a fresh code, and land on
// 加入状況. No other spec touches group C, so its figures are the seed's: its demo roster and no
// application (counted here from the demo data the server loaded, not written down). The menu has
// only the two screens; 加入者一覧 shows member codes, names and states and nothing more; a
// direct visit to 申込検索 shows the refusal. axe runs on each screen.
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { demoAccounts, demoRosterMembers } from '../../apps/server/src/demo/demo-rosters.ts'
import { consoleUrl, GROUP_CONTACT, groupContactLink, totpCode } from '../support/staff.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const PASSWORD = 'Group-Contact-2026!'

/** What the seed holds for group C: its roster and the applications of its members. */
const rosterCodes = demoRosterMembers
  .filter((member) => member.groupPfCode === GROUP_CONTACT.groupPfCode)
  .filter((member) => member.productYear === 'current')
  .map((member) => member.memberCode)
  .sort()
const applied = demoAccounts.filter((account) => account.groupPfCode === GROUP_CONTACT.groupPfCode)

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name })
}

test('団体担当者：パスワードと確認コードで入り、自分の団体の加入状況（種の数どおり）と加入者の氏名・状況だけを見て、ほかの画面は断られること (issue #21)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  expect(rosterCodes.length).toBeGreaterThan(0)
  expect(applied).toEqual([])

  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })
  const page = await context.newPage()

  // ── Enrolment with a password and a TOTP code, then sign-out and sign-in ────────────────
  await page.goto(groupContactLink())
  await expect(heading(page, 'スタッフ登録')).toBeVisible()
  await expect(page.getByText(GROUP_CONTACT.email)).toBeVisible()
  await page.getByRole('radio', { name: 'パスワードと確認コード' }).check()
  await page.getByRole('button', { name: '確認コードの設定を始める' }).click()
  const secret = (await page.locator('code').first().innerText()).replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await page.getByLabel(/^新しいパスワード(?!（確認）)/).fill(PASSWORD)
  await page.getByLabel(/^新しいパスワード（確認）/).fill(PASSWORD)
  await page.getByLabel(/^認証アプリの確認コード（6桁）/).fill(totpCode(secret, new Date()))
  await page.getByRole('button', { name: '登録する' }).click()
  await expect(heading(page, '加入状況')).toBeVisible()

  await page.getByRole('button', { name: 'サインアウト' }).click()
  await expect(heading(page, 'サインイン')).toBeVisible()
  await page.getByLabel(/^メールアドレス/).fill(GROUP_CONTACT.email)
  await page.getByLabel(/^パスワード ※必須$/).fill(PASSWORD)
  // the enrolment used this time step's code: a code is usable once, so the next step's
  await page.getByLabel(/^確認コード（6桁）/).fill(totpCode(secret, new Date(Date.now() + 30_000)))
  await page.getByRole('button', { name: 'サインインする' }).click()
  await expect(heading(page, '加入状況')).toBeVisible()
  await expect(page.getByText(`サインイン中：${GROUP_CONTACT.name}（団体担当者）`)).toBeVisible()

  // ── The menu: the two screens and nothing more ───────────────────────────────────────────
  const menu = page.getByRole('navigation', { name: 'メニュー' })
  await expect(menu.getByRole('link')).toHaveText(['加入状況', '加入者一覧'])

  // ── 加入状況: group C's products only, the figures the seed makes ───────────────────────
  // the products arrive after the screen: wait for them before reading the list (it read an empty
  // one once in CI)
  const productOptions = page.getByLabel(/^団体商品/).locator('option')
  await expect(productOptions.first()).toBeAttached()
  const options = await productOptions.allInnerTexts()
  expect(options.length).toBeGreaterThan(0)
  for (const option of options) expect(option).toContain(GROUP_CONTACT.groupPfCode)
  await expect(page.locator('[data-figure="rosterSize"]')).toHaveText(`${rosterCodes.length}人`)
  for (const figure of ['verified', 'started', 'applied', 'paid', 'processed']) {
    await expect(page.locator(`[data-figure="${figure}"]`)).toHaveText(`${applied.length}人`)
  }
  await expect(page.getByRole('img', { name: /^日別の推移のグラフ/ })).toBeVisible()
  await expect(page.getByRole('img', { name: /^段階ごとの到達数の棒グラフ/ })).toBeVisible()
  const daily = page.getByRole('table', { name: '日別の件数' })
  await expect(daily).toBeVisible()
  // every day of the window, each with nothing started, applied or paid
  const dailyRows = await daily.getByRole('row').allInnerTexts()
  expect(dailyRows.length).toBeGreaterThan(1)
  for (const row of dailyRows.slice(1)) expect(row.replace(/\s+/g, ' ').trim()).toMatch(/ 0 0 0$/)
  const funnel = page.getByRole('table', { name: '段階ごとの到達数' })
  await expect(funnel.getByRole('row')).toHaveCount(15)
  await expectAccessible(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: '集計をCSVでダウンロード' }).click()
  const file = await (await download).path()
  const csv = readFileSync(file, 'utf8')
  expect(csv.startsWith('\uFEFF区分,項目,件数\r\n')).toBe(true)
  expect(csv).toContain(`\r\n集計,名簿の人数,${rosterCodes.length}\r\n`)
  expect(csv).toContain(`\r\n集計,申込完了,${applied.length}\r\n`)

  // ── 加入者一覧: member codes, names and states only ──────────────────────────────────────
  await menu.getByRole('link', { name: '加入者一覧' }).click()
  await expect(heading(page, '加入者一覧')).toBeVisible()
  const members = page.getByRole('table', { name: /^加入者一覧（/ })
  await expect(members.getByRole('columnheader')).toHaveText([
    '会員番号',
    '氏名',
    'フリガナ',
    '状況',
  ])
  await expect(members.getByRole('rowheader')).toHaveText(rosterCodes)
  for (const row of (await members.getByRole('row').all()).slice(1)) {
    await expect(row.getByRole('cell').last()).toHaveText('未着手')
  }
  await expectAccessible(page)
  await page.getByRole('combobox', { name: /^状況/ }).selectOption('applied')
  await page.getByRole('button', { name: '表示する' }).click()
  await expect(
    page.getByRole('table', { name: '加入者一覧（該当する方はいません）' }),
  ).toBeVisible()

  // ── Anything else is refused ─────────────────────────────────────────────────────────────
  await page.goto(consoleUrl(baseURL ?? '', '/admin/applications'))
  await expect(page.getByRole('alert')).toContainText('ADMA0002')
  await expect(page.getByRole('table')).toHaveCount(0)
  await expectAccessible(page)
  await page.goto(consoleUrl(baseURL ?? '', '/admin/staff'))
  await expect(page.getByRole('alert')).toContainText('ADMA0002')
  await context.close()
})
