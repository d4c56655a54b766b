import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { generateSecret, generateURI, verify as verifyTotpCode } from 'otplib'
import { AppError, errorCodes, t, type Issue } from '@app/shared'
import type * as Admin from '@app/shared/api/admin/endpoints'
import { STAFF_ENROLMENT_HOURS, type StaffRole } from '@app/shared/rules/staff-permissions'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import type { DeliveryOutcome } from '../mail/delivery.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { staffEnrolmentMail } from '../mail/staff-templates.ts'
import { groupProductExists } from '../group/group-records.ts'
import { afterWrongTry, clearFailures, reserveTry, type LockState } from '../security/lockout.ts'
import { hashPassword, verifyPassword } from '../security/password.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import { linkTokenHash, newLinkToken, subjectHash, type ServerKeys } from '../security/secrets.ts'
import {
  activateStaffAccount,
  claimTotpStep,
  consumeChallenge,
  consumeEnrolment,
  deleteChallengesBefore,
  findAgency,
  findEnrolmentByTokenHash,
  findLatestChallenge,
  findPasskey,
  findStaffAccount,
  findStaffCredentialsByEmail,
  findStaffIdByEmail,
  findStaffMember,
  insertChallenge,
  insertEnrolment,
  insertPasskey,
  insertStaffAccount,
  listAgencies,
  listPasskeyIds,
  listStaffMembers,
  recordPasskeyUse,
  updateStaffAccount,
  voidOpenEnrolments,
  type EnrolmentRow,
  type StaffAccountRow,
  type StaffCredentialRow,
  type StaffMemberRow,
  type StaffSignInMethod,
  type StaffStatus,
} from './staff-repository.ts'
import { staffActor, type StaffPrincipal } from './staff-scope.ts'
import { sealTotpSecret, unsealTotpSecret } from './totp-seal.ts'
import type { StaffSessions } from './staff-sessions.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// Staff identity (issue #20 point 2, PRODUCT.md "Staff", ADR 0026): one-time enrolment links,
// passkeys (WebAuthn, discoverable), password + TOTP, and the staff list an administrator keeps.
// Nothing here tells whether an address exists: unknown, wrong, disabled and not yet enrolled
// all answer 401 ADMA0003 after the same work. Lockout and the per-client limit are the
// applicants' (security/lockout.ts, rate-limit.ts): a try is reserved before it is compared. No
// token, code, password, address or WebAuthn answer is logged or put in the audit log.

const RP_NAME = '団体保険 管理'
const CHALLENGE_MS = 5 * 60_000
const TOTP_SEED_MS = 10 * 60_000
const ENROLMENT_MS = STAFF_ENROLMENT_HOURS * 60 * 60_000
const CLIENT_WINDOW_SECONDS = 600
/** ±1 time step of 30 s: an authenticator app whose clock is a little off still works. */
const TOTP_TOLERANCE_SECONDS = 30
/** 127.0.0.0/8, ::1 and the unspecified addresses a development server may listen on */
const LOOPBACK_ADDRESS = /^(?:127\.\d+\.\d+\.\d+|\[::1?\]|0\.0\.0\.0)$/

export interface StaffIdentityOptions {
  db: Database
  clock: Clock
  /**
   * The time TOTP codes are checked at. An authenticator app knows only real time, so a product
   * whose clock is pinned (APP_NOW: demos, the browser suite) checks codes by the machine's clock.
   */
  totpClock: Clock
  keys: ServerKeys
  sessions: StaffSessions
  /** the console's address: the enrolment link, the WebAuthn relying party and origin */
  publicBaseUrl: () => string
  /** tries a mail at once, after the transaction that wrote it has committed */
  deliverMail: (messageId: string) => Promise<DeliveryOutcome>
  /** sign-in and enrolment calls per client address in 10 minutes (AUTH_RATE_LIMIT_MAX) */
  clientLimit: number
}

/** Who adds a member: an administrator in the console, or the command line (the system). */
export type MemberAdder =
  { kind: 'staff'; principal: StaffPrincipal } | { kind: 'system'; clientAddress: null }

export interface NewMember {
  email: string
  name: string
  role: StaffRole
  agentCd: string | null
  /** a group's contact person only (issue #21 point 6) */
  groupPfCode?: string | null
}

interface EnrolmentLink {
  enrolmentUrl: string
  expiresAt: string
}

