import { and, asc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  accounts,
  mailVerifications,
  rosterMembers,
  sessions,
  type StoredConsent,
} from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the only writer of `accounts` (issue #18). The access
// module opens an account from a verified mail; my-page changes it through account-records.ts.
// Also the access module's other tables: the verification links and the sessions.

export type { StoredConsent }

/** The account a member verified before, if any. */
export async function findAccountOfMember(
  db: Database,
  rosterMemberId: string,
): Promise<{ id: string; userId: string } | undefined> {
  const rows = await db
    .select({ id: accounts.id, userId: accounts.userId })
    .from(accounts)
    .where(eq(accounts.rosterMemberId, rosterMemberId))
    .limit(1)
  return rows[0]
}

/** A second verification: the new mail address and password; the old sessions end. */
export async function replaceVerifiedCredentials(
  tx: Database,
  accountId: string,
  values: { mailAddress: string; passwordHash: string },
  now: Date,
): Promise<void> {
  await tx
    .update(accounts)
    .set({ ...values, mailVerifiedAt: now, updatedAt: now })
    .where(eq(accounts.id, accountId))
  await tx
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt)))
}

export async function isUserIdTaken(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .limit(1)
  return rows.length > 0
}

export async function insertAccount(
  tx: Database,
  values: {
    userId: string
    rosterMemberId: string
    groupPfCode: string
    mailAddress: string
    passwordHash: string
  },
  now: Date,
): Promise<{ id: string; userId: string } | undefined> {
  const inserted = await tx
    .insert(accounts)
    .values({ ...values, mailVerifiedAt: now })
    .returning({ id: accounts.id, userId: accounts.userId })
  return inserted[0]
}

/** A mail change confirmed by its code (my-page). */
export async function changeMailAddress(
  tx: Database,
  accountId: string,
  mailAddress: string,
  now: Date,
): Promise<void> {
  await tx
    .update(accounts)
    .set({ mailAddress, mailVerifiedAt: now, updatedAt: now })
    .where(eq(accounts.id, accountId))
}

/** A phone number confirmed by its code: sign-in codes go to it from now on (issue #8). */
export async function registerPhone(
  tx: Database,
  accountId: string,
  phoneNumber: string,
  now: Date,
): Promise<void> {
  await tx
    .update(accounts)
    .set({ phoneNumber, phoneVerifiedAt: now, authTypeForLogin: 'telephone', updatedAt: now })
    .where(eq(accounts.id, accountId))
}

export async function setPasswordHash(
  tx: Database,
  accountId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, accountId))
}

// The verification mail's links (access-service.ts).

export type MailVerification = typeof mailVerifications.$inferSelect

/** A new mail replaces the links sent before it: only the latest one works. */
export async function retireOpenVerifications(
  tx: Database,
  rosterMemberId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(mailVerifications)
    .set({ usedAt: now })
    .where(
      and(eq(mailVerifications.rosterMemberId, rosterMemberId), isNull(mailVerifications.usedAt)),
    )
}

export async function insertVerification(
  tx: Database,
  values: Omit<typeof mailVerifications.$inferInsert, 'id' | 'usedAt' | 'createdAt'>,
): Promise<string> {
  const inserted = await tx
    .insert(mailVerifications)
    .values(values)
    .returning({ id: mailVerifications.id })
  const id = inserted[0]?.id
  if (id === undefined) throw new Error('verification row was not created')
  return id
}

/** Marks the link used, whatever its state (its mail was refused). */
export async function markVerificationUsed(
  db: Database,
  verificationId: string,
  now: Date,
): Promise<void> {
  await db
    .update(mailVerifications)
    .set({ usedAt: now })
    .where(eq(mailVerifications.id, verificationId))
}

export async function findVerificationByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<MailVerification | undefined> {
  const rows = await db
    .select()
    .from(mailVerifications)
    .where(eq(mailVerifications.tokenHash, tokenHash))
    .limit(1)
  return rows[0]
}

