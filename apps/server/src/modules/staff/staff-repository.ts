import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  agencies,
  staffAccounts,
  staffChallenges,
  staffEnrolments,
  staffPasskeys,
  staffSessions,
  type StaffRole,
} from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the only writer of the staff tables (issue #20, ADR 0026).

export type { StaffRole }
export type StaffStatus = 'invited' | 'active' | 'disabled'

export interface StaffAccountRow {
  id: string
  email: string
  name: string
  role: StaffRole
  agentCd: string | null
  /** a group's contact person only (issue #21 point 6) */
  groupPfCode: string | null
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
  groupPfCode: staffAccounts.groupPfCode,
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
    /** required for groupContact, null otherwise (the table's check) */
    groupPfCode?: string | null
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

// ── Staff identity: accounts, enrolment links, challenges, passkeys ─────────────────────────

/** A member with what they sign in with (the staff list). */
export interface StaffMemberRow extends StaffAccountRow {
  hasPasskey: boolean
  hasPasswordTotp: boolean
}

const hasPasskeySql = sql<boolean>`exists (select 1 from ${staffPasskeys} where ${staffPasskeys.staffId} = ${staffAccounts.id})`
const hasPasswordTotpSql = sql<boolean>`(${staffAccounts.passwordHash} is not null and ${staffAccounts.totpSecretSealed} is not null)`

export async function listStaffMembers(db: Database): Promise<StaffMemberRow[]> {
  const rows = await db
    .select({ ...accountColumns, hasPasskey: hasPasskeySql, hasPasswordTotp: hasPasswordTotpSql })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.email))
  return rows.map((row) => ({ ...row, status: asStatus(row.status) }))
}

export async function findStaffMember(
  db: Database,
  staffId: string,
): Promise<StaffMemberRow | undefined> {
  const rows = await db
    .select({ ...accountColumns, hasPasskey: hasPasskeySql, hasPasswordTotp: hasPasswordTotpSql })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, status: asStatus(row.status) }
}

export async function findStaffIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email))
    .limit(1)
  return rows[0]?.id
}

/** What a password + TOTP sign-in compares. */
export interface StaffCredentialRow extends StaffAccountRow {
  passwordHash: string | null
  totpSecretSealed: string | null
  totpLastStep: number | null
}

export async function findStaffCredentialsByEmail(
  db: Database,
  email: string,
): Promise<StaffCredentialRow | undefined> {
  const rows = await db
    .select({
      ...accountColumns,
      passwordHash: staffAccounts.passwordHash,
      totpSecretSealed: staffAccounts.totpSecretSealed,
      totpLastStep: staffAccounts.totpLastStep,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email))
    .limit(1)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, status: asStatus(row.status) }
}

/**
 * Takes a TOTP time step as used: true only when it is later than every step accepted before
 * (one atomic update, so two requests with the same code cannot both pass).
 */
export async function claimTotpStep(db: Database, staffId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, staffId),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id })
  return rows.length === 1
}

/** The end of an enrolment: the member is active and signs in with what they just set. */
export async function activateStaffAccount(
  db: Database,
  staffId: string,
  now: Date,
  credentials?: { passwordHash: string; totpSecretSealed: string; totpLastStep: number },
): Promise<StaffAccountRow | undefined> {
  const rows = await db
    .update(staffAccounts)
    .set({ status: 'active', updatedAt: now, ...credentials })
    .where(and(eq(staffAccounts.id, staffId), ne(staffAccounts.status, 'disabled')))
    .returning(accountColumns)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, status: asStatus(row.status) }
}

/** A change of role, agency or status: roleVersion grows, so every open session ends. */
export async function updateStaffAccount(
  db: Database,
  staffId: string,
  values: {
    role: StaffRole
    agentCd: string | null
    groupPfCode?: string | null
    status: StaffStatus
  },
  now: Date,
): Promise<StaffAccountRow | undefined> {
  const rows = await db
    .update(staffAccounts)
    .set({ ...values, roleVersion: sql`${staffAccounts.roleVersion} + 1`, updatedAt: now })
    .where(eq(staffAccounts.id, staffId))
    .returning(accountColumns)
  const row = rows[0]
  return row === undefined ? undefined : { ...row, status: asStatus(row.status) }
}

export async function listAgencies(
  db: Database,
): Promise<{ agentCd: string; agentName: string }[]> {
  return db
    .select({ agentCd: agencies.agentCd, agentName: agencies.agentName })
    .from(agencies)
    .orderBy(asc(agencies.agentCd))
}

// Enrolment links

export async function insertEnrolment(
  db: Database,
  values: { staffId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(staffEnrolments).values(values)
}

/** A new link voids the member's older unused ones. */
export async function voidOpenEnrolments(db: Database, staffId: string, now: Date): Promise<void> {
  await db
    .update(staffEnrolments)
    .set({ usedAt: now })
    .where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.usedAt)))
}

export interface EnrolmentRow {
  id: string
  staffId: string
  expiresAt: Date
  usedAt: Date | null
}

