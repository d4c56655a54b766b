// The system terms page (SPEC §2.3, §2.6: no entry check): the four documents a person agrees
// to, each under its own anchor, so the entry screens and my-page can link to one of them.
import { expect, expectAccessible, test } from '../support/test.ts'

const SYSTEM_TERMS_PATH = '/app/systemTermsOfServiceAndPolicies'

/** The four documents by anchor, named as the terms of use name them (第2条). */
const policyDocuments = [
  { anchor: 'terms-of-use', title: '利用規約' },
  { anchor: 'system-terms', title: 'システム利用規約' },
  { anchor: 'privacy-policy', title: '個人情報保護方針' },
  { anchor: 'security-policy', title: '情報セキュリティ方針' },
] as const

test('利用規約・各種ポリシーの画面に4つの文書がそれぞれのアンカーで表示されること', async ({
  page,
}) => {
  const response = await page.goto(SYSTEM_TERMS_PATH)

  expect(response?.status()).toBe(200)
  await expect(
    page.getByRole('heading', { level: 1, name: '利用規約・各種ポリシー' }),
  ).toBeVisible()
  const main = page.getByRole('main')
  for (const { anchor, title } of policyDocuments) {
    const target = main.locator(`[id="${anchor}"]`)
    await expect(target, `#${anchor}`).toHaveCount(1)
    await expect(target).toBeVisible()
    // The anchor is the document's heading, or the section that starts with it.
    await expect(
      main.locator(`[id="${anchor}"]:is(h2, h3), [id="${anchor}"] :is(h2, h3)`).first(),
    ).toHaveText(title)
  }
  await expectAccessible(page)
})

test('アンカー付きの URL で開くとその文書の位置が表示されること', async ({ page }) => {
  for (const { anchor } of policyDocuments) {
    await page.goto(`${SYSTEM_TERMS_PATH}#${anchor}`)

    await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport()
  }
})

test('団体のリンクがなくても（入口チェックなしで）開けること', async ({ page }) => {
  await page.goto(SYSTEM_TERMS_PATH)

  await expect(page.getByText(/エラーコード/)).toHaveCount(0)
  await expect(
    page.getByRole('heading', { level: 1, name: '利用規約・各種ポリシー' }),
  ).toBeVisible()
})
