// Journey 3: a well-formed link to a group that does not exist gives the invalid-URL error and
// the contact box, and no button back to a login screen that does not exist.
import { demoLink } from '../support/demo.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

test('存在しない団体のリンクはエラー画面（APFF0001）とお問い合わせ先を表示すること', async ({
  page,
}) => {
  const ym = demoLink('G100001').groupPfCodeInceptionDateYm

  await page.goto(`/app/ent/G999999/${ym}/00001/Zz9yX8wV7u/termsOfService`)

  await expect(page.getByRole('heading', { level: 1, name: 'エラー' })).toBeVisible()
  await expect(page.getByText('（エラーコード：APFF0001）', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'お問い合わせ先' })).toBeVisible()
  // no 「ログイン画面へ戻る」: it led to the same error again (issue #23 point 18)
  await expect(page.getByRole('link', { name: 'ログイン画面へ戻る' })).toHaveCount(0)
  await expectAccessible(page)
})