const signInFailed = (message: string) =>
  new AdminError(adminErrorCodes.staffSignInFailed, { message })
const linkGone = (message: string) =>
  new AdminError(adminErrorCodes.staffEnrolmentExpired, { message })
const notFound = () =>
  new AdminError(adminErrorCodes.adminRecordNotFound, { message: 'staff member not found' })
const conflict = (message: string) =>
  new AdminError(adminErrorCodes.adminStateConflict, { message })

function lockedError(lock: LockState): AppError {
  return new AdminError(adminErrorCodes.staffLocked, {
    message: 'staff sign-in locked after repeated failures',
    retryAfterSeconds: lock.retryAfterSeconds,
  })
}

function fieldError(path: string, message: string, log: string): AppError {
  const issues: Issue[] = [{ path, message }]
  return new AppError(errorCodes.validationFailed, { message: log, issues })
}

const passkeyFailed = () =>
  fieldError('response', t('staffIdentity.passkey.failed'), 'passkey registration not verified')

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505') return candidate.constraint === constraint
    current = candidate.cause
  }
  return false
}

/** The challenge a browser signed, as clientDataJSON names it (undefined when unreadable). */
function clientDataChallenge(response: Record<string, unknown>): string | undefined {
  const inner = response['response']
  if (typeof inner !== 'object' || inner === null) return undefined
  const clientDataJSON = (inner as Record<string, unknown>)['clientDataJSON']
  if (typeof clientDataJSON !== 'string') return undefined
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString())
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge
    return typeof challenge === 'string' ? challenge : undefined
  } catch {
    return undefined
  }
}

/** The wire's WebAuthn answer as @simplewebauthn reads it; it checks every field itself. */
function webAuthnResponse<T>(response: Record<string, unknown>): T | undefined {
  const { id, rawId, type } = response
  const inner = response['response']
  if (typeof id !== 'string' || typeof rawId !== 'string' || type !== 'public-key') return undefined
  if (typeof inner !== 'object' || inner === null) return undefined
  return { clientExtensionResults: {}, ...response } as T
}

function memberView(row: StaffMemberRow): Admin.StaffMember {
  return {
    staffId: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    agentCd: row.agentCd,
    groupPfCode: row.groupPfCode,
    status: row.status,
    hasPasskey: row.hasPasskey,
    hasPasswordTotp: row.hasPasswordTotp,
    createdAt: row.createdAt.toISOString(),
  }
}

export class StaffIdentityService {
  readonly #options: StaffIdentityOptions

  constructor(options: StaffIdentityOptions) {
    this.#options = options
  }

