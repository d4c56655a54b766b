import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as Participation from '@app/shared/api/admin/participation'
import {
  memberStatesRoute,
  participationCsvRoute,
  participationProductsRoute,
  participationRoute,
} from '@app/shared/api/admin/participation-routes'
import { readTestImage } from '../../../test/factories.ts'
import { createTestApp, createTestDatabase, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { applications, paymentAttempts, rosterMembers } from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { appendStepEvent } from '../application/application-repository.ts'
import { listAuditEntries } from '../audit/audit-repository.ts'
import {
  backOfficeDocuments,
  seedBackOfficeApplications,
} from '../back-office/back-office-test-support.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'

// The participation dashboard and the group contact's member list (issue #21 points 5 and 6):
// figures, the JST daily series, the funnel and the CSV against applications seeded in known
// states; scope (a group contact sees only their group, 404 for another's product); audit.

type Answer = typeof Participation.participationApi.response._zod.output
type MembersAnswer = typeof Participation.memberStatesApi.response._zod.output

const first = { groupPfCode: 'T000001', groupPfCodeInceptionDateYm: '202612' }
const second = { groupPfCode: 'T000002', groupPfCodeInceptionDateYm: '202612' }

describe('participation dashboard (issue #21 points 5, 6)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let admin: TestStaff
  let contact: TestStaff
  let agency2: TestStaff
  let auditor: TestStaff

  beforeAll(async () => {
    database = await createTestDatabase()
    for (const document of backOfficeDocuments()) {
      await importGroupDocument(database.db, document, { readImage: readTestImage })
    }
    app = await createTestApp(database)
    admin = await createTestStaff(app, { role: 'insurerOperator' })
    contact = await createTestStaff(app, { role: 'groupContact', groupPfCode: 'T000001' })
    agency2 = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A002' })
    auditor = await createTestStaff(app, { role: 'auditor' })
    // T000001: two drafts (one in branch 00002 of agency A002), three applied (two paid, one
    // processed), one cancelled, and two roster members who have not started
    const [d1, d2, , a2, a3] = await seedBackOfficeApplications(
      app.db,
      [
        {
          memberCode: 'P0001',
          status: 'draft',
          // a group-collection draft already reads 330 (SPEC §4): it is not paid
          statusPattern: '330',
          nameKanji: '青木　一郎',
          nameKana: 'アオキ　イチロウ',
        },
        {
          memberCode: 'P0002',
          status: 'draft',
          groupPfBranchNo: '00002',
          nameKanji: '井上　二郎',
          nameKana: 'イノウエ　ジロウ',
        },
        {
          memberCode: 'P0003',
          statusPattern: '110',
          nameKanji: '上田　三郎',
          nameKana: 'ウエダ　サブロウ',
        },
        {
          memberCode: 'P0004',
          statusPattern: '330',
          processed: true,
          nameKanji: '江藤　四郎',
          nameKana: 'エトウ　シロウ',
        },
        {
          memberCode: 'P0005',
          statusPattern: '330',
          // 2026-11-17 15:30 UTC is 2026-11-18 00:30 in Japan
          appliedAt: new Date(Date.UTC(2026, 10, 17, 15, 30)),
          nameKanji: '太田　五郎',
          nameKana: 'オオタ　ゴロウ',
        },
        {
          memberCode: 'P0006',
          status: 'cancelled',
          nameKanji: '加藤　六郎',
          nameKana: 'カトウ　ロクロウ',
        },
        { memberCode: 'Q0001', groupPfCode: 'T000002', groupPfBranchNo: '00003' },
      ],
      testNow,
    )
    await app.db.insert(rosterMembers).values([
      { ...first, memberCode: 'P0007' },
      { ...first, memberCode: 'P0008' },
    ])
    // P0001 saved two steps (the application module's records); P0002's draft holds one as done
    await appendStepEvent(app.db, d1 ?? '', 'entryTerms', testNow)
    await appendStepEvent(app.db, d1 ?? '', 'selectPolicyHolderDiv', testNow)
    await app.db
      .update(applications)
      .set({ completedSteps: ['entryTerms'] })
      .where(eq(applications.id, d2 ?? ''))
    // P0004 paid by card on 2026-11-21 01:00 in Japan (16:00 UTC the day before)
    await app.db.insert(paymentAttempts).values({
      applicationId: a2 ?? '',
      kind: 'card',
      idempotencyKey: 'participation-test',
      status: 'succeeded',
      amount: 1350,
      finishedAt: new Date(Date.UTC(2026, 10, 20, 16, 0)),
    })
    expect(a3).toBeDefined()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function get(staff: TestStaff, url: string, query: Record<string, string> = {}) {
    return app.inject({ method: 'GET', url, query, headers: staff.headers })
  }

  async function figuresOf(staff: TestStaff, key = first): Promise<Answer> {
    const response = await get(staff, apiUrl(participationRoute, key))
    expect(response.statusCode).toBe(200)
    return response.json<Answer>()
  }

  it('集計が、入れた申込の状態どおりであること（取消は数えない）', async () => {
    const answer = await figuresOf(admin)
    expect(answer.figures).toEqual({
      rosterSize: 8,
      verified: 6,
      started: 5,
      applied: 3,
      paid: 2,
      processed: 1,
    })
    expect(answer.window).toEqual({ from: '20261101', to: '20261130' })
    expect(answer.groupNameKanji).not.toBe('')
  })

  it('日別の推移は募集期間の毎日で、日本時間の日に数えること', async () => {
    const { daily } = await figuresOf(admin)
    expect(daily).toHaveLength(30)
    expect(daily[0]?.date).toBe('20261101')
    expect(daily.at(-1)?.date).toBe('20261130')
    const nonZero = daily.filter((day) => day.started + day.applied + day.paid > 0)
    expect(nonZero).toEqual([
      // P0005: applied and paid 00:30 JST on the 18th (the 17th in UTC)
      { date: '20261118', started: 0, applied: 1, paid: 1 },
      // every application was started the day before testNow (2026-11-19 10:00 JST)
      { date: '20261119', started: 5, applied: 0, paid: 0 },
      // P0003 and P0004 applied at testNow; P0004's card payment is on the 21st in Japan
      { date: '20261120', started: 0, applied: 2, paid: 0 },
      { date: '20261121', started: 0, applied: 0, paid: 1 },
    ])
  })

  it('段階ごとの到達数は、手順の記録と完了済みの手順と申込完了から数えること', async () => {
    const { funnel } = await figuresOf(admin)
    const reached = Object.fromEntries(funnel.map((stage) => [stage.stage, stage.reached]))
    expect(funnel.map((stage) => stage.stage)[0]).toBe('started')
    expect(funnel.map((stage) => stage.stage).at(-1)).toBe('paid')
    expect(reached).toMatchObject({
      started: 5,
      entryTerms: 5,
      selectPolicyHolderDiv: 4,
      selectCategory: 3,
      pamphletImportantNotes: 3,
      applied: 3,
      paid: 2,
    })
  })

  it('団体担当者は自分の団体だけを見て、ほかの団体の商品は 404 であること', async () => {
    const products = await get(contact, apiUrl(participationProductsRoute))
    expect(products.json()).toEqual({
      products: [expect.objectContaining({ ...first })],
    })
    expect((await figuresOf(contact)).figures.started).toBe(5)
    for (const url of [
      apiUrl(participationRoute, second),
      apiUrl(participationCsvRoute, second),
      apiUrl(memberStatesRoute, second),
    ]) {
      const response = await get(contact, url)
      expect([response.statusCode, response.json<{ errorCode: string }>().errorCode]).toEqual([
        404,
        'ADMN0001',
      ])
    }
    const absent = await get(
      contact,
      apiUrl(participationRoute, { ...first, groupPfCodeInceptionDateYm: '209901' }),
    )
    expect(absent.statusCode).toBe(404)
  })

  it('代理店スタッフは自分の支店の申込だけを数え、監査役は 403 であること', async () => {
    const answer = await figuresOf(agency2)
    expect(answer.figures).toMatchObject({ started: 1, applied: 0 })
    const products = await get(agency2, apiUrl(participationProductsRoute))
    expect(products.json<{ products: unknown[] }>().products).toHaveLength(2)
    const refused = await get(auditor, apiUrl(participationRoute, first))
    expect(refused.statusCode).toBe(403)
    const refusedMembers = await get(auditor, apiUrl(memberStatesRoute, first))
    expect(refusedMembers.statusCode).toBe(403)
  })

  it('加入者一覧は、会員番号・氏名・フリガナ・状況のキーだけを返すこと', async () => {
    const response = await get(contact, apiUrl(memberStatesRoute, first))
    expect(response.statusCode).toBe(200)
    const answer = response.json<MembersAnswer>()
    expect(Object.keys(answer).sort()).toEqual(['members', 'page', 'pageSize', 'total'])
    expect(answer.total).toBe(8)
    for (const member of answer.members) {
      expect(Object.keys(member).sort()).toEqual(['memberCode', 'nameKana', 'nameKanji', 'state'])
    }
    expect(
      answer.members.map((member) => [member.memberCode, member.state, member.nameKanji]),
    ).toEqual([
      ['P0001', 'inProgress', '青木　一郎'],
      ['P0002', 'inProgress', '井上　二郎'],
      ['P0003', 'applied', '上田　三郎'],
      ['P0004', 'applied', '江藤　四郎'],
      ['P0005', 'applied', '太田　五郎'],
      // the cancelled application is no longer the member's: not started
      ['P0006', 'notStarted', null],
      ['P0007', 'notStarted', null],
      ['P0008', 'notStarted', null],
    ])
    expect(answer.members[0]?.nameKana).toBe('アオキ　イチロウ')
    expect(JSON.stringify(answer)).not.toMatch(/example\.jp|policyHolder|itemAnswers|190/)
  })

  it('加入者一覧を状況で絞り込み、ページに分けること', async () => {
    const applied = await get(contact, apiUrl(memberStatesRoute, first), { state: 'applied' })
    expect(applied.json<MembersAnswer>().members.map((member) => member.memberCode)).toEqual([
      'P0003',
      'P0004',
      'P0005',
    ])
    const notStarted = await get(contact, apiUrl(memberStatesRoute, first), {
      state: 'notStarted',
      pageSize: '2',
      page: '2',
    })
    expect(notStarted.json<MembersAnswer>()).toEqual({
      members: [{ memberCode: 'P0008', nameKanji: null, nameKana: null, state: 'notStarted' }],
      total: 3,
      page: 2,
      pageSize: 2,
    })
    // agency A002 sees its branch's draft and the members who have not started
    const agency = await get(agency2, apiUrl(memberStatesRoute, first), { pageSize: '100' })
    expect(agency.json<MembersAnswer>().members.map((member) => member.memberCode)).toEqual([
      'P0002',
      'P0006',
      'P0007',
      'P0008',
    ])
  })

  it('CSV は BOM と CRLF、集計・日別・段階を数字で持つこと', async () => {
    const response = await get(contact, apiUrl(participationCsvRoute, first))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="participation-T000001-202612-\d{8}\.csv"$/,
    )
    const text = response.body
    expect(text.startsWith('\uFEFF区分,項目,件数\r\n')).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.split('\r\n').filter((line) => line.includes('\n'))).toEqual([])
    expect(text).toContain('\r\n集計,名簿の人数,8\r\n')
    expect(text).toContain('\r\n集計,申込完了,3\r\n')
    expect(text).toContain('\r\n日別：入金,2026-11-21,1\r\n')
    expect(text).toContain('\r\n段階ごとの到達数,同意事項,5\r\n')
    expect(text).not.toContain('青木')
  })

  it('閲覧・CSV・加入者一覧は監査ログに残ること', async () => {
    const viewer = await createTestStaff(app, { role: 'groupContact', groupPfCode: 'T000001' })
    await figuresOf(viewer)
    await get(viewer, apiUrl(participationCsvRoute, first))
    await get(viewer, apiUrl(memberStatesRoute, first), { state: 'applied' })
    const entries = await listAuditEntries(app.db, { actorId: viewer.staffId })
    expect(
      entries
        .filter((entry) => entry.action !== 'staff.signedIn')
        .map((entry) => [entry.action, entry.recordKind, entry.recordId, entry.details]),
    ).toEqual(
      expect.arrayContaining([
        ['participation.viewed', 'groupProduct', 'T000001/202612', {}],
        ['participation.exported', 'groupProduct', 'T000001/202612', {}],
        ['members.statesViewed', 'groupProduct', 'T000001/202612', { state: 'applied', page: 1 }],
      ]),
    )
    expect(entries.filter((entry) => entry.action !== 'staff.signedIn')).toHaveLength(3)
  })
})
