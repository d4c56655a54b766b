import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { auditLog } from '../../db/schema/index.ts'
import { entryHash, GENESIS_HASH, type AuditEntryInput, type HashedFields } from './audit-hash.ts'

// The audit log's table (issue #20 point 4): appended to, read, never changed (its trigger
// refuses UPDATE, DELETE and TRUNCATE).

export type AuditEntry = typeof auditLog.$inferSelect

// Any fixed number: every append to the log, in any process, takes this lock in turn.
const AUDIT_APPEND_LOCK_ID = 7_243_020

/** The time an entry carries: the server's, to the millisecond (what a JS Date holds). */
const serverTime = () => new Date()

/**
 * Appends one entry, chained to the last one. Inside the caller's transaction when `db` is one
 * (the entry then commits or rolls back with the change it records); otherwise in its own. The
 * transaction-scoped advisory lock makes appends take turns, so two never chain to one entry.
 */
export async function appendAuditEntry(db: Database, input: AuditEntryInput): Promise<AuditEntry> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK_ID})`)
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(1)
    const fields: HashedFields = {
      at: serverTime(),
      actorKind: input.actorKind,
      actorId: input.actorId ?? null,
      action: input.action,
      recordKind: input.recordKind ?? null,
      recordId: input.recordId ?? null,
      clientAddress: input.clientAddress ?? null,
      reason: input.reason ?? null,
      details: input.details ?? null,
      prevHash: last?.hash ?? GENESIS_HASH,
    }
    const [entry] = await tx
      .insert(auditLog)
      .values({ ...fields, hash: entryHash(fields) })
      .returning()
    if (entry === undefined) throw new Error('audit entry not inserted')
    return entry
  })
}

export interface AuditFilters {
  actorKind?: AuditEntry['actorKind']
  actorId?: string
  action?: string
  recordKind?: string
  recordId?: string
  /** at or after */
  from?: Date
  /** before */
  until?: Date
  /** entries after this seq (the page before ended there) */
  afterSeq?: number
  limit?: number
}

/** Entries matching every given filter, in chain order, one page (100 by default). */
export async function listAuditEntries(
  db: Database,
  filters: AuditFilters = {},
): Promise<AuditEntry[]> {
  const conditions: (SQL | undefined)[] = [
    filters.actorKind === undefined ? undefined : eq(auditLog.actorKind, filters.actorKind),
    filters.actorId === undefined ? undefined : eq(auditLog.actorId, filters.actorId),
    filters.action === undefined ? undefined : eq(auditLog.action, filters.action),
    filters.recordKind === undefined ? undefined : eq(auditLog.recordKind, filters.recordKind),
    filters.recordId === undefined ? undefined : eq(auditLog.recordId, filters.recordId),
    filters.from === undefined ? undefined : gte(auditLog.at, filters.from),
    filters.until === undefined ? undefined : lt(auditLog.at, filters.until),
    filters.afterSeq === undefined ? undefined : gt(auditLog.seq, filters.afterSeq),
  ]
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(asc(auditLog.seq))
    .limit(filters.limit ?? 100)
}

/** Up to `batch` entries with seq greater than `afterSeq`, in chain order (for verification). */
export async function readChain(
  db: Database,
  afterSeq: number,
  batch: number,
): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(gt(auditLog.seq, afterSeq))
    .orderBy(asc(auditLog.seq))
    .limit(batch)
}
