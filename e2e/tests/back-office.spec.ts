// Issue #20, the back office (/admin/) as its staff use it, in Chromium with a virtual
// authenticator (support/staff.ts). The first insurer administrator was made by
// `npm run staff -- add` before the server started (global-setup.ts, e2e/seed.ts): the test opens
// the printed one-time link, registers a passkey, signs out and in again with it, and invites an
// agency staff member of AG20002 (demo group B's agency). That member, in a browser of their own,
// enrols with a password and a TOTP code, signs out and in again with a fresh code, and finds
// only their agency's applications. The administrator then searches, opens an application, types
// a reason to see its notice answers (告知), marks it processed, and finds each step in the audit
// log. axe runs on each screen.
import type { Locator, Page } from '@playwright/test'
import {
  addVirtualAuthenticator,
  FIRST_ADMINISTRATOR,
  firstAdministratorLink,
  totpCode,
} from '../support/staff.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const AGENCY_STAFF = {
  email: `agency-staff.${Date.now().toString(36)}@example.jp`,
  name: '代理 花子',
  password: 'Agency-Pass-2026!',
}

/** demo group B (日本デジタル保険協同組合 …) is the one AG20002 handles */
const AGENCY_CD = 'AG20002'

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name })
}

function menuLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name })
}

/** The text of one column of the search results, row by row. */
async function columnTexts(page: Page, column: string): Promise<string[]> {
  const table = page.getByRole('table')
  const headers = await table.getByRole('columnheader').allInnerTexts()
  const index = headers.findIndex((text) => text.includes(column))
  expect(index, `column ${column} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0)
  const rows = table.getByRole('row')
  const texts: string[] = []
  for (const row of (await rows.all()).slice(1)) {
    texts.push(await row.getByRole('cell').nth(index).innerText())
  }
  return texts
}

test('管理コンソール：CLI で作った管理者がパスキーで入り、招待した代理店担当者はパスワードと確認コードで入って担当範囲だけを見る。告知の閲覧と処理済が監査ログに残ること (issue #20)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)

  // ── The first administrator: the link npm run staff printed, a passkey ──────────────────
  await addVirtualAuthenticator(page)
  await page.goto(firstAdministratorLink())
  await expect(heading(page, 'スタッフ登録')).toBeVisible()
  await expect(page.getByText(FIRST_ADMINISTRATOR.email)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'パスキーを登録する' }).click()
  await expect(heading(page, '申込検索')).toBeVisible()
  await expect(
    page.getByText(`サインイン中：${FIRST_ADMINISTRATOR.name}（保険会社管理者）`),
  ).toBeVisible()

  await page.getByRole('button', { name: 'サインアウト' }).click()
  await expect(heading(page, 'サインイン')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'パスキーでサインイン' }).click()
  await expect(heading(page, '申込検索')).toBeVisible()

  // ── The administrator invites an agency staff member ─────────────────────────────────────
  await menuLink(page, 'スタッフ管理').click()
  await expect(heading(page, 'スタッフ管理')).toBeVisible()
  await page.getByLabel('メールアドレス').fill(AGENCY_STAFF.email)
  await page.getByLabel('氏名').fill(AGENCY_STAFF.name)
  await page.getByLabel('役割').selectOption('agencyStaff')
  await page.getByLabel('代理店').selectOption(AGENCY_CD)
  await page.getByRole('button', { name: '招待する' }).click()
  const linkPanel = page.getByRole('region', { name: '登録用リンク' })
  await expect(linkPanel).toBeVisible()
  await expectAccessible(page)
  const invitation = (await linkPanel.locator('code').innerText()).trim()
  expect(invitation).toMatch(/\/admin\/enrol#[A-Za-z0-9_-]{20,}$/)

  // ── The agency staff member, in a browser of their own: password + TOTP ──────────────────
  const agencyContext = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })
  const agency = await agencyContext.newPage()
  await agency.goto(invitation)
  await expect(heading(agency, 'スタッフ登録')).toBeVisible()
  await agency.getByRole('radio', { name: 'パスワードと確認コード' }).check()
  await agency.getByRole('button', { name: '確認コードの設定を始める' }).click()
  const secret = (await agency.locator('code').first().innerText()).replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await expectAccessible(agency)
  await agency.getByLabel(/^新しいパスワード(?!（確認）)/).fill(AGENCY_STAFF.password)
  await agency.getByLabel(/^新しいパスワード（確認）/).fill(AGENCY_STAFF.password)
  await agency.getByLabel(/^認証アプリの確認コード（6桁）/).fill(totpCode(secret, new Date()))
  await agency.getByRole('button', { name: '登録する' }).click()
  await expect(heading(agency, '申込検索')).toBeVisible()
  await expect(agency.getByText(`サインイン中：${AGENCY_STAFF.name}（代理店担当者）`)).toBeVisible()

  await agency.getByRole('button', { name: 'サインアウト' }).click()
  await expect(heading(agency, 'サインイン')).toBeVisible()
  await agency.getByLabel(/^メールアドレス/).fill(AGENCY_STAFF.email)
  await agency.getByLabel(/^パスワード ※必須$/).fill(AGENCY_STAFF.password)
  // the enrolment used this time step's code: a code is usable once, so the next step's
  await agency
    .getByLabel(/^確認コード（6桁）/)
    .fill(totpCode(secret, new Date(Date.now() + 30_000)))
  await agency.getByRole('button', { name: 'サインインする' }).click()
  await expect(heading(agency, '申込検索')).toBeVisible()
  // agency staff have no staff management and no audit log
  await expect(menuLink(agency, 'スタッフ管理')).toHaveCount(0)
  await expect(menuLink(agency, '監査ログ')).toHaveCount(0)
  await agency.getByRole('button', { name: '検索する' }).click()
  await expect(agency.getByText(/件見つかりました/)).toBeVisible()
  const agencyGroups = new Set(await columnTexts(agency, '団体'))
  expect(agencyGroups.size, [...agencyGroups].join(', ')).toBe(1)
  await expectAccessible(agency)
  await agencyContext.close()

  // ── The administrator: search → detail → reason → notice answers → processed ─────────────
  await menuLink(page, '申込検索').click()
  await page.getByRole('button', { name: '検索する' }).click()
  await expect(page.getByText(/件見つかりました/)).toBeVisible()
  const allGroups = new Set(await columnTexts(page, '団体'))
  expect(allGroups.size, [...allGroups].join(', ')).toBeGreaterThan(agencyGroups.size)
  await page.getByLabel('状態').selectOption('applied')
  await page.getByRole('button', { name: '検索する' }).click()
  await expect(page.getByText(/件見つかりました/)).toBeVisible()
  await page.getByRole('table').getByRole('link').first().click()
  await expect(heading(page, '申込詳細')).toBeVisible()
  await expectAccessible(page)
  const applicationId = new URL(page.url()).pathname.split('/').pop() ?? ''
  expect(applicationId).toMatch(/^[0-9a-f-]{36}$/)

  await page.getByRole('button', { name: '告知内容を表示する' }).click()
  const noticeDialog = page.getByRole('dialog')
  await expect(noticeDialog.getByText('閲覧は監査ログに記録されます。')).toBeVisible()
  await noticeDialog.getByLabel(/^閲覧理由/).fill('加入審査の確認のため')
  await noticeDialog.getByRole('button', { name: '告知内容を表示する' }).click()
  await expect(page.getByRole('columnheader', { name: '回答' })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('button', { name: '処理済にする' }).click()
  const processDialog = page.getByRole('dialog')
  await processDialog.getByLabel('メモ（任意）').fill('書類確認済み')
  await processDialog.getByRole('button', { name: '処理済にする' }).click()
  await expect(page.getByText('処理済にしました。')).toBeVisible()
  // read again from the server: the state and the history say so
  await expect(page.getByRole('definition').filter({ hasText: /^処理済$/ })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: '書類確認済み' })).toHaveCount(1)

  // ── The audit log shows each step ────────────────────────────────────────────────────────
  await menuLink(page, '監査ログ').click()
  await expect(heading(page, '監査ログ')).toBeVisible()
  await page.getByLabel('対象ID').fill(applicationId)
  await page.getByRole('button', { name: '検索する' }).click()
  const log = page.getByRole('table')
  await expect(log.getByRole('row').filter({ hasText: 'application.viewed' }).first()).toBeVisible()
  await expect(
    log.getByRole('row').filter({ hasText: 'application.noticeViewed' }).filter({
      hasText: '加入審査の確認のため',
    }),
  ).toHaveCount(1)
  await expect(
    log.getByRole('row').filter({ hasText: 'application.processed' }).filter({
      hasText: '書類確認済み',
    }),
  ).toHaveCount(1)
  await expectAccessible(page)
  await page.getByLabel('対象ID').fill('')
  await page.getByLabel('操作', { exact: true }).fill('staff.signedIn')
  await page.getByRole('button', { name: '検索する' }).click()
  await expect(log.getByRole('row').filter({ hasText: 'staff.signedIn' })).not.toHaveCount(0)
})
