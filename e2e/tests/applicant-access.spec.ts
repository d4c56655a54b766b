// Issue #5, applicant access, as a new applicant meets it in the browser: from a demo group's
// link through termsOfService and verifyUser (first-entry ID and password for group A, the three
// items for group B), sendVerificationMail, the mail in the server's outbox, its link with the
// password chosen before it, and entryTerms signed in. Then the in-flow messages of SPEC §8.4,
// the guards, axe on every state of the two screens, one keyboard-only pass, and the session
// warning (PRODUCT.md "Sessions"). Every test uses members of its own (support/members.ts).
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { t, toBusinessDate, toBusinessTime, VERIFICATION_LINK_MINUTES } from '@app/shared'
import { SESSION_INFO_KEY, SESSION_TOKEN_KEY } from '../../apps/web/src/lib/session.ts'
import {
  APPLICANT_PASSWORD,
  mailVerificationLink,
  signInByApi,
  storeSessionInPage,
} from '../support/applicant.ts'
import { moveWithinApp } from '../support/app-navigation.ts'
import {
  DEMO_GROUP_CODES,
  demoDocument,
  demoLink,
  entPath,
  type DemoLink,
} from '../support/demo.ts'
import { tabUntil } from '../support/keyboard.ts'
import { claimMember, type FirstEntryMember, type ThreeItemMember } from '../support/members.ts'
import { theOnlyMailTo, uniqueMailAddress, verificationLinkOf } from '../support/outbox.ts'
import { E2E_NOW } from '../support/server.ts'
import { expect, expectAccessible, test } from '../support/test.ts'

const groupA = demoLink(DEMO_GROUP_CODES.a)
const groupB = demoLink(DEMO_GROUP_CODES.b)

/** The demo member of group A who has applied already (README 「デモの加入者」). */
const APPLIED_MEMBER_A = { firstEntryId: 'DEMOA00005', password: 'DemoPassA005' } as const

