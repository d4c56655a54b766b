import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  SESSION_EXPIRES_HEADER,
  SESSION_EXPIRES_IN_HEADER,
  SESSION_TOKEN_HEADER,
} from '@app/shared'
import type { StaffSession } from '@app/shared/api/admin/endpoints'
import {
  STAFF_SESSION_ABSOLUTE_HOURS,
  STAFF_SESSION_IDLE_MINUTES,
  staffMay,
  type StaffPermission,
} from '@app/shared/rules/staff-permissions'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { bearerToken } from '../../lib/bearer-token.ts'
import type { Guard } from '../../lib/register-endpoint.ts'
import type { ServerKeys } from '../security/secrets.ts'
import { readToken, signToken } from '../security/tokens.ts'
import {
  endSessionsOfStaff,
  endStaffSession,
  findOpenStaffSession,
  insertStaffSession,
  slideStaffSession,
  type StaffSignInMethod,
} from './staff-repository.ts'
import { recordScope, type StaffPrincipal } from './staff-scope.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// Staff sessions (issue #20 point 2, PRODUCT.md "Staff", ADR 0026): a row per session, separate
// from applicant and holder sessions; the browser holds a short-lived signed token of its own use
// ('staffSession': an applicant's token is never one). The row decides: it ends after 15 idle
// minutes, 8 hours after sign-in, at sign-out, or when the member's role, scope or status changes
// (their roleVersion grows). Every call slides the idle end and, at most once a minute, hands the
// browser a fresh token in the same response headers as the applicant's session.

const IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60_000
const ABSOLUTE_MS = STAFF_SESSION_ABSOLUTE_HOURS * 60 * 60_000
const SLIDE_AFTER_MS = 60_000

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffPrincipal
  }
}

const noSession = (message: string) => new AdminError(adminErrorCodes.staffSession, { message })

export class StaffSessions {
  readonly #db: Database
  readonly #keys: ServerKeys
  readonly #clock: Clock

  constructor(options: { db: Database; keys: ServerKeys; clock: Clock }) {
    this.#db = options.db
    this.#keys = options.keys
    this.#clock = options.clock
  }

  /** Opens a session for a member who has just signed in (inside the caller's transaction). */
  async open(
    staff: { staffId: string; roleVersion: number },
    method: StaffSignInMethod,
    db: Database = this.#db,
  ): Promise<StaffSession> {
    const now = this.#clock.now()
    const idleExpiresAt = new Date(now.getTime() + IDLE_MS)
    const absoluteExpiresAt = new Date(now.getTime() + ABSOLUTE_MS)
    const sessionId = await insertStaffSession(db, {
      staffId: staff.staffId,
      roleVersion: staff.roleVersion,
      method,
      lastSeenAt: now,
      idleExpiresAt,
      absoluteExpiresAt,
    })
    return this.#token(sessionId, now, idleExpiresAt, absoluteExpiresAt)
  }

  async #token(
    sessionId: string,
    now: Date,
    idleExpiresAt: Date,
    absoluteExpiresAt: Date,
  ): Promise<StaffSession> {
    const sessionToken = await signToken(
      this.#keys,
      'staffSession',
      { sid: sessionId },
      { now, expiresAt: idleExpiresAt },
    )
    return {
      sessionToken,
      expiresAt: idleExpiresAt.toISOString(),
      expiresInSeconds: Math.round((idleExpiresAt.getTime() - now.getTime()) / 1000),
      absoluteExpiresAt: absoluteExpiresAt.toISOString(),
    }
  }

  /** The guard of every back-office call: an open staff session of an active member, else 401. */
  readonly staff: Guard<StaffPrincipal> = (request, reply) => this.require(request, reply)

  /**
   * The guard of a call that needs a permission (shared rules/staff-permissions.ts): a session
   * (401 ADMA0001 without), then the role (403 ADMA0002 when it may not).
   */
  may(permission: StaffPermission): Guard<StaffPrincipal> {
    return async (request, reply) => {
      const principal = await this.require(request, reply)
      if (!staffMay(principal.role, permission)) {
        throw new AdminError(adminErrorCodes.staffForbidden, {
          message: `role may not ${permission}`,
        })
      }
      return principal
    }
  }

  async require(request: FastifyRequest, reply: FastifyReply): Promise<StaffPrincipal> {
    const now = this.#clock.now()
    const token = bearerToken(request)
    const claims =
      token === undefined ? undefined : await readToken(this.#keys, 'staffSession', token, now)
    const sessionId = typeof claims?.['sid'] === 'string' ? claims['sid'] : undefined
    if (sessionId === undefined || !/^[0-9a-f-]{36}$/.test(sessionId)) {
      throw noSession('no valid staff session token')
    }
    const row = await findOpenStaffSession(this.#db, sessionId)
    if (row === undefined) throw noSession('staff session ended')
    const { account } = row
    if (
      row.idleExpiresAt.getTime() <= now.getTime() ||
      row.absoluteExpiresAt.getTime() <= now.getTime()
    ) {
      throw noSession('staff session expired')
    }
    if (account.status !== 'active' || account.roleVersion !== row.sessionRoleVersion) {
      // the role, scope or status changed since sign-in: this session is over for good
      await endStaffSession(this.#db, row.sessionId, now)
      throw noSession('staff role changed or member disabled')
    }
    let { idleExpiresAt } = row
    if (now.getTime() - row.lastSeenAt.getTime() >= SLIDE_AFTER_MS) {
      idleExpiresAt = new Date(Math.min(now.getTime() + IDLE_MS, row.absoluteExpiresAt.getTime()))
      await slideStaffSession(this.#db, row.sessionId, now, idleExpiresAt)
      const fresh = await this.#token(row.sessionId, now, idleExpiresAt, row.absoluteExpiresAt)
      void reply.header(SESSION_TOKEN_HEADER, fresh.sessionToken)
      void reply.header(SESSION_EXPIRES_HEADER, fresh.expiresAt)
      void reply.header(SESSION_EXPIRES_IN_HEADER, String(fresh.expiresInSeconds))
    }
    const principal: StaffPrincipal = {
      sessionId: row.sessionId,
      staffId: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      agentCd: account.agentCd,
      scope: recordScope(account),
      idleExpiresAt,
      absoluteExpiresAt: row.absoluteExpiresAt,
      clientAddress: request.ip,
    }
    request.staff = principal
    return principal
  }

  /** Sign-out: the session ends on the server; its token is worthless afterwards. */
  async end(principal: StaffPrincipal): Promise<void> {
    await endStaffSession(this.#db, principal.sessionId, this.#clock.now())
  }

  /** Ends every session of a member (a role change, disabling), inside the caller's transaction. */
  async endAll(staffId: string, db: Database = this.#db): Promise<void> {
    await endSessionsOfStaff(db, staffId, this.#clock.now())
  }
}
