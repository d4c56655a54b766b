// The enrolment entry screens (SPEC §2.1, issue #4): termsOfService (consent, then verifyUser),
// applyLinkGuide, entryTerms (consent, then selectPolicyHolderDiv) and pamphletImportantNotes,
// which only checkPolicyHolderInfo leads to (SPEC §2.7). All but termsOfService block direct
// access (SPEC §2.5), so a test reaches them by an in-app move (support/app-navigation.ts).
// entryTerms and the pages after it also need a session of the group (issue #5): those tests
// sign a member of their own in first (support/applicant.ts). termsOfService is done by keyboard
// alone as well (PRODUCT.md "Accessibility").
import type { Page } from '@playwright/test'
import { signInApplicant } from '../support/applicant.ts'
import { moveWithinApp } from '../support/app-navigation.ts'
import { DEMO_GROUP_CODES, demoLink, entPath } from '../support/demo.ts'
import { tabUntil } from '../support/keyboard.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const groupA = demoLink(DEMO_GROUP_CODES.a)

/** The h1 of each screen (ui.ja.ts `screen.<page>.title`). */
const titles = {
  termsOfService: '利用規約',
  verifyUser: '本人確認',
  applyLinkGuide: 'お申し込み用URLのご案内',
  entryTerms: 'お申し込みにあたっての同意事項',
  selectPolicyHolderDiv: '加入者区分の選択',
  checkPolicyHolderInfo: 'お申し込み内容の確認',
  pamphletImportantNotes: '重要事項のご確認',
} as const
type Screen = keyof typeof titles

const CONSENT_LABEL = '利用規約に同意する'
const AGREE_BUTTON = '同意して次へ'
const ERROR_SUMMARY = '入力内容を確認してください'

function heading(page: Page, screen: Screen) {
  return page.getByRole('heading', { level: 1, name: titles[screen], exact: true })
}

async function openTermsOfService(page: Page): Promise<void> {
  await page.goto(entPath(groupA, 'termsOfService'))
  await expect(heading(page, 'termsOfService')).toBeVisible()
}

/** From termsOfService, in-app moves through `screens`, each checked by its heading. */
async function reachInApp(page: Page, ...screens: Screen[]): Promise<void> {
  await openTermsOfService(page)
  for (const screen of screens) {
    await moveWithinApp(page, entPath(groupA, screen))
    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, screen)}$`))
    await expect(heading(page, screen)).toBeVisible()
  }
}

test.describe('利用規約（termsOfService）', () => {
  test('利用規約に同意して「同意して次へ」で本人確認の画面へ進むこと', async ({ page }) => {
    await openTermsOfService(page)
    await expect(page.getByText(groupA.name).first()).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('checkbox', { name: CONSENT_LABEL }).check()
    await page.getByRole('button', { name: AGREE_BUTTON }).click()

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'verifyUser')}$`))
    await expect(heading(page, 'verifyUser')).toBeVisible()
  })

  test('キーボードだけで: Tab で同意欄へ、Space でチェック、Tab でボタンへ、Enter で本人確認へ進むこと', async ({
    page,
  }) => {
    await openTermsOfService(page)
    const consent = page.getByRole('checkbox', { name: CONSENT_LABEL })

    await tabUntil(page, consent)
    await page.keyboard.press('Space')
    await expect(consent).toBeChecked()
    await tabUntil(page, page.getByRole('button', { name: AGREE_BUTTON }), 5)
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'verifyUser')}$`))
    await expect(heading(page, 'verifyUser')).toBeVisible()
  })

  test('キーボードだけで: 同意せずに Enter を押すとエラーサマリーが表示され、フォーカスがそこへ移ること', async ({
    page,
  }) => {
    await openTermsOfService(page)

    await tabUntil(page, page.getByRole('button', { name: AGREE_BUTTON }))
    await page.keyboard.press('Enter')

    const summary = page.getByRole('region', { name: ERROR_SUMMARY })
    await expect(summary).toBeVisible()
    await expect(summary).toBeFocused()
    await expect(page.getByRole('checkbox', { name: CONSENT_LABEL })).not.toBeChecked()
    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'termsOfService')}$`))
    await expectAccessible(page)
  })
})

