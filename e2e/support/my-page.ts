// My-page (issue #8, SPEC §2.2, §2.5, §2.7, §3.6, §8.4; ADR 0015) as a policy holder meets it, for
// tests/my-page.spec.ts: where each screen is, the texts it shows (from the my-page catalogues,
// packages/shared/src/messages/my-page*.ja.ts and the shell's titles, never copied), the sign-in's
// two steps, the codes read from the outbox (mail by address, SMS by phone number), and the
// certificate's text as a PDF reader extracts it. The policy holders themselves come from
// support/policy-holders.ts.
import { formatJapaneseDate, formatYen } from '@app/shared/format/display'
import { errorMessages } from '@app/shared/messages/errors.ja'
import { translator } from '@app/shared/messages/format'
import { totalPremiumLabel } from '@app/shared/messages/premium-text'
import { myPageScreenMessages } from '@app/shared/messages/my-page-screens.ja'
import { premiumPaymentsMessages } from '@app/shared/messages/premium-payments.ja'
import { myPageMessages } from '@app/shared/messages/my-page.ja'
import { shellMessages } from '@app/shared/messages/shell.ja'
import type { Locator, Page } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import {
  codeMail,
  idReNotificationMail,
  mailChangedNotice,
  smsCodeMessage,
  type MyPageMailContext,
} from '../../apps/server/src/modules/mail/my-page-templates.ts'
import { maskMailAddress } from '../../apps/server/src/modules/my-page/auth/masking.ts'
import { maskPhoneNumber } from '../../apps/server/src/modules/telephone/phone-number.ts'
import { UNREACHABLE_SUFFIX } from '../../apps/server/src/modules/telephone/telephone-provider.ts'
import { escapeRegExp, labelled, pageHeading } from './application.ts'
import { groupDocument, groupLink } from './fixtures.ts'
import { COLLECTION_GROUP } from './members.ts'
import type { Inbox, OutboxMessage } from './outbox.ts'
import { rowValue, screenshotIfAsked } from './payment.ts'
import type { PolicyHolder } from './policy-holders.ts'
import { E2E_NOW } from './server.ts'
import { expect, expectAccessible } from './test.ts'

export { maskMailAddress, maskPhoneNumber }

/** Where a code goes: the inbox of a mail address, or of a phone number for SMS. */
type Mailbox = Pick<Inbox, 'recipient' | 'next'>

/** t() over the my-page screens' texts, as the screens build it (my-page-messages.ts). */
export const mypT = translator({
  ...errorMessages,
  ...shellMessages,
  ...myPageMessages,
  ...myPageScreenMessages,
  ...premiumPaymentsMessages,
})

/** The 17 screens of SPEC §2.2. */
export type MyPageScreen =
  | 'checkContractInfo'
  | 'home'
  | 'idReNotification'
  | 'idReNotificationComplete'
  | 'login'
  | 'loginCode'
  | 'logout'
  | 'mailChange'
  | 'mailChangeCode'
  | 'mailChangeComplete'
  | 'passwordReset'
  | 'passwordResetCode'
  | 'passwordResetComplete'
  | 'phoneNumberRegistrationComplete'
  | 'startRegisterTelephoneAuth'
  | 'telephoneAuthSelect'
  | 'verifyTelephoneAuth'

/** The policy holders' group (K400004) and its link: /myp/{groupPfCode}/{urlKey}/ (SPEC §2.2). */
const link = groupLink(COLLECTION_GROUP.groupPfCode)
const branch = groupDocument(COLLECTION_GROUP.groupPfCode).groupPfInfoBranchNoArray[0]
export const myPageGroupName = link.name

export function myPagePath(screen: MyPageScreen): string {
  return `/app/myp/${link.groupPfCode}/${link.urlKey}/${screen}`
}

/** The screen's URL as a whole-path match (a query such as checkContractInfo's may follow). */
export function myPageUrl(screen: MyPageScreen): RegExp {
  return new RegExp(`${escapeRegExp(myPagePath(screen))}(\\?[^#]*)?$`)
}