/**
 * Marks the link used when it is not yet: true for the one caller that did (one statement, so of
 * two confirmations racing for one link exactly one gets it).
 */
export async function claimVerification(
  tx: Database,
  verificationId: string,
  now: Date,
): Promise<boolean> {
  const used = await tx
    .update(mailVerifications)
    .set({ usedAt: now })
    .where(and(eq(mailVerifications.id, verificationId), isNull(mailVerifications.usedAt)))
    .returning({ id: mailVerifications.id })
  return used.length > 0
}

export interface EntryMember {
  id: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  passwordHash: string | null
  preYearPolicyHolderNo: string | null
}

/** The roster member an entry ticket names (read only: the roster module owns the table). */
export async function findRosterMember(
  db: Database,
  memberId: string,
): Promise<EntryMember | undefined> {
  const rows = await db
    .select({
      id: rosterMembers.id,
      groupPfCode: rosterMembers.groupPfCode,
      groupPfCodeInceptionDateYm: rosterMembers.groupPfCodeInceptionDateYm,
      passwordHash: rosterMembers.passwordHash,
      preYearPolicyHolderNo: rosterMembers.preYearPolicyHolderNo,
    })
    .from(rosterMembers)
    .where(eq(rosterMembers.id, memberId))
    .limit(1)
  return rows[0]
}

// The sessions (session.ts).

export async function insertSession(
  db: Database,
  values: { accountId: string; purpose: string; lastSeenAt: Date; expiresAt: Date },
): Promise<string> {
  const rows = await db.insert(sessions).values(values).returning({ id: sessions.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('session row was not created')
  return id
}

export interface OpenSession {
  sessionId: string
  purpose: string
  lastSeenAt: Date
  expiresAt: Date
  accountId: string
  userId: string
  groupPfCode: string
  rosterMemberId: string
}

/** A session not ended, with its account; expired ones are returned too (the caller decides). */
export async function findOpenSession(
  db: Database,
  sessionId: string,
): Promise<OpenSession | undefined> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      purpose: sessions.purpose,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      accountId: accounts.id,
      userId: accounts.userId,
      groupPfCode: accounts.groupPfCode,
      rosterMemberId: accounts.rosterMemberId,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .limit(1)
  return rows[0]
}

/** Slides the session: seen now, ending at `expiresAt`. */
export async function slideSession(
  db: Database,
  sessionId: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId))
}

/** Ends every open session of an account but `keepSessionId` (when given). */
export async function endSessionsOfAccount(
  db: Database,
  accountId: string,
  keepSessionId: string | undefined,
  now: Date,
): Promise<void> {
  const open = and(eq(sessions.accountId, accountId), isNull(sessions.endedAt))
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(keepSessionId === undefined ? open : and(open, ne(sessions.id, keepSessionId)))
}

export async function endSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ endedAt: now }).where(eq(sessions.id, sessionId))
}

// The my-page sign-in's reads of an account (published through account-records.ts).

export interface SignInAccount {
  id: string
  userId: string
  groupPfCode: string
  mailAddress: string
  passwordHash: string
  phoneNumber: string | null
  phoneVerifiedAt: Date | null
  authTypeForLogin: string
}

const signInAccountColumns = {
  id: accounts.id,
  userId: accounts.userId,
  groupPfCode: accounts.groupPfCode,
  mailAddress: accounts.mailAddress,
  passwordHash: accounts.passwordHash,
  phoneNumber: accounts.phoneNumber,
  phoneVerifiedAt: accounts.phoneVerifiedAt,
  authTypeForLogin: accounts.authTypeForLogin,
}

async function findSignInAccountWhere(
  db: Database,
  condition: SQL | undefined,
): Promise<SignInAccount | undefined> {
  const [account] = await db.select(signInAccountColumns).from(accounts).where(condition).limit(1)
  return account
}

