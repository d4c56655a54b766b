// Journey 2: a malformed URL key or branch number gives the error screen with the invalid-URL code.
import { demoLink } from '../support/demo.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const groupA = demoLink('G100001')
const ym = groupA.groupPfCodeInceptionDateYm

for (const [title, path] of [
  ['9文字のURLキー', `/app/ent/G100001/${ym}/00001/Kx7pR2mQ9/termsOfService`],
  ['記号を含むURLキー', `/app/ent/G100001/${ym}/00001/Kx7pR2mQ9!/termsOfService`],
  ['4桁の枝番', `/app/ent/G100001/${ym}/0001/Kx7pR2mQ9a/termsOfService`],
] as const) {
  test(`${title}のリンクはエラー画面（APFF0001）になること`, async ({ page }) => {
    await page.goto(path)

    await expect(page.getByRole('heading', { level: 1, name: 'エラー' })).toBeVisible()
    await expect(page.getByText('（エラーコード：APFF0001）', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: '利用規約' })).toHaveCount(0)
    await expectAccessible(page)
  })
}
