// Journey 1: a demo link opens its first screen, the terms of service, under the group's name.
import { demoLink, entPath } from '../support/demo.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

test('デモのリンクを開くと利用規約の画面に団体名が表示されること', async ({ page }) => {
  const groupA = demoLink('G100001')
  expect(groupA).toMatchObject({ groupPfBranchNo: '00001', urlKey: 'Kx7pR2mQ9a' })

  await page.goto(entPath(groupA, 'termsOfService'))

  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()
  await expect(page.getByText(groupA.name, { exact: false }).first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'termsOfService')}$`))
  await expectAccessible(page)
})
