// Issue #8, my-page (SPEC §2.2, §2.5, §2.7, §3.6, §8.4; PRODUCT.md "People and how they sign in";
// ADR 0015) as a policy holder uses it. Each test has a policy holder of its own, made through the
// real product (support/policy-holders.ts: a member of the group-collection group K400004 verified
// by mail and applied, 330), never the demo account: the tests change accounts and run in two
// workers. The journey signs in with ID, password, the four consents and the mailed code,
// registers a phone (SMS), signs out and in again with the SMS code, reads the contract, downloads
// the 加入者証 (its text extracted as a PDF reader does: the holder's name), changes the mail
// address (the code to the new address, a notice to the old one), resets the password signed out
// and signs in with the new one, and has the ID mailed again — 17 screens, axe on each; going
// back from mailChangeComplete, passwordResetComplete and idReNotificationComplete is cancelled
// (SPEC §2.7). Then the wrong password (APFL0011), the wrong code (APFL0013) and a sign-in with
// the keyboard alone. Mail and SMS are read from the outbox by address and by phone number.
import { formatJapaneseDate } from '@app/shared/format/display'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { SMOKE_TAG } from '../support/engines.ts'
import {
  flowT,
  pageHeading,
  unitPremiumLabel,
  totalLabel,
  premiumOf,
  test,
  unitName,
  yen,
  type Person,
} from '../support/application.ts'
import { groupDocument, groupLink } from '../support/fixtures.ts'
import { tabUntil } from '../support/keyboard.ts'
import { COLLECTION_GROUP } from '../support/members.ts'
import {
  buttonNamed,
  chooseSms,
  codeBox,
  codeIn,
  consentBoxes,
  expectContractSummary,
  expectHome,
  expectMyPageMessage,
  expectMyPageScreen,
  expectShown,
  fillLabelled,
  finishWithMailCode,
  linkNamed,
  mailContext,
  maskMailAddress,
  maskPhoneNumber,
  myPageGroupName,
  mypT,
  myPageUrl,
  oneSpaced,
  openLogin,
  passwordBox,
  pdfText,
  signInWithMailCode,
  signInWithSmsCode,
  signOut,
  submitSignIn,
  templates,
  typeCodeFrom,
  uniqueMobileNumber,
  userIdBox,
  wrongCode,
  type MyPageScreen,
} from '../support/my-page.ts'
import { Inbox, outboxMessages, uniqueMailAddress } from '../support/outbox.ts'
import { rowValue } from '../support/payment.ts'
import { appliedPolicyHolder } from '../support/policy-holders.ts'
import { E2E_NOW } from '../support/server.ts'
import { expect, expectAccessible } from '../support/test.ts'
import {
  idReNotificationMail,
  mailChangedNotice,
} from '../../apps/server/src/modules/mail/my-page-templates.ts'

const group = groupLink(COLLECTION_GROUP.groupPfCode)

/** The new password of the reset (SPEC §5.2 password: its five conditions). */
const NEW_PASSWORD = 'Reset-Pass-2026#'

// Each test has its own policy holder: they may run side by side.
test.describe.configure({ mode: 'parallel' })
test.use({ actionTimeout: 15_000 })

/** SPEC §2.7: `page.goBack()` from a completion screen is cancelled; the holder stays on it. */
async function expectBackCancelled(page: Page, screen: MyPageScreen): Promise<void> {
  await page.goBack()
  await expect(page).toHaveURL(myPageUrl(screen))
  await expect(pageHeading(page, mypT(`screen.${screen}.title`))).toBeVisible()
}