  get #db(): Database {
    return this.#options.db
  }

  #now(): Date {
    return this.#options.clock.now()
  }

  #transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.#db.transaction((txn) => work(txn as unknown as Database))
  }

  /**
   * The console's base address: the public one, except that a loopback IP address becomes
   * `localhost` (a development machine, the browser suite): a passkey's relying party is a
   * domain, never an IP address. Production's PUBLIC_BASE_URL is an https domain (env.ts).
   */
  #consoleBaseUrl(): URL {
    const url = new URL(this.#options.publicBaseUrl())
    if (LOOPBACK_ADDRESS.test(url.hostname)) url.hostname = 'localhost'
    return url
  }

  /** The WebAuthn relying party: the console's host, and its origin. */
  #relyingParty(): { rpID: string; origin: string } {
    const url = this.#consoleBaseUrl()
    return { rpID: url.hostname, origin: url.origin }
  }

  // ── Enrolment ──────────────────────────────────────────────────────────────────────────────

  /** POST /admin/enrolment/: who the link enrols (the link stays unused). */
  async enrolmentInfo(token: string, clientAddress: string) {
    const now = this.#now()
    await this.#limitClient('enrolment', clientAddress, now)
    const { enrolment, account } = await this.#openLink(token, now)
    return {
      name: account.name,
      email: account.email,
      role: account.role,
      expiresAt: enrolment.expiresAt.toISOString(),
    }
  }

  /** Step 1 of a passkey enrolment: registration options for a discoverable credential. */
  async passkeyRegistrationOptions(token: string, clientAddress: string) {
    const now = this.#now()
    await this.#limitClient('enrolment', clientAddress, now)
    const { account } = await this.#openLink(token, now)
    const { rpID } = this.#relyingParty()
    const existing = await listPasskeyIds(this.#db, account.id)
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: account.email,
      userDisplayName: account.name,
      userID: new TextEncoder().encode(account.id),
      attestationType: 'none',
      timeout: CHALLENGE_MS,
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
    await this.#storeChallenge('registration', account.id, options.challenge, CHALLENGE_MS, now)
    return { options: { ...options } }
  }

  /** Step 2: the authenticator's answer → the passkey is kept, the link used, a session opened. */
  async enrolPasskey(
    token: string,
    answer: Record<string, unknown>,
    clientAddress: string,
  ): Promise<Admin.StaffSession> {
    const now = this.#now()
    await this.#limitClient('enrolment', clientAddress, now)
    const { enrolment, account } = await this.#openLink(token, now)
    const response = webAuthnResponse<RegistrationResponseJSON>(answer)
    const signed = clientDataChallenge(answer)
    // The challenge is used up before the answer is checked: a replay finds it gone.
    const challenge =
      response === undefined || signed === undefined
        ? undefined
        : await consumeChallenge(this.#db, {
            purpose: 'registration',
            staffId: account.id,
            challenge: signed,
            now,
          })
    if (response === undefined || challenge === undefined) throw passkeyFailed()
    const { rpID, origin } = this.#relyingParty()
    let credential
    try {
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      })
      if (!verified.verified) throw passkeyFailed()
      credential = verified.registrationInfo.credential
    } catch (error) {
      if (error instanceof AppError) throw error
      throw passkeyFailed()
    }
    const { id: credentialId, publicKey, counter, transports = [] } = credential
    try {
      return await this.#finishEnrolment(enrolment, account, 'passkey', now, async (tx) => {
        await insertPasskey(tx, {
          credentialId,
          staffId: account.id,
          publicKey: Buffer.from(publicKey),
          signCount: counter,
          transports,
        })
        return activateStaffAccount(tx, account.id, now)
      })
    } catch (error) {
      if (isUniqueViolation(error, 'staff_passkeys_pkey')) throw passkeyFailed()
      throw error
    }
  }

  /** Step 1 of a password + TOTP enrolment: a fresh seed, kept sealed for 10 minutes. */
  async totpOptions(token: string, clientAddress: string) {
    const now = this.#now()
    await this.#limitClient('enrolment', clientAddress, now)
    const { account } = await this.#openLink(token, now)
    const secret = generateSecret()
    const sealed = sealTotpSecret(this.#options.keys, secret)
    await this.#storeChallenge('totp', account.id, sealed, TOTP_SEED_MS, now)
    return { secret, otpauthUrl: generateURI({ issuer: RP_NAME, label: account.email, secret }) }
  }

  /** Step 2: the password and a first code of the pending seed → stored, a session opened. */
  async enrolPassword(
    body: { token: string; password: string; totpCode: string },
    clientAddress: string,
  ): Promise<Admin.StaffSession> {
    const now = this.#now()
    await this.#limitClient('enrolment', clientAddress, now)
    const { enrolment, account } = await this.#openLink(body.token, now)
    const pending = await findLatestChallenge(this.#db, {
      purpose: 'totp',
      staffId: account.id,
      now,
    })
    const secret =
      pending === undefined ? undefined : unsealTotpSecret(this.#options.keys, pending.challenge)
    const step =
      secret === undefined
        ? undefined
        : await totpStep(secret, body.totpCode, this.#options.totpClock.now(), null)
    if (pending === undefined || step === undefined) {
      throw fieldError('totpCode', t('staffIdentity.totpCode.wrong'), 'enrolment TOTP code wrong')
    }
    const passwordHash = await hashPassword(body.password)
    return this.#finishEnrolment(enrolment, account, 'password-totp', now, async (tx) => {
      const seed = await consumeChallenge(tx, {
        purpose: 'totp',
        staffId: account.id,
        challenge: pending.challenge,
        now,
      })
      if (seed === undefined) throw linkGone('TOTP seed used by another request')
      return activateStaffAccount(tx, account.id, now, {
        passwordHash,
        totpSecretSealed: pending.challenge,
        totpLastStep: step,
      })
    })
  }

  /** The link is used once, the member is active, a session opens and the log says so. */
  async #finishEnrolment(
    enrolment: EnrolmentRow,
    account: StaffAccountRow,
    method: StaffSignInMethod,
    now: Date,
    store: (tx: Database) => Promise<StaffAccountRow | undefined>,
  ): Promise<Admin.StaffSession> {
    return this.#transaction(async (tx) => {
      if (!(await consumeEnrolment(tx, enrolment.id, now))) {
        throw linkGone('enrolment link used by another request')
      }
      const activated = await store(tx)
      if (activated === undefined) throw linkGone('staff member disabled during enrolment')
      const session = await this.#options.sessions.open(
        { staffId: activated.id, roleVersion: activated.roleVersion },
        method,
        tx,
      )
      await appendAuditEntry(tx, {
        actorKind: 'staff',
        actorId: account.id,
        action: 'staff.enrolled',
        recordKind: 'staff',
        recordId: account.id,
        details: { method },
      })
      return session
    })
  }

  /** A link that can still be used, and its member (not disabled); else 410 ADMA0005. */
  async #openLink(
    token: string,
    now: Date,
  ): Promise<{ enrolment: EnrolmentRow; account: StaffAccountRow }> {
    const enrolment = await findEnrolmentByTokenHash(this.#db, linkTokenHash(token))
    if (enrolment === undefined) throw linkGone('unknown enrolment link')
    if (enrolment.usedAt !== null || enrolment.expiresAt.getTime() <= now.getTime()) {
      throw linkGone('enrolment link used or expired')
    }
    const account = await findStaffAccount(this.#db, enrolment.staffId)
    if (account === undefined || account.status === 'disabled') {
      throw linkGone('enrolment link of a disabled member')
    }
    return { enrolment, account }
  }

  async #storeChallenge(
    purpose: 'registration' | 'authentication' | 'totp',
    staffId: string | null,
    challenge: string,
    lifetimeMs: number,
    now: Date,
  ): Promise<string> {
    // Old challenges are swept now and then by whoever makes one; no job needed.
    if (Math.random() < 0.05) await deleteChallengesBefore(this.#db, now)
    const expiresAt = new Date(now.getTime() + lifetimeMs)
    return insertChallenge(this.#db, { purpose, staffId, challenge, expiresAt })
  }

  // ── Sign-in ────────────────────────────────────────────────────────────────────────────────

  /** Passkey sign-in, step 1: options for any discoverable credential of this site. */
  async passkeySignInOptions(clientAddress: string) {
    const now = this.#now()
    await this.#limitClient('sign-in', clientAddress, now)
    const { rpID } = this.#relyingParty()
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'preferred',
      timeout: CHALLENGE_MS,
    })
    const challengeId = await this.#storeChallenge(
      'authentication',
      null,
      options.challenge,
      CHALLENGE_MS,
      now,
    )
    return { challengeId, options: { ...options } }
  }

  /**
   * Passkey sign-in, step 2. A failed assertion counts against the client address (there is no
   * name to count against): reserved before it is checked, as the applicants' tries are.
   */
  async passkeySignIn(
    body: { challengeId: string; response: Record<string, unknown> },
    clientAddress: string,
  ): Promise<Admin.StaffSession> {
    const now = this.#now()
    await this.#limitClient('sign-in', clientAddress, now)
    const subject = this.#subject('passkey-sign-in', clientAddress)
    const reservation = await reserveTry(this.#db, subject, now)
    if (!reservation.reserved) {
      await this.#auditFailure(null, 'passkey', clientAddress)
      throw lockedError(reservation.lock)
    }
    const outcome = await this.#checkAssertion(body, now)
    if (outcome.account === undefined) {
      await this.#auditFailure(outcome.staffId, 'passkey', clientAddress)
      return this.#refuse(reservation.failures, now)
    }
    await clearFailures(this.#db, subject)
    const { account, credentialId, newCounter } = outcome
    return this.#signIn(account, 'passkey', clientAddress, (tx) =>
      recordPasskeyUse(tx, credentialId, newCounter, now),
    )
  }

  async #checkAssertion(
    body: { challengeId: string; response: Record<string, unknown> },
    now: Date,
  ): Promise<
    | { account: StaffAccountRow; credentialId: string; newCounter: number }
    | { account: undefined; staffId: string | null }
  > {
    const none = { account: undefined, staffId: null }
    const challenge = await consumeChallenge(this.#db, {
      purpose: 'authentication',
      id: body.challengeId,
      now,
    })
    const response = webAuthnResponse<AuthenticationResponseJSON>(body.response)
    if (challenge === undefined || response === undefined) return none
    const found = await findPasskey(this.#db, response.id)
    if (found === undefined) return none
    const { passkey, account } = found
    const failed = { account: undefined, staffId: account.id }
    const userHandle = response.response.userHandle
    if (
      typeof userHandle === 'string' &&
      Buffer.from(userHandle, 'base64url').toString() !== account.id
    ) {
      return failed
    }
    const { rpID, origin } = this.#relyingParty()
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.signCount,
          transports: passkey.transports,
        },
        requireUserVerification: false,
      })
      if (!verified.verified || account.status !== 'active') return failed
      return {
        account,
        credentialId: passkey.credentialId,
        newCounter: verified.authenticationInfo.newCounter,
      }
    } catch {
      return failed
    }
  }

  /**
   * Mail address + password + TOTP code, in one step. Locked after 5 wrong tries in a row per
   * address (known or not); a code's time step is taken once, so a code works only once.
   */
  async passwordSignIn(
    body: { email: string; password: string; totpCode: string },
    clientAddress: string,
  ): Promise<Admin.StaffSession> {
    const now = this.#now()
    await this.#limitClient('sign-in', clientAddress, now)
    // addresses are compared in lower case, as they are stored
    const email = body.email.toLowerCase()
    const subject = this.#subject('password-sign-in', email)
    const reservation = await reserveTry(this.#db, subject, now)
    const account = await findStaffCredentialsByEmail(this.#db, email)
    // Always one argon2id verify, known address or not, locked or not: the same work each time.
    const isRight = await verifyPassword(account?.passwordHash, body.password)
    if (!reservation.reserved) {
      await this.#auditFailure(account?.id ?? null, 'password-totp', clientAddress)
      throw lockedError(reservation.lock)
    }
    const isAccepted =
      account !== undefined &&
      isRight &&
      account.status === 'active' &&
      (await this.#acceptTotp(account, body.totpCode))
    if (!isAccepted) {
      await this.#auditFailure(account?.id ?? null, 'password-totp', clientAddress)
      return this.#refuse(reservation.failures, now)
    }
    await clearFailures(this.#db, subject)
    return this.#signIn(account, 'password-totp', clientAddress)
  }

  /** A code of the member's seed, of a time step later than any accepted before, taken now. */
  async #acceptTotp(account: StaffCredentialRow, code: string): Promise<boolean> {
    const secret =
      account.totpSecretSealed === null
        ? undefined
        : unsealTotpSecret(this.#options.keys, account.totpSecretSealed)
    if (secret === undefined) return false
    const step = await totpStep(secret, code, this.#options.totpClock.now(), account.totpLastStep)
    return step !== undefined && (await claimTotpStep(this.#db, account.id, step))
  }

  async #signIn(
    account: StaffAccountRow,
    method: StaffSignInMethod,
    clientAddress: string,
    alsoInTransaction?: (tx: Database) => Promise<void>,
  ): Promise<Admin.StaffSession> {
    return this.#transaction(async (tx) => {
      await alsoInTransaction?.(tx)
      const session = await this.#options.sessions.open(
        { staffId: account.id, roleVersion: account.roleVersion },
        method,
        tx,
      )
      await appendAuditEntry(tx, {
        actorKind: 'staff',
        actorId: account.id,
        action: 'staff.signedIn',
        recordKind: 'staff',
        recordId: account.id,
        clientAddress,
        details: { method },
      })
      return session
    })
  }

  async #auditFailure(
    staffId: string | null,
    method: StaffSignInMethod,
    clientAddress: string,
  ): Promise<void> {
    await appendAuditEntry(this.#db, {
      actorKind: 'staff',
      actorId: staffId,
      action: 'staff.signInFailed',
      clientAddress,
      details: { method },
    })
  }

  /** A wrong reserved try (counted in advance): the 5th in a row on is 423 ADMA0004. */
  #refuse(failures: number, now: Date): never {
    const after = afterWrongTry(failures, now)
    if (after.locked) throw lockedError(after)
    throw signInFailed(`staff sign-in failed (${after.failures} in a row)`)
  }

  #subject(kind: string, key: string): string {
    return subjectHash(this.#options.keys, 'staff', kind, key)
  }

  /** Per client address: sign-in and enrolment calls in 10 minutes (the applicants' limit). */
  async #limitClient(kind: string, clientAddress: string, now: Date): Promise<void> {
    const bucket = this.#subject(`client-${kind}`, clientAddress)
    const result = await hitRateLimit(this.#db, bucket, {
      now,
      windowSeconds: CLIENT_WINDOW_SECONDS,
      max: this.#options.clientLimit,
    })
    if (!result.allowed) {
      throw new AppError(errorCodes.rateLimited, {
        message: 'staff sign-in rate limit reached',
        retryAfterSeconds: result.retryAfterSeconds,
      })
    }
  }

  // ── Staff management (insurer administrator) ───────────────────────────────────────────────

  async list(): Promise<Admin.StaffMember[]> {
    return (await listStaffMembers(this.#db)).map(memberView)
  }

  async agencies(): Promise<{ agentCd: string; agentName: string }[]> {
    return listAgencies(this.#db)
  }

  /**
   * A new member (status invited) and their first enrolment link, mailed to them; from the
   * console (an administrator) or the command line (the first administrator, actor 'system').
   */
  async addMember(
    input: NewMember,
    by: MemberAdder,
  ): Promise<EnrolmentLink & { member: Admin.StaffMember }> {
    const now = this.#now()
    const email = input.email.toLowerCase()
    await this.#checkAgency(input.role, input.agentCd)
    await this.#checkGroup(input.role, input.groupPfCode ?? null)
    if ((await findStaffIdByEmail(this.#db, email)) !== undefined) {
      throw conflict('staff mail address taken')
    }
    const invitedBy = by.kind === 'staff' ? by.principal.staffId : null
    const actor =
      by.kind === 'staff'
        ? staffActor(by.principal)
        : { actorKind: 'system' as const, actorId: null, clientAddress: null }
    try {
      const added = await this.#transaction(async (tx) => {
        const account = await insertStaffAccount(tx, {
          ...input,
          groupPfCode: input.groupPfCode ?? null,
          email,
          invitedBy,
        })
        const link = await this.#newLink(tx, account, now)
        await appendAuditEntry(tx, {
          ...actor,
          action: 'staff.invited',
          recordKind: 'staff',
          recordId: account.id,
          details: {
            role: account.role,
            agentCd: account.agentCd,
            ...(account.groupPfCode === null ? {} : { groupPfCode: account.groupPfCode }),
          },
        })
        return { account, ...link }
      })
      await this.#options.deliverMail(added.messageId)
      const member = await this.#member(added.account.id)
      return { member, enrolmentUrl: added.enrolmentUrl, expiresAt: added.expiresAt }
    } catch (error) {
      if (isUniqueViolation(error, 'staff_accounts_email_uq')) {
        throw conflict('staff mail address taken')
      }
      throw error
    }
  }

  /** Role, agency and status: roleVersion grows and every session of the member ends. */
  async update(
    principal: StaffPrincipal,
    staffId: string,
    body: {
      role: StaffRole
      agentCd: string | null
      groupPfCode?: string | null | undefined
      status: 'active' | 'disabled'
    },
  ): Promise<Admin.StaffMember> {
    const now = this.#now()
    if (
      staffId === principal.staffId &&
      (body.status !== 'active' || body.role !== 'insurerAdmin')
    ) {
      throw conflict('an administrator may not disable or demote themself')
    }
    const current = await findStaffMember(this.#db, staffId)
    if (current === undefined) throw notFound()
    await this.#checkAgency(body.role, body.agentCd)
    const groupPfCode = body.groupPfCode ?? null
    await this.#checkGroup(body.role, groupPfCode)
    // 'active' means "not disabled": a member who has not enrolled yet stays invited.
    const isEnrolled = current.hasPasskey || current.hasPasswordTotp
    const status: StaffStatus =
      body.status === 'disabled' ? 'disabled' : isEnrolled ? 'active' : 'invited'
    await this.#transaction(async (tx) => {
      const updated = await updateStaffAccount(tx, staffId, { ...body, groupPfCode, status }, now)
      if (updated === undefined) throw notFound()
      await this.#options.sessions.endAll(staffId, tx)
      await appendAuditEntry(tx, {
        ...staffActor(principal),
        action: 'staff.updated',
        recordKind: 'staff',
        recordId: staffId,
        details: {
          role: updated.role,
          status: updated.status,
          agentCd: updated.agentCd,
          ...(updated.groupPfCode === null ? {} : { groupPfCode: updated.groupPfCode }),
        },
      })
    })
    return this.#member(staffId)
  }

  /** A new enrolment link (mailed too); the member's older unused links stop working. */
  async reissueEnrolment(principal: StaffPrincipal, staffId: string): Promise<EnrolmentLink> {
    const now = this.#now()
    const account = await findStaffAccount(this.#db, staffId)
    if (account === undefined) throw notFound()
    if (account.status === 'disabled') throw conflict('enrolment of a disabled member')
    const link = await this.#transaction(async (tx) => {
      const issued = await this.#newLink(tx, account, now)
      await appendAuditEntry(tx, {
        ...staffActor(principal),
        action: 'staff.enrolmentReissued',
        recordKind: 'staff',
        recordId: staffId,
      })
      return issued
    })
    await this.#options.deliverMail(link.messageId)
    return { enrolmentUrl: link.enrolmentUrl, expiresAt: link.expiresAt }
  }

  /**
   * A link `${publicBaseUrl}/admin/enrol#<token>`: in the fragment, the token never reaches a
   * server log or a Referer header. Only its SHA-256 is kept; the mail's copy is masked once
   * delivered or expired.
   */
  async #newLink(
    tx: Database,
    account: StaffAccountRow,
    now: Date,
  ): Promise<EnrolmentLink & { messageId: string }> {
    const { token, tokenHash } = newLinkToken()
    const expiresAt = new Date(now.getTime() + ENROLMENT_MS)
    await voidOpenEnrolments(tx, account.id, now)
    await insertEnrolment(tx, { staffId: account.id, tokenHash, expiresAt })
    const enrolmentUrl = `${this.#consoleBaseUrl().origin}/admin/enrol#${token}`
    const mail = staffEnrolmentMail({ name: account.name, link: enrolmentUrl, expiresAt })
    const messageId = await enqueueMail(
      tx,
      { ...mail, recipient: account.email, secrets: { values: [token], expiresAt } },
      now,
    )
    return { enrolmentUrl, expiresAt: expiresAt.toISOString(), messageId }
  }

  async #member(staffId: string): Promise<Admin.StaffMember> {
    const member = await findStaffMember(this.#db, staffId)
    if (member === undefined) throw notFound()
    return memberView(member)
  }

  /** Agency staff need a known agency; the other roles none (400 APFV0001 on agentCd). */
  async #checkAgency(role: StaffRole, agentCd: string | null): Promise<void> {
    if (role !== 'agencyStaff') {
      if (agentCd !== null) {
        throw fieldError(
          'agentCd',
          t('staffIdentity.agentCd.notAllowed'),
          'agency of a non-agency role',
        )
      }
      return
    }
    if (agentCd === null) {
      throw fieldError(
        'agentCd',
        t('staffIdentity.agentCd.required'),
        'agency staff without agency',
      )
    }
    if ((await findAgency(this.#db, agentCd)) === undefined) {
      throw fieldError('agentCd', t('staffIdentity.agentCd.unknown'), 'unknown agency')
    }
  }

  /** A group's contact person needs a known group; the other roles none (issue #21 point 6). */
  async #checkGroup(role: StaffRole, groupPfCode: string | null): Promise<void> {
    if (role !== 'groupContact') {
      if (groupPfCode !== null) {
        throw fieldError(
          'groupPfCode',
          t('staffIdentity.groupPfCode.notAllowed'),
          'group of a non-group role',
        )
      }
      return
    }
    if (groupPfCode === null) {
      throw fieldError(
        'groupPfCode',
        t('staffIdentity.groupPfCode.required'),
        'group contact without group',
      )
    }
    if (!(await groupProductExists(this.#db, { groupPfCode }))) {
      throw fieldError('groupPfCode', t('staffIdentity.groupPfCode.unknown'), 'unknown group')
    }
  }
}

/** The time step a code of the seed matches (±1 step), later than `after`; else undefined. */
async function totpStep(
  secret: string,
  code: string,
  now: Date,
  after: number | null,
): Promise<number | undefined> {
  try {
    const result = await verifyTotpCode({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    })
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  } catch {
    return undefined
  }
}
