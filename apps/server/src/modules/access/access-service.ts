import { randomInt } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import {
  AppError,
  currentConsentVersions,
  ENTRY_TICKET_MINUTES,
  errorCodes,
  t,
  VERIFICATION_LINK_MINUTES,
  validateRules,
  verificationLinkHref,
  type ConfirmVerificationBody,
  type ConfirmVerificationResponse,
  type ConsentReference,
  type EntryLink,
  type EntryTicket,
  type Issue,
  type SendVerificationMailBody,
  type VerifyByIdBody,
  type VerifyByItemBody,
} from '@app/shared'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import type { DeliveryOutcome } from '../mail/delivery.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { verificationMail } from '../mail/templates.ts'
import { normaliseAuthItem } from '../roster/normalise.ts'
import {
  afterWrongTry,
  clearFailures,
  refusingLock,
  reserveTry,
  type LockState,
} from '../security/lockout.ts'
import { hashPassword, verifyPassword } from '../security/password.ts'
import { hitRateLimit, rateVerdict, rateWindow } from '../security/rate-limit.ts'
import { linkTokenHash, newLinkToken, subjectHash, type ServerKeys } from '../security/secrets.ts'
import { readToken, signToken } from '../security/tokens.ts'
import { verificationSubject, verifyIdSubject, verifyItemSubject } from './lock-subjects.ts'
import { linkKey, loadEntryContext, parseLinkKey, type EntryContext } from './entry-context.ts'
import type { SessionManager } from './session.ts'
import {
  claimVerification,
  findAccountOfMember,
  findLatestVerificationOfMember,
  findRosterMember,
  findVerificationByTokenHash,
  insertAccount,
  insertVerification,
  isUserIdTaken,
  markVerificationUsed,
  replaceVerifiedCredentials,
  retireOpenVerifications,
  type EntryMember,
  type MailVerification,
  type StoredConsent,
} from './account-repository.ts'
import { openAttempt, type Attempt, type AttemptMember } from './identity-check-repository.ts'
import type { GroupService } from '../group/group-service.ts'
import {
  createApplication,
  findApplicationOfAccount,
  findOwnEnrolment,
  findRosterAuthItems,
  hasEarlierContract,
  saveConsents,
  updateApplyInfo,
} from '../application/application-records.ts'
import { initialApplyInfo } from '../application/initial-apply-info.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// Applicant access (issue #5, ADR 0010): verifyUser by first-entry ID (authenticationType "1")
// or by three items ("2"), the verification mail, and its link. Every answer to a wrong try is
// the same whether the member exists or not, and takes the same work (PRODUCT.md "Lockout").

const CLIENT_WINDOW_SECONDS = 600
const MEMBER_MAILS_PER_HOUR = 5
/** The my-page ID: upper-case letters and digits without look-alikes (0 O 1 I L). */
const USER_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const USER_ID_LENGTH = 10

export interface AccessServiceOptions {
  db: Database
  groups: GroupService
  keys: ServerKeys
  clock: Clock
  sessions: SessionManager
  deliverMail: (messageId: string) => Promise<DeliveryOutcome>
  /** the address the verification link starts with (PUBLIC_BASE_URL or the listening address) */
  publicBaseUrl: () => string
  /** secret checks per client address in 10 minutes */
  clientLimit: number
}

function linkOf(body: EntryLink): EntryLink {
  return {
    groupPfCode: body.groupPfCode,
    groupPfCodeInceptionDateYm: body.groupPfCodeInceptionDateYm,
    groupPfBranchNo: body.groupPfBranchNo,
    urlKey: body.urlKey,
  }
}