/**
 * On the screen: its URL, its title (h1, the shell's screen.{name}.title), the group line, then
 * axe on the page as it is (and a picture with E2E_SCREENSHOTS=1).
 */
export async function expectMyPageScreen(page: Page, screen: MyPageScreen): Promise<void> {
  await expect(page).toHaveURL(myPageUrl(screen))
  await expect(pageHeading(page, mypT(`screen.${screen}.title`))).toBeVisible()
  await expectShown(page, mypT('screen.groupName', { groupName: myPageGroupName }))
  await expectAccessible(page)
  await screenshotIfAsked(page, `myp-${screen}`)
}

/** An in-flow message of a my-page code (SPEC §8.4): an alert that takes focus. */
export async function expectMyPageMessage(
  page: Page,
  errorCode: 'APFL0011' | 'APFL0013',
): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: mypT(`error.${errorCode}`) })
  await expect(alert).toBeVisible()
  await expect(alert).toBeFocused()
}

/** The text, exactly, is on the screen. */
export async function expectShown(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true })).toBeVisible()
}

/** Types into the box whose label is `label` (maybe followed by 「※必須」). */
export async function fillLabelled(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(labelled(label)).fill(value)
}

/** The link of that exact name. */
export function linkNamed(page: Page | Locator, name: string): Locator {
  return page.getByRole('link', { name, exact: true })
}

/** The button of that exact name. */
export function buttonNamed(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true })
}

// ---------------------------------------------------------------------------------------------
// Signing in (login → loginCode, or telephoneAuthSelect → verifyTelephoneAuth)

/** SPEC §8.4 "My-page login": the four policies, each its own box. */
const consentNames = ['termsOfUse', 'systemTerms', 'privacyPolicy', 'securityPolicy'] as const

export function userIdBox(page: Page): Locator {
  return page.getByLabel(labelled(mypT('myp.userId')))
}

export function passwordBox(page: Page): Locator {
  return page.getByLabel(labelled(mypT('myp.password')))
}

/** 「利用規約に同意する」… (exact: 「システム利用規約に同意する」 contains the first). */
export function consentBoxes(page: Page): Locator[] {
  return consentNames.map((name) =>
    page.getByRole('checkbox', { name: mypT(`myp.login.consent.${name}.label`), exact: true }),
  )
}

export function codeBox(page: Page): Locator {
  return page.getByLabel(labelled(mypT('myp.code')))
}

/** The code of the new `template` message in `inbox`, typed into the code box. */
export async function typeCodeFrom(page: Page, inbox: Mailbox, template: string): Promise<void> {
  await codeBox(page).fill(codeIn(await inbox.next(template)))
}

/** On login: the ID, the password, the four consents, 「ログインする」. */
export async function submitSignIn(page: Page, userId: string, password: string): Promise<void> {
  await userIdBox(page).fill(userId)
  await passwordBox(page).fill(password)
  for (const box of consentBoxes(page)) await box.check()
  await buttonNamed(page, mypT('myp.login.submit')).click()
}

/** Opens login (a typed address: the screen has no direct-access block, SPEC §2.5). */
export async function openLogin(page: Page): Promise<void> {
  await page.goto(myPagePath('login'))
  await expectMyPageScreen(page, 'login')
}

/**
 * From login to home with the mailed code (a holder without a registered phone): ID, password and
 * consents, then finishWithMailCode.
 */
export async function signInWithMailCode(
  page: Page,
  holder: PolicyHolder,
  mailbox: Mailbox,
): Promise<void> {
  await submitSignIn(page, holder.userId, holder.password)
  await finishWithMailCode(page, mailbox)
}

/**
 * loginCode: it tells where the code went (the registered address, masked); the code from the
 * mail typed, 「認証してログインする」.
 */
export async function finishWithMailCode(page: Page, mailbox: Mailbox): Promise<void> {
  await expectMyPageScreen(page, 'loginCode')
  await expectShown(
    page,
    mypT('myp.code.sentTo.mail', { destination: maskMailAddress(mailbox.recipient) }),
  )
  await typeCodeFrom(page, mailbox, templates.loginCode)
  await buttonNamed(page, mypT('myp.loginCode.submit')).click()
}

