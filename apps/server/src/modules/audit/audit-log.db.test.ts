import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, testConfig } from '../../../test/helpers.ts'
import { main } from '../../cli/audit-verify.ts'
import { openPostgresDatabase, type Database, type DatabaseHandle } from '../../db/client.ts'
import { auditLog } from '../../db/schema/index.ts'
import { GENESIS_HASH } from './audit-hash.ts'
import { AuditLog } from './audit-log.ts'

// The audit log (issue #20 point 4): appended in a chain, append-only for the application's own
// connection, and a changed or forged entry found by verify and by `npm run audit-verify`.

/** Empties the log behind its trigger (the tests' superuser; never the product). */
async function emptyLog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`truncate audit_log restart identity`)
  })
}

/** The error's message and its causes' (drizzle wraps the driver's error). */
function messagesOf(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  while (current instanceof Error) {
    parts.push(current.message)
    current = current.cause
  }
  return parts.join(' / ')
}

async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement
  } catch (error) {
    return messagesOf(error)
  }
  return 'not refused'
}

describe('監査ログ (issue #20)', () => {
  let database: DatabaseHandle & { url?: string }
  let audit: AuditLog

  beforeAll(async () => {
    database = await createTestDatabase()
    audit = new AuditLog(database.db, { batch: 3 })
  })

  afterAll(async () => {
    await database.close()
  })

  beforeEach(async () => {
    await emptyLog(database.db)
  })

  it('記録が前の記録のハッシュでつながり、検証を通ること', async () => {
    const first = await audit.record({
      actorKind: 'system',
      action: 'renewal.run',
      details: { renewed: 2 },
    })
    const second = await audit.record({
      actorKind: 'staff',
      actorId: 'staff-1',
      action: 'application.viewed',
      recordKind: 'application',
      recordId: 'a-1',
      clientAddress: '192.0.2.1',
      reason: '問い合わせ対応',
    })
    const third = await audit.record({
      actorKind: 'holder',
      actorId: 'acc-2',
      action: 'notice.viewed',
    })
    expect(first.prevHash).toBe(GENESIS_HASH)
    expect(second.prevHash).toBe(first.hash)
    expect(third.prevHash).toBe(second.hash)
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(await audit.verify()).toEqual({ ok: true, entries: 3 })
    const viewed = await audit.list({ action: 'application.viewed', recordId: 'a-1' })
    expect(viewed.map((entry) => entry.seq)).toEqual([second.seq])
    expect(await audit.list({ afterSeq: first.seq, limit: 1 })).toEqual([second])
  })

  it('2 つのプールから同時に 20 件記録しても鎖が正しいこと', async () => {
    // PostgreSQL: a second pool, as a second server process would have. PGlite is one
    // connection by design: its transactions take turns, the lock is taken all the same.
    const other =
      database.url === undefined ? undefined : await openPostgresDatabase(database.url, { max: 4 })
    try {
      const second = new AuditLog(other?.db ?? database.db)
      const appends = Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? audit : second).record({
          actorKind: 'system',
          action: 'test.concurrent',
          details: { index },
        }),
      )
      const entries = await Promise.all(appends)
      expect(new Set(entries.map((entry) => entry.prevHash)).size).toBe(20)
      expect(await audit.verify()).toEqual({ ok: true, entries: 20 })
    } finally {
      await other?.close()
    }
  })

  it('アプリの接続でも UPDATE・DELETE・TRUNCATE が拒まれること', async () => {
    const entry = await audit.record({ actorKind: 'system', action: 'test.kept' })
    const db = database.db
    expect(await refusal(db.update(auditLog).set({ reason: 'changed' }))).toMatch(
      /append-only: UPDATE refused/,
    )
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.seq, entry.seq)))).toMatch(
      /append-only: DELETE refused/,
    )
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(
      /append-only: TRUNCATE refused/,
    )
    expect(await audit.list()).toEqual([entry])
  })

  it('書き換えられた記録の seq で検証が失敗すること', async () => {
    await audit.record({ actorKind: 'system', action: 'test.one' })
    const changed = await audit.record({ actorKind: 'system', action: 'test.two' })
    await audit.record({ actorKind: 'system', action: 'test.three' })
    await audit.record({ actorKind: 'system', action: 'test.four' })
    await database.db.transaction(async (tx) => {
      // around the trigger, as only a superuser can
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(auditLog).set({ reason: 'forged' }).where(eq(auditLog.seq, changed.seq))
    })
    expect(await audit.verify()).toEqual({
      ok: false,
      brokenAt: changed.seq,
      reason: 'hash',
      entries: 1,
    })
  })

  it('サービスを通さず挿入された記録の seq で検証が失敗すること', async () => {
    const first = await audit.record({ actorKind: 'system', action: 'test.one' })
    const [forged] = await database.db
      .insert(auditLog)
      .values({
        actorKind: 'staff',
        action: 'application.viewed',
        prevHash: GENESIS_HASH,
        hash: 'f'.repeat(64),
      })
      .returning()
    await audit.record({ actorKind: 'system', action: 'test.after' })
    expect(forged?.seq).toBe(first.seq + 1)
    expect(await audit.verify()).toEqual({
      ok: false,
      brokenAt: first.seq + 1,
      reason: 'prev_hash',
      entries: 1,
    })
  })

  it('npm run audit-verify: 改ざんなしで 0、改ざんの seq を示して 1 で終わること', async () => {
    const config = testConfig()
    const run = async () => {
      let stdout = ''
      const code = await main([], {
        config,
        database,
        output: { stdout: (text) => (stdout += text), stderr: (text) => (stdout += text) },
      })
      return { code, stdout }
    }
    expect(await run()).toEqual({
      code: 0,
      stdout: '監査ログ: 0 件、改ざんなし\naudit log: 0 entries, chain intact\n',
    })
    await audit.record({ actorKind: 'system', action: 'test.one' })
    const changed = await audit.record({ actorKind: 'system', action: 'test.two' })
    expect(await run()).toEqual({
      code: 0,
      stdout: '監査ログ: 2 件、改ざんなし\naudit log: 2 entries, chain intact\n',
    })
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(auditLog).set({ actorId: 'someone' }).where(eq(auditLog.seq, changed.seq))
    })
    const broken = await run()
    expect(broken.code).toBe(1)
    expect(broken.stdout).toContain(`audit log: chain broken at seq ${changed.seq}`)
    expect(broken.stdout).toContain(`監査ログ: seq ${changed.seq} で改ざんを検出`)
  })
})
