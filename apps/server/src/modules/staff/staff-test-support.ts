import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { StaffRole } from '@app/shared/rules/staff-permissions'
import { staffAccounts } from '../../db/schema/index.ts'
import { insertStaffAccount, upsertAgency } from './staff-repository.ts'

// Tests of the back office: an active staff member of a role (and agency) with an open session,
// without walking the enrolment and sign-in (their own tests do).

export interface TestStaff {
  staffId: string
  email: string
  role: StaffRole
  agentCd: string | null
  sessionToken: string
  /** the request headers of a call made by this member */
  headers: { authorization: string }
}

export async function createTestStaff(
  app: FastifyInstance,
  options: {
    role: StaffRole
    agentCd?: string
    agentName?: string
    name?: string
    /** groupContact: their group (default G001) */
    groupPfCode?: string
  } = {
    role: 'insurerAdmin',
  },
): Promise<TestStaff> {
  const agentCd = options.role === 'agencyStaff' ? (options.agentCd ?? 'AG001') : null
  if (agentCd !== null) {
    await upsertAgency(
      app.db,
      { agentCd, agentName: options.agentName ?? `代理店${agentCd}` },
      app.clock.now(),
    )
  }
  const email = `staff-${randomUUID()}@example.jp`
  const account = await insertStaffAccount(app.db, {
    email,
    name: options.name ?? 'テスト職員',
    role: options.role,
    agentCd,
    groupPfCode: options.role === 'groupContact' ? (options.groupPfCode ?? 'G001') : null,
    invitedBy: null,
  })
  await app.db
    .update(staffAccounts)
    .set({ status: 'active' })
    .where(eq(staffAccounts.id, account.id))
  const session = await app.staffSessions.open(
    { staffId: account.id, roleVersion: account.roleVersion },
    'passkey',
  )
  return {
    staffId: account.id,
    email,
    role: options.role,
    agentCd,
    sessionToken: session.sessionToken,
    headers: { authorization: `Bearer ${session.sessionToken}` },
  }
}
