// Issue #21 points 1 and 2: group products and rosters from the console (ADR 0030). An insurer
// administrator (the seed's setup administrator: support/staff.ts) enrols with a passkey, pastes
// a group product document with an error, sees the error by its path, fixes it, checks and
// publishes it; then uploads a roster in Shift_JIS for that product, publishes it and downloads
// the first-entry letters (a CSV with the new member codes, a PDF). axe runs on each screen.
import { readFile } from 'node:fs/promises'
import Encoding from 'encoding-japanese'
import type { Download, Locator, Page } from '@playwright/test'
import { groupDocument } from '../../apps/server/test/factories.ts'
import { addVirtualAuthenticator, setupAdministratorLink } from '../support/staff.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const GROUP_PF_CODE = `S${Date.now().toString().slice(-6)}`

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name })
}

function menuLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name })
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path()
  return readFile(file)
}

test('商品設定と名簿取込：エラーをパスで示し、直して公開し、Shift_JIS の名簿を公開して案内をダウンロードできること (issue #21)', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await addVirtualAuthenticator(page)
  await page.goto(setupAdministratorLink())
  await expect(heading(page, 'スタッフ登録')).toBeVisible()
  await page.getByRole('button', { name: 'パスキーを登録する' }).click()
  await expect(heading(page, '申込検索')).toBeVisible()

  // ── 商品設定: an error by its path, fixed, checked, published ───────────────────────────────
  await menuLink(page, '商品設定').click()
  await expect(heading(page, '商品設定')).toBeVisible()
  await expectAccessible(page)
  const document = groupDocument({ groupPfCode: GROUP_PF_CODE, urlKey: 'E2eSetup01' })
  document.groupPfInfo.logoImage = null
  const broken = structuredClone(document)
  broken.groupPfInfo.groupExpiryDate = '20261101'
  const editor = page.getByLabel('団体商品ドキュメント（JSON）', { exact: true })
  await editor.fill(JSON.stringify(broken, null, 2))
  await page.getByRole('button', { name: 'チェック' }).click()
  await expect(page.getByText('1件のエラーがあります。')).toBeVisible()
  const errors = page.getByRole('list', { name: 'エラーの一覧' })
  await expect(errors).toContainText('groupPfInfo.groupExpiryDate')
  await expect(errors).toContainText('団体満期日は団体始期日より後の日付にしてください。')
  await expectAccessible(page)

  await editor.fill(JSON.stringify(document, null, 2))
  await page.getByRole('button', { name: 'チェック' }).click()
  await expect(page.getByText('この団体商品はまだ公開されていません')).toBeVisible()
  await expect(page.getByRole('table', { name: '公開中の版との違い' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: '公開', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '公開' })
  await dialog.getByRole('button', { name: '公開', exact: true }).click()
  await expect(page.getByRole('status').getByText('公開しました（リンク1件）。')).toBeVisible()

  // ── 名簿取込: a Shift_JIS roster, published; the letters downloaded once ─────────────────────
  await menuLink(page, '名簿取込').click()
  await expect(heading(page, '名簿取込')).toBeVisible()
  await expectAccessible(page)
  const text = 'memberCode,preYearPolicyHolderNo\r\nE2E-001,\r\nE2E-002,\r\n'
  const bytes = Buffer.from(
    Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }),
  )
  await page.getByLabel('団体商品・年度').selectOption(`${GROUP_PF_CODE}/202612`)
  await page
    .getByLabel('名簿のCSVファイル（UTF-8 または Shift_JIS）')
    .setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: bytes })
  await page.getByRole('button', { name: 'チェック' }).click()
  await expect(page.getByText(/追加2人・変更0人・削除0人/)).toBeVisible()
  await expect(page.getByRole('table', { name: '追加される加入者' })).toContainText('E2E-002')
  await expectAccessible(page)
  await page.getByRole('button', { name: '公開', exact: true }).click()
  await page
    .getByRole('dialog', { name: '公開' })
    .getByRole('button', { name: '公開', exact: true })
    .click()
  await expect(page.getByText('名簿を公開しました（追加2人・変更0人・削除0人）。')).toBeVisible()
  await expect(page.getByText(/あとから表示することはできません/)).toBeVisible()
  await expectAccessible(page)

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: '案内の一覧（CSV）をダウンロード' }).click(),
  ])
  const csv = (await downloaded(csvDownload)).toString('utf8')
  expect(csv.startsWith('\uFEFF団体名,会員番号,初回登録ID,初期パスワード')).toBe(true)
  expect(csv).toContain(',E2E-001,')
  expect(csv).toContain(',E2E-002,')
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: '案内状（PDF、1人1ページ）をダウンロード' }).click(),
  ])
  const pdf = await downloaded(pdfDownload)
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
})
