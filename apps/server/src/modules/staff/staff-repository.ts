import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { agencies, staffAccounts, staffSessions, type StaffRole } from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the only writer of the staff tables (issue #20, ADR 0026).

export type { StaffRole }
export type StaffStatus = 'invited' | 'active' | 'disabled'

export interface StaffAccountRow {
  id: string
  email: string
  name: string
  role: StaffRole
  agentCd: string | null
  status: StaffStatus
  roleVersion: number
  createdAt: Date
}

const accountColumns = {
  id: staffAccounts.id,
  email: staffAccounts.email,
  name: staffAccounts.name,
  role: staffAccounts.role,
  agentCd: staffAccounts.agentCd,
  status: staffAccounts.status,
  roleVersion: staffAccounts.roleVersion,
  createdAt: staffAccounts.createdAt,
}

const asStatus = (status: string): StaffStatus =>
  status === 'active' || status === 'disabled' ? status : 'invited'

export async function insertStaffAccount(
  db: Database,
  values: {
    email: string
    name: string
    role: StaffRole
    agentCd: string | null
    invitedBy: string | null
  },
): Promise<StaffAccountRow> {
  const rows = await db.insert(staffAccounts).values(values).returning(accountColumns)
  const row = rows[0]
  if (row === undefined) throw new Error('staff account not inserted')
  return { ...row, status: asStatus(row.status) }
}

export async function findStaffAccount(
  db: Database,
  staffId: string,
): Promise<StaffAccountRow | undefined> {
  const rows = await db
    .select(accountColumns)
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, status: asStatus(row.status) }
}

/** An agency, created or its name and contact brought up to date (group import, demo, CLI). */
export async function upsertAgency(
  db: Database,
  values: { agentCd: string; agentName: string; contact?: string },
  now: Date,
): Promise<void> {
  await db
    .insert(agencies)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: agencies.agentCd,
      set: { agentName: values.agentName, contact: values.contact ?? '', updatedAt: now },
    })
}

export async function findAgency(
  db: Database,
  agentCd: string,
): Promise<{ agentCd: string; agentName: string } | undefined> {
  const rows = await db
    .select({ agentCd: agencies.agentCd, agentName: agencies.agentName })
    .from(agencies)
    .where(eq(agencies.agentCd, agentCd))
    .limit(1)
  return rows[0]
}

// ── Sessions ────────────────────────────────────────────────────────────────────────────────

export type StaffSignInMethod = 'passkey' | 'password-totp'

export async function insertStaffSession(
  db: Database,
  values: {
    staffId: string
    roleVersion: number
    method: StaffSignInMethod
    lastSeenAt: Date
    idleExpiresAt: Date
    absoluteExpiresAt: Date
  },
): Promise<string> {
  const rows = await db.insert(staffSessions).values(values).returning({ id: staffSessions.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('staff session not inserted')
  return id
}

export interface OpenStaffSession {
  sessionId: string
  staffId: string
  sessionRoleVersion: number
  lastSeenAt: Date
  idleExpiresAt: Date
  absoluteExpiresAt: Date
  account: StaffAccountRow
}

/** A session not ended, with its member as they are now. */
export async function findOpenStaffSession(
  db: Database,
  sessionId: string,
): Promise<OpenStaffSession | undefined> {
  const rows = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffSessions.staffId,
      sessionRoleVersion: staffSessions.roleVersion,
      lastSeenAt: staffSessions.lastSeenAt,
      idleExpiresAt: staffSessions.idleExpiresAt,
      absoluteExpiresAt: staffSessions.absoluteExpiresAt,
      account: accountColumns,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)))
    .limit(1)
  const row = rows[0]
  return row === undefined
    ? undefined
    : { ...row, account: { ...row.account, status: asStatus(row.account.status) } }
}

export async function slideStaffSession(
  db: Database,
  sessionId: string,
  now: Date,
  idleExpiresAt: Date,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: now, idleExpiresAt })
    .where(eq(staffSessions.id, sessionId))
}

export async function endStaffSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)))
}

/** Ends every open session of a member (a role, scope or status change; disabling). */
export async function endSessionsOfStaff(
  db: Database,
  staffId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.endedAt),
        keepSessionId === undefined ? undefined : ne(staffSessions.id, keepSessionId),
      ),
    )
}