/**
 * From login to home with a registered phone (authTypeForLogin "telephone"): ID, password and
 * consents; telephoneAuthSelect (flowType telephoneLogin) names the masked number, SMS is chosen;
 * verifyTelephoneAuth says where it went; the SMS's code; home.
 */
export async function signInWithSmsCode(
  page: Page,
  holder: PolicyHolder,
  phone: Mailbox,
  options: { password?: string } = {},
): Promise<void> {
  await submitSignIn(page, holder.userId, options.password ?? holder.password)
  await chooseSms(page, 'telephoneLogin', phone.recipient)
  await typeCodeFrom(page, phone, templates.sms)
  await buttonNamed(page, mypT('myp.verifyTelephoneAuth.submit.telephoneLogin')).click()
}

/**
 * telephoneAuthSelect: the lead names the masked number; SMS chosen, 「認証コードを送信する」;
 * then verifyTelephoneAuth tells that the code went by SMS to that number.
 */
export async function chooseSms(
  page: Page,
  flowType: 'telephoneLogin' | 'telephoneRegister',
  phoneNumber: string,
): Promise<void> {
  const masked = maskPhoneNumber(phoneNumber)
  await expectMyPageScreen(page, 'telephoneAuthSelect')
  await expectShown(page, mypT(`myp.telephoneAuthSelect.lead.${flowType}`, { phoneNumber: masked }))
  await page
    .getByRole('radiogroup', { name: labelled(mypT('myp.telephoneAuthSelect.channel')) })
    .getByRole('radio', { name: mypT('myp.telephoneAuthSelect.channel.sms') })
    .check()
  await buttonNamed(page, mypT('myp.telephoneAuthSelect.submit')).click()
  await expectMyPageScreen(page, 'verifyTelephoneAuth')
  await expectShown(page, mypT('myp.code.sentTo.sms', { destination: masked }))
}

// ---------------------------------------------------------------------------------------------
// home

export interface AccountShown {
  mailAddress: string
  /** the registered phone (unmasked here; home shows it masked), or none */
  phoneNumber?: string
}

/**
 * home (SPEC §2.2, §4): the greeting with the holder's name, the my-page ID, the one contract
 * (加入者番号, 330 in words, the premium, 団体扱, the application date) and the account (the mail
 * address, telephone authentication registered or not); then axe.
 */
export async function expectHome(
  page: Page,
  holder: PolicyHolder,
  account: AccountShown,
): Promise<void> {
  await expectMyPageScreen(page, 'home')
  await expectShown(page, mypT('myp.home.greeting', { name: holder.person.nameKanji }))
  await expectShown(page, mypT('myp.home.userId', { userId: holder.userId }))
  const contracts = page.getByRole('region', { name: mypT('myp.home.contracts.heading') })
  const contract = contracts.getByRole('article')
  await expect(contract).toHaveCount(1)
  await expectContractSummary(contract, holder)
  const accountSection = page.getByRole('region', { name: mypT('myp.home.account.heading') })
  await expect(rowValue(accountSection, mypT('myp.home.account.mailAddress'))).toContainText(
    account.mailAddress,
  )
  await expect(rowValue(accountSection, mypT('myp.home.account.telephone'))).toContainText(
    account.phoneNumber === undefined
      ? mypT('myp.home.account.telephone.none')
      : mypT('myp.home.account.telephone.registered', {
          phoneNumber: maskPhoneNumber(account.phoneNumber),
        }),
  )
}

