// Journey 4: a path the app does not have gives the not-found screen naming the path.
import { expect, expectAccessible, test } from '../support/test.ts'

test('存在しないパスは「ページが見つかりません」とそのパスを表示すること', async ({ page }) => {
  await page.goto('/app/no/such/page')

  await expect(
    page.getByRole('heading', { level: 1, name: 'ページが見つかりません' }),
  ).toBeVisible()
  // The path as the address bar shows it, with the /app prefix.
  await expect(page.getByRole('main').getByText('/app/no/such/page')).toBeVisible()
  await expectAccessible(page)
})
