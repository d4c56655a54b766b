import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  AppError,
  errorCodes,
  SESSION_EXPIRES_HEADER,
  SESSION_EXPIRES_IN_HEADER,
  SESSION_IDLE_MINUTES,
  SESSION_TOKEN_HEADER,
  type SessionToken,
} from '@app/shared'
import type { Clock } from '../../clock.ts'
import { bearerToken } from '../../lib/bearer-token.ts'
import type { Guard } from '../../lib/register-endpoint.ts'
import type { Database } from '../../db/client.ts'
import type { ServerKeys } from '../security/secrets.ts'
import { readToken, signToken } from '../security/tokens.ts'
import {
  endSession,
  endSessionsOfAccount,
  findOpenSession,
  insertSession,
  slideSession,
} from './account-repository.ts'

// PRODUCT.md "Sessions": a server-side session row; the browser holds a short-lived signed token
// naming it and sends it as Authorization: Bearer (SPEC §6). The row decides: it ends after 30
// idle minutes, or at sign-out. Each signed-in call slides it and, at most once a minute, hands
// the browser a fresh token in a response header.

const IDLE_MS = SESSION_IDLE_MINUTES * 60_000
const SLIDE_AFTER_MS = 60_000

/** What a session was opened by: the verification mail's link, or the my-page sign-in. */
export type SessionPurpose = 'application' | 'myPage'

export interface SignedIn {
  sessionId: string
  purpose: SessionPurpose
  accountId: string
  userId: string
  groupPfCode: string
  rosterMemberId: string
  expiresAt: Date
}

declare module 'fastify' {
  interface FastifyRequest {
    signedIn?: SignedIn
  }
}

export class SessionManager {
  readonly #db: Database
  readonly #keys: ServerKeys
  readonly #clock: Clock

  constructor(db: Database, keys: ServerKeys, clock: Clock) {
    this.#db = db
    this.#keys = keys
    this.#clock = clock
  }

  /** Opens a session for an account (inside the caller's transaction when given one). */
  async open(
    accountId: string,
    db: Database = this.#db,
    purpose: SessionPurpose = 'application',
  ): Promise<SessionToken> {
    const now = this.#clock.now()
    const expiresAt = new Date(now.getTime() + IDLE_MS)
    const id = await insertSession(db, { accountId, purpose, lastSeenAt: now, expiresAt })
    return this.#token(id, now, expiresAt)
  }

  async #token(sessionId: string, now: Date, expiresAt: Date): Promise<SessionToken> {
    const sessionToken = await signToken(
      this.#keys,
      'session',
      { sid: sessionId },
      { now, expiresAt },
    )
    return {
      sessionToken,
      expiresAt: expiresAt.toISOString(),
      expiresInSeconds: Math.round((expiresAt.getTime() - now.getTime()) / 1000),
    }
  }

  /**
   * The signed-in account of a request, or 401 E0003 (SPEC §4 "unauthorized … session error
   * code"). Slides the session and sets the refreshed-token headers on the reply. With
   * `purpose: 'myPage'`, a session opened by the enrolment link is refused like none (ADR 0015):
   * the my-page needs the sign-in with its second step.
   */
  /** The guard of an applicant's call (lib/register-endpoint.ts): a session, else 401 E0003. */
  readonly applicant: Guard<SignedIn> = (request, reply) => this.require(request, reply)

  async require(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { purpose?: SessionPurpose } = {},
  ): Promise<SignedIn> {
    const now = this.#clock.now()
    const token = bearerToken(request)
    const claims =
      token === undefined ? undefined : await readToken(this.#keys, 'session', token, now)
    const sessionId = typeof claims?.['sid'] === 'string' ? claims['sid'] : undefined
    if (sessionId === undefined || !/^[0-9a-f-]{36}$/.test(sessionId)) {
      throw new AppError(errorCodes.session, { message: 'no valid session token' })
    }
    const row = await findOpenSession(this.#db, sessionId)
    if (row === undefined || row.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(errorCodes.session, { message: 'session ended or expired' })
    }
    if (options.purpose !== undefined && row.purpose !== options.purpose) {
      throw new AppError(errorCodes.session, { message: `not a ${options.purpose} session` })
    }
    let { expiresAt } = row
    if (now.getTime() - row.lastSeenAt.getTime() >= SLIDE_AFTER_MS) {
      expiresAt = new Date(now.getTime() + IDLE_MS)
      await slideSession(this.#db, row.sessionId, now, expiresAt)
      const fresh = await this.#token(row.sessionId, now, expiresAt)
      void reply.header(SESSION_TOKEN_HEADER, fresh.sessionToken)
      void reply.header(SESSION_EXPIRES_HEADER, fresh.expiresAt)
      void reply.header(SESSION_EXPIRES_IN_HEADER, String(fresh.expiresInSeconds))
    }
    const signedIn: SignedIn = {
      sessionId: row.sessionId,
      purpose: row.purpose === 'myPage' ? 'myPage' : 'application',
      accountId: row.accountId,
      userId: row.userId,
      groupPfCode: row.groupPfCode,
      rosterMemberId: row.rosterMemberId,
      expiresAt,
    }
    request.signedIn = signedIn
    return signedIn
  }

  /** The browser's 「延長する」: a new 30 minutes from now and a fresh token. */
  async extend(signedIn: SignedIn): Promise<SessionToken> {
    const now = this.#clock.now()
    const expiresAt = new Date(now.getTime() + IDLE_MS)
    await slideSession(this.#db, signedIn.sessionId, now, expiresAt)
    return this.#token(signedIn.sessionId, now, expiresAt)
  }

  /** Ends every session of an account but one (a password change or reset, issue #8). */
  async endOthers(
    accountId: string,
    keepSessionId?: string,
    db: Database = this.#db,
  ): Promise<void> {
    const now = this.#clock.now()
    await endSessionsOfAccount(db, accountId, keepSessionId, now)
  }

  /** Sign-out ends the session on the server (PRODUCT.md): its token is worthless afterwards. */
  async end(signedIn: SignedIn): Promise<void> {
    await endSession(this.#db, signedIn.sessionId, this.#clock.now())
  }
}
