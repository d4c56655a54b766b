import type { FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { AppError, errorCodes } from '@app/shared'
import type { MyPageLink } from '@app/shared/api/my-page/endpoints'
import { checkEntryParams } from '@app/shared/rules/entry-check'
import { toBusinessDate } from '@app/shared/time/business-date'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import type { Guard } from '../../lib/register-endpoint.ts'
import type { SessionManager, SignedIn } from '../access/session.ts'
import { findCurrentLink, type GroupLink } from '../group/group-records.ts'

// My-page access (issue #8, ADR 0015), used by every my-page route:
// - the link of the URL (/myp/{groupPfCode}/{urlKey}/, SPEC §2.2) must be a link of the group:
//   a malformed one is 400 APFF0001, an unknown one 404 APFA1003 (as the group load says);
// - a signed-in call needs a my-page session (opened by the sign-in with its second step), and
//   the session's account must belong to the link's group: another group's session gets the
//   same 404 as an unknown link, so no answer tells one person's records from another's.

/** The link a signed-in call names, in its query (GET) or its body: both already checked. */
const namedLinkSchema = z.object({ groupPfCode: z.string(), urlKey: z.string() })

/** A signed-in policy holder of the named link's group. */
export type Holder = SignedIn & MyPageLinkTarget

export interface MyPageLinkTarget {
  /** the product in force today for the link (the latest whose inception is not after today) */
  link: GroupLink
}

export class MyPageAccess {
  readonly #db: Database
  readonly #sessions: SessionManager
  readonly #clock: Clock

  constructor(options: { db: Database; sessions: SessionManager; clock: Clock }) {
    this.#db = options.db
    this.#sessions = options.sessions
    this.#clock = options.clock
  }

  /** The link's product in force today, or 400 APFF0001 / 404 APFA1003. */
  async resolveLink(link: MyPageLink): Promise<MyPageLinkTarget> {
    const check = checkEntryParams('myp', link)
    if (!check.ok) throw new AppError(check.errorCode, { message: 'malformed my-page link' })
    const found = await findCurrentLink(this.#db, link, toBusinessDate(this.#clock.now()))
    if (found === undefined) {
      throw new AppError(errorCodes.linkNotFound, { message: 'my-page link not found' })
    }
    return { link: found }
  }

  /**
   * The signed-in policy holder of a my-page call: a my-page session (else 401 E0003) whose
   * account belongs to the link's group (else 404 APFA1003, like an unknown link).
   */
  /** The guard of a signed-in my-page call (lib/register-endpoint.ts), named by its link. */
  readonly holder: Guard<Holder> = (request, reply) => {
    const named = namedLinkSchema.safeParse(request.method === 'GET' ? request.query : request.body)
    if (!named.success) throw new AppError(errorCodes.validationFailed, { message: 'no link' })
    return this.requireSignedIn(request, reply, named.data)
  }

  async requireSignedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    link: MyPageLink,
  ): Promise<SignedIn & MyPageLinkTarget> {
    const signedIn = await this.#sessions.require(request, reply, { purpose: 'myPage' })
    const target = await this.resolveLink(link)
    if (signedIn.groupPfCode !== target.link.groupPfCode) {
      throw new AppError(errorCodes.linkNotFound, {
        message: 'the session belongs to another group',
      })
    }
    return { ...signedIn, ...target }
  }
}