test('マイページ（SPEC §2.2）: メールの認証コードでログインし、電話番号を登録し、SMSの認証コードでログインし直して、契約内容の確認・加入者証のダウンロード・メールアドレスの変更・パスワードの再設定・IDの再通知ができ、完了画面からは戻れないこと（SPEC §2.7、17画面すべてで axe）', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const person: Person = {
    nameKana: 'アオバ　イチロウ',
    nameKanji: '青葉　一郎',
    birthDate: '19880305',
    sex: '1',
  }
  const holder = await appliedPolicyHolder(request, person)
  const mail = new Inbox(request, holder.mailAddress)
  const phoneNumber = uniqueMobileNumber()
  const phone = new Inbox(request, phoneNumber)
  const newMailAddress = uniqueMailAddress(`${holder.member.memberCode}-new`)
  const newMail = new Inbox(request, newMailAddress)

  await test.step('ID・パスワード・4つの同意、メールの認証コードでホームへ', async () => {
    await openLogin(page)
    await signInWithMailCode(page, holder, mail)
    await expectHome(page, holder, { mailAddress: holder.mailAddress })
  })

  await test.step('更新の状況: 翌年度の商品はあるが、補償が始まる前なので更新のお手続きは出ず、始まる日を示す（issue #23 point 19）', async () => {
    const { renewalFixDate, groupInceptionDate } = groupDocument(
      group.groupPfCode,
      group.groupPfCodeInceptionDateYm,
    ).groupPfInfo
    const card = page
      .getByRole('region', { name: mypT('myp.home.contracts.heading') })
      .getByRole('article')
    await expect(rowValue(card, mypT('myp.home.contract.renewalStatus'))).toHaveText(
      mypT('myp.home.renewal.3.auto.opensOn', {
        date: formatJapaneseDate(renewalFixDate ?? ''),
        opensOn: formatJapaneseDate(groupInceptionDate),
      }),
    )
    await expect(linkNamed(card, mypT('myp.home.contract.renewal'))).toHaveCount(0)
  })

  await test.step('電話番号認証の登録: 番号、SMSを選び、SMSの認証コードで登録', async () => {
    await linkNamed(page, mypT('myp.home.account.telephone.register')).click()
    await expectMyPageScreen(page, 'startRegisterTelephoneAuth')
    await fillLabelled(page, mypT('myp.startRegisterTelephoneAuth.phoneNumber'), phoneNumber)
    await buttonNamed(page, mypT('myp.startRegisterTelephoneAuth.submit')).click()
    await chooseSms(page, 'telephoneRegister', phoneNumber)
    await typeCodeFrom(page, phone, templates.sms)
    await buttonNamed(page, mypT('myp.verifyTelephoneAuth.submit.telephoneRegister')).click()
    await expectMyPageScreen(page, 'phoneNumberRegistrationComplete')
    await expectShown(
      page,
      mypT('myp.phoneNumberRegistrationComplete.lead', {
        phoneNumber: maskPhoneNumber(phoneNumber),
      }),
    )
    await linkNamed(page, mypT('myp.toHome')).click()
    await expectHome(page, holder, { mailAddress: holder.mailAddress, phoneNumber })
  })

  await test.step('ログアウトし、登録した電話へのSMSの認証コードでログイン', async () => {
    await signOut(page)
    await signInWithSmsCode(page, holder, phone)
    await expectHome(page, holder, { mailAddress: holder.mailAddress, phoneNumber })
    // the second step went by SMS alone: no sign-in code was mailed this time
    const loginCodeMails = (await outboxMessages(request, holder.mailAddress)).filter(
      (message) => message.template === templates.loginCode,
    )
    expect(loginCodeMails).toHaveLength(1)
  })

  await test.step('契約内容の確認: 概要・補償・契約者', async () => {
    await linkNamed(page, mypT('myp.home.contract.check')).click()
    const summary = page.getByRole('region', { name: mypT('myp.checkContractInfo.summary') })
    await expect(summary).toBeVisible()
    await expect(page).toHaveURL(
      new RegExp(`\\?groupPfCodeInceptionDateYm=${COLLECTION_GROUP.groupPfCodeInceptionDateYm}$`),
    )
    await expectContractSummary(summary, holder)
    const coverage = page.getByRole('region', { name: flowT('check.section.coverage') })
    await expect(rowValue(coverage, flowT('check.plan'))).toHaveText(
      flowT('check.unitPremium', {
        name: unitName(group, 1),
        premium: unitPremiumLabel(group, 1),
      }),
    )
    await expect(rowValue(coverage, totalLabel(group))).toHaveText(yen(premiumOf(group, [1])))
    const policyHolder = page.getByRole('region', { name: flowT('check.section.policyHolder') })
    await expect(rowValue(policyHolder, flowT('check.nameKanji'))).toHaveText(person.nameKanji)
    await expect(rowValue(policyHolder, flowT('check.nameKana'))).toHaveText(person.nameKana)
    await expect(rowValue(policyHolder, flowT('check.birthDate'))).toHaveText(
      formatJapaneseDate(person.birthDate),
    )
    await expectMyPageScreen(page, 'checkContractInfo')
    await linkNamed(page, mypT('myp.toHome')).click()
    await expectHome(page, holder, { mailAddress: holder.mailAddress, phoneNumber })
  })

  await test.step('加入者証のダウンロード: PDFの文字に契約者の氏名と加入者番号', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      buttonNamed(page, mypT('myp.home.contract.certificate')).click(),
    ])
    expect(download.suggestedFilename()).toBe('加入者証.pdf')
    const text = await pdfText(readFileSync(await download.path()))
    expect(text).toContain(oneSpaced(person.nameKanji))
    expect(text).toContain(oneSpaced(person.nameKana))
    expect(text).toContain(holder.policyHolderNo)
    expect(text).toContain(myPageGroupName)
    await expect(page).toHaveURL(myPageUrl('home'))
  })

  await test.step('メールアドレスの変更: 新しいアドレスへ認証コード、前のアドレスへお知らせ、完了画面から戻れないこと', async () => {
    await linkNamed(page, mypT('myp.home.account.mailChange')).click()
    await expectMyPageScreen(page, 'mailChange')
    await fillLabelled(page, mypT('myp.mailChange.newMailAddress'), newMailAddress)
    await buttonNamed(page, mypT('myp.mailChange.submit')).click()
    await expectMyPageScreen(page, 'mailChangeCode')
    await expectShown(
      page,
      mypT('myp.code.sentTo.mail', { destination: maskMailAddress(newMailAddress) }),
    )
    await typeCodeFrom(page, newMail, templates.mailChangeCode)
    await buttonNamed(page, mypT('myp.mailChangeCode.submit')).click()
    await expectMyPageScreen(page, 'mailChangeComplete')
    await expectShown(page, mypT('myp.mailChangeComplete.lead', { mailAddress: newMailAddress }))
    const notice = await mail.next(templates.mailChanged)
    expect(notice.textBody).toBe(
      mailChangedNotice({
        ...mailContext,
        maskedNewMailAddress: maskMailAddress(newMailAddress),
        changedAt: new Date(E2E_NOW),
      }).textBody,
    )
    // back would be mailChange: cancelled (only home is allowed)
    await expectBackCancelled(page, 'mailChangeComplete')
    await linkNamed(page, mypT('myp.toHome')).click()
    await expectHome(page, holder, { mailAddress: newMailAddress, phoneNumber })
  })

  await test.step('パスワードの再設定（ログアウトして）: ID・メールアドレス、認証コードと新しいパスワード、完了画面から戻れないこと、新しいパスワードでログイン', async () => {
    await signOut(page)
    await linkNamed(page, mypT('myp.login.forgotPassword')).click()
    await expectMyPageScreen(page, 'passwordReset')
    await userIdBox(page).fill(holder.userId)
    await fillLabelled(page, mypT('myp.registeredMailAddress'), newMailAddress)
    await buttonNamed(page, mypT('myp.passwordReset.submit')).click()
    await expectMyPageScreen(page, 'passwordResetCode')
    await expectShown(
      page,
      mypT('myp.passwordResetCode.lead', { destination: maskMailAddress(newMailAddress) }),
    )
    await typeCodeFrom(page, newMail, templates.passwordResetCode)
    await fillLabelled(page, mypT('myp.newPassword'), NEW_PASSWORD)
    await fillLabelled(page, mypT('myp.newPasswordConfirmation'), NEW_PASSWORD)
    await buttonNamed(page, mypT('myp.passwordResetCode.submit')).click()
    await expectMyPageScreen(page, 'passwordResetComplete')
    await expectShown(page, mypT('myp.passwordResetComplete.lead'))
    // back would be passwordReset: cancelled (only login is allowed)
    await expectBackCancelled(page, 'passwordResetComplete')
    await linkNamed(page, mypT('myp.toLogin')).click()
    await expectMyPageScreen(page, 'login')
    // the old password no longer opens the account
    await submitSignIn(page, holder.userId, holder.password)
    await expectMyPageMessage(page, 'APFL0011')
    await signInWithSmsCode(page, holder, phone, { password: NEW_PASSWORD })
    await expectHome(page, holder, { mailAddress: newMailAddress, phoneNumber })
  })

  await test.step('IDの再通知（ログアウトして）: メールにID、もう一度送った完了画面から戻れないこと', async () => {
    await signOut(page)
    const askForId = async () => {
      await expectMyPageScreen(page, 'idReNotification')
      await fillLabelled(page, mypT('myp.registeredMailAddress'), newMailAddress)
      await buttonNamed(page, mypT('myp.idReNotification.submit')).click()
      await expectMyPageScreen(page, 'idReNotificationComplete')
      await expectShown(
        page,
        mypT('myp.idReNotificationComplete.lead', {
          destination: maskMailAddress(newMailAddress),
        }),
      )
      const idMail = await newMail.next(templates.idReNotification)
      expect(idMail.textBody).toContain(holder.userId)
      expect(idMail.textBody).toBe(
        idReNotificationMail({ ...mailContext, userIds: [holder.userId] }).textBody,
      )
    }
    await linkNamed(page, mypT('myp.login.forgotId')).click()
    await askForId()
    // The mail has not come, say: 「IDの再通知」 again from the completion. Back would now be the
    // first completion, not login: cancelled.
    await linkNamed(page, mypT('screen.idReNotification.title')).click()
    await askForId()
    await expectBackCancelled(page, 'idReNotificationComplete')
    await linkNamed(page, mypT('myp.toLogin')).click()
    await expectMyPageScreen(page, 'login')
  })
})

