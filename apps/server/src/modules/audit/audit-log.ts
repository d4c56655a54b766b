import type { Database } from '../../db/client.ts'
import { entryHash, GENESIS_HASH, type AuditEntryInput } from './audit-hash.ts'
import {
  appendAuditEntry,
  countAuditEntries,
  listAuditEntries,
  readChain,
  type AuditEntry,
  type AuditFilters,
} from './audit-repository.ts'

// The audit log (issue #20 point 4): who did what to which record, when, from where and why;
// append-only (a trigger) and tamper-evident (a hash chain `verify` walks).

export type AuditVerification =
  | { ok: true; entries: number }
  | { ok: false; brokenAt: number; reason: 'prev_hash' | 'hash'; entries: number }

const VERIFY_BATCH = 500

export class AuditLog {
  readonly #db: Database
  readonly #batch: number

  constructor(db: Database, options: { batch?: number } = {}) {
    this.#db = db
    this.#batch = options.batch ?? VERIFY_BATCH
  }

  /** Appends an entry in a transaction of its own. Inside another one, use appendAuditEntry. */
  record(entry: AuditEntryInput): Promise<AuditEntry> {
    return appendAuditEntry(this.#db, entry)
  }

  list(filters: AuditFilters = {}): Promise<AuditEntry[]> {
    return listAuditEntries(this.#db, filters)
  }

  /** One numbered page of the matching entries, newest first, and how many match in all. */
  async page(
    filters: AuditFilters,
    page: { page: number; pageSize: number },
  ): Promise<{ total: number; entries: AuditEntry[] }> {
    const [total, entries] = await Promise.all([
      countAuditEntries(this.#db, filters),
      listAuditEntries(this.#db, {
        ...filters,
        newestFirst: true,
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      }),
    ])
    return { total, entries }
  }

  /**
   * Every matching entry, newest first, read `batch` at a time (keyset by seq): the CSV export
   * holds one batch in memory whatever the log's size.
   */
  async *newestFirst(filters: AuditFilters): AsyncGenerator<AuditEntry[]> {
    let beforeSeq: number | undefined
    for (;;) {
      const rows = await listAuditEntries(this.#db, {
        ...filters,
        newestFirst: true,
        limit: this.#batch,
        ...(beforeSeq === undefined ? {} : { beforeSeq }),
      })
      if (rows.length === 0) return
      yield rows
      beforeSeq = rows.at(-1)?.seq
      if (rows.length < this.#batch) return
    }
  }

  /**
   * Walks the chain in seq order: each entry must name the previous entry's hash and hash to its
   * own. Answers the number of entries, or the first seq where the chain breaks.
   */
  async verify(): Promise<AuditVerification> {
    let previousHash = GENESIS_HASH
    let afterSeq = 0
    let entries = 0
    for (;;) {
      const rows = await readChain(this.#db, afterSeq, this.#batch)
      for (const row of rows) {
        if (row.prevHash !== previousHash) {
          return { ok: false, brokenAt: row.seq, reason: 'prev_hash', entries }
        }
        if (entryHash(row) !== row.hash) {
          return { ok: false, brokenAt: row.seq, reason: 'hash', entries }
        }
        previousHash = row.hash
        afterSeq = row.seq
        entries += 1
      }
      if (rows.length < this.#batch) return { ok: true, entries }
    }
  }
}
