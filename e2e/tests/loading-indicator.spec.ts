// Issue #23 point 10: on a slow line a screen says that it is loading. The answers a screen waits
// for are held back in the browser (page.route) for as long as the test needs, then let through:
// an application step's own data (GET /applyInfo/ of entryTerms, loaded by the screen), and the
// data a route loads before its screen shows (GET /policyHolderInfo/ of my-page home, after the
// sign-in's code, while loginCode stays; and on a reload, the first page). Each time the
// indicator, a status 「読み込んでいます…」, appears (after the app's 300 ms, which the unit tests
// pin down), and goes once the screen is there; its spinner stands still for a user who asks for
// reduced motion.
import type { Page } from '@playwright/test'
import { signInApplicant } from '../support/applicant.ts'
import { moveWithinApp } from '../support/app-navigation.ts'
import { pageHeading, shellT, stepTitles, type Person } from '../support/application.ts'
import { DEMO_GROUP_CODES, demoLink, entPath } from '../support/demo.ts'
import {
  expectHome,
  expectMyPageScreen,
  mypT,
  openLogin,
  signInWithMailCode,
} from '../support/my-page.ts'
import { Inbox } from '../support/outbox.ts'
import { screenshotIfAsked } from '../support/payment.ts'
import { appliedPolicyHolder } from '../support/policy-holders.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const groupA = demoLink(DEMO_GROUP_CODES.a)

// Each test has a member of its own.
test.describe.configure({ mode: 'parallel' })
test.use({ actionTimeout: 15_000 })

/**
 * Holds every GET to `url` until `release()`: a line as slow as the test wants. `held()` counts
 * the requests held so far.
 */
async function holdAnswers(page: Page, url: RegExp) {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let count = 0
  await page.route(url, async (route) => {
    if (route.request().method() === 'GET') {
      count += 1
      await released
    }
    await route.fallback()
  })
  return { release: () => release(), held: () => count }
}

/** E2E_SCREENSHOTS=1: the screen at 375 and at 1280 px (the default), for a person to look at. */
async function picturesIfAsked(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await screenshotIfAsked(page, `${name}-${width}`)
  }
}

function loadingStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: shellT('app.loading') })
}

/** The spinner's CSS animation: 'none' when the user asks for reduced motion. */
function spinnerAnimation(page: Page): Promise<string> {
  return loadingStatus(page)
    .locator('svg')
    .evaluate((spinner) => getComputedStyle(spinner).animationName)
}

test('申込の手順の画面は、申込情報の読み込みが遅いと見出しの下に「読み込んでいます…」を出し、読み込むと同意事項に代えること', async ({
  page,
  request,
}) => {
  await signInApplicant(page, request)
  await page.goto(entPath(groupA, 'termsOfService'))
  await expect(pageHeading(page, shellT('screen.termsOfService.title'))).toBeVisible()
  const applyInfo = await holdAnswers(page, /\/api\/applyInfo\/(\?|$)/)

  await moveWithinApp(page, entPath(groupA, 'entryTerms'))

  await expect(pageHeading(page, stepTitles.entryTerms)).toBeVisible()
  await expect(loadingStatus(page)).toBeVisible()
  // the part of the screen that waits is busy and empty; the status stands outside it
  const busy = page.locator('main [aria-busy="true"]')
  await expect(busy).toHaveCount(1)
  await expect(busy).toBeEmpty()
  await expect(page.getByRole('button', { name: shellT('consent.submit') })).toHaveCount(0)
  await expect.poll(() => applyInfo.held()).toBe(1)
  expect(await spinnerAnimation(page)).toBe('spin')
  await expectAccessible(page)
  await picturesIfAsked(page, 'loading-entryTerms')

  applyInfo.release()

  await expect(page.getByRole('button', { name: shellT('consent.submit') })).toBeVisible()
  await expect(loadingStatus(page)).toHaveCount(0)
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0)
})

test('マイページのホームは、契約の情報の読み込みが遅いと、認証コードの画面の上に「読み込んでいます…」を出し、読み込むとホームを出すこと（再読み込みでも）', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const person: Person = {
    nameKana: 'アオバ　サブロウ',
    nameKanji: '青葉　三郎',
    birthDate: '19900210',
    sex: '1',
  }
  const holder = await appliedPolicyHolder(request, person)
  const mail = new Inbox(request, holder.mailAddress)
  await openLogin(page)
  const homeData = await holdAnswers(page, /\/api\/policyHolderInfo\/(\?|$)/)

  await test.step('認証コードを送った後、ホームの情報を待つ間', async () => {
    await signInWithMailCode(page, holder, mail)

    await expect(loadingStatus(page)).toBeVisible()
    // the screen being left stays, busy, until home is there
    await expect(page.locator('main [aria-busy="true"]')).toContainText(
      mypT('screen.loginCode.title'),
    )
    await expect(pageHeading(page, mypT('screen.home.title'))).toHaveCount(0)
    // the home asks for its information once the group's is in: wait for that request
    await expect.poll(() => homeData.held()).toBe(1)
    await expectAccessible(page)
    await picturesIfAsked(page, 'loading-loginCode-to-home')

    homeData.release()

    await expectHome(page, holder, { mailAddress: holder.mailAddress })
    await expect(loadingStatus(page)).toHaveCount(0)
  })

  await test.step('ホームを再読み込みして、最初のページの情報を待つ間', async () => {
    await page.unrouteAll({ behavior: 'wait' })
    const again = await holdAnswers(page, /\/api\/policyHolderInfo\/(\?|$)/)
    await page.emulateMedia({ reducedMotion: 'reduce' })

    await page.reload()

    await expect(loadingStatus(page)).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0)
    // after a reload the group's information comes first, the holder's after it
    await expect.poll(() => again.held()).toBe(1)
    // prefers-reduced-motion: the spinner stands still, the text says it all
    expect(await spinnerAnimation(page)).toBe('none')
    await picturesIfAsked(page, 'loading-home-reload')

    again.release()

    await expectMyPageScreen(page, 'home')
    await expect(loadingStatus(page)).toHaveCount(0)
  })
})
