import Encoding from 'encoding-japanese'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as AdminRoutes from '@app/shared/api/admin/routes'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'
import { CORE_HEADER } from './core-csv.ts'
import { findBatchInScope, isProductInScope, listBatchesInScope } from './export-repository.ts'
import { exportProduct, seedAppliedApplications } from './export-test-support.ts'

// Issue #20 point 7 (the console's half): the export batches of the products in scope, a new
// batch, and a batch's file again, for insurerAdmin and insurerOperator; audited with the staff
// member as the actor.

const LIST = apiUrl(AdminRoutes.exportListRoute)
const CREATE = apiUrl(AdminRoutes.createExportRoute)
const fileUrl = (batchId: string) => apiUrl(AdminRoutes.exportFileRoute, { batchId })
const MISSING = '00000000-0000-4000-8000-000000000000'

describe('コンソールからの基幹連携出力（issue #20 point 7）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let operator: TestStaff
  let auditor: TestStaff
  let agency: TestStaff

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    app = await createTestApp(database, { clock: manualClock() })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
    auditor = await createTestStaff(app, { role: 'auditor' })
    agency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A001' })
    await seedAppliedApplications(
      database.db,
      [
        {
          memberCode: 'EXR00001',
          insured: [
            {
              insrdNameKana: 'ヤマダ　ハナコ',
              insrdNameKanji: '髙橋　花子',
              insrdBirthDate: '19900102',
              insrdSex: '2',
              unit: 1,
            },
          ],
        },
        { memberCode: 'EXR00002', holder: { policyHolderNameKanji: '𠮷田　太郎' } },
      ],
      testNow,
    )
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const create = (staff: TestStaff | undefined, body: object) =>
    app.inject({ method: 'POST', url: CREATE, payload: body, headers: staff?.headers ?? {} })
  const get = (staff: TestStaff | undefined, url: string) =>
    app.inject({ method: 'GET', url, headers: staff?.headers ?? {} })

  it('各ルートはセッションなしで 401、監査担当者と代理店スタッフには 403 になること', async () => {
    const body = { ...exportProduct, encoding: 'cp932' }
    const calls = [
      (staff?: TestStaff) => get(staff, LIST),
      (staff?: TestStaff) => create(staff, body),
      (staff?: TestStaff) => get(staff, fileUrl(MISSING)),
    ]
    for (const open of calls) {
      expect((await open()).statusCode).toBe(401)
      const refused = await open(auditor)
      expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'ADMA0002'])
      expect((await open(agency)).statusCode).toBe(403)
    }
  })

  it('ない商品と、ないバッチには 404 ADMN0001 になること', async () => {
    const unknown = await create(operator, {
      groupPfCode: 'Z999999',
      groupPfCodeInceptionDateYm: '202612',
      encoding: 'cp932',
    })
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'ADMN0001'])
    const missing = await get(operator, fileUrl(MISSING))
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'ADMN0001'])
  })

  it('出力して一覧に載り、ファイルをCP932でダウンロードでき、どちらも監査ログに残ること', async () => {
    const created = await create(operator, { ...exportProduct, encoding: 'cp932' })
    expect(created.statusCode).toBe(201)
    const batch = created.json()
    expect(batch).toEqual({
      batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...exportProduct,
      encoding: 'cp932',
      applicationCount: 2,
      rowCount: 2,
      createdAt: testNow.toISOString(),
      // rows come in application id order: the holder's row is line 2 or 3
      unmappable: [expect.stringMatching(/^[23]行目 policyHolderNameKanji U\+20BB7 𠮷$/)],
    })

    const listed = await get(operator, `${LIST}?groupPfCode=${exportProduct.groupPfCode}`)
    expect(listed.statusCode).toBe(200)
    expect(listed.json().batches).toEqual([{ ...batch, unmappable: [] }])

    const file = await get(operator, fileUrl(batch.batchId))
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('text/csv; charset=Shift_JIS')
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="core-export-${exportProduct.groupPfCode}-${exportProduct.groupPfCodeInceptionDateYm}-${batch.batchId}.csv"`,
    )
    const bytes = file.rawPayload
    expect(Encoding.detect(bytes)).toBe('SJIS')
    const text = Encoding.convert(bytes, { to: 'UNICODE', from: 'SJIS', type: 'string' })
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(CORE_HEADER.join(','))
    expect(lines).toHaveLength(4)
    expect(text).toContain('髙橋　花子')
    expect(text).toContain('〓田　太郎')

    const entries = await app.audit.list({ recordKind: 'exportBatch', recordId: batch.batchId })
    expect(entries.map((entry) => [entry.action, entry.actorKind, entry.actorId])).toEqual([
      ['export.created', 'staff', operator.staffId],
      ['export.downloaded', 'staff', operator.staffId],
    ])
    expect(entries[1]?.details).toEqual({ ...exportProduct, rowCount: 2 })
  })

  it('代理店の範囲では、その代理店の支店がある商品のバッチだけが見えること', async () => {
    const created = await create(operator, { ...exportProduct, encoding: 'utf8bom' })
    const { batchId } = created.json()
    const mine = { kind: 'agency', agentCd: 'A001' } as const
    const other = { kind: 'agency', agentCd: 'B999' } as const
    expect(await isProductInScope(database.db, mine, exportProduct)).toBe(true)
    expect(await isProductInScope(database.db, other, exportProduct)).toBe(false)
    expect(await isProductInScope(database.db, { kind: 'none' }, exportProduct)).toBe(false)
    expect((await findBatchInScope(database.db, mine, batchId))?.id).toBe(batchId)
    expect(await findBatchInScope(database.db, other, batchId)).toBeUndefined()
    expect((await listBatchesInScope(database.db, mine, {})).map((b) => b.id)).toContain(batchId)
    expect(await listBatchesInScope(database.db, other, {})).toEqual([])
  })
})
