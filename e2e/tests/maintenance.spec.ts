// Journey 5: inside the daily maintenance window every API call answers 503 and the app shows the
// maintenance screen, with no error code line and no button. Uses its own server whose clock is
// 04:30 with MAINTENANCE_WINDOW=04:00-06:00, on the engine of the test's project.
import { demoLink, entPath } from '../support/demo.ts'
import { currentEngine } from '../support/engines.ts'
import { startMaintenanceServer, type RunningServer } from '../support/server.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

let server: RunningServer | undefined

test.beforeAll(async () => {
  test.setTimeout(120_000)
  server = await startMaintenanceServer(currentEngine())
})

test.afterAll(async () => {
  test.setTimeout(30_000)
  await server?.stop()
})

function maintenanceURL(path: string): string {
  if (!server) throw new Error('the maintenance server did not start')
  return `${server.baseURL}${path}`
}

test('メンテナンス時間中はメンテナンス画面を表示し、エラーコードもボタンも出さないこと', async ({
  page,
}) => {
  await page.goto(maintenanceURL(entPath(demoLink('G100001'), 'termsOfService')))

  await expect(page.getByRole('heading', { level: 1, name: 'メンテナンス中' })).toBeVisible()
  await expect(page.getByText(/エラーコード/)).toHaveCount(0)
  await expect(page.getByRole('button')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: '利用規約' })).toHaveCount(0)
  await expectAccessible(page)
})

test('メンテナンス時間中は API が 503 を返すこと', async ({ request }) => {
  const link = demoLink('G100001')
  const response = await request.get(maintenanceURL(`/api/groupPfInfo/${link.groupPfCode}`))
  expect({ status: response.status(), body: (await response.json()) as unknown }).toEqual({
    status: 503,
    body: { errorCode: 'APFS0001', message: expect.any(String) as unknown },
  })
})