/** When a link mailed at the pinned time stops working (SPEC §9: 1 hour), as the screens say it. */
function linkDeadlineText(): string {
  const deadline = new Date(Date.parse(E2E_NOW) + VERIFICATION_LINK_MINUTES * 60_000)
  const date = toBusinessDate(deadline)
  const time = toBusinessTime(deadline)
  return `${Number(date.slice(0, 4))}年${Number(date.slice(4, 6))}月${Number(date.slice(6, 8))}日 ${Number(time.slice(0, 2))}時${time.slice(2, 4)}分`
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A form control by its label, which may end in the required marker (「パスワード ※必須」). */
function control(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s|$)`))
}

function heading(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 1, name: title, exact: true })
}

function urlOf(link: DemoLink, screen: string): RegExp {
  return new RegExp(`${escapeRegExp(entPath(link, screen))}$`)
}

/** termsOfService from the group's link, consent, 「同意して次へ」: verifyUser. */
async function agreeToTerms(page: Page, link: DemoLink): Promise<void> {
  await page.goto(entPath(link, 'termsOfService'))
  await expect(heading(page, t('screen.termsOfService.title'))).toBeVisible()
  await page.getByRole('checkbox', { name: t('consent.termsOfUse.label') }).check()
  await page.getByRole('button', { name: '同意して次へ' }).click()
  await expect(page).toHaveURL(urlOf(link, 'verifyUser'))
  await expect(heading(page, t('screen.verifyUser.title'))).toBeVisible()
}

async function fillFirstEntry(page: Page, id: string, password: string): Promise<void> {
  await control(page, t('verifyUser.firstEntryId')).fill(id)
  await control(page, t('verifyUser.firstEntryPassword')).fill(password)
}

/** The three items of group B; the birth date in the 年・月・日 boxes, month and day unpadded. */
async function fillThreeItems(page: Page, member: ThreeItemMember): Promise<void> {
  await page.getByRole('textbox', { name: '会員番号' }).fill(member.memberNo)
  const birth = page.getByRole('group', { name: '生年月日' })
  await birth.getByRole('textbox', { name: '生年月日 年' }).fill(member.birthDate.slice(0, 4))
  await birth
    .getByRole('textbox', { name: '生年月日 月' })
    .fill(String(Number(member.birthDate.slice(4, 6))))
  await birth
    .getByRole('textbox', { name: '生年月日 日' })
    .fill(String(Number(member.birthDate.slice(6, 8))))
  await page.getByRole('textbox', { name: '氏名（カナ）' }).fill(member.nameKana)
}

async function submitVerifyUser(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('verifyUser.submit') }).click()
}

/** On sendVerificationMail: the address and the password twice, then 「確認メールを送信する」. */
async function sendMail(page: Page, mailAddress: string): Promise<void> {
  await control(page, t('sendVerificationMail.email')).fill(mailAddress)
  await control(page, t('sendVerificationMail.password')).fill(APPLICANT_PASSWORD)
  await control(page, t('sendVerificationMail.passwordConfirmation')).fill(APPLICANT_PASSWORD)
  await page.getByRole('button', { name: t('sendVerificationMail.submit') }).click()
}

/** On the mail link's page: the password, then 「確認して次へ」. */
async function confirmWithPassword(page: Page, password: string): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 2, name: t('verifyUser.mail.heading') }),
  ).toBeVisible()
  await control(page, t('verifyUser.mail.password')).fill(password)
  await page.getByRole('button', { name: t('verifyUser.mail.submit') }).click()
}

/** The alert of an in-flow message (SPEC §8.4), by its text. */
function inFlowAlert(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text })
}

/** The session this tab holds, as the app stored it. */
async function storedSession(page: Page) {
  return page.evaluate(
    ([tokenKey, infoKey]) => ({
      token: sessionStorage.getItem(tokenKey),
      info: JSON.parse(sessionStorage.getItem(infoKey) ?? 'null') as {
        userId: string
        groupPfCode: string
        expiresAt: string
      } | null,
    }),
    [SESSION_TOKEN_KEY, SESSION_INFO_KEY] as const,
  )
}

/** entryTerms, signed in: the heading, the sign-out button, and a session the server knows. */
async function expectSignedInOnEntryTerms(
  page: Page,
  request: APIRequestContext,
  link: DemoLink,
): Promise<void> {
  await expect(page).toHaveURL(urlOf(link, 'entryTerms'))
  await expect(heading(page, t('screen.entryTerms.title'))).toBeVisible()
  await expect(page.getByRole('button', { name: t('session.signOut') })).toBeVisible()

  const { token, info } = await storedSession(page)
  expect(token, 'the session token in sessionStorage').toBeTruthy()
  expect(info?.groupPfCode).toBe(link.groupPfCode)
  const response = await request.get('/api/sessionInfo/', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(200)
  const sessionInfo = (await response.json()) as {
    userId: string
    groupPfCode: string
    application: { status: string; urlKey: string } | null
  }
  expect(sessionInfo.userId).toMatch(/^[A-Z0-9]{10}$/)
  expect(sessionInfo).toMatchObject({
    userId: info?.userId,
    groupPfCode: link.groupPfCode,
    application: { status: 'draft', urlKey: link.urlKey },
  })
}

/**
 * From verifyUser's submit on: sendVerificationMail, the sent notice, the mail, its link, the
 * password, entryTerms signed in; axe on each state on the way.
 */
async function fromSendVerificationMailToEntryTerms(
  page: Page,
  request: APIRequestContext,
  link: DemoLink,
  mailAddress: string,
): Promise<void> {
  await expect(page).toHaveURL(urlOf(link, 'sendVerificationMail'))
  await expect(heading(page, t('screen.sendVerificationMail.title'))).toBeVisible()
  await expectAccessible(page)

  await sendMail(page, mailAddress)
  const sentHeading = page.getByRole('heading', {
    level: 2,
    name: t('sendVerificationMail.sent.heading'),
  })
  await expect(sentHeading).toBeVisible()
  await expect(sentHeading).toBeFocused()
  await expect(page.getByText(mailAddress, { exact: true })).toBeVisible()
  await expect(page.getByText(linkDeadlineText())).toBeVisible()
  await expectAccessible(page)

  const mail = await theOnlyMailTo(request, mailAddress)
  expect(mail).toMatchObject({
    template: 'verification',
    recipient: mailAddress,
    subject: `【${link.name}】メールアドレスの確認のお願い`,
    status: 'sent',
    transport: 'outbox',
  })
  expect(mail.textBody).toContain(link.name)
  expect(mail.textBody).toContain(`リンクの有効期限：${linkDeadlineText()}まで（送信から1時間）`)
  expect(mail.textBody).toContain('リンクは1回だけご利用いただけます。')
  const mailLink = verificationLinkOf(mail)
  expect(
    mailLink.startsWith(`${new URL(page.url()).origin}${entPath(link, 'verifyUser')}#token=`),
  ).toBe(true)

  await page.goto(mailLink)
  await expect(heading(page, t('screen.verifyUser.title'))).toBeVisible()
  // The token leaves the address bar once read (confirm-mail-form.tsx).
  await expect(page).toHaveURL(urlOf(link, 'verifyUser'))
  await expectAccessible(page)

  await confirmWithPassword(page, APPLICANT_PASSWORD)
  await expectSignedInOnEntryTerms(page, request, link)
}

