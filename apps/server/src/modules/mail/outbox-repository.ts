import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema/outbox.ts'

// Drizzle queries only (STYLE.md §6). The only writer of the outbox (issue #18): enqueueing
// (outbox.ts), the delivery job's claims and outcomes (delivery.ts) and the developer's mailbox
// (dev-outbox.ts) go through the operations below.

export type OutboxMessage = typeof outboxMessages.$inferSelect

export async function insertOutboxMessage(
  db: Database,
  values: typeof outboxMessages.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id })
  if (row === undefined) throw new Error('outbox insert returned no row')
  return row.id
}

/** The newest messages, all or one recipient's. */
export function findNewestMessages(
  db: Database,
  limit: number,
  recipient?: string,
): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(recipient === undefined ? undefined : eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit)
}

/**
 * The columns that replace a message's secrets by their masked forms (issue #17 point 9): after
 * delivery by a relay or a telephone provider, after a refusal, and once the secret expired.
 * With no relay the outbox page is the mailbox, so there the secret stays until it expires.
 */
const withoutSecrets = {
  textBody: sql`coalesce(${outboxMessages.redactedTextBody}, ${outboxMessages.textBody})`,
  htmlBody: sql`coalesce(${outboxMessages.redactedHtmlBody}, ${outboxMessages.htmlBody})`,
  redactedTextBody: null,
  redactedHtmlBody: null,
  secretExpiresAt: null,
}

/** Not claimed, or the claim of a process that stopped before it finished. */
function isClaimable(now: Date) {
  return or(isNull(outboxMessages.claimedUntil), lt(outboxMessages.claimedUntil, now))
}

/** Claims the message until `claimedUntil` when it is pending and claimable; else undefined. */
export async function claimMessage(
  db: Database,
  id: string,
  now: Date,
  claimedUntil: Date,
): Promise<OutboxMessage | undefined> {
  const [claimed] = await db
    .update(outboxMessages)
    .set({ claimedUntil })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending'), isClaimable(now)))
    .returning()
  return claimed
}

export async function findMessageStatus(db: Database, id: string): Promise<string | undefined> {
  const [current] = await db
    .select({ status: outboxMessages.status })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id))
  return current?.status
}

/**
 * Claims up to `limit` due messages in one statement. `SKIP LOCKED` lets processes running this
 * at the same moment take different rows; a claimed row then stays out of every other claim
 * until it is done or its claim lapses.
 */
export async function claimDueMessages(
  db: Database,
  now: Date,
  claimedUntil: Date,
  limit: number,
): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.nextAttemptAt, now),
        isClaimable(now),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(outboxMessages)
    .set({ claimedUntil })
    .where(inArray(outboxMessages.id, due))
    .returning()
}

/**
 * Masks every secret past its validity; a message still waiting to go is given up (a code or
 * link nobody can use any more). Returns how many.
 */
export async function maskExpiredSecretRows(db: Database, now: Date): Promise<number> {
  const masked = await db
    .update(outboxMessages)
    .set({
      ...withoutSecrets,
      status: sql`case when ${outboxMessages.status} = 'pending' then 'failed' else ${outboxMessages.status} end`,
      lastError: sql`case when ${outboxMessages.status} = 'pending' then 'EXPIRED' else ${outboxMessages.lastError} end`,
    })
    .where(and(isNotNull(outboxMessages.secretExpiresAt), lte(outboxMessages.secretExpiresAt, now)))
    .returning({ id: outboxMessages.id })
  return masked.length
}

/** Records a delivery; `keepSecrets` leaves the secrets (the outbox page is the mailbox). */
export async function markSent(
  db: Database,
  id: string,
  values: { attempts: number; transport: string; sentAt: Date; keepSecrets: boolean },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      attempts: values.attempts,
      transport: values.transport,
      sentAt: values.sentAt,
      claimedUntil: null,
      lastError: null,
      // delivered: the recipient holds the secret now, the outbox no longer needs to
      ...(values.keepSecrets ? {} : withoutSecrets),
    })
    .where(eq(outboxMessages.id, id))
}

/** Gives the message up (refused, or its last attempt failed); its secrets are masked. */
export async function markFailed(
  db: Database,
  id: string,
  values: { attempts: number; lastError: string },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'failed',
      attempts: values.attempts,
      claimedUntil: null,
      lastError: values.lastError,
      ...withoutSecrets,
    })
    .where(eq(outboxMessages.id, id))
}

/** Releases the claim of a failed attempt, to be tried again at `nextAttemptAt`. */
export async function scheduleRetry(
  db: Database,
  id: string,
  values: { attempts: number; nextAttemptAt: Date; lastError: string },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      attempts: values.attempts,
      nextAttemptAt: values.nextAttemptAt,
      claimedUntil: null,
      lastError: values.lastError,
    })
    .where(eq(outboxMessages.id, id))
}

/** The outbox by status, and how many pending messages are due now (the metrics' backlog). */
export async function countOutbox(
  db: Database,
  now: Date,
): Promise<{ pending: number; due: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outboxMessages.status} = 'pending')::int`,
      due: sql<number>`count(*) filter (where ${outboxMessages.status} = 'pending' and ${outboxMessages.nextAttemptAt} <= ${now.toISOString()}::timestamptz)::int`,
      failed: sql<number>`count(*) filter (where ${outboxMessages.status} = 'failed')::int`,
    })
    .from(outboxMessages)
  return { pending: row?.pending ?? 0, due: row?.due ?? 0, failed: row?.failed ?? 0 }
}

/**
 * Retention (issue #19 point 4): sent and failed messages created before `before` (the usage
 * records' period). A message still pending is left to the delivery job. How many were deleted.
 */
export async function deleteMessagesCreatedBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(outboxMessages)
    .where(
      and(lt(outboxMessages.createdAt, before), inArray(outboxMessages.status, ['sent', 'failed'])),
    )
    .returning({ id: outboxMessages.id })
  return deleted.length
}