/** The contract's summary rows, on home and at the top of checkContractInfo. */
export async function expectContractSummary(scope: Locator, holder: PolicyHolder): Promise<void> {
  await expect(rowValue(scope, mypT('myp.home.contract.groupPfName'))).toHaveText(myPageGroupName)
  await expect(rowValue(scope, mypT('myp.home.contract.policyHolderNo'))).toHaveText(
    holder.policyHolderNo,
  )
  await expect(rowValue(scope, mypT('myp.home.contract.status'))).toHaveText(
    mypT('myp.home.status.330'),
  )
  await expect(rowValue(scope, totalPremiumLabel(COLLECTION_GROUP.pymntCount))).toHaveText(
    formatYen(holder.totalPremium),
  )
  await expect(rowValue(scope, mypT('myp.home.contract.pymntMethod'))).toHaveText(
    mypT('myp.home.pymntMethod.4'),
  )
  await expect(rowValue(scope, mypT('myp.home.contract.applicationDate'))).toHaveText(
    formatJapaneseDate(holder.applicationDate),
  )
}

/** home → 「ログアウト」 → logout (the session ends) → 「ログイン画面へ」 → login. */
export async function signOut(page: Page): Promise<void> {
  await linkNamed(page, mypT('myp.home.logout')).click()
  await expectMyPageScreen(page, 'logout')
  await expectShown(page, mypT('myp.logout.done'))
  await linkNamed(page, mypT('myp.toLogin')).click()
  await expectMyPageScreen(page, 'login')
}

// ---------------------------------------------------------------------------------------------
// Mail and SMS (apps/server/src/modules/mail/my-page-templates.ts)

/** What every my-page mail of the group names: the group and the branch's agency contact. */
export const mailContext: MyPageMailContext = {
  groupName: COLLECTION_GROUP.groupNameKanji,
  agencyContact: branch?.refFreeField ?? '',
}

const CODE_MARK = 'CODE'
const sampleCode = { ...mailContext, code: CODE_MARK, codeExpiresAt: new Date(E2E_NOW) }

/** The outbox's template names of the my-page's messages, as the server's templates name them. */
export const templates = {
  loginCode: codeMail('login', sampleCode).template,
  mailChangeCode: codeMail('mailChange', sampleCode).template,
  passwordResetCode: codeMail('passwordReset', sampleCode).template,
  mailChanged: mailChangedNotice({
    ...mailContext,
    maskedNewMailAddress: '',
    changedAt: new Date(E2E_NOW),
  }).template,
  idReNotification: idReNotificationMail({ ...mailContext, userIds: [] }).template,
  sms: smsCodeMessage({ groupName: mailContext.groupName, code: CODE_MARK }).template,
} as const

/** The line of a template that holds the code, with the code's place as a 6-digit group. */
function codeLine(text: string): RegExp {
  const line = text.split('\n').find((candidate) => candidate.includes(CODE_MARK)) ?? ''
  const [before = '', after = ''] = line.split(CODE_MARK)
  return new RegExp(`^${escapeRegExp(before)}(\\d{6})${escapeRegExp(after)}$`, 'm')
}

const codePatterns = [
  codeLine(codeMail('login', sampleCode).textBody),
  codeLine(smsCodeMessage({ groupName: mailContext.groupName, code: CODE_MARK }).textBody),
]

/** The 6-digit one-time code of a code mail or an SMS. */
export function codeIn(message: OutboxMessage): string {
  for (const pattern of codePatterns) {
    const code = pattern.exec(message.textBody)?.[1]
    if (code !== undefined) return code
  }
  throw new Error(`no one-time code in the ${message.template} message:\n${message.textBody}`)
}

/** A code of the same length that is not `code` (each digit moved on by one). */
export function wrongCode(code: string): string {
  return Array.from(code, (digit) => String((Number(digit) + 1) % 10)).join('')
}

/** A mobile number (SMS) of this test's own, never one of the provider's unreachable test numbers. */
export function uniqueMobileNumber(): string {
  for (;;) {
    const digits = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')
    if (!digits.endsWith(UNREACHABLE_SUFFIX)) return `090${digits}`
  }
}

// ---------------------------------------------------------------------------------------------
// The certificate (加入者証, a PDF)

/**
 * The text of a PDF as a reader extracts it (PDF.js, through unpdf: its own parser, not the
 * server's), whitespace runs (U+3000 included) made one space.
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(document, { mergePages: true })
  return oneSpaced(text)
}

/** Whitespace runs (U+3000 included) made one space, as pdfText gives the text. */
export function oneSpaced(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