/** A verification link not yet used and not expired. */
function isUsable(
  verification: { usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): boolean {
  return (
    verification !== undefined &&
    verification.usedAt === null &&
    verification.expiresAt.getTime() > now.getTime()
  )
}

function lockedError(code: string, lock: LockState): AppError {
  return new AppError(code, {
    message: 'locked after repeated failures',
    retryAfterSeconds: lock.retryAfterSeconds,
  })
}

function newUserId(): string {
  let id = ''
  for (let index = 0; index < USER_ID_LENGTH; index += 1) {
    id += USER_ID_ALPHABET[randomInt(USER_ID_ALPHABET.length)]
  }
  return id
}

export class AccessService {
  readonly #options: AccessServiceOptions

  constructor(options: AccessServiceOptions) {
    this.#options = options
  }

  get #db(): Database {
    return this.#options.db
  }

  /** SPEC §6 first-entry ID and password (authenticationType "1"). */
  async verifyById(body: VerifyByIdBody, clientAddress: string): Promise<EntryTicket> {
    const now = this.#options.clock.now()
    const context = await loadEntryContext(this.#options.groups, linkOf(body), now)
    if (context.groupPfInfo.authenticationType !== '1') {
      throw new AppError(errorCodes.badRequest, { message: 'the group uses three-item checks' })
    }
    const consents = this.#termsConsent(body.consents, now)
    const subject = verifyIdSubject(this.#options.keys, context.link, body.firstEntryId)
    const attempt = await this.#openAttempt(
      context,
      clientAddress,
      subject,
      now,
      sql`first_entry_id = ${body.firstEntryId}`,
    )
    // Always one argon2id verify, known ID or not, locked or not: the same work every time. Its
    // verdict counts only for a reserved try (a lock refuses the rest unlooked at).
    const isRight = await verifyPassword(attempt.member?.passwordHash, body.firstEntryPassword)
    if (!attempt.reserved)
      throw lockedError(errorCodes.verifyUserLocked, refusingLock(attempt.lockedUntil, now))
    if (attempt.member === undefined || !isRight) {
      return this.#refuse(
        attempt.failures,
        now,
        errorCodes.wrongFirstEntryCredentials,
        errorCodes.verifyUserLocked,
      )
    }
    await clearFailures(this.#db, subject)
    return this.#admit(attempt.member, attempt.hasApplied, context, consents, now)
  }

  /** Three-item authentication (authenticationType "2"): the items with authItemCd 1, 2, 3. */
  async verifyByItem(body: VerifyByItemBody, clientAddress: string): Promise<EntryTicket> {
    const now = this.#options.clock.now()
    const context = await loadEntryContext(this.#options.groups, linkOf(body), now)
    const authItems = context.itemDefinitionArray
      .filter((item) => item.authItemCd !== null)
      .sort((a, b) => Number(a.authItemCd) - Number(b.authItemCd))
    if (context.groupPfInfo.authenticationType !== '2' || authItems.length !== 3) {
      throw new AppError(errorCodes.badRequest, { message: 'the group uses first-entry IDs' })
    }
    const known = new Set(authItems.map((item) => item.itemCode))
    if (Object.keys(body.authItems).some((code) => !known.has(code))) {
      throw new AppError(errorCodes.badRequest, { message: 'an answer to an unknown item' })
    }
    const issues: Issue[] = []
    const values = authItems.map((item) => {
      const value = body.authItems[item.itemCode] ?? ''
      const failure = validateRules(['required', ...item.ruleArray], value)
      if (failure !== undefined)
        issues.push({ path: `authItems.${item.itemCode}`, message: failure })
      return normaliseAuthItem(value, item.inputType)
    })
    if (issues.length > 0) throw new AppError(errorCodes.validationFailed, { issues })
    const consents = this.#termsConsent(body.consents, now)
    const [first = '', second = '', third = ''] = values
    // The first item (a member or staff number) names whose tries are counted.
    const subject = verifyItemSubject(this.#options.keys, context.link, first)
    const attempt = await this.#openAttempt(
      context,
      clientAddress,
      subject,
      now,
      sql`auth_item1 = ${first} and auth_item2 = ${second} and auth_item3 = ${third}`,
    )
    if (!attempt.reserved)
      throw lockedError(errorCodes.verifyUserLocked, refusingLock(attempt.lockedUntil, now))
    if (attempt.member === undefined) {
      return this.#refuse(
        attempt.failures,
        now,
        errorCodes.threeItemMismatch,
        errorCodes.verifyUserLocked,
      )
    }
    await clearFailures(this.#db, subject)
    return this.#admit(attempt.member, attempt.hasApplied, context, consents, now)
  }

  /** The per-client count, the lock and the member, in one statement; 429 past the limit. */
  async #openAttempt(
    context: EntryContext,
    clientAddress: string,
    subjectKey: string,
    now: Date,
    memberMatch: SQL,
  ): Promise<Attempt> {
    const window = rateWindow(now, CLIENT_WINDOW_SECONDS)
    const attempt = await openAttempt(this.#db, {
      clientBucket: this.#clientBucket('verify', clientAddress),
      windowStart: window.start,
      clientLimit: this.#options.clientLimit,
      subjectKey,
      now,
      groupPfCode: context.link.groupPfCode,
      groupPfCodeInceptionDateYm: context.link.groupPfCodeInceptionDateYm,
      memberMatch,
    })
    const verdict = rateVerdict(attempt.clientHits, this.#options.clientLimit, window, now)
    if (!verdict.allowed) {
      throw new AppError(errorCodes.rateLimited, {
        message: 'too many identity checks from one client',
        retryAfterSeconds: verdict.retryAfterSeconds,
      })
    }
    return attempt
  }

  /** sendVerificationMail: the link (single use, 1 hour, SPEC §9) and the chosen password. */
  async sendVerificationMail(
    body: SendVerificationMailBody,
    clientAddress: string,
  ): Promise<{ expiresAt: string }> {
    const now = this.#options.clock.now()
    await this.#limitClient('mail', clientAddress, now)
    const ticket = await this.#readEntryTicket(body.entryToken, now)
    const context = await loadEntryContext(this.#options.groups, ticket.link, now)
    const member = await this.#memberOfTicket(ticket.memberId, context.link)
    await this.#refuseIfApplied(member.id)
    await this.#limitMemberMails(member.id, now)
    const passwordHash = await hashPassword(body.password)
    const { token, tokenHash } = newLinkToken()
    const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_MINUTES * 60_000)
    const mail = verificationMail({
      groupName: context.groupPfInfo.groupNameKanji,
      link: `${this.#options.publicBaseUrl()}${verificationLinkHref(context.link, token)}`,
      expiresAt,
      agencyContact: context.branch.refFreeField,
    })
    const { verificationId, messageId } = await this.#db.transaction(async (tx) => {
      // A new mail replaces the links sent before it: only the latest one works.
      await retireOpenVerifications(tx, member.id, now)
      const id = await insertVerification(tx, {
        rosterMemberId: member.id,
        ...context.link,
        mailAddress: body.policyHolderEmailAddress,
        passwordHash,
        tokenHash,
        consents: ticket.consents,
        expiresAt,
      })
      const message = await enqueueMail(
        tx,
        {
          ...mail,
          recipient: body.policyHolderEmailAddress,
          secrets: { values: [token], expiresAt },
        },
        now,
      )
      return { verificationId: id, messageId: message }
    })
    const outcome = await this.#options.deliverMail(messageId)
    if (outcome === 'refused') {
      await markVerificationUsed(this.#db, verificationId, now)
      throw new AppError(errorCodes.verificationMailFailed, {
        message: 'the mail relay refused the recipient',
      })
    }
    return { expiresAt: expiresAt.toISOString() }
  }

  /**
   * The back office sends the verification mail again (issue #20 point 6): a new link (1 hour)
   * to the address the member gave, with the password they chose; the links sent before it stop
   * working. 409 ADMC0001 when the member has no verification to resend or already has an
   * account. Answers the new link's id.
   */
  async resendVerificationMail(rosterMemberId: string): Promise<{ verificationId: string }> {
    const now = this.#options.clock.now()
    if ((await findAccountOfMember(this.#db, rosterMemberId)) !== undefined) {
      throw new AdminError(adminErrorCodes.adminStateConflict, {
        message: 'the member has an account',
      })
    }
    const previous = await findLatestVerificationOfMember(this.#db, rosterMemberId, now)
    if (previous === undefined) {
      throw new AdminError(adminErrorCodes.adminStateConflict, {
        message: 'no verification to resend',
      })
    }
    const link: EntryLink = {
      groupPfCode: previous.groupPfCode,
      groupPfCodeInceptionDateYm: previous.groupPfCodeInceptionDateYm,
      groupPfBranchNo: previous.groupPfBranchNo,
      urlKey: previous.urlKey,
    }
    const context = await loadEntryContext(this.#options.groups, link, now)
    // the applicant's own limit on mails to one member holds for the staff's resends too
    await this.#limitMemberMails(rosterMemberId, now)
    const { token, tokenHash } = newLinkToken()
    const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_MINUTES * 60_000)
    const mail = verificationMail({
      groupName: context.groupPfInfo.groupNameKanji,
      link: `${this.#options.publicBaseUrl()}${verificationLinkHref(context.link, token)}`,
      expiresAt,
      agencyContact: context.branch.refFreeField,
    })
    const { verificationId, messageId } = await this.#db.transaction(async (tx) => {
      await retireOpenVerifications(tx, rosterMemberId, now)
      const id = await insertVerification(tx, {
        rosterMemberId,
        ...context.link,
        mailAddress: previous.mailAddress,
        passwordHash: previous.passwordHash,
        tokenHash,
        consents: previous.consents,
        expiresAt,
      })
      const message = await enqueueMail(
        tx,
        { ...mail, recipient: previous.mailAddress, secrets: { values: [token], expiresAt } },
        now,
      )
      return { verificationId: id, messageId: message }
    })
    const outcome = await this.#options.deliverMail(messageId)
    if (outcome === 'refused') {
      await markVerificationUsed(this.#db, verificationId, now)
      throw new AppError(errorCodes.verificationMailFailed, {
        message: 'the mail relay refused the recipient',
      })
    }
    return { verificationId }
  }

  /** The link's page: the password chosen before the mail opens the account and a session. */
  /**
   * Whether a verification link can still be used (issue #23 point 14): the screen says a used or
   * expired link is so before it asks for the password. Counted with the link's own attempts
   * against the client's limit, so it is no cheaper way to guess tokens.
   */
  async verificationLinkStatus(
    token: string,
    clientAddress: string,
  ): Promise<{ usable: boolean; isResuming: boolean }> {
    const now = this.#options.clock.now()
    await this.#limitClient('link', clientAddress, now)
    const verification = await this.#verificationOf(token)
    if (verification === undefined || !isUsable(verification, now)) {
      return { usable: false, isResuming: false }
    }
    return {
      usable: true,
      isResuming: await this.#hasOwnEnrolment(verification.rosterMemberId, 'draft'),
    }
  }

  /** Whether the member's own enrolment (not a renewal of it, issue #9) is in this state. */
  async #hasOwnEnrolment(rosterMemberId: string, status: 'draft' | 'applied'): Promise<boolean> {
    return (await findOwnEnrolment(this.#db, rosterMemberId, status)) !== undefined
  }

  async #verificationOf(token: string): Promise<MailVerification | undefined> {
    return findVerificationByTokenHash(this.#db, linkTokenHash(token))
  }

  async confirmVerification(
    body: ConfirmVerificationBody,
    clientAddress: string,
  ): Promise<ConfirmVerificationResponse> {
    const now = this.#options.clock.now()
    await this.#limitClient('link', clientAddress, now)
    const verification = await this.#verificationOf(body.token)
    if (verification === undefined || !isUsable(verification, now)) {
      throw new AppError(errorCodes.verificationUrlExpired, {
        message: 'verification link unknown, used or expired',
      })
    }
    const subject = verificationSubject(this.#options.keys, verification.id)
    const reservation = await reserveTry(this.#db, subject, now)
    const isRight = await verifyPassword(verification.passwordHash, body.password)
    if (!reservation.reserved) throw lockedError(errorCodes.verificationLocked, reservation.lock)
    if (!isRight) {
      this.#refuse(
        reservation.failures,
        now,
        errorCodes.verificationPasswordWrong,
        errorCodes.verificationLocked,
      )
    }
    await clearFailures(this.#db, subject)
    const link: EntryLink = {
      groupPfCode: verification.groupPfCode,
      groupPfCodeInceptionDateYm: verification.groupPfCodeInceptionDateYm,
      groupPfBranchNo: verification.groupPfBranchNo,
      urlKey: verification.urlKey,
    }
    const context = await loadEntryContext(this.#options.groups, link, now)
    await this.#refuseIfApplied(verification.rosterMemberId)

    return this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      if (!(await claimVerification(tx, verification.id, now))) {
        throw new AppError(errorCodes.verificationUrlExpired, { message: 'link used meanwhile' })
      }
      const account = await this.#saveAccount(tx, verification, now)
      const applicationId = await this.#draftApplication(tx, account, verification, context, now)
      const consents = verification.consents.map((consent) => ({
        documentId: consent.documentId,
        version: consent.version,
        agreedAt: new Date(consent.agreedAt),
      }))
      await saveConsents(tx, applicationId, consents)
      const session = await this.#options.sessions.open(account.id, tx)
      return { ...session, userId: account.userId, link }
    })
  }

  /** The account's application (SPEC §7.5 answer), or null before one is opened. */
  async applicationOf(
    accountId: string,
  ): Promise<(EntryLink & { status: 'draft' | 'applied' }) | null> {
    // the one the enrolment endpoints work on: the latest live one
    const application = await findApplicationOfAccount(this.#db, accountId)
    if (application === undefined) return null
    // cancelled rows are never it: the check constraint leaves these two
    return { ...linkOf(application), status: application.status as 'draft' | 'applied' }
  }

  /** One account per member: a second verification updates its mail address and password. */
  async #saveAccount(
    tx: Database,
    verification: MailVerification,
    now: Date,
  ): Promise<{ id: string; userId: string }> {
    const found = await findAccountOfMember(tx, verification.rosterMemberId)
    if (found !== undefined) {
      // The password changed: sessions opened with the old one end.
      const { mailAddress, passwordHash } = verification
      await replaceVerifiedCredentials(tx, found.id, { mailAddress, passwordHash }, now)
      return found
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const userId = newUserId()
      if (await isUserIdTaken(tx, userId)) continue
      const account = await insertAccount(
        tx,
        {
          userId,
          rosterMemberId: verification.rosterMemberId,
          groupPfCode: verification.groupPfCode,
          mailAddress: verification.mailAddress,
          passwordHash: verification.passwordHash,
        },
        now,
      )
      if (account !== undefined) return account
    }
    throw new Error('could not find a free userId')
  }

  /** The draft starts with its first state (SPEC §4 "at application start", issue #6). */
  async #draftApplication(
    tx: Database,
    account: { id: string; userId: string },
    verification: MailVerification,
    context: EntryContext,
    now: Date,
  ): Promise<string> {
    // the member's own enrolment, not a renewal of it (issue #9)
    const found = await findOwnEnrolment(tx, verification.rosterMemberId)
    if (found !== undefined) {
      if (found.status === 'applied') throw new AppError(errorCodes.alreadyApplied)
      // Coming back resumes the draft as it was (issue #6); only the verified mail address is new.
      const { applyInfo } = found
      if (
        applyInfo !== null &&
        applyInfo.basicInfo.policyHolderEmailAddress !== verification.mailAddress
      ) {
        const basicInfo = {
          ...applyInfo.basicInfo,
          policyHolderEmailAddress: verification.mailAddress,
        }
        await updateApplyInfo(tx, found.id, { applyInfo: { ...applyInfo, basicInfo } }, now)
      }
      return found.id
    }
    const roster = await findRosterAuthItems(tx, verification.rosterMemberId)
    const start = initialApplyInfo({
      now,
      group: context.groupPfInfo,
      link: context.link,
      account: { userId: account.userId, mailAddress: verification.mailAddress },
      rosterAuthValues: { '1': roster?.authItem1, '2': roster?.authItem2, '3': roster?.authItem3 },
      items: context.itemDefinitionArray,
    })
    // stamped by the product's clock, as every other time of the application (the dashboard's
    // daily series counts a start on this day, issue #21)
    return createApplication(
      tx,
      {
        accountId: account.id,
        rosterMemberId: verification.rosterMemberId,
        ...linkOf(context.link),
        ...start,
        completedSteps: [],
      },
      now,
    )
  }

  /** A wrong reserved try (counted in advance): the 5th in a row on get the locked message. */
  #refuse(failures: number, now: Date, wrongCode: string, lockedCode: string): never {
    const after = afterWrongTry(failures, now)
    if (after.locked) throw lockedError(lockedCode, after)
    throw new AppError(wrongCode, { message: `wrong answer (${after.failures} in a row)` })
  }

  /** After the right answer: already applied (APFA2004 before it for renewals), then the ticket. */
  async #admit(
    member: AttemptMember,
    hasApplied: boolean,
    context: EntryContext,
    consents: StoredConsent[],
    now: Date,
  ): Promise<EntryTicket> {
    if (hasApplied) {
      throw new AppError(errorCodes.alreadyApplied, { message: 'the member has already applied' })
    }
    if (member.preYearPolicyHolderNo !== null) {
      const hasPrevious = await hasEarlierContract(this.#db, {
        groupPfCode: context.link.groupPfCode,
        groupPfCodeInceptionDateYm: context.link.groupPfCodeInceptionDateYm,
        groupPfPolicyHolderNo: member.preYearPolicyHolderNo,
      })
      if (!hasPrevious) {
        throw new AppError(errorCodes.preRenewalInfoUnavailable, {
          message: 'previous-year contract not found',
        })
      }
    }
    // a draft of the member's own: the mail resumes it (issue #23 point 14)
    const isResuming = await this.#hasOwnEnrolment(member.id, 'draft')
    const expiresAt = new Date(now.getTime() + ENTRY_TICKET_MINUTES * 60_000)
    const entryToken = await signToken(
      this.#options.keys,
      'entry',
      { sub: member.id, lnk: linkKey(context.link), tos: consents },
      { now, expiresAt },
    )
    return {
      entryToken,
      expiresAt: expiresAt.toISOString(),
      expiresInSeconds: ENTRY_TICKET_MINUTES * 60,
      isResuming,
    }
  }

  async #refuseIfApplied(rosterMemberId: string): Promise<void> {
    if (await this.#hasOwnEnrolment(rosterMemberId, 'applied')) {
      throw new AppError(errorCodes.alreadyApplied, { message: 'the member has already applied' })
    }
  }

  /** The 利用規約 consent of termsOfService must come with verifyUser, at the current version. */
  #termsConsent(consents: readonly ConsentReference[], now: Date): StoredConsent[] {
    const terms = consents.find(
      (consent) =>
        consent.documentId === 'terms-of-use' &&
        consent.version === currentConsentVersions['terms-of-use'],
    )
    if (terms === undefined) {
      throw new AppError(errorCodes.validationFailed, {
        issues: [{ path: 'consents', message: t('consent.termsOfUse.required') }],
      })
    }
    return [{ documentId: terms.documentId, version: terms.version, agreedAt: now.toISOString() }]
  }

  async #readEntryTicket(
    token: string,
    now: Date,
  ): Promise<{ memberId: string; link: EntryLink; consents: StoredConsent[] }> {
    const claims = await readToken(this.#options.keys, 'entry', token, now)
    const link = parseLinkKey(claims?.['lnk'])
    const memberId = claims?.['sub']
    const consents = claims?.['tos']
    if (typeof memberId !== 'string' || link === undefined || !Array.isArray(consents)) {
      // SPEC §8.3 "Authentication expired or failed several times: retry."
      throw new AppError(errorCodes.authenticationFailed, { message: 'entry ticket invalid' })
    }
    return { memberId, link, consents: consents as StoredConsent[] }
  }

  async #memberOfTicket(memberId: string, link: EntryLink): Promise<EntryMember> {
    const member = await findRosterMember(this.#db, memberId)
    if (
      member === undefined ||
      member.groupPfCode !== link.groupPfCode ||
      member.groupPfCodeInceptionDateYm !== link.groupPfCodeInceptionDateYm
    ) {
      throw new AppError(errorCodes.authenticationFailed, { message: 'ticket member not found' })
    }
    return member
  }

  /** At most MEMBER_MAILS_PER_HOUR verification mails to one member in an hour. */
  async #limitMemberMails(rosterMemberId: string, now: Date): Promise<void> {
    const perMember = await hitRateLimit(this.#db, `mail-member|${rosterMemberId}`, {
      now,
      windowSeconds: 3600,
      max: MEMBER_MAILS_PER_HOUR,
    })
    if (!perMember.allowed) {
      throw new AppError(errorCodes.rateLimited, {
        message: 'too many verification mails for one member',
        retryAfterSeconds: perMember.retryAfterSeconds,
      })
    }
  }

  #clientBucket(kind: string, clientAddress: string): string {
    return subjectHash(this.#options.keys, 'client', kind, clientAddress)
  }

  /** Per client address: secret checks and mails in 10 minutes (issue #5 point 6). */
  async #limitClient(kind: string, clientAddress: string, now: Date): Promise<void> {
    const bucket = this.#clientBucket(kind, clientAddress)
    const result = await hitRateLimit(this.#db, bucket, {
      now,
      windowSeconds: CLIENT_WINDOW_SECONDS,
      max: this.#options.clientLimit,
    })
    if (!result.allowed) {
      throw new AppError(errorCodes.rateLimited, {
        message: `too many ${kind} requests from one client`,
        retryAfterSeconds: result.retryAfterSeconds,
      })
    }
  }
}
