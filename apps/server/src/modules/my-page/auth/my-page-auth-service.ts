import {
  AppError,
  documentVersions,
  errorCodes,
  policyDocumentIds,
  t,
  type Issue,
} from '@app/shared'
import type * as MyPage from '@app/shared/api/my-page/endpoints'
import type { Clock } from '../../../clock.ts'
import type { Database } from '../../../db/client.ts'
import type { SessionManager, SignedIn } from '../../access/session.ts'
import {
  changeMailAddress,
  findSignInAccountById,
  findSignInAccountByUserId,
  findSignInAccountByUserIdAndMail,
  listAccountsByMail,
  registerPhone,
  setPasswordHash,
  type SignInAccount,
  type StoredConsent,
} from '../../access/account-records.ts'
import type { GroupService } from '../../group/group-service.ts'
import type { GroupLink } from '../../group/group-records.ts'
import type { DeliveryOutcome } from '../../mail/delivery.ts'
import {
  codeMail,
  idReNotificationMail,
  mailChangedNotice,
  passwordChangedNotice,
  phoneRegisteredNotice,
  readDigits,
  smsCodeMessage,
  voiceCodeMessage,
  type CodePurpose,
  type MyPageMailContext,
} from '../../mail/my-page-templates.ts'
import { enqueueMail } from '../../mail/outbox.ts'
import { afterWrongTry, clearFailures, reserveTry, type LockState } from '../../security/lockout.ts'
import { hashPassword, verifyPassword } from '../../security/password.ts'
import { hitRateLimit } from '../../security/rate-limit.ts'
import { subjectHash, type ServerKeys } from '../../security/secrets.ts'
import { myPageSignInSubject } from './sign-in-subject.ts'
import { canReceiveSms, maskPhoneNumber } from '../../telephone/phone-number.ts'
import { enqueueTelephoneMessage } from '../../telephone/telephone-outbox.ts'
import type { TelephoneChannel } from '../../telephone/telephone-provider.ts'
import type { MyPageAccess, MyPageLinkTarget } from '../my-page-access.ts'
import {
  AttemptStore,
  attemptView,
  codeSentView,
  type AttemptOwner,
  type AttemptPurpose,
  type AuthAttempt,
  type CodeChannel,
} from './attempts.ts'
import { maskMailAddress } from './masking.ts'

// My-page sign-in and credentials (issue #8, SPEC §2.2, §6, §8.4; PRODUCT.md "People and how they
// sign in"; ADR 0015). Sign-in is ID + password (+ the four consents), then a 6-digit code by
// mail, SMS or voice. Nothing here tells whether an ID or an address exists: a wrong password
// and an unknown ID get the same answer after the same work, and the reset and the ID reminder
// answer alike whatever was typed. Nothing is logged of codes, tokens, passwords, addresses or
// numbers: AppError messages name only what happened.

const CLIENT_WINDOW_SECONDS = 600
const HOUR_SECONDS = 3600
/** PUT /password/: more than 5 tries in 10 minutes is SPEC §8.4 "button pressed many times". */
const PASSWORD_CHANGE_LIMIT = { windowSeconds: CLIENT_WINDOW_SECONDS, max: 5 }
/** Codes to new addresses per account: nobody's mailbox is flooded from a stolen session. */
const MAIL_CHANGE_LIMIT = { windowSeconds: HOUR_SECONDS, max: 5 }
/** SMS and calls per account (telephone networks charge per message: no toll fraud). */
const PHONE_CODE_LIMIT = { windowSeconds: HOUR_SECONDS, max: 10 }
/** Reset mails per typed ID, whether it exists or not. */
const RESET_ID_LIMIT = { windowSeconds: HOUR_SECONDS, max: 5 }
/** ID reminders per typed address; past it nothing is sent and the answer stays the same. */
const ID_MAIL_LIMIT = { windowSeconds: HOUR_SECONDS, max: 3 }