test('マイページのログイン（SPEC §8.4）: パスワードが違うと APFL0011 を伝え、IDと同意はそのままパスワードだけ消し、認証コードは送らないこと。正しいパスワードで先へ進めること', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const holder = await appliedPolicyHolder(request, {
    nameKana: 'アオバ　ニコ',
    nameKanji: '青葉　二子',
    birthDate: '19900214',
    sex: '2',
  })
  const mail = new Inbox(request, holder.mailAddress)
  await openLogin(page)
  await submitSignIn(page, holder.userId, `${holder.password}x`)
  await expectMyPageMessage(page, 'APFL0011')
  await expect(page).toHaveURL(myPageUrl('login'))
  await expect(userIdBox(page)).toHaveValue(holder.userId)
  await expect(passwordBox(page)).toHaveValue('')
  for (const box of consentBoxes(page)) await expect(box).toBeChecked()
  await expectAccessible(page)
  const loginCodeMails = (await outboxMessages(request, holder.mailAddress)).filter(
    (message) => message.template === templates.loginCode,
  )
  expect(loginCodeMails).toHaveLength(0)

  await passwordBox(page).fill(holder.password)
  await buttonNamed(page, mypT('myp.login.submit')).click()
  await finishWithMailCode(page, mail)
  await expectHome(page, holder, { mailAddress: holder.mailAddress })
})

