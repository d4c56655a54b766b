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
  const [entry] = await appendAuditEntries(db, [input])
  if (entry === undefined) throw new Error('audit entry not inserted')
  return entry
}

/**
 * Appends several entries in order, chained one to the next, with one lock, one read of the last
 * entry and one insert. The lock is held until the caller's transaction commits and every audited
 * transaction waits for it: a caller appends last, just before its commit, and appends what one
 * change records at once rather than entry by entry (ADR 0035).
 */
export async function appendAuditEntries(
  db: Database,
  inputs: readonly AuditEntryInput[],
): Promise<AuditEntry[]> {
  if (inputs.length === 0) return []
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK_ID})`)
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(1)
    let prevHash = last?.hash ?? GENESIS_HASH
    const rows = inputs.map((input) => {
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
        prevHash,
      }
      const hash = entryHash(fields)
      prevHash = hash
      return { ...fields, hash }
    })
    const entries = await tx.insert(auditLog).values(rows).returning()
    if (entries.length !== rows.length) throw new Error('audit entries not inserted')
    entries.sort((a, b) => a.seq - b.seq)
    // The chain follows seq: PostgreSQL numbers a multi-row insert's rows in order; should it
    // ever not, the transaction fails rather than write a broken chain.
    entries.forEach((entry, index) => {
      if (entry.hash !== rows[index]?.hash) throw new Error('audit entries out of order')
    })
    return entries
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
  /** entries before this seq (newest first, the page before ended there) */
  beforeSeq?: number
  /** newest first instead of chain order */
  newestFirst?: boolean
  /** rows skipped (a numbered page) */
  offset?: number
  limit?: number
}

function filterConditions(filters: AuditFilters): SQL | undefined {
  return and(
    filters.actorKind === undefined ? undefined : eq(auditLog.actorKind, filters.actorKind),
    filters.actorId === undefined ? undefined : eq(auditLog.actorId, filters.actorId),
    filters.action === undefined ? undefined : eq(auditLog.action, filters.action),
    filters.recordKind === undefined ? undefined : eq(auditLog.recordKind, filters.recordKind),
    filters.recordId === undefined ? undefined : eq(auditLog.recordId, filters.recordId),
    filters.from === undefined ? undefined : gte(auditLog.at, filters.from),
    filters.until === undefined ? undefined : lt(auditLog.at, filters.until),
    filters.afterSeq === undefined ? undefined : gt(auditLog.seq, filters.afterSeq),
    filters.beforeSeq === undefined ? undefined : lt(auditLog.seq, filters.beforeSeq),
  )
}

/**
 * Entries matching every given filter, one page (100 by default): in chain order, or newest
 * first with `newestFirst` (the console's viewer and its CSV, keyset by `beforeSeq`).
 */
export async function listAuditEntries(
  db: Database,
  filters: AuditFilters = {},
): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(filterConditions(filters))
    .orderBy(filters.newestFirst === true ? desc(auditLog.seq) : asc(auditLog.seq))
    .limit(filters.limit ?? 100)
    .offset(filters.offset ?? 0)
}

/** How many entries match the filters (the viewer's total). */
export async function countAuditEntries(db: Database, filters: AuditFilters = {}): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(filterConditions(filters))
  return Number(row?.total ?? 0)
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
