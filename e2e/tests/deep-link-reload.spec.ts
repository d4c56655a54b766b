// Journey 7: a page reached in the app reloads to itself: the server answers every /app/... path
// with the SPA, which opens the same screen again.
import { demoLink, entPath } from '../support/demo.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

test('到達した画面を再読み込みすると同じ画面に戻ること', async ({ page }) => {
  const groupA = demoLink('G100001')
  const path = entPath(groupA, 'termsOfService')
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()

  const reload = await page.reload()

  expect(reload?.status()).toBe(200)
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()
  await expect(page.getByText(groupA.name, { exact: false }).first()).toBeVisible()
  await expectAccessible(page)
})

test('/app 配下の深いパスにはサーバーが SPA の HTML を返すこと', async ({ request }) => {
  const path = entPath(demoLink('G100001'), 'termsOfService')
  const response = await request.get(path)

  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/html/)
  expect(await response.text()).toContain('<div id="root">')
})
