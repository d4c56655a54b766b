import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { AppError, errorCodes } from '@app/shared'
import * as Admin from '@app/shared/api/admin/endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'
import { findAgency } from './staff-repository.ts'

// Staff identity (issue #20 point 2, ADR 0026): thin routes over the staff services. Nothing of a
// body (addresses, passwords, codes, tokens, WebAuthn answers) is logged.

const tags = ['admin']

export const staffRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const sessions = app.staffSessions

  registerEndpoint(
    app,
    Admin.staffMeApi,
    { summary: 'サインイン中のスタッフ', tags, refusals: [401], guard: sessions.staff },
    async ({ who }) => {
      const agency = who.agentCd === null ? undefined : await findAgency(app.db, who.agentCd)
      if (who.agentCd !== null && agency === undefined) {
        throw new AppError(errorCodes.staffForbidden, { message: 'agency of staff not found' })
      }
      return {
        staffId: who.staffId,
        name: who.name,
        email: who.email,
        role: who.role,
        agency: agency ?? null,
        expiresAt: who.idleExpiresAt.toISOString(),
        absoluteExpiresAt: who.absoluteExpiresAt.toISOString(),
      }
    },
  )

  registerEndpoint(
    app,
    Admin.staffSignOutApi,
    { summary: 'サインアウト', tags, refusals: [401], guard: sessions.staff },
    async ({ who, reply }) => {
      await sessions.end(who)
      return reply.status(204).send()
    },
  )

  done()
}