export async function findEnrolmentByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<EnrolmentRow | undefined> {
  const rows = await db
    .select({
      id: staffEnrolments.id,
      staffId: staffEnrolments.staffId,
      expiresAt: staffEnrolments.expiresAt,
      usedAt: staffEnrolments.usedAt,
    })
    .from(staffEnrolments)
    .where(eq(staffEnrolments.tokenHash, tokenHash))
    .limit(1)
  return rows[0]
}

/** Uses a link once: true for the one request that took it while it was still valid. */
export async function consumeEnrolment(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffEnrolments)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffEnrolments.id, id),
        isNull(staffEnrolments.usedAt),
        gt(staffEnrolments.expiresAt, now),
      ),
    )
    .returning({ id: staffEnrolments.id })
  return rows.length === 1
}

// Challenges (WebAuthn, and the pending TOTP seed of an enrolment)

export type ChallengePurpose = 'registration' | 'authentication' | 'totp'

export async function insertChallenge(
  db: Database,
  values: { purpose: ChallengePurpose; staffId: string | null; challenge: string; expiresAt: Date },
): Promise<string> {
  const rows = await db.insert(staffChallenges).values(values).returning({ id: staffChallenges.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('staff challenge not inserted')
  return id
}

/**
 * Uses a challenge once (one atomic update, so a replay racing the first use fails): by its id,
 * or the member's challenge of that purpose with that value, or (neither) the member's latest.
 */
export async function consumeChallenge(
  db: Database,
  where: { purpose: ChallengePurpose; now: Date } & (
    { id: string } | { staffId: string; challenge?: string }
  ),
): Promise<{ staffId: string | null; challenge: string } | undefined> {
  const open = and(
    eq(staffChallenges.purpose, where.purpose),
    isNull(staffChallenges.usedAt),
    gt(staffChallenges.expiresAt, where.now),
  )
  let target
  if ('id' in where) {
    target = eq(staffChallenges.id, where.id)
  } else {
    const latest = db
      .select({ id: staffChallenges.id })
      .from(staffChallenges)
      .where(
        and(
          open,
          eq(staffChallenges.staffId, where.staffId),
          where.challenge === undefined
            ? undefined
            : eq(staffChallenges.challenge, where.challenge),
        ),
      )
      .orderBy(desc(staffChallenges.createdAt))
      .limit(1)
    target = sql`${staffChallenges.id} = (${latest})`
  }
  const rows = await db
    .update(staffChallenges)
    .set({ usedAt: where.now })
    .where(and(target, open))
    .returning({ staffId: staffChallenges.staffId, challenge: staffChallenges.challenge })
  return rows[0]
}

/** Challenges past their end are of no use: swept now and then by whoever makes one. */
export async function deleteChallengesBefore(db: Database, before: Date): Promise<void> {
  await db.delete(staffChallenges).where(lt(staffChallenges.expiresAt, before))
}

// Passkeys

export interface PasskeyRow {
  credentialId: string
  staffId: string
  publicKey: Buffer
  signCount: number
  transports: string[]
}

export async function insertPasskey(
  db: Database,
  values: {
    credentialId: string
    staffId: string
    publicKey: Buffer
    signCount: number
    transports: string[]
  },
): Promise<void> {
  await db.insert(staffPasskeys).values(values)
}

export async function listPasskeyIds(
  db: Database,
  staffId: string,
): Promise<{ credentialId: string; transports: string[] }[]> {
  return db
    .select({ credentialId: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
}

export async function findPasskey(
  db: Database,
  credentialId: string,
): Promise<{ passkey: PasskeyRow; account: StaffAccountRow } | undefined> {
  const rows = await db
    .select({
      passkey: {
        credentialId: staffPasskeys.credentialId,
        staffId: staffPasskeys.staffId,
        publicKey: staffPasskeys.publicKey,
        signCount: staffPasskeys.signCount,
        transports: staffPasskeys.transports,
      },
      account: accountColumns,
    })
    .from(staffPasskeys)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffPasskeys.staffId))
    .where(eq(staffPasskeys.credentialId, credentialId))
    .limit(1)
  const row = rows[0]
  return row === undefined
    ? undefined
    : { passkey: row.passkey, account: { ...row.account, status: asStatus(row.account.status) } }
}

/** After a sign-in: the authenticator's counter, and when the passkey was last used. */
export async function recordPasskeyUse(
  db: Database,
  credentialId: string,
  signCount: number,
  now: Date,
): Promise<void> {
  await db
    .update(staffPasskeys)
    .set({ signCount, lastUsedAt: now })
    .where(eq(staffPasskeys.credentialId, credentialId))
}

/** The member's latest open challenge of a purpose (the pending TOTP seed), not used up. */
export async function findLatestChallenge(
  db: Database,
  where: { purpose: ChallengePurpose; staffId: string; now: Date },
): Promise<{ challenge: string } | undefined> {
  const rows = await db
    .select({ challenge: staffChallenges.challenge })
    .from(staffChallenges)
    .where(
      and(
        eq(staffChallenges.purpose, where.purpose),
        eq(staffChallenges.staffId, where.staffId),
        isNull(staffChallenges.usedAt),
        gt(staffChallenges.expiresAt, where.now),
      ),
    )
    .orderBy(desc(staffChallenges.createdAt))
    .limit(1)
  return rows[0]
}