test.describe('新しい申込者: リンクから本人確認、確認メール、そのリンクで entryTerms へ（issue #5）', () => {
  test('初回登録ID（団体 A、authenticationType "1"）でサインインして entryTerms に着くこと', async ({
    page,
    request,
  }) => {
    const member = claimMember('firstEntry')
    await agreeToTerms(page, groupA)
    await expect(control(page, t('verifyUser.firstEntryId'))).toBeVisible()
    await expectAccessible(page)

    await fillFirstEntry(page, member.firstEntryId, member.initialPassword)
    await submitVerifyUser(page)

    await fromSendVerificationMailToEntryTerms(
      page,
      request,
      groupA,
      uniqueMailAddress(member.memberCode),
    )
  })

  // Issue #23 point 14: coming back to a half-done application is said on both screens, and so is
  // what becomes of the password set the first time.
  test('途中のお申し込みに戻ると、確認メールの送信とメールのリンクの画面が再開を伝えること', async ({
    page,
    request,
  }) => {
    const member = claimMember('firstEntry')
    await agreeToTerms(page, groupA)
    await fillFirstEntry(page, member.firstEntryId, member.initialPassword)
    await submitVerifyUser(page)
    await expect(page.getByText(t('sendVerificationMail.resuming'))).toHaveCount(0)
    await fromSendVerificationMailToEntryTerms(
      page,
      request,
      groupA,
      uniqueMailAddress(member.memberCode),
    )

    // another day (this tab's storage gone): the same member comes back through the group's link
    await page.evaluate(() => window.sessionStorage.clear())
    await agreeToTerms(page, groupA)
    await fillFirstEntry(page, member.firstEntryId, member.initialPassword)
    await submitVerifyUser(page)
    await expect(heading(page, t('screen.sendVerificationMail.title'))).toBeVisible()
    await expect(page.getByText(t('sendVerificationMail.resuming'))).toBeVisible()
    await expectAccessible(page)
    const secondAddress = uniqueMailAddress(`${member.memberCode}-again`)
    await sendMail(page, secondAddress)
    const mail = await theOnlyMailTo(request, secondAddress)
    await page.goto(verificationLinkOf(mail))
    await expect(page.getByText(t('verifyUser.mail.resuming'))).toBeVisible()
    await confirmWithPassword(page, APPLICANT_PASSWORD)
    await expectSignedInOnEntryTerms(page, request, groupA)
  })

  test('三項目認証（団体 B、authenticationType "2"）でサインインして entryTerms に着くこと', async ({
    page,
    request,
  }) => {
    const member = claimMember('threeItems')
    await agreeToTerms(page, groupB)
    await expect(page.getByRole('group', { name: '生年月日' })).toBeVisible()
    await expectAccessible(page)

    await fillThreeItems(page, member)
    await submitVerifyUser(page)

    await fromSendVerificationMailToEntryTerms(
      page,
      request,
      groupB,
      uniqueMailAddress(member.memberCode),
    )
  })

  test('キーボードだけで: 利用規約、本人確認（団体 A）、確認メールの送信まで進めること', async ({
    page,
  }) => {
    const member: FirstEntryMember = claimMember('firstEntry')
    const mailAddress = uniqueMailAddress(member.memberCode)
    await page.goto(entPath(groupA, 'termsOfService'))
    await expect(heading(page, t('screen.termsOfService.title'))).toBeVisible()

    const consent = page.getByRole('checkbox', { name: t('consent.termsOfUse.label') })
    await tabUntil(page, consent)
    await page.keyboard.press('Space')
    await expect(consent).toBeChecked()
    await tabUntil(page, page.getByRole('button', { name: '同意して次へ' }), 5)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(urlOf(groupA, 'verifyUser'))
    await expect(heading(page, t('screen.verifyUser.title'))).toBeVisible()

    await tabUntil(page, control(page, t('verifyUser.firstEntryId')))
    await page.keyboard.type(member.firstEntryId)
    await tabUntil(page, control(page, t('verifyUser.firstEntryPassword')), 3)
    await page.keyboard.type(member.initialPassword)
    await tabUntil(page, page.getByRole('button', { name: t('verifyUser.submit') }), 3)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(urlOf(groupA, 'sendVerificationMail'))
    await expect(heading(page, t('screen.sendVerificationMail.title'))).toBeVisible()

    await tabUntil(page, control(page, t('sendVerificationMail.email')))
    await page.keyboard.type(mailAddress)
    await tabUntil(page, control(page, t('sendVerificationMail.password')), 3)
    await page.keyboard.type(APPLICANT_PASSWORD)
    await tabUntil(page, control(page, t('sendVerificationMail.passwordConfirmation')), 3)
    await page.keyboard.type(APPLICANT_PASSWORD)
    const showPassword = page.getByRole('checkbox', {
      name: t('sendVerificationMail.showPassword'),
    })
    await tabUntil(page, showPassword, 3)
    await page.keyboard.press('Space')
    await expect(control(page, t('sendVerificationMail.password'))).toHaveValue(APPLICANT_PASSWORD)
    await expect(control(page, t('sendVerificationMail.password'))).toHaveAttribute('type', 'text')
    await tabUntil(page, page.getByRole('button', { name: t('sendVerificationMail.submit') }), 3)
    await page.keyboard.press('Enter')

    const sentHeading = page.getByRole('heading', {
      level: 2,
      name: t('sendVerificationMail.sent.heading'),
    })
    await expect(sentHeading).toBeVisible()
    await expect(sentHeading).toBeFocused()
    await expect(page.getByText(mailAddress, { exact: true })).toBeVisible()
  })
})

