// Issue #22 point 1 (ADR 0036): the landing pages arrive from the server as complete HTML — text,
// the group's name and colours, the screen's title — and the app takes that markup over without
// asking for the group again, without a console error (a CSP refusal or a hydration mismatch),
// and works as before.
import { t } from '@app/shared'
import { appHref, myPagePath } from '@app/shared/format/page-urls'
import type { Page } from '@playwright/test'
import { signInApplicant } from '../support/applicant.ts'
import { hexToRgb } from '../support/colour.ts'
import { DEMO_GROUP_CODES, demoDocument, demoLink, entPath } from '../support/demo.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const groupA = demoLink(DEMO_GROUP_CODES.a)
const groupB = demoLink(DEMO_GROUP_CODES.b)

function loginPath(link: typeof groupA): string {
  return appHref(myPagePath('login', link))
}

/** Console errors and the group calls the page makes from now on. */
function watch(page: Page): { errors: string[]; groupCalls: string[] } {
  const errors: string[] = []
  const groupCalls: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('request', (request) => {
    if (/\/api\/(groupPfInfo|itemDefinitions)\//.test(request.url())) groupCalls.push(request.url())
  })
  return { errors, groupCalls }
}

test.describe('スクリプトなしでも', () => {
  test.use({ javaScriptEnabled: false })

  // Without the app the page stays hidden from assistive technology (it takes no input): the
  // markup is read by element here, as the eye sees it.
  test('利用規約・ログイン・システム利用規約が本文と団体名・団体の色・画面名つきで表示されること', async ({
    page,
  }) => {
    for (const link of [groupA, groupB]) {
      const group = demoDocument(link.groupPfCode).groupPfInfo
      await page.goto(entPath(link, 'termsOfService'))
      await expect(page.locator('h1')).toHaveText(t('screen.termsOfService.title'))
      await expect(page.locator('header')).toContainText(group.groupNameKanji)
      await expect(page.locator('main')).toContainText('第1条')
      await expect(page).toHaveTitle(
        `${t('screen.termsOfService.title')} | ${group.groupNameKanji}`,
      )
      const bar = page.locator('header > div').first()
      await expect(bar).toHaveCSS('background-color', hexToRgb(group.themeColor))

      await page.goto(loginPath(link))
      await expect(page.locator('h1')).toHaveText(t('screen.login.title'))
      await expect(page.locator('header')).toContainText(group.groupNameKanji)
      await expect(page.locator('input[type="password"]')).toHaveCount(1)
    }
    await page.goto('/app/systemTermsOfServiceAndPolicies')
    await expect(page.locator('h1')).toHaveText(t('screen.systemTermsOfServiceAndPolicies.title'))
  })

  test('ほかの画面は従来どおりアプリの HTML だけを返すこと', async ({ request }) => {
    const plain = await (await request.get(entPath(groupA, 'verifyUser'))).text()
    expect(plain).toContain('<div id="root"></div>')
    expect(plain).not.toContain('server-rendered-data')
    // a link that fails the entry check is left to the app's error screen
    const broken = await (
      await request.get(entPath({ ...groupA, urlKey: 'WRONGKEY00' }, 'termsOfService'))
    ).text()
    expect(broken).toContain('<div id="root"></div>')
  })
})

test('サーバーが描いた利用規約を団体の再取得なしで引き継ぎ、同意して本人確認へ進めること', async ({
  page,
}) => {
  const seen = watch(page)
  await page.goto(entPath(groupA, 'termsOfService'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('screen.termsOfService.title'))
  await expect(page.locator('body')).not.toHaveAttribute('inert')
  await expect(page.locator('body')).not.toHaveAttribute('aria-hidden')
  await expectAccessible(page)

  await page.getByRole('checkbox', { name: t('consent.termsOfUse.label') }).check()
  await page.getByRole('button', { name: '同意して次へ' }).click()
  await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'verifyUser')}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('screen.verifyUser.title'))

  expect(seen.groupCalls).toEqual([])
  expect(seen.errors).toEqual([])
})

test('サインイン中に開くと、描かれたページを引き継いだうえでログアウトのボタンを出すこと', async ({
  page,
  request,
}) => {
  await signInApplicant(page, request)
  const seen = watch(page)
  await page.goto(entPath(groupA, 'termsOfService'))

  await expect(page.getByRole('button', { name: t('session.signOut') })).toBeVisible()
  expect(seen.groupCalls).toEqual([])
  expect(seen.errors).toEqual([])
})

test('ログインの画面はサーバーの描画を引き継いで入力でき、誤りを表示すること', async ({ page }) => {
  const seen = watch(page)
  await page.goto(loginPath(groupB))
  await expect(page.locator('body')).not.toHaveAttribute('inert')

  await page.getByRole('button', { name: t('myp.login.submit'), exact: true }).click()
  // the app's own check answered (its error summary and the fields marked), not the browser
  await expect(page.getByRole('region', { name: '入力内容を確認してください' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^ID/ })).toHaveAttribute('aria-invalid', 'true')
  // no field ever reached the address (a form the browser sent itself would have put it there)
  expect(page.url()).toMatch(new RegExp(`${loginPath(groupB).replace(/[?]/g, '\\?')}$`))
  expect(seen.groupCalls).toEqual([])
  expect(seen.errors).toEqual([])
})
