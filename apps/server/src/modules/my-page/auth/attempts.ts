import { randomInt, timingSafeEqual } from 'node:crypto'
import { AppError, errorCodes } from '@app/shared'
import type { Attempt, CodeSent } from '@app/shared/api/my-page/endpoints'
import {
  ATTEMPT_MINUTES,
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_WRONG,
  ONE_TIME_CODE_MINUTES,
} from '@app/shared/api/my-page/fields'
import type { Database } from '../../../db/client.ts'
import type { StoredConsent } from '../../access/account-records.ts'
import {
  linkTokenHash,
  newLinkToken,
  subjectHash,
  type ServerKeys,
} from '../../security/secrets.ts'
import {
  clearCode,
  findAttemptById,
  findAttemptByToken,
  insertAttempt,
  releaseCodeTry,
  reserveCodeTry,
  setAttemptAccount,
  storeCode,
  useAttempt,
  voidAttempt,
  voidOpenAttempts,
  type AuthAttempt,
} from './attempt-repository.ts'

// The attempts behind every one-time code (PRODUCT.md "One-time codes"): the browser holds the
// attempt's token (256 random bits; the row keeps its SHA-256), the row keeps the current code
// only as a keyed hash. A code is 6 digits, valid 10 minutes, single use, bound to its attempt;
// the 5th wrong code voids the attempt. Every state change is one guarded UPDATE, so two
// processes (or two tabs) can never both use a code or get past the 5th wrong try.

export type AttemptPurpose = 'login' | 'mailChange' | 'passwordReset' | 'phoneRegister'
export type CodeChannel = CodeSent['channel']
export type { AuthAttempt }

/** Whose attempt it is, and the link it was made on (its mails name the link's agency). */
export interface AttemptOwner {
  /** null: a password reset whose ID and address matched nothing */
  accountId: string | null
  groupPfCode: string
  urlKey: string
}

/** Codes one attempt may send, the first included (more: 429 APFR0001). */
export const MAX_CODES_PER_ATTEMPT = 5

const CODE_MS = ONE_TIME_CODE_MINUTES * 60_000
const ATTEMPT_MS = ATTEMPT_MINUTES * 60_000

function secondsBetween(now: Date, end: Date): number {
  return Math.max(0, Math.round((end.getTime() - now.getTime()) / 1000))
}

/** The browser's view of an attempt: its token and when it ends. */
export function attemptView(attempt: AuthAttempt, token: string, now: Date): Attempt {
  return {
    attemptToken: token,
    expiresAt: attempt.expiresAt.toISOString(),
    expiresInSeconds: secondsBetween(now, attempt.expiresAt),
  }
}

export function codeSentView(
  channel: CodeChannel,
  maskedDestination: string,
  codeExpiresAt: Date,
  now: Date,
): CodeSent {
  return {
    channel,
    maskedDestination,
    codeExpiresAt: codeExpiresAt.toISOString(),
    codeExpiresInSeconds: secondsBetween(now, codeExpiresAt),
  }
}

/** 6 digits, uniformly drawn (leading zeros kept). */
export function newOneTimeCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0')
}

function isSameHash(stored: string | null, candidate: string): boolean {
  // A missing code compares against the candidate itself and fails: the same work either way.
  const left = Buffer.from(stored ?? candidate)
  const right = Buffer.from(candidate)
  return left.length === right.length && timingSafeEqual(left, right) && stored !== null
}

export class AttemptStore {
  readonly #db: Database
  readonly #keys: ServerKeys

  constructor(db: Database, keys: ServerKeys) {
    this.#db = db
    this.#keys = keys
  }

  #codeHash(attemptId: string, code: string): string {
    return subjectHash(this.#keys, 'one-time-code', attemptId, code)
  }

  /**
   * A new attempt, valid ATTEMPT_MINUTES. The account's earlier open attempts of the same purpose
   * end: only the newest sign-in, change or reset can be finished.
   */
  async open(
    tx: Database,
    purpose: AttemptPurpose,
    owner: AttemptOwner,
    now: Date,
    details: { destination?: string; consents?: StoredConsent[] } = {},
  ): Promise<{ attempt: AuthAttempt; token: string }> {
    if (owner.accountId !== null) await this.voidOpen(tx, owner.accountId, now, purpose)
    const { token, tokenHash } = newLinkToken()
    const expiresAt = new Date(now.getTime() + ATTEMPT_MS)
    const attempt = await insertAttempt(tx, {
      purpose,
      ...owner,
      ...details,
      tokenHash,
      expiresAt,
    })
    return { attempt, token }
  }

  /**
   * Names the account of an attempt opened without one (a password reset whose ID and address
   * were matched after the answer): the account's older open attempts of that purpose end.
   */
  async assignAccount(tx: Database, attempt: AuthAttempt, accountId: string, now: Date) {
    await this.voidOpen(tx, accountId, now, attempt.purpose as AttemptPurpose)
    await setAttemptAccount(tx, attempt.id, accountId)
  }