export async function findSignInAccountById(
  db: Database,
  accountId: string,
): Promise<SignInAccount | undefined> {
  return findSignInAccountWhere(db, eq(accounts.id, accountId))
}

export async function findSignInAccountByUserId(
  db: Database,
  key: { userId: string; groupPfCode: string },
): Promise<SignInAccount | undefined> {
  return findSignInAccountWhere(
    db,
    and(eq(accounts.userId, key.userId), eq(accounts.groupPfCode, key.groupPfCode)),
  )
}

/** By ID and mail address; `lowerMailAddress` is compared with the stored one lower-cased. */
export async function findSignInAccountByUserIdAndMail(
  db: Database,
  key: { userId: string; groupPfCode: string; lowerMailAddress: string },
): Promise<SignInAccount | undefined> {
  return findSignInAccountWhere(
    db,
    and(
      eq(accounts.userId, key.userId),
      eq(accounts.groupPfCode, key.groupPfCode),
      sql`lower(${accounts.mailAddress}) = ${key.lowerMailAddress}`,
    ),
  )
}

/** The group's accounts registered with this address (lower-cased), by ID. */
export async function listAccountsByMail(
  db: Database,
  groupPfCode: string,
  lowerMailAddress: string,
): Promise<{ userId: string; mailAddress: string }[]> {
  return db
    .select({ userId: accounts.userId, mailAddress: accounts.mailAddress })
    .from(accounts)
    .where(
      and(
        eq(accounts.groupPfCode, groupPfCode),
        sql`lower(${accounts.mailAddress}) = ${lowerMailAddress}`,
      ),
    )
    .orderBy(asc(accounts.userId))
}

// ---------------------------------------------------------------------------------------------
// Retention (issue #19 point 4)

/** Sessions that expired or were ended before `before`: how many were deleted. */
export async function deleteSessionsEndedBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.endedAt, before)))
    .returning({ id: sessions.id })
  return deleted.length
}

/**
 * Verification links that expired before `before`, used or not (a used link's consents were
 * copied to its application when it was used): how many were deleted.
 */
export async function deleteVerificationsExpiredBefore(
  db: Database,
  before: Date,
): Promise<number> {
  const deleted = await db
    .delete(mailVerifications)
    .where(lt(mailVerifications.expiresAt, before))
    .returning({ id: mailVerifications.id })
  return deleted.length
}

/**
 * Accounts opened before `before` that hold no application and no renewal (the account of an
 * unfinished application whose draft was deleted, or one that never started one), with their
 * sessions; their one-time-code attempts go by the foreign key's ON DELETE CASCADE. The roster
 * member stays: the member can sign up again from the group's link. How many were deleted.
 */
export async function deleteAccountsWithoutApplications(
  db: Database,
  before: Date,
): Promise<number> {
  const unused = and(
    lt(accounts.createdAt, before),
    sql`not exists (select 1 from applications where applications.account_id = ${accounts.id})`,
    sql`not exists (select 1 from renewals where renewals.account_id = ${accounts.id})`,
  )
  const ids = db.select({ id: accounts.id }).from(accounts).where(unused)
  await db.delete(sessions).where(inArray(sessions.accountId, ids))
  const deleted = await db.delete(accounts).where(unused).returning({ id: accounts.id })
  return deleted.length
}

/** The member's latest verification mail: the one still open first, else the newest. */
export async function findLatestVerificationOfMember(
  db: Database,
  rosterMemberId: string,
  now: Date,
): Promise<MailVerification | undefined> {
  const rows = await db
    .select()
    .from(mailVerifications)
    .where(eq(mailVerifications.rosterMemberId, rosterMemberId))
    .orderBy(
      sql`(${mailVerifications.usedAt} is null and ${mailVerifications.expiresAt} > ${now.toISOString()}::timestamptz) desc`,
      sql`${mailVerifications.createdAt} desc`,
    )
    .limit(1)
  return rows[0]
}