test.describe('本人確認の画面のメッセージ（SPEC §8.4）', () => {
  test('初回登録IDのパスワードが違うとメッセージを表示し、入力した初回登録IDは残ること', async ({
    page,
  }) => {
    const member = claimMember('firstEntry')
    await agreeToTerms(page, groupA)

    await fillFirstEntry(page, member.firstEntryId, `${member.initialPassword}x`)
    await submitVerifyUser(page)

    const alert = inFlowAlert(page, t('error.APFL0001'))
    await expect(alert).toBeVisible()
    await expect(alert).toBeFocused()
    await expect(page).toHaveURL(urlOf(groupA, 'verifyUser'))
    await expect(control(page, t('verifyUser.firstEntryId'))).toHaveValue(member.firstEntryId)
    await expectAccessible(page)
  })

  test('三項目が名簿と合わないとメッセージを表示し、入力した内容は残ること', async ({ page }) => {
    const member = claimMember('threeItems')
    await agreeToTerms(page, groupB)

    await fillThreeItems(page, { ...member, nameKana: 'チガウ　ナマエ' })
    await submitVerifyUser(page)

    await expect(inFlowAlert(page, t('error.APFL0002'))).toBeVisible()
    await expect(inFlowAlert(page, t('error.APFL0002'))).toBeFocused()
    await expect(page.getByRole('textbox', { name: '会員番号' })).toHaveValue(member.memberNo)
    await expect(page.getByRole('textbox', { name: '氏名（カナ）' })).toHaveValue('チガウ　ナマエ')
    await expectAccessible(page)
  })

  test('申込済みの加入者（DEMOA00005）には申込済みのメッセージとお問い合わせ先を表示すること', async ({
    page,
  }) => {
    await agreeToTerms(page, groupA)

    await fillFirstEntry(page, APPLIED_MEMBER_A.firstEntryId, APPLIED_MEMBER_A.password)
    await submitVerifyUser(page)

    const alert = inFlowAlert(page, t('error.APFA2002'))
    await expect(alert).toBeVisible()
    await expect(alert).toBeFocused()
    await expect(alert.getByText(t('errorScreen.contactHeading'))).toBeVisible()
    const contact = demoDocument(DEMO_GROUP_CODES.a).groupPfInfoBranchNoArray[0]?.refFreeField ?? ''
    const firstContactLine = contact.split('\n').find((line) => line.trim() !== '') ?? ''
    expect(firstContactLine).not.toBe('')
    await expect(alert).toContainText(firstContactLine.trim())
    await expect(page).toHaveURL(urlOf(groupA, 'verifyUser'))
    await expectAccessible(page)
  })

  test('本人確認をせずに確認メールの送信へ移ろうとすると本人確認の画面に戻されること', async ({
    page,
  }) => {
    await agreeToTerms(page, groupA)

    await moveWithinApp(page, entPath(groupA, 'sendVerificationMail'))

    await expect(page).toHaveURL(urlOf(groupA, 'verifyUser'))
    await expect(heading(page, t('screen.verifyUser.title'))).toBeVisible()
    await expect(heading(page, t('screen.sendVerificationMail.title'))).toHaveCount(0)
  })
})