  /**
   * Ends the account's open attempts of one purpose (a newer one replaces them), or of every
   * purpose (the password changed: they were made before).
   */
  async voidOpen(
    tx: Database,
    accountId: string,
    now: Date,
    purpose?: AttemptPurpose,
  ): Promise<void> {
    await voidOpenAttempts(tx, accountId, now, purpose)
  }

  /** The attempt a token names, for this purpose, or 404 APFL0016. */
  async find(token: string, purpose: AttemptPurpose): Promise<AuthAttempt> {
    const attempt = await findAttemptByToken(this.#db, linkTokenHash(token), purpose)
    if (attempt === undefined) {
      throw new AppError(errorCodes.attemptNotFound, { message: 'attempt token unknown' })
    }
    return attempt
  }

  /**
   * Finished or replaced: 404 APFL0016 (start again); voided by the 5th wrong code: 423 APFL0015;
   * past its 30 minutes: 410 APFL0014.
   */
  assertOpen(attempt: AuthAttempt, now: Date): void {
    if (attempt.voidedAt !== null && attempt.wrongTries >= ONE_TIME_CODE_MAX_WRONG) {
      throw new AppError(errorCodes.codeFailedRepeatedly, { message: 'attempt voided' })
    }
    if (attempt.usedAt !== null || attempt.voidedAt !== null) {
      throw new AppError(errorCodes.attemptNotFound, { message: 'attempt used or replaced' })
    }
    if (attempt.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(errorCodes.codeExpired, { message: 'attempt expired' })
    }
  }

  /**
   * A new code for the attempt (the last one stops working), in the caller's transaction with
   * the message that carries it. 429 APFR0001 after MAX_CODES_PER_ATTEMPT.
   */
  async issueCode(
    tx: Database,
    attempt: AuthAttempt,
    channel: CodeChannel,
    now: Date,
  ): Promise<{ code: string; codeExpiresAt: Date }> {
    const code = newOneTimeCode()
    const codeExpiresAt = new Date(now.getTime() + CODE_MS)
    const stored = await storeCode(
      tx,
      attempt.id,
      { codeHash: this.#codeHash(attempt.id, code), channel, codeExpiresAt },
      now,
      MAX_CODES_PER_ATTEMPT,
    )
    if (!stored) {
      throw new AppError(errorCodes.rateLimited, { message: 'too many codes for one attempt' })
    }
    return { code, codeExpiresAt }
  }

  /** The code's message could not be delivered: nobody holds it, so nothing can match it. */
  async withdrawCode(attemptId: string): Promise<void> {
    await clearCode(this.#db, attemptId)
  }

  /**
   * Compares a typed code with the attempt's, in constant time. Expired: 410 APFL0014. Wrong:
   * counted, 400 APFL0013, and the 5th wrong voids the attempt (423 APFL0015). Returns when it
   * is right; `consume` then uses it up in the transaction of what it allows.
   *
   * The try is counted before the code is compared and given back when it was right, so that
   * however many tries arrive at once, at most five codes are ever compared (issue #17 point 1).
   */
  async checkCode(attempt: AuthAttempt, code: string, now: Date): Promise<void> {
    this.assertOpen(attempt, now)
    if (attempt.codeExpiresAt !== null && attempt.codeExpiresAt.getTime() <= now.getTime()) {
      throw new AppError(errorCodes.codeExpired, { message: 'code expired' })
    }
    const reserved = await reserveCodeTry(this.#db, attempt.id, now, ONE_TIME_CODE_MAX_WRONG)
    if (reserved === undefined) {
      // closed meanwhile, or the fifth try is being compared: nothing more is looked at
      this.assertOpen(await this.#reload(attempt.id), now)
      throw new AppError(errorCodes.codeFailedRepeatedly, { message: 'tries used up' })
    }
    if (isSameHash(reserved.codeHash, this.#codeHash(attempt.id, code))) {
      await releaseCodeTry(this.#db, attempt.id)
      return
    }
    if (reserved.wrongTries >= ONE_TIME_CODE_MAX_WRONG) {
      await voidAttempt(this.#db, attempt.id, now)
      throw new AppError(errorCodes.codeFailedRepeatedly, { message: 'fifth wrong code' })
    }
    throw new AppError(errorCodes.codeWrong, { message: `wrong code (${reserved.wrongTries})` })
  }

  async #reload(attemptId: string): Promise<AuthAttempt> {
    const attempt = await findAttemptById(this.#db, attemptId)
    if (attempt === undefined) {
      throw new AppError(errorCodes.attemptNotFound, { message: 'attempt deleted' })
    }
    return attempt
  }

  /** Uses up the code `checkCode` accepted; a second use (or a newer code meanwhile) is 404. */
  async consume(tx: Database, attempt: AuthAttempt, now: Date): Promise<void> {
    const codeHash = attempt.codeHash ?? ''
    if (!(await useAttempt(tx, attempt.id, codeHash, now))) {
      throw new AppError(errorCodes.attemptNotFound, { message: 'code used meanwhile' })
    }
  }
}