test.describe('お申し込み用URLのご案内（applyLinkGuide）', () => {
  test('アプリ内の移動で開くと案内が表示されること', async ({ page }) => {
    await reachInApp(page, 'applyLinkGuide')

    await expect(page.getByRole('main')).not.toBeEmpty()
    await expectAccessible(page)
  })

  test('直接開くと利用規約の画面へ戻されること（SPEC §2.5）', async ({ page }) => {
    await page.goto(entPath(groupA, 'applyLinkGuide'))

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'termsOfService')}$`))
    await expect(heading(page, 'termsOfService')).toBeVisible()
  })
})

test.describe('お申し込みにあたっての同意事項（entryTerms）', () => {
  test('同意すると加入者区分の選択へ進むこと', async ({ page, request }) => {
    await signInApplicant(page, request)
    await reachInApp(page, 'entryTerms')
    await expectAccessible(page)

    const consents = page.getByRole('main').getByRole('checkbox')
    await expect(consents.first()).toBeVisible()
    for (const consent of await consents.all()) await consent.check()
    await page.getByRole('button', { name: AGREE_BUTTON }).click()

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'selectPolicyHolderDiv')}$`))
    await expect(heading(page, 'selectPolicyHolderDiv')).toBeVisible()
  })

  test('同意せずに進もうとするとエラーサマリーが表示され、先へ進まないこと', async ({
    page,
    request,
  }) => {
    await signInApplicant(page, request)
    await reachInApp(page, 'entryTerms')

    await page.getByRole('button', { name: AGREE_BUTTON }).click()

    const summary = page.getByRole('region', { name: ERROR_SUMMARY })
    await expect(summary).toBeVisible()
    await expect(summary).toBeFocused()
    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'entryTerms')}$`))
  })

  test('直接開くと利用規約の画面へ戻されること（SPEC §2.5）', async ({ page }) => {
    await page.goto(entPath(groupA, 'entryTerms'))

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'termsOfService')}$`))
    await expect(heading(page, 'termsOfService')).toBeVisible()
  })

  test('サインインしていなければアプリ内の移動でも利用規約の画面へ戻されること（issue #5）', async ({
    page,
  }) => {
    await openTermsOfService(page)

    await moveWithinApp(page, entPath(groupA, 'entryTerms'))

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'termsOfService')}$`))
    await expect(heading(page, 'termsOfService')).toBeVisible()
    await expect(heading(page, 'entryTerms')).toHaveCount(0)
  })
})

test.describe('重要事項のご確認（pamphletImportantNotes）', () => {
  // Going on from checkPolicyHolderInfo (SPEC §2.7) needs a whole application first: the
  // journeys in application-journey.spec.ts do it. Here, a new applicant who moves there within
  // the app is sent to the step they have reached (SPEC §2.5, ADR 0012).
  test('申込の手順が済む前に確認の画面へ移動すると、まだの手順（entryTerms）へ戻されること', async ({
    page,
    request,
  }) => {
    await signInApplicant(page, request)
    await reachInApp(page)

    await moveWithinApp(page, entPath(groupA, 'checkPolicyHolderInfo'))

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'entryTerms')}$`))
    await expect(heading(page, 'entryTerms')).toBeVisible()
    await expectAccessible(page)
  })

  for (const from of ['termsOfService', 'applyLinkGuide', 'entryTerms'] as const) {
    test(`${titles[from]}（${from}）からは進めないこと（SPEC §2.7）`, async ({ page, request }) => {
      // Signed in, so that what keeps the page away is the navigation block, not the session.
      await signInApplicant(page, request)
      await reachInApp(page, ...(from === 'termsOfService' ? [] : [from]))

      await moveWithinApp(page, entPath(groupA, 'pamphletImportantNotes'))

      await expect(page).toHaveURL(new RegExp(`${entPath(groupA, from)}$`))
      await expect(heading(page, from)).toBeVisible()
      await expect(heading(page, 'pamphletImportantNotes')).toHaveCount(0)
    })
  }

  test('直接開くと利用規約の画面へ戻されること（SPEC §2.5）', async ({ page }) => {
    await page.goto(entPath(groupA, 'pamphletImportantNotes'))

    await expect(page).toHaveURL(new RegExp(`${entPath(groupA, 'termsOfService')}$`))
    await expect(heading(page, 'termsOfService')).toBeVisible()
  })
})
