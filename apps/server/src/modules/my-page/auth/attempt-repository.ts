import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.ts'
import { authAttempts } from '../../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the attempts behind the one-time codes (attempts.ts). Every
// state change is one guarded UPDATE, so two processes (or two tabs) can never both use a code or
// get past the limit of wrong tries.

export type AuthAttempt = typeof authAttempts.$inferSelect

const isOpen = (now: Date) =>
  and(
    isNull(authAttempts.usedAt),
    isNull(authAttempts.voidedAt),
    sql`${authAttempts.expiresAt} > ${now.toISOString()}::timestamptz`,
  )

export async function insertAttempt(
  tx: Database,
  values: Omit<typeof authAttempts.$inferInsert, 'id'>,
): Promise<AuthAttempt> {
  const [attempt] = await tx.insert(authAttempts).values(values).returning()
  if (attempt === undefined) throw new Error('attempt row was not created')
  return attempt
}

/** Names the attempt's account, when it has none yet. */
export async function setAttemptAccount(
  tx: Database,
  attemptId: string,
  accountId: string,
): Promise<void> {
  await tx
    .update(authAttempts)
    .set({ accountId })
    .where(and(eq(authAttempts.id, attemptId), isNull(authAttempts.accountId)))
}

/** Ends the account's open attempts of one purpose, or of every purpose (`purpose` undefined). */
export async function voidOpenAttempts(
  tx: Database,
  accountId: string,
  now: Date,
  purpose?: string,
): Promise<void> {
  await tx
    .update(authAttempts)
    .set({ voidedAt: now })
    .where(
      and(
        eq(authAttempts.accountId, accountId),
        purpose === undefined ? undefined : eq(authAttempts.purpose, purpose),
        isNull(authAttempts.usedAt),
        isNull(authAttempts.voidedAt),
      ),
    )
}

export async function findAttemptByToken(
  db: Database,
  tokenHash: string,
  purpose: string,
): Promise<AuthAttempt | undefined> {
  const [attempt] = await db
    .select()
    .from(authAttempts)
    .where(and(eq(authAttempts.tokenHash, tokenHash), eq(authAttempts.purpose, purpose)))
    .limit(1)
  return attempt
}

export async function findAttemptById(
  db: Database,
  attemptId: string,
): Promise<AuthAttempt | undefined> {
  const [attempt] = await db
    .select()
    .from(authAttempts)
    .where(eq(authAttempts.id, attemptId))
    .limit(1)
  return attempt
}

/**
 * Stores a new code (the last one stops working) while the attempt is open and has sent fewer
 * than `maxCodes`: false when it had not.
 */
export async function storeCode(
  tx: Database,
  attemptId: string,
  code: { codeHash: string; channel: string; codeExpiresAt: Date },
  now: Date,
  maxCodes: number,
): Promise<boolean> {
  const updated = await tx
    .update(authAttempts)
    .set({
      codeHash: code.codeHash,
      channel: code.channel,
      codeExpiresAt: code.codeExpiresAt,
      codesSent: sql`${authAttempts.codesSent} + 1`,
    })
    .where(and(eq(authAttempts.id, attemptId), isOpen(now), lt(authAttempts.codesSent, maxCodes)))
    .returning({ id: authAttempts.id })
  return updated.length > 0
}

export async function clearCode(db: Database, attemptId: string): Promise<void> {
  await db
    .update(authAttempts)
    .set({ codeHash: null, codeExpiresAt: null })
    .where(eq(authAttempts.id, attemptId))
}

/**
 * Counts a try as wrong in advance while the attempt is open and below `maxWrong`: the count with
 * it and the code to compare, or undefined when no try is left.
 */
export async function reserveCodeTry(
  db: Database,
  attemptId: string,
  now: Date,
  maxWrong: number,
): Promise<{ wrongTries: number; codeHash: string | null } | undefined> {
  const [reserved] = await db
    .update(authAttempts)
    .set({ wrongTries: sql`${authAttempts.wrongTries} + 1` })
    .where(and(eq(authAttempts.id, attemptId), isOpen(now), lt(authAttempts.wrongTries, maxWrong)))
    .returning({ wrongTries: authAttempts.wrongTries, codeHash: authAttempts.codeHash })
  return reserved
}

/** Gives back a try reserved by `reserveCodeTry` (its code was right). */
export async function releaseCodeTry(db: Database, attemptId: string): Promise<void> {
  await db
    .update(authAttempts)
    .set({ wrongTries: sql`${authAttempts.wrongTries} - 1` })
    .where(eq(authAttempts.id, attemptId))
}

export async function voidAttempt(db: Database, attemptId: string, now: Date): Promise<void> {
  await db
    .update(authAttempts)
    .set({ voidedAt: now })
    .where(and(eq(authAttempts.id, attemptId), isNull(authAttempts.voidedAt)))
}

/** Uses the attempt up while it is open and its code is still `codeHash`: false when not. */
export async function useAttempt(
  tx: Database,
  attemptId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const used = await tx
    .update(authAttempts)
    .set({ usedAt: now })
    .where(and(eq(authAttempts.id, attemptId), eq(authAttempts.codeHash, codeHash), isOpen(now)))
    .returning({ id: authAttempts.id })
  return used.length > 0
}

/**
 * Retention (issue #19 point 4): attempts that expired before `before` (used, void or left), except
 * each account's latest used sign-in, which holds the consents it last gave (ADR 0015): how many
 * were deleted.
 */
export async function deleteAttemptsExpiredBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(authAttempts)
    .where(
      and(
        lt(authAttempts.expiresAt, before),
        sql`${authAttempts.id} not in (
          select distinct on (account_id) id from auth_attempts
          where purpose = 'login' and used_at is not null and account_id is not null
          order by account_id, used_at desc, id)`,
      ),
    )
    .returning({ id: authAttempts.id })
  return deleted.length
}
