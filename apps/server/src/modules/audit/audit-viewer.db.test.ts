import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as AdminRoutes from '@app/shared/api/admin/routes'
import type { DatabaseHandle } from '../../db/client.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { createTestApp, createTestDatabase, manualClock } from '../../../test/helpers.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'
import { AuditLog } from './audit-log.ts'

// Issue #20 point 4: the audit log's viewer (filters, newest first, pages with a total) and its
// CSV (UTF-8 with BOM, CRLF, RFC 4180, formula guard), for insurerAdmin and auditor only.

const URL_LIST = apiUrl(AdminRoutes.auditLogRoute)
const URL_CSV = apiUrl(AdminRoutes.auditLogCsvRoute)

describe('監査ログの閲覧とCSV（issue #20 point 4）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let admin: TestStaff
  let auditor: TestStaff
  let operator: TestStaff
  let agency: TestStaff

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock: manualClock() })
    admin = await createTestStaff(app, { role: 'insurerAdmin' })
    auditor = await createTestStaff(app, { role: 'auditor' })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
    agency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A001' })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  beforeEach(async () => {
    // empties the log behind its trigger (the tests' superuser; never the product)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`truncate audit_log restart identity`)
    })
    for (const [index, action] of ['a.one', 'a.two', 'a.one', 'a.three', 'a.one'].entries()) {
      await app.audit.record({
        actorKind: index % 2 === 0 ? 'staff' : 'system',
        actorId: index % 2 === 0 ? 'staff-1' : null,
        action,
        recordKind: 'application',
        recordId: `app-${index}`,
        reason: index === 4 ? '=HYPERLINK("http://x"),"引用"' : null,
        details: { index },
      })
    }
  })

  function list(staff: TestStaff | undefined, query: Record<string, string> = {}) {
    return app.inject({ method: 'GET', url: URL_LIST, query, headers: staff?.headers ?? {} })
  }

  function csv(staff: TestStaff | undefined, query: Record<string, string> = {}) {
    return app.inject({ method: 'GET', url: URL_CSV, query, headers: staff?.headers ?? {} })
  }

  it.each([
    ['一覧', list],
    ['CSV', csv],
  ])(
    '%s はセッションなしで 401、保険会社オペレーターと代理店スタッフには 403 になること',
    async (_, open) => {
      expect((await open(undefined)).statusCode).toBe(401)
      expect((await open(operator)).json()).toMatchObject({ errorCode: 'ADMA0002' })
      expect((await open(operator)).statusCode).toBe(403)
      expect((await open(agency)).statusCode).toBe(403)
      expect((await open(auditor)).statusCode).toBe(200)
    },
  )

  it('新しい順にページで返し、総数を添えること', async () => {
    const response = await list(admin, { pageSize: '2', page: '2' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.total).toBe(5)
    expect([body.page, body.pageSize]).toEqual([2, 2])
    expect(body.entries.map((entry: { seq: number }) => entry.seq)).toEqual([3, 2])
    expect(body.entries[0]).toEqual({
      seq: 3,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actorKind: 'staff',
      actorId: 'staff-1',
      action: 'a.one',
      recordKind: 'application',
      recordId: 'app-2',
      clientAddress: null,
      reason: null,
      details: { index: 2 },
    })
  })

  it('操作・操作者・対象・期間で絞り込めること', async () => {
    const byAction = (await list(admin, { action: 'a.one' })).json()
    expect(byAction.total).toBe(3)
    expect(byAction.entries.map((entry: { seq: number }) => entry.seq)).toEqual([5, 3, 1])
    const byActor = (await list(admin, { actorKind: 'system' })).json()
    expect(byActor.entries.map((entry: { recordId: string }) => entry.recordId)).toEqual([
      'app-3',
      'app-1',
    ])
    const byRecord = (await list(admin, { recordKind: 'application', recordId: 'app-4' })).json()
    expect(byRecord.total).toBe(1)
    const future = (await list(admin, { from: '2999-01-01T00:00:00Z' })).json()
    expect(future).toMatchObject({ total: 0, entries: [] })
    const past = (await list(admin, { to: '2000-01-01T00:00:00Z' })).json()
    expect(past.total).toBe(0)
  })

  it('最初のページの閲覧だけを、絞り込みを詳細にして監査ログに残すこと', async () => {
    await list(auditor, { action: 'a.one', pageSize: '1' })
    await list(auditor, { action: 'a.one', pageSize: '1', page: '2' })
    const viewed = await app.audit.list({ action: 'audit.viewed' })
    expect(viewed).toHaveLength(1)
    expect(viewed[0]).toMatchObject({
      actorKind: 'staff',
      actorId: auditor.staffId,
      details: { action: 'a.one' },
    })
  })

  it('CSVはBOM付きUTF-8・CRLF・日本語の見出しで、引用符と数式をエスケープし、書き出しを監査ログに残すこと', async () => {
    const response = await csv(admin, { action: 'a.one' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="audit-log-20261120.csv"',
    )
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3))
    const lines = text.split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(text.replaceAll('\r\n', '')).not.toContain('\n')
    expect(lines[0]).toBe('連番,日時,操作者種別,操作者ID,操作,対象種別,対象ID,接続元,理由,詳細')
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(['5', '3', '1'])
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://x""),""引用""",`)
    const exported = await app.audit.list({ action: 'audit.exported' })
    expect(exported).toMatchObject([{ actorId: admin.staffId, details: { action: 'a.one' } }])
  })

  it('CSVは一定件数ずつ新しい順に読み、全件を一度だけ書くこと', async () => {
    const reader = new AuditLog(database.db, { batch: 2 })
    const batches: number[][] = []
    for await (const rows of reader.newestFirst({})) batches.push(rows.map((row) => row.seq))
    expect(batches).toEqual([[5, 4], [3, 2], [1]])
  })
})