test(
  '認証コードの入力（SPEC §8.4）: 違う認証コードでは APFL0013 を伝えてその画面に留まり、届いた認証コードでホームへ進めること',
  { tag: SMOKE_TAG },
  async ({ page, request }) => {
    test.setTimeout(90_000)
    const holder = await appliedPolicyHolder(request, {
      nameKana: 'アオバ　サブロウ',
      nameKanji: '青葉　三郎',
      birthDate: '19751120',
      sex: '1',
    })
    const mail = new Inbox(request, holder.mailAddress)
    await openLogin(page)
    await submitSignIn(page, holder.userId, holder.password)
    await expectMyPageScreen(page, 'loginCode')
    const code = codeIn(await mail.next(templates.loginCode))
    await codeBox(page).fill(wrongCode(code))
    await buttonNamed(page, mypT('myp.loginCode.submit')).click()
    await expectMyPageMessage(page, 'APFL0013')
    await expect(page).toHaveURL(myPageUrl('loginCode'))
    await expectAccessible(page)

    await codeBox(page).fill(code)
    await buttonNamed(page, mypT('myp.loginCode.submit')).click()
    await expectHome(page, holder, { mailAddress: holder.mailAddress })
  },
)

test('キーボードだけ（Tab・Space・Enter と文字の入力）で、ログインから認証コードを経てホームまで進めること', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const holder = await appliedPolicyHolder(request, {
    nameKana: 'アオバ　シオリ',
    nameKanji: '青葉　栞',
    birthDate: '19950707',
    sex: '2',
  })
  const mail = new Inbox(request, holder.mailAddress)
  await openLogin(page)

  await tabUntil(page, userIdBox(page))
  await page.keyboard.type(holder.userId)
  await tabUntil(page, passwordBox(page))
  await page.keyboard.type(holder.password)
  for (const box of consentBoxes(page)) {
    await tabUntil(page, box)
    await page.keyboard.press('Space')
    await expect(box).toBeChecked()
  }
  await tabUntil(page, buttonNamed(page, mypT('myp.login.submit')))
  await page.keyboard.press('Enter')

  await expectMyPageScreen(page, 'loginCode')
  await tabUntil(page, codeBox(page))
  await page.keyboard.type(codeIn(await mail.next(templates.loginCode)))
  await page.keyboard.press('Enter')
  await expectHome(page, holder, { mailAddress: holder.mailAddress })
})
