// Journey 6: going back. The completion page is reachable only through the flow: opened directly,
// its guard sends the applicant to the link's first page (SPEC §2.5, ADR 0003). Going back after
// an in-app move to a page that is not a completion page is not blocked (SPEC §2.7).
// No way back from completeApplication is checked where an application really completes: the
// journeys of application-journey.spec.ts, payment-collection.spec.ts and renewal.spec.ts
// (expectNoWayBack); from autoRenewStopComplete where auto-renewal really stops (renewal.spec.ts).
import { demoLink, entPath } from '../support/demo.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

test('申込完了画面を直接開くと利用規約の画面へ戻されること', async ({ page }) => {
  const groupA = demoLink('G100001')

  await page.goto(entPath(groupA, 'completeApplication'))

  await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'termsOfService')}$`))
  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()
  await expectAccessible(page)
})

test('アプリ内で移動した完了画面以外の画面からはブラウザの戻るで元の画面に戻れること', async ({
  page,
}) => {
  const termsPath = entPath(demoLink('G100001'), 'termsOfService')
  await page.goto(termsPath)
  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()

  await page
    .getByRole('navigation', { name: 'フッターナビゲーション' })
    .getByRole('link', { name: '利用規約・各種ポリシー' })
    .click()
  await expect(page).toHaveURL(/\/app\/systemTermsOfServiceAndPolicies$/)
  await expect(
    page.getByRole('heading', { level: 1, name: '利用規約・各種ポリシー' }),
  ).toBeVisible()
  await expectAccessible(page)

  await page.goBack()

  await expect(page).toHaveURL(new RegExp(`${termsPath}$`))
  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible()
})
