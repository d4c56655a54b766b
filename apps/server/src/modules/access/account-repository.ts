import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { accounts, sessions } from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the only writer of `accounts` (issue #18). The access
// module opens an account from a verified mail; my-page changes it through account-records.ts.

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