interface Limit {
  windowSeconds: number
  max: number
}

export interface MyPageAuthServiceOptions {
  db: Database
  clock: Clock
  keys: ServerKeys
  sessions: SessionManager
  access: MyPageAccess
  groups: GroupService
  /** tries a message at once, after the transaction that wrote it has committed */
  deliver: (messageId: string) => Promise<DeliveryOutcome>
  /** secret checks per client address in 10 minutes (AUTH_RATE_LIMIT_MAX) */
  clientLimit: number
  /** runs work after the answer is sent (app.background): its time must not show */
  later: (task: () => Promise<void>) => void
  /**
   * telephone authentication is offered (config.telephone.offered, issue #19 point 3). When not,
   * a phone cannot be registered (404 APFT0003) and a registered one's sign-in codes go by mail.
   */
  telephoneOffered: boolean
}

/** The signed-in policy holder of a my-page call (MyPageAccess.requireSignedIn). */
export type MyPageSignedIn = SignedIn & MyPageLinkTarget

/** The registered phone, once verified; null otherwise. */
function registeredPhone(account: SignInAccount): string | null {
  return account.phoneVerifiedAt === null ? null : account.phoneNumber
}

const telephoneNotOffered = () =>
  new AppError(errorCodes.telephoneAuthNotOffered, { message: 'telephone auth not offered' })