test.describe('確認メールのリンクの画面（SPEC §8.4 "Verification link"）', () => {
  /** verifyUser and the mail through the API (not what these tests are about): the mail's link. */
  async function mailedLink(request: APIRequestContext): Promise<string> {
    return (await mailVerificationLink(request, claimMember('firstEntry'))).mailLink
  }

  test('パスワードが違うとメッセージを表示し、正しいパスワードでは entryTerms へ進めること', async ({
    page,
    request,
  }) => {
    await page.goto(await mailedLink(request))

    await confirmWithPassword(page, `${APPLICANT_PASSWORD}x`)

    const alert = inFlowAlert(page, t('error.APFL0004'))
    await expect(alert).toBeVisible()
    await expect(alert).toBeFocused()
    await expect(page).toHaveURL(urlOf(groupA, 'verifyUser'))
    await expectAccessible(page)

    await confirmWithPassword(page, APPLICANT_PASSWORD)
    await expectSignedInOnEntryTerms(page, request, groupA)
  })

  test('使用済みのリンクをもう一度開くと有効期限切れ・使用済みのメッセージを表示すること', async ({
    page,
    request,
  }) => {
    const link = await mailedLink(request)
    await page.goto(link)
    await confirmWithPassword(page, APPLICANT_PASSWORD)
    await expect(page).toHaveURL(urlOf(groupA, 'entryTerms'))

    // Issue #23 point 14: said as the page opens, before any password is asked.
    await page.goto(link)

    const alert = inFlowAlert(page, t('error.APFA2007'))
    await expect(alert).toBeVisible()
    await expect(alert).toBeFocused()
    await expect(page.getByRole('link', { name: t('verifyUser.mail.restart') })).toBeVisible()
    await expect(
      page.getByRole('button', { name: t('verifyUser.mail.submit') }),
      'no password form for a used link',
    ).toHaveCount(0)
    await expect(page.getByLabel(t('verifyUser.mail.password'), { exact: false })).toHaveCount(0)
    await expectAccessible(page)
  })
})

test.describe('セッション（PRODUCT.md "Sessions"）', () => {
  test('終了の5分前に警告が出て、「延長する」で閉じること', async ({ page, request }) => {
    const applicant = await signInByApi(request, claimMember('firstEntry'))
    await storeSessionInPage(page, applicant.session)
    await page.goto(entPath(groupA, 'termsOfService'))
    await expect(heading(page, t('screen.termsOfService.title'))).toBeVisible()
    await moveWithinApp(page, entPath(groupA, 'entryTerms'))
    await expect(heading(page, t('screen.entryTerms.title'))).toBeVisible()
    const dialog = page.getByRole('alertdialog', { name: t('session.warning.title') })
    await expect(dialog).toHaveCount(0)

    // The server's clock is pinned and the browser's runs days away from it: the extension's
    // 30 minutes count from the browser's now all the same (expiresInSeconds).
    await page.clock.fastForward('25:00')

    await expect(dialog).toBeVisible()
    const extend = dialog.getByRole('button', { name: t('session.warning.extend') })
    await expect(extend).toBeFocused()
    await expectAccessible(page)
    const extended = page.waitForRequest(
      (candidate) => candidate.method() === 'PUT' && candidate.url().endsWith('/api/sessionInfo/'),
    )
    await extend.click()
    await extended

    await expect(dialog).toHaveCount(0)
    await expect(heading(page, t('screen.entryTerms.title'))).toBeVisible()
  })

  test('ログアウトすると利用規約の画面へ戻り、entryTerms へは進めなくなること', async ({
    page,
    request,
  }) => {
    const applicant = await signInByApi(request, claimMember('threeItems'))
    await storeSessionInPage(page, applicant.session)
    await page.goto(entPath(groupB, 'termsOfService'))
    await expect(heading(page, t('screen.termsOfService.title'))).toBeVisible()
    await moveWithinApp(page, entPath(groupB, 'entryTerms'))
    await expect(heading(page, t('screen.entryTerms.title'))).toBeVisible()

    await page.getByRole('button', { name: t('session.signOut') }).click()

    await expect(page).toHaveURL(urlOf(groupB, 'termsOfService'))
    await expect(page.getByRole('button', { name: t('session.signOut') })).toHaveCount(0)
    expect(await storedSession(page)).toEqual({ token: null, info: null })
    const response = await request.get('/api/sessionInfo/', {
      headers: { Authorization: `Bearer ${applicant.session.sessionToken}` },
    })
    expect(response.status(), 'the session ended on the server').toBe(401)
    await moveWithinApp(page, entPath(groupB, 'entryTerms'))
    await expect(page).toHaveURL(urlOf(groupB, 'termsOfService'))
  })
})