function lockedError(lock: LockState): AppError {
  return new AppError(errorCodes.myPageLocked, {
    message: 'locked after repeated failures',
    retryAfterSeconds: lock.retryAfterSeconds,
  })
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** A signed-in holder's attempts are theirs, on the link they are signed in through. */
function ownerOf(signedIn: MyPageSignedIn): AttemptOwner {
  const { groupPfCode, urlKey } = signedIn.link
  return { accountId: signedIn.accountId, groupPfCode, urlKey }
}

export class MyPageAuthService {
  readonly #options: MyPageAuthServiceOptions
  readonly #attempts: AttemptStore

  constructor(options: MyPageAuthServiceOptions) {
    this.#options = options
    this.#attempts = new AttemptStore(options.db, options.keys)
  }

  get #db(): Database {
    return this.#options.db
  }

  #now(): Date {
    return this.#options.clock.now()
  }

  // ---- sign-in (login → loginCode / telephoneAuthSelect → verifyTelephoneAuth) ----

  /** POST /start2FA/: ID + password + the four consents → a sign-in attempt (and the mailed code). */
  async start2FA(
    body: MyPage.Start2FABody,
    clientAddress: string,
  ): Promise<MyPage.Start2FAResponse> {
    const now = this.#now()
    const context = await this.#linkContext(body, now)
    const consents = this.#policyConsents(body.consents, now)
    await this.#limitClient('sign-in', clientAddress, now)
    const userId = body.userId.toUpperCase()
    const subject = this.#signInSubject(context.link.groupPfCode, userId)
    const reservation = await reserveTry(this.#db, subject, now)
    const account = await findSignInAccountByUserId(this.#db, {
      userId,
      groupPfCode: context.link.groupPfCode,
    })
    // Always one argon2id verify, known ID or not, locked or not: the same work every time. Its
    // verdict counts only for a reserved try (a lock refuses the rest unlooked at).
    const isRight = await verifyPassword(account?.passwordHash, body.password)
    if (!reservation.reserved) throw lockedError(reservation.lock)
    if (account === undefined || !isRight) {
      return this.#refusePassword(reservation.failures, now, errorCodes.myPageLoginFailed)
    }
    await clearFailures(this.#db, subject)
    // not offered: a registered phone is left aside and the code goes by mail
    const phone = this.#options.telephoneOffered ? registeredPhone(account) : null
    const byTelephone = account.authTypeForLogin === 'telephone' && phone !== null
    const opened = await this.#transaction(async (tx) => {
      const owner = { accountId: account.id, groupPfCode: account.groupPfCode, urlKey: body.urlKey }
      const { attempt, token } = await this.#attempts.open(tx, 'login', owner, now, { consents })
      if (byTelephone) return { attempt, token, sent: undefined }
      const sent = await this.#issueByMail(
        tx,
        attempt,
        'login',
        account.mailAddress,
        context.mail,
        now,
      )
      return { attempt, token, sent }
    })
    const codeSent =
      opened.sent === undefined ? null : await this.#afterSend(opened.attempt, opened.sent)
    return {
      ...attemptView(opened.attempt, opened.token, now),
      authTypeForLogin: byTelephone ? 'telephone' : 'mail',
      maskedPhoneNumber: phone === null ? null : maskPhoneNumber(phone),
      codeSent,
    }
  }

  /** POST /authcodeMail/: the sign-in code (again) by mail, or by SMS or voice to the phone. */
  async sendLoginCode(
    body: MyPage.SendLoginCodeBody,
    clientAddress: string,
  ): Promise<MyPage.CodeSent> {
    const now = this.#now()
    await this.#limitClient('code', clientAddress, now)
    const attempt = await this.#attempts.find(body.attemptToken, 'login')
    this.#attempts.assertOpen(attempt, now)
    if (body.channel !== 'mail' && !this.#options.telephoneOffered) throw telephoneNotOffered()
    const account = await this.#accountOf(attempt)
    const destination = body.channel === 'mail' ? account.mailAddress : registeredPhone(account)
    if (destination === null) {
      throw new AppError(errorCodes.badRequest, { message: 'no phone registered' })
    }
    const { mail: context } = await this.#linkContext(
      { groupPfCode: attempt.groupPfCode, urlKey: attempt.urlKey ?? '' },
      now,
    )
    if (body.channel !== 'mail') {
      return this.#sendByTelephone(attempt, body.channel, destination, context, now)
    }
    const sent = await this.#transaction((tx) =>
      this.#issueByMail(tx, attempt, 'login', destination, context, now),
    )
    return this.#afterSend(attempt, sent)
  }

  /** POST /sessionInfo/: the sign-in code → a my-page session. */
  async verifyLoginCode(
    body: MyPage.VerifyLoginCodeBody,
    clientAddress: string,
  ): Promise<MyPage.VerifyLoginCodeResponse> {
    const now = this.#now()
    await this.#limitClient('code', clientAddress, now)
    const attempt = await this.#attempts.find(body.attemptToken, 'login')
    await this.#attempts.checkCode(attempt, body.code, now)
    const account = await this.#accountOf(attempt)
    return this.#transaction(async (tx) => {
      await this.#attempts.consume(tx, attempt, now)
      const session = await this.#options.sessions.open(account.id, tx, 'myPage')
      return { ...session, userId: account.userId, groupPfCode: account.groupPfCode }
    })
  }

  // ---- mail address change (mailChange → mailChangeCode → mailChangeComplete) ----

  /** POST /mailAddress/: a code to the new address; the relay refusing it is 502 APFM0002. */
  async startMailChange(
    signedIn: MyPageSignedIn,
    body: MyPage.StartMailChangeBody,
  ): Promise<MyPage.Attempt & { codeSent: MyPage.CodeSent }> {
    const now = this.#now()
    const account = await this.#signedInAccount(signedIn)
    if (sameAddress(body.newMailAddress, account.mailAddress)) {
      throw new AppError(errorCodes.validationFailed, {
        message: 'new address equals the current one',
        issues: [{ path: 'newMailAddress', message: t('myPage.mailAddress.same') }],
      })
    }
    await this.#limit(this.#bucket('mail-change', account.id), MAIL_CHANGE_LIMIT, now)
    const context = await this.#mailContext(signedIn.link, now)
    const opened = await this.#transaction(async (tx) => {
      const owner = ownerOf(signedIn)
      const details = { destination: body.newMailAddress }
      const { attempt, token } = await this.#attempts.open(tx, 'mailChange', owner, now, details)
      const sent = await this.#issueByMail(
        tx,
        attempt,
        'mailChange',
        body.newMailAddress,
        context,
        now,
      )
      return { attempt, token, sent }
    })
    const codeSent = await this.#afterSend(opened.attempt, opened.sent)
    return { ...attemptView(opened.attempt, opened.token, now), codeSent }
  }

  /** PUT /mailAddress/: the code → the new address; the old one is told (ADR 0015). */
  async finishMailChange(
    signedIn: MyPageSignedIn,
    body: MyPage.FinishMailChangeBody,
  ): Promise<{ mailAddress: string }> {
    const now = this.#now()
    const attempt = await this.#ownAttempt(signedIn, body.attemptToken, 'mailChange')
    await this.#attempts.checkCode(attempt, body.code, now)
    const account = await this.#signedInAccount(signedIn)
    const newAddress = attempt.destination ?? ''
    const context = await this.#mailContext(signedIn.link, now)
    await this.#transaction(async (tx) => {
      await this.#attempts.consume(tx, attempt, now)
      await changeMailAddress(tx, account.id, newAddress, now)
      const notice = mailChangedNotice({
        ...context,
        maskedNewMailAddress: maskMailAddress(newAddress),
        changedAt: now,
      })
      await enqueueMail(tx, { ...notice, recipient: account.mailAddress }, now)
    })
    return { mailAddress: newAddress }
  }

  // ---- password change (home) and reset (passwordReset → passwordResetCode) ----

  /**
   * PUT /password/: the current password (a wrong one counts toward the sign-in lock), then the
   * new one. More than 5 tries in 10 minutes: 429 APFL0019. Other sessions of the account end.
   */
  async changePassword(
    signedIn: MyPageSignedIn,
    body: MyPage.ChangePasswordBody,
  ): Promise<Record<string, never>> {
    const now = this.#now()
    const tries = this.#bucket('password-change', signedIn.accountId)
    await this.#limit(tries, PASSWORD_CHANGE_LIMIT, now, errorCodes.passwordChangeTooMany)
    const account = await this.#signedInAccount(signedIn)
    const subject = this.#signInSubject(account.groupPfCode, account.userId)
    const reservation = await reserveTry(this.#db, subject, now)
    const isRight = await verifyPassword(account.passwordHash, body.currentPassword)
    if (!reservation.reserved) throw lockedError(reservation.lock)
    if (!isRight) {
      return this.#refusePassword(reservation.failures, now, errorCodes.currentPasswordWrong)
    }
    // The right password releases the reservation whatever follows.
    await clearFailures(this.#db, subject)
    if (body.newPassword === body.currentPassword) {
      throw new AppError(errorCodes.passwordSameAsCurrent, { message: 'new equals current' })
    }
    const passwordHash = await hashPassword(body.newPassword)
    const context = await this.#mailContext(signedIn.link, now)
    await this.#transaction(async (tx) => {
      await this.#setPassword(tx, account, passwordHash, signedIn.sessionId, now)
      const notice = passwordChangedNotice('change', { ...context, changedAt: now })
      await enqueueMail(tx, { ...notice, recipient: account.mailAddress }, now)
    })
    return {}
  }

  /**
   * POST /passwordReset/: always an attempt and the same answer; the code is mailed only when the
   * ID and the address match an account of the link's group. Whether they match is looked up
   * after the answer is sent (issue #17 point 8), so every answer takes the same work and time.
   */
  async startPasswordReset(
    body: MyPage.StartPasswordResetBody,
    clientAddress: string,
  ): Promise<MyPage.Attempt & { codeSent: MyPage.CodeSent }> {
    const now = this.#now()
    const context = await this.#linkContext(body, now)
    await this.#limitClient('reset', clientAddress, now)
    const userId = body.userId.toUpperCase()
    const typedId = this.#bucket('reset-id', `${context.link.groupPfCode}|${userId}`)
    await this.#limit(typedId, RESET_ID_LIMIT, now)
    const opened = await this.#transaction(async (tx) => {
      const { groupPfCode, urlKey } = context.link
      const owner = { accountId: null, groupPfCode, urlKey }
      const { attempt, token } = await this.#attempts.open(tx, 'passwordReset', owner, now)
      const { code, codeExpiresAt } = await this.#attempts.issueCode(tx, attempt, 'mail', now)
      return { attempt, token, code, codeExpiresAt }
    })
    this.#options.later(async () => {
      const account = await findSignInAccountByUserIdAndMail(this.#db, {
        userId,
        groupPfCode: context.link.groupPfCode,
        lowerMailAddress: body.mailAddress.toLowerCase(),
      })
      if (account === undefined) return
      const { code, codeExpiresAt } = opened
      const mail = codeMail('passwordReset', { ...context.mail, code, codeExpiresAt })
      const secrets = { values: [code], expiresAt: codeExpiresAt }
      await this.#transaction(async (tx) => {
        await this.#attempts.assignAccount(tx, opened.attempt, account.id, now)
        await enqueueMail(tx, { ...mail, recipient: account.mailAddress, secrets }, now)
      })
    })
    return {
      ...attemptView(opened.attempt, opened.token, now),
      codeSent: codeSentView('mail', maskMailAddress(body.mailAddress), opened.codeExpiresAt, now),
    }
  }

  /** PUT /passwordReset/: the code + a new password; every session ends, the sign-in lock lifts. */
  async finishPasswordReset(
    body: MyPage.FinishPasswordResetBody,
    clientAddress: string,
  ): Promise<Record<string, never>> {
    const now = this.#now()
    const context = await this.#linkContext(body, now)
    await this.#limitClient('reset', clientAddress, now)
    const attempt = await this.#attempts.find(body.attemptToken, 'passwordReset')
    if (attempt.groupPfCode !== context.link.groupPfCode) {
      throw new AppError(errorCodes.attemptNotFound, { message: 'attempt of another group' })
    }
    // An attempt that matched nothing holds a code nobody received: every code is wrong.
    await this.#attempts.checkCode(attempt, body.code, now)
    const account = await this.#accountOf(attempt)
    const passwordHash = await hashPassword(body.newPassword)
    await this.#transaction(async (tx) => {
      await this.#attempts.consume(tx, attempt, now)
      await this.#setPassword(tx, account, passwordHash, null, now)
      const notice = passwordChangedNotice('reset', { ...context.mail, changedAt: now })
      await enqueueMail(tx, { ...notice, recipient: account.mailAddress }, now)
    })
    await clearFailures(this.#db, this.#signInSubject(account.groupPfCode, account.userId))
    return {}
  }

  /** POST /idReNotificationMail/: always the same 202; the ID goes only to a registered address. */
  async idReNotification(
    body: MyPage.IdReNotificationBody,
    clientAddress: string,
  ): Promise<{ maskedDestination: string }> {
    const now = this.#now()
    const context = await this.#linkContext(body, now)
    await this.#limitClient('id-mail', clientAddress, now)
    const typed = body.mailAddress.toLowerCase()
    // Past the per-address limit nothing more is sent, and the answer stays the same.
    const addressBucket = this.#bucket('id-mail', `${context.link.groupPfCode}|${typed}`)
    const perAddress = await hitRateLimit(this.#db, addressBucket, { now, ...ID_MAIL_LIMIT })
    // Whether the address is registered is looked up after the answer (issue #17 point 8).
    if (perAddress.allowed) {
      this.#options.later(async () => {
        const registered = await listAccountsByMail(this.#db, context.link.groupPfCode, typed)
        const first = registered[0]
        if (first === undefined) return
        const userIds = registered.map((row) => row.userId)
        const mail = idReNotificationMail({ ...context.mail, userIds })
        await enqueueMail(this.#db, { ...mail, recipient: first.mailAddress }, now)
      })
    }
    return { maskedDestination: maskMailAddress(body.mailAddress) }
  }

  // ---- telephone authentication (startRegisterTelephoneAuth → telephoneAuthSelect → verify) ----
  // Each step answers 404 APFT0003 where telephone authentication is not offered.

  /** POST /tmpPhoneNumber/: the number to register; SMS only for a mobile number. */
  async startPhoneRegistration(
    signedIn: MyPageSignedIn,
    body: MyPage.StartPhoneRegistrationBody,
  ): Promise<MyPage.Attempt & { maskedPhoneNumber: string; smsAvailable: boolean }> {
    if (!this.#options.telephoneOffered) throw telephoneNotOffered()
    const now = this.#now()
    const { attempt, token } = await this.#transaction((tx) =>
      this.#attempts.open(tx, 'phoneRegister', ownerOf(signedIn), now, {
        destination: body.phoneNumber,
      }),
    )
    return {
      ...attemptView(attempt, token, now),
      maskedPhoneNumber: maskPhoneNumber(body.phoneNumber),
      smsAvailable: canReceiveSms(body.phoneNumber),
    }
  }

  /** POST /tmpPhoneNumber/code/: the registration code by SMS or voice. */
  async sendPhoneCode(
    signedIn: MyPageSignedIn,
    body: MyPage.SendPhoneCodeBody,
  ): Promise<MyPage.CodeSent> {
    if (!this.#options.telephoneOffered) throw telephoneNotOffered()
    const now = this.#now()
    const attempt = await this.#ownAttempt(signedIn, body.attemptToken, 'phoneRegister')
    this.#attempts.assertOpen(attempt, now)
    const context = await this.#mailContext(signedIn.link, now)
    return this.#sendByTelephone(attempt, body.channel, attempt.destination ?? '', context, now)
  }

  /** PUT /tmpPhoneNumber/: the code → the phone is registered and becomes the sign-in's step. */
  async finishPhoneRegistration(
    signedIn: MyPageSignedIn,
    body: MyPage.FinishPhoneRegistrationBody,
  ): Promise<{ maskedPhoneNumber: string; authTypeForLogin: 'telephone' }> {
    if (!this.#options.telephoneOffered) throw telephoneNotOffered()
    const now = this.#now()
    const attempt = await this.#ownAttempt(signedIn, body.attemptToken, 'phoneRegister')
    await this.#attempts.checkCode(attempt, body.code, now)
    const account = await this.#signedInAccount(signedIn)
    const phoneNumber = attempt.destination ?? ''
    const maskedPhoneNumber = maskPhoneNumber(phoneNumber)
    const context = await this.#mailContext(signedIn.link, now)
    await this.#transaction(async (tx) => {
      await this.#attempts.consume(tx, attempt, now)
      await registerPhone(tx, account.id, phoneNumber, now)
      const notice = phoneRegisteredNotice({ ...context, maskedPhoneNumber, registeredAt: now })
      await enqueueMail(tx, { ...notice, recipient: account.mailAddress }, now)
    })
    return { maskedPhoneNumber, authTypeForLogin: 'telephone' }
  }

  // ---- the parts every flow shares ----

  async #transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.#db.transaction((txn) => work(txn as unknown as Database))
  }

  /** The link's product, group name and agency contact; 400 APFF0001 / 404 APFA1003. */
  async #linkContext(
    link: MyPage.MyPageLink,
    now: Date,
  ): Promise<{ link: GroupLink; mail: MyPageMailContext }> {
    const target = await this.#options.access.resolveLink({
      groupPfCode: link.groupPfCode,
      urlKey: link.urlKey,
    })
    return { link: target.link, mail: await this.#mailContext(target.link, now) }
  }

  async #mailContext(link: GroupLink, now: Date): Promise<MyPageMailContext> {
    const linked = await this.#options.groups.linkedGroup(link, now)
    return {
      groupName: linked.groupPfInfo.groupNameKanji,
      agencyContact: linked.branch.refFreeField,
    }
  }

  /**
   * SPEC §8.4 "My-page login": all four policies, each in its current version; kept with the
   * sign-in attempt, with the server's time.
   */
  #policyConsents(
    consents: readonly { documentId: string; version: string }[],
    now: Date,
  ): StoredConsent[] {
    const agreed = policyDocumentIds.map((documentId) =>
      consents.find(
        (consent) =>
          consent.documentId === documentId && consent.version === documentVersions[documentId],
      ),
    )
    if (agreed.some((consent) => consent === undefined)) {
      const issues: Issue[] = [{ path: 'consents', message: t('myPage.consents.required') }]
      throw new AppError(errorCodes.validationFailed, { message: 'consents missing', issues })
    }
    return policyDocumentIds.map((documentId) => ({
      documentId,
      version: documentVersions[documentId],
      agreedAt: now.toISOString(),
    }))
  }

  /** Whose sign-in tries are counted: a keyed hash of the group and the ID, known or not. */
  #signInSubject(groupPfCode: string, userId: string): string {
    return myPageSignInSubject(this.#options.keys, groupPfCode, userId)
  }

  /** A wrong reserved try (counted in advance): the 5th in a row on is 423 APFL0012. */
  #refusePassword(failures: number, now: Date, wrongCode: string): never {
    const after = afterWrongTry(failures, now)
    if (after.locked) throw lockedError(after)
    throw new AppError(wrongCode, { message: `wrong password (${after.failures} in a row)` })
  }

  /** The new password: stored, the account's other sessions and open attempts end. */
  async #setPassword(
    tx: Database,
    account: SignInAccount,
    passwordHash: string,
    keepSessionId: string | null,
    now: Date,
  ): Promise<void> {
    await setPasswordHash(tx, account.id, passwordHash, now)
    await this.#options.sessions.endOthers(account.id, keepSessionId ?? undefined, tx)
    await this.#attempts.voidOpen(tx, account.id, now)
  }

  /** The account of an attempt; an attempt without one (a reset that matched nothing) is 404. */
  async #accountOf(attempt: AuthAttempt): Promise<SignInAccount> {
    const account =
      attempt.accountId === null
        ? undefined
        : await findSignInAccountById(this.#db, attempt.accountId)
    if (account === undefined) {
      throw new AppError(errorCodes.attemptNotFound, { message: 'attempt without account' })
    }
    return account
  }

  async #signedInAccount(signedIn: MyPageSignedIn): Promise<SignInAccount> {
    const account = await findSignInAccountById(this.#db, signedIn.accountId)
    if (account === undefined) throw new AppError(errorCodes.session, { message: 'no account' })
    return account
  }

  /** A signed-in call's attempt: this holder's, on this link's group, or 404 APFL0016. */
  async #ownAttempt(
    signedIn: MyPageSignedIn,
    token: string,
    purpose: AttemptPurpose,
  ): Promise<AuthAttempt> {
    const attempt = await this.#attempts.find(token, purpose)
    if (
      attempt.accountId !== signedIn.accountId ||
      attempt.groupPfCode !== signedIn.link.groupPfCode
    ) {
      throw new AppError(errorCodes.attemptNotFound, { message: 'attempt of another account' })
    }
    return attempt
  }

  /** A code by mail: issued and written to the outbox in the caller's transaction. */
  async #issueByMail(
    tx: Database,
    attempt: AuthAttempt,
    purpose: CodePurpose,
    recipient: string,
    context: MyPageMailContext,
    now: Date,
  ): Promise<PendingCode> {
    const { code, codeExpiresAt } = await this.#attempts.issueCode(tx, attempt, 'mail', now)
    const mail = codeMail(purpose, { ...context, code, codeExpiresAt })
    const secrets = { values: [code], expiresAt: codeExpiresAt }
    const messageId = await enqueueMail(tx, { ...mail, recipient, secrets }, now)
    return { channel: 'mail', recipient, codeExpiresAt, messageId, now }
  }

  /**
   * A new code (the last one stops working) by SMS or voice: SMS to a number that cannot take it
   * is 400 APFT0001; at most PHONE_CODE_LIMIT calls and messages per account.
   */
  async #sendByTelephone(
    attempt: AuthAttempt,
    channel: TelephoneChannel,
    destination: string,
    context: MyPageMailContext,
    now: Date,
  ): Promise<MyPage.CodeSent> {
    if (channel === 'sms' && !canReceiveSms(destination)) {
      throw new AppError(errorCodes.smsUnavailable, { message: 'number cannot take SMS' })
    }
    const accountKey = attempt.accountId ?? attempt.id
    await this.#limit(this.#bucket('phone-codes', accountKey), PHONE_CODE_LIMIT, now)
    const sent = await this.#transaction(async (tx): Promise<PendingCode> => {
      const { code, codeExpiresAt } = await this.#attempts.issueCode(tx, attempt, channel, now)
      const text = (channel === 'sms' ? smsCodeMessage : voiceCodeMessage)({
        groupName: context.groupName,
        code,
      })
      // the voice script holds the code as its readings
      const values = channel === 'sms' ? [code] : [readDigits(code)]
      const messageId = await enqueueTelephoneMessage(
        tx,
        { ...text, channel, recipient: destination, secrets: { values, expiresAt: codeExpiresAt } },
        now,
      )
      return { channel, recipient: destination, codeExpiresAt, messageId, now }
    })
    return this.#afterSend(attempt, sent)
  }

  /**
   * After the commit: deliver at once, so that a refusal is told now (the relay refusing the
   * address 502 APFM0002, the number unreachable 502 APFT0002); the refused code is withdrawn.
   */
  async #afterSend(attempt: AuthAttempt, sent: PendingCode): Promise<MyPage.CodeSent> {
    const outcome = await this.#options.deliver(sent.messageId)
    if (outcome === 'refused') {
      await this.#attempts.withdrawCode(attempt.id)
      const code =
        sent.channel === 'mail' ? errorCodes.codeMailFailed : errorCodes.phoneCodeSendingFailed
      throw new AppError(code, { message: `the ${sent.channel} could not be delivered` })
    }
    const masked =
      sent.channel === 'mail' ? maskMailAddress(sent.recipient) : maskPhoneNumber(sent.recipient)
    return codeSentView(sent.channel, masked, sent.codeExpiresAt, sent.now)
  }

  #bucket(kind: string, key: string): string {
    return subjectHash(this.#options.keys, 'my-page', kind, key)
  }

  /** Per client address: secret checks and mails in 10 minutes (ADR 0010's limit). */
  async #limitClient(kind: string, clientAddress: string, now: Date): Promise<void> {
    const limit = { windowSeconds: CLIENT_WINDOW_SECONDS, max: this.#options.clientLimit }
    await this.#limit(this.#bucket(`client-${kind}`, clientAddress), limit, now)
  }

  async #limit(
    bucket: string,
    limit: Limit,
    now: Date,
    errorCode: string = errorCodes.rateLimited,
  ): Promise<void> {
    const result = await hitRateLimit(this.#db, bucket, { now, ...limit })
    if (!result.allowed) {
      throw new AppError(errorCode, {
        message: 'rate limit reached',
        retryAfterSeconds: result.retryAfterSeconds,
      })
    }
  }
}

/** A code written to the outbox, not yet delivered. */
interface PendingCode {
  channel: CodeChannel
  recipient: string
  codeExpiresAt: Date
  messageId: string
  now: Date
}
