import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as Admin from '@app/shared/api/admin/endpoints'
import {
  adminGroupsRoute,
  applicationDetailRoute,
  cancelApplicationRoute,
  documentLinkRoute,
  markProcessedRoute,
  noticeAnswersRoute,
  searchApplicationsRoute,
} from '@app/shared/api/admin/routes'
import { readTestImage } from '../../../test/factories.ts'
import { createTestApp, createTestDatabase, jstTime, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { applicationFiles, outboxMessages } from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { listAuditEntries } from '../audit/audit-repository.ts'
import { newStorageKey } from '../files/file-store.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'
import {
  backOfficeDocuments,
  seedBackOfficeApplications,
  type BackOfficeSeed,
} from './back-office-test-support.ts'
import { eq } from 'drizzle-orm'

// Applications in the back office (issue #20 point 5, ADR 0027): search, detail, notice answers,
// documents, mark processed and cancel, each within the staff member's scope and audited.

type SearchAnswer = typeof Admin.searchApplicationsApi.response._zod.output
type DetailAnswer = typeof Admin.applicationDetailApi.response._zod.output

describe('back office applications', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let admin: TestStaff
  let operator: TestStaff
  let agency1: TestStaff
  let agency2: TestStaff
  let auditor: TestStaff
  let seq = 0
  const code = (prefix = 'BO') => `${prefix}${String((seq += 1)).padStart(6, '0')}`

  beforeAll(async () => {
    database = await createTestDatabase()
    for (const document of backOfficeDocuments()) {
      await importGroupDocument(database.db, document, { readImage: readTestImage })
    }
    app = await createTestApp(database)
    admin = await createTestStaff(app, { role: 'insurerAdmin' })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
    agency1 = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A001' })
    agency2 = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A002' })
    auditor = await createTestStaff(app, { role: 'auditor' })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const seed = (seeds: BackOfficeSeed[]) => seedBackOfficeApplications(app.db, seeds, testNow)

  async function search(staff: TestStaff, query: Record<string, string> = {}) {
    const response = await app.inject({
      method: 'GET',
      url: apiUrl(searchApplicationsRoute),
      query,
      headers: staff.headers,
    })
    expect(response.statusCode).toBe(200)
    return response.json<SearchAnswer>()
  }

  /** Search within one member-code prefix, so that other tests' rows never count. */
  async function codes(staff: TestStaff, query: Record<string, string> = {}) {
    const answer = await search(staff, { pageSize: '100', ...query })
    return answer.rows.map((row) => row.memberCode)
  }

  async function detail(staff: TestStaff, applicationId: string) {
    return app.inject({
      method: 'GET',
      url: apiUrl(applicationDetailRoute, { applicationId }),
      headers: staff.headers,
    })
  }

  describe('search', () => {
    it('団体・年度・支店・状態・ステータスパターン・入金状況・申込日・会員コードで絞り込めること', async () => {
      const prefix = 'FLT'
      const [draft, applied, processed, cancelled, paid, under, other, late] = await seed([
        { memberCode: code(prefix), status: 'draft' },
        { memberCode: code(prefix), statusPattern: '110' },
        { memberCode: code(prefix), statusPattern: '210', processed: true },
        { memberCode: code(prefix), status: 'cancelled', statusPattern: '110' },
        { memberCode: code(prefix), statusPattern: '330' },
        {
          memberCode: code(prefix),
          statusPattern: '220',
          pymntMethod: '3',
          depositStatus: 'underpaid',
        },
        { memberCode: code(prefix), groupPfCode: 'T000002', groupPfBranchNo: '00003' },
        { memberCode: code(prefix), appliedAt: jstTime('20261125', '2359') },
      ])
      const ids = async (query: Record<string, string>) => {
        const answer = await search(admin, { pageSize: '100', ...query })
        return answer.rows
          .map((row) => row.applicationId)
          .filter((id) =>
            [draft, applied, processed, cancelled, paid, under, other, late].includes(id),
          )
          .sort()
      }
      const sorted = (...values: (string | undefined)[]) => values.map(String).sort()
      expect(await ids({ status: 'draft' })).toEqual([draft])
      expect(await ids({ status: 'processed' })).toEqual([processed])
      expect(await ids({ status: 'cancelled' })).toEqual([cancelled])
      expect(await ids({ status: 'applied', groupPfCode: 'T000001' })).toEqual(
        sorted(applied, paid, under, late),
      )
      expect(await ids({ statusPattern: '330' })).toEqual([paid])
      expect(await ids({ paymentStatus: 'paid' })).toEqual([paid])
      expect(await ids({ paymentStatus: 'underpaid' })).toEqual([under])
      expect(await ids({ paymentStatus: 'none', groupPfCode: 'T000001' })).toEqual(
        sorted(draft, cancelled),
      )
      expect(await ids({ groupPfCode: 'T000002', groupPfCodeInceptionDateYm: '202612' })).toEqual([
        other,
      ])
      expect(await ids({ groupPfBranchNo: '00003' })).toEqual([other])
      // testNow is 2026-11-20 10:00 JST; `late` was applied 2026-11-25 23:59 JST
      expect(await ids({ appliedFrom: '20261125', appliedTo: '20261125' })).toEqual([late])
      expect(
        await ids({ appliedFrom: '20261120', appliedTo: '20261124', statusPattern: '110' }),
      ).toEqual(sorted(applied, cancelled, other))
      expect(await ids({ appliedTo: '20261119' })).toEqual([])
      const answer = await search(admin, { memberCode: 'FLT000002' })
      expect(answer.total).toBe(1)
      expect(answer.rows[0]).toMatchObject({
        applicationId: applied,
        memberCode: 'FLT000002',
        nameKanji: '山田　太郎',
        nameKana: 'ヤマダ　タロウ',
        status: 'applied',
        statusPattern: '110',
        paymentStatus: 'unpaid',
        groupPfBranchNo: '00001',
      })
    })

    it('氏名はひらがなでもカタカナでも全角・半角でも、空白を除いた前方一致で見つかること', async () => {
      const [kana, kanji] = await seed([
        { memberCode: code('NAM'), nameKana: 'ミドリカワ　ハナコ', nameKanji: '翠川　花子' },
        { memberCode: code('NAM'), nameKana: 'ミドリヤマ　ジロウ', nameKanji: '緑山　次郎' },
      ])
      const found = async (name: string) =>
        (await search(admin, { name, pageSize: '100' })).rows.map((row) => row.applicationId)
      expect(await found('みどりかわ　はな')).toEqual([kana])
      expect(await found('ﾐﾄﾞﾘｶﾜﾊﾅｺ')).toEqual([kana])
      expect(await found('ミドリカワ ハ')).toEqual([kana])
      expect((await found('みどり')).sort()).toEqual([kana, kanji].sort())
      expect(await found('緑山次')).toEqual([kanji])
      expect(await found('翠川　花子')).toEqual([kana])
      expect(await found('ハナコ')).toEqual([])
      expect(await found('%')).toEqual([])
    })

    it('サーバー側で並べ替えとページ分けをし、同じ値は ID 順で安定すること', async () => {
      const prefix = 'SRT'
      const base = Date.UTC(2026, 10, 1, 0, 0, 0)
      await seed([
        { memberCode: `${prefix}3`, nameKana: 'アオキ', appliedAt: new Date(base + 3_000) },
        { memberCode: `${prefix}1`, nameKana: 'ウエダ', appliedAt: new Date(base + 1_000) },
        { memberCode: `${prefix}2`, nameKana: 'イトウ', appliedAt: new Date(base + 2_000) },
        { memberCode: `${prefix}4`, nameKana: 'イトウ', appliedAt: new Date(base + 2_000) },
        { memberCode: `${prefix}5`, nameKana: 'エモト', status: 'draft' },
      ])
      const filter = { groupPfCode: 'T000001', appliedFrom: '20261101', appliedTo: '20261101' }
      const byApplied = await codes(admin, { ...filter, sort: 'appliedAt', order: 'desc' })
      expect(byApplied.slice(0, 1)).toEqual(['SRT3'])
      expect(byApplied.slice(1, 3).sort()).toEqual(['SRT2', 'SRT4'])
      expect(byApplied[3]).toBe('SRT1')
      const ascending = await codes(admin, { ...filter, sort: 'appliedAt', order: 'asc' })
      expect(ascending).toEqual([...byApplied].reverse())
      expect(await codes(admin, { ...filter, sort: 'memberCode', order: 'asc' })).toEqual([
        'SRT1',
        'SRT2',
        'SRT3',
        'SRT4',
      ])
      const byName = await codes(admin, { name: 'ア', sort: 'nameKana', order: 'asc' })
      expect(byName[0]).toBe('SRT3')
      const pages = []
      for (const page of ['1', '2', '3']) {
        const answer = await search(admin, {
          ...filter,
          sort: 'memberCode',
          order: 'desc',
          pageSize: '2',
          page,
        })
        expect(answer.total).toBe(4)
        expect(answer.page).toBe(Number(page))
        pages.push(answer.rows.map((row) => row.memberCode))
      }
      expect(pages).toEqual([['SRT4', 'SRT3'], ['SRT2', 'SRT1'], []])
      // the draft (no appliedAt) comes last newest first
      const withDraft = await codes(admin, { memberCode: 'SRT5' })
      expect(withDraft).toEqual(['SRT5'])
    })

    it('代理店のスタッフには自分の代理店の支店の申込だけが見えること', async () => {
      const [own, other, otherProduct] = await seed([
        { memberCode: code('SCP'), groupPfBranchNo: '00001' },
        { memberCode: code('SCP'), groupPfBranchNo: '00002' },
        { memberCode: code('SCP'), groupPfCode: 'T000002', groupPfBranchNo: '00003' },
      ])
      const visible = async (staff: TestStaff) =>
        (await search(staff, { pageSize: '100', name: 'ヤマダタロウ' })).rows
          .map((row) => row.applicationId)
          .filter((id) => [own, other, otherProduct].includes(id))
          .sort()
      expect(await visible(agency1)).toEqual([own])
      expect(await visible(agency2)).toEqual([other, otherProduct].sort())
      expect(await visible(operator)).toEqual([own, other, otherProduct].sort())
      const all = await search(agency1, { pageSize: '100' })
      expect(all.rows.every((row) => row.groupPfBranchNo === '00001')).toBe(true)
      expect((await search(agency1, { groupPfBranchNo: '00002' })).total).toBe(0)
    })

    it('担当範囲の団体商品と支店を返すこと', async () => {
      const groups = async (staff: TestStaff) => {
        const response = await app.inject({
          method: 'GET',
          url: apiUrl(adminGroupsRoute),
          headers: staff.headers,
        })
        expect(response.statusCode).toBe(200)
        return response.json<typeof Admin.adminGroupsApi.response._zod.output>().groups
      }
      const insurer = await groups(admin)
      expect(insurer.map((group) => group.groupPfCode)).toEqual(['T000001', 'T000002'])
      expect(insurer[0]?.branches.map((branch) => branch.groupPfBranchNo)).toEqual([
        '00001',
        '00002',
      ])
      const first = await groups(agency1)
      expect(first).toEqual([
        {
          groupPfCode: 'T000001',
          groupPfCodeInceptionDateYm: '202612',
          groupNameKanji: expect.any(String),
          branches: [
            {
              groupPfBranchNo: '00001',
              sectionName: '営業第一課',
              agentCd: 'A001',
              agentName: 'テスト保険代理店',
            },
          ],
        },
      ])
      const second = await groups(agency2)
      expect(
        second.map((group) => [group.groupPfCode, group.branches.map((b) => b.groupPfBranchNo)]),
      ).toEqual([
        ['T000001', ['00002']],
        ['T000002', ['00003']],
      ])
    })
  })

  describe('detail', () => {
    it('各ステップの内容をラベル付きで返し、告知の回答は含めず、閲覧を監査ログに記録すること', async () => {
      const [id] = await seed([
        {
          memberCode: code('DTL'),
          holderAnswers: { employeeNo: 'E12345' },
          noticeAnswers: { hospitalised: '2' },
          insured: [{ unit: 1, itemAnswers: { hospitalised: '1' } }],
        },
      ])
      const response = await detail(operator, id ?? '')
      expect(response.statusCode).toBe(200)
      const body = response.json<DetailAnswer>()
      expect(body).toMatchObject({
        applicationId: id,
        version: 0,
        groupPfCode: 'T000001',
        groupPfBranchNo: '00001',
        status: 'applied',
        statusPattern: '110',
        paymentStatus: 'unpaid',
        hasNoticeAnswers: true,
        coverage: { totalPremium: 1350 },
      })
      expect(body.policyHolder).toContainEqual({
        itemCode: 'policyHolderNameKanji',
        label: '氏名（漢字）',
        value: '山田　太郎',
      })
      expect(body.policyHolder).toContainEqual({
        itemCode: 'policyHolderSex',
        label: '性別',
        value: '男性',
      })
      expect(body.policyHolder).toContainEqual({
        itemCode: 'employeeNo',
        label: '従業員番号',
        value: 'E12345',
      })
      expect(body.coverage.units.map((unit) => unit.unitNo)).toEqual([1, 2])
      expect(body.insured).toHaveLength(1)
      expect(body.insured[0]?.items.map((item) => item.itemCode)).toEqual([
        'insrdNameKana',
        'insrdNameKanji',
        'insrdBirthDate',
        'insrdSex',
      ])
      expect(JSON.stringify(body)).not.toContain('hospitalised')
      expect(JSON.stringify(body)).not.toContain('現在入院中')
      expect(body.history).toEqual([{ at: testNow.toISOString(), event: 'submitted', note: null }])
      const entries = await listAuditEntries(app.db, { action: 'application.viewed', recordId: id })
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({
        actorKind: 'staff',
        actorId: operator.staffId,
        recordKind: 'application',
      })
    })

    it('告知の回答は理由を入力すると返り、理由とともに監査ログに記録されること', async () => {
      const [id] = await seed([{ memberCode: code('NTC'), noticeAnswers: { hospitalised: '2' } }])
      const response = await app.inject({
        method: 'POST',
        url: apiUrl(noticeAnswersRoute, { applicationId: id ?? '' }),
        headers: agency1.headers,
        payload: { reason: '引受審査のため確認' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        answers: [
          {
            insrdId: null,
            unitNo: null,
            itemCode: 'hospitalised',
            question: '現在入院中ですか',
            answer: 'いいえ',
          },
        ],
      })
      const entries = await listAuditEntries(app.db, {
        action: 'application.noticeViewed',
        recordId: id,
      })
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({ actorId: agency1.staffId, reason: '引受審査のため確認' })
    })

    it('必要書類のリンクは理由とともに記録され、5分以内に切れ、ダウンロードも記録されること', async () => {
      const [id, otherId] = await seed([{ memberCode: code('DOC') }, { memberCode: code('DOC') }])
      const storageKey = newStorageKey()
      await app.fileStore.put(storageKey, Buffer.from('%PDF-1.4 test'))
      const [file] = await app.db
        .insert(applicationFiles)
        .values({
          applicationId: id ?? '',
          slot: 1,
          fileName: '本人確認書類.pdf',
          contentType: 'application/pdf',
          size: 13,
          storageKey,
          sha256: '0'.repeat(64),
        })
        .returning({ id: applicationFiles.id })
      const fileId = file?.id ?? ''
      const shown = (await detail(admin, id ?? '')).json<DetailAnswer>()
      expect(shown.documents).toEqual([{ fileId, slot: '1', fileName: '本人確認書類.pdf' }])
      const link = (applicationId: string, target: string) =>
        app.inject({
          method: 'POST',
          url: apiUrl(documentLinkRoute, { applicationId, fileId: target }),
          headers: admin.headers,
          payload: { reason: '書類の確認' },
        })
      const response = await link(id ?? '', fileId)
      expect(response.statusCode).toBe(200)
      const { url, expiresAt } = response.json<{ url: string; expiresAt: string }>()
      expect(new Date(expiresAt).getTime() - testNow.getTime()).toBeLessThanOrEqual(5 * 60_000)
      const linked = await listAuditEntries(app.db, { action: 'document.linked', recordId: id })
      expect(linked[0]).toMatchObject({
        actorId: admin.staffId,
        reason: '書類の確認',
        details: { fileId },
      })
      const download = await app.inject({ method: 'GET', url })
      expect(download.statusCode).toBe(200)
      expect(download.body).toBe('%PDF-1.4 test')
      const downloaded = await listAuditEntries(app.db, {
        action: 'document.downloaded',
        recordId: id,
      })
      expect(downloaded[0]).toMatchObject({
        actorKind: 'staff',
        actorId: admin.staffId,
        details: { fileId },
      })
      // a file of another application, or no file at all
      expect((await link(otherId ?? '', fileId)).json()).toMatchObject({ errorCode: 'ADMN0001' })
      expect((await link(id ?? '', 'not-a-file')).statusCode).toBe(404)
    })
  })

  describe('actions', () => {
    async function act(
      staff: TestStaff,
      kind: 'processed' | 'cancel',
      applicationId: string,
      version = 0,
    ) {
      return kind === 'processed'
        ? app.inject({
            method: 'POST',
            url: apiUrl(markProcessedRoute, { applicationId }),
            headers: staff.headers,
            payload: { note: '書類確認済み', version },
          })
        : app.inject({
            method: 'POST',
            url: apiUrl(cancelApplicationRoute, { applicationId }),
            headers: staff.headers,
            payload: { reason: '申込者からの取消依頼', version },
          })
    }

    it('処理済にできるのは申込済みで未処理の申込だけで、110 は 210 になり（SPEC §4）、330 はそのまま、履歴と監査ログに残ること', async () => {
      const [at110, at330, draft] = await seed([
        { memberCode: code('PRC'), statusPattern: '110' },
        { memberCode: code('PRC'), statusPattern: '330' },
        { memberCode: code('PRC'), status: 'draft' },
      ])
      const stale = await act(operator, 'processed', at110 ?? '', 5)
      expect(stale.statusCode).toBe(409)
      expect(stale.json()).toMatchObject({ errorCode: 'APFC0001' })
      const done = await act(operator, 'processed', at110 ?? '')
      expect(done.statusCode).toBe(200)
      expect(done.json()).toEqual({ status: 'processed', statusPattern: '210', version: 1 })
      const again = await act(operator, 'processed', at110 ?? '', 1)
      expect(again.json()).toMatchObject({ errorCode: 'ADMC0001' })
      const paid = await act(operator, 'processed', at330 ?? '')
      expect(paid.json()).toEqual({ status: 'processed', statusPattern: '330', version: 1 })
      expect((await act(operator, 'processed', at330 ?? '', 1)).json()).toMatchObject({
        errorCode: 'ADMC0001',
      })
      expect((await act(operator, 'processed', draft ?? '')).json()).toMatchObject({
        errorCode: 'ADMC0001',
      })
      const shown = (await detail(operator, at110 ?? '')).json<DetailAnswer>()
      expect(shown.status).toBe('processed')
      expect(shown.history.map((entry) => [entry.event, entry.note])).toEqual([
        ['submitted', null],
        ['processed', '書類確認済み'],
      ])
      const entries = await listAuditEntries(app.db, {
        action: 'application.processed',
        recordId: at110,
      })
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({ actorId: operator.staffId, reason: '書類確認済み' })
      expect(
        (
          await search(admin, {
            status: 'processed',
            memberCode: 'PRC' + String(seq - 2).padStart(6, '0'),
          })
        ).total,
      ).toBe(1)
    })

    it('取消は下書きと申込済みからでき、申込者にメールで知らせ、理由はメールに含めないこと', async () => {
      const mailAddress = `cancel-${randomUUID()}@example.jp`
      const [applied, draft] = await seed([
        { memberCode: code('CNL'), mailAddress },
        { memberCode: code('CNL'), status: 'draft' },
      ])
      const done = await act(admin, 'cancel', applied ?? '')
      expect(done.statusCode).toBe(200)
      expect(done.json()).toEqual({ status: 'cancelled', statusPattern: '110', version: 1 })
      expect((await act(admin, 'cancel', applied ?? '', 1)).json()).toMatchObject({
        errorCode: 'ADMC0001',
      })
      expect((await act(admin, 'cancel', draft ?? '')).statusCode).toBe(200)
      const mails = await app.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, mailAddress))
      expect(mails).toHaveLength(1)
      expect(mails[0]?.template).toBe('adminApplicationCancelled')
      expect(mails[0]?.subject).toContain('お申込みの取消のお知らせ')
      expect(mails[0]?.textBody).toContain('取扱代理店')
      expect(mails[0]?.textBody).toContain('テスト保険代理店')
      expect(mails[0]?.textBody).not.toContain('取消依頼')
      const entries = await listAuditEntries(app.db, {
        action: 'application.cancelled',
        recordId: applied,
      })
      expect(entries[0]).toMatchObject({ actorId: admin.staffId, reason: '申込者からの取消依頼' })
      const shown = (await detail(admin, applied ?? '')).json<DetailAnswer>()
      expect(shown.status).toBe('cancelled')
      expect(shown.mails).toEqual([
        {
          kind: 'adminApplicationCancelled',
          status: expect.any(String),
          at: expect.any(String),
        },
      ])
      expect(shown.history.map((entry) => entry.event)).toEqual(['submitted', 'cancelled'])
    })
  })

  describe('scope and permissions of every route', () => {
    let inScope: string
    let outOfScope: string
    let fileId: string

    beforeAll(async () => {
      const ids = await seed([
        { memberCode: code('RTE'), groupPfBranchNo: '00001' },
        { memberCode: code('RTE'), groupPfBranchNo: '00002' },
      ])
      inScope = ids[0] ?? ''
      outOfScope = ids[1] ?? ''
      const [file] = await app.db
        .insert(applicationFiles)
        .values({
          applicationId: outOfScope,
          slot: 2,
          fileName: 'a.pdf',
          contentType: 'application/pdf',
          size: 1,
          storageKey: newStorageKey(),
          sha256: '0'.repeat(64),
        })
        .returning({ id: applicationFiles.id })
      fileId = file?.id ?? ''
    })

    const routes = () => [
      {
        name: 'groups',
        method: 'GET' as const,
        url: () => apiUrl(adminGroupsRoute),
        scoped: false,
        permission: 'view',
      },
      {
        name: 'search',
        method: 'GET' as const,
        url: () => apiUrl(searchApplicationsRoute),
        scoped: false,
        permission: 'view',
      },
      {
        name: 'detail',
        method: 'GET' as const,
        url: (id: string) => apiUrl(applicationDetailRoute, { applicationId: id }),
        scoped: true,
        permission: 'view',
      },
      {
        name: 'notice',
        method: 'POST' as const,
        url: (id: string) => apiUrl(noticeAnswersRoute, { applicationId: id }),
        payload: { reason: '確認のため' },
        scoped: true,
        permission: 'view',
      },
      {
        name: 'document',
        method: 'POST' as const,
        url: (id: string) => apiUrl(documentLinkRoute, { applicationId: id, fileId }),
        payload: { reason: '確認のため' },
        scoped: true,
        permission: 'view',
      },
      {
        name: 'processed',
        method: 'POST' as const,
        url: (id: string) => apiUrl(markProcessedRoute, { applicationId: id }),
        payload: { note: '', version: 0 },
        scoped: true,
        permission: 'process',
      },
      {
        name: 'cancel',
        method: 'POST' as const,
        url: (id: string) => apiUrl(cancelApplicationRoute, { applicationId: id }),
        payload: { reason: '確認のため', version: 0 },
        scoped: true,
        permission: 'process',
      },
    ]

    it.each(['groups', 'search', 'detail', 'notice', 'document', 'processed', 'cancel'])(
      '%s: サインインなしは 401、権限のない役割は 403、担当範囲外は 404 であること',
      async (name) => {
        const route = routes().find((entry) => entry.name === name)
        if (route === undefined) throw new Error(name)
        const call = (headers: Record<string, string>, id = inScope) =>
          app.inject({ method: route.method, url: route.url(id), headers, payload: route.payload })
        const anonymous = await call({})
        expect(anonymous.statusCode).toBe(401)
        expect(anonymous.json()).toMatchObject({ errorCode: 'ADMA0001' })
        const refused = await call(auditor.headers)
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({ errorCode: 'ADMA0002' })
        if (route.permission === 'process') {
          const agency = await call(agency1.headers)
          expect(agency.statusCode).toBe(403)
          expect(agency.json()).toMatchObject({ errorCode: 'ADMA0002' })
        }
        if (route.scoped) {
          // agency staff may not act (403 above); every role that may reaches every group, so
          // outside their scope is only a record that is not there
          if (route.permission === 'view') {
            const outside = await call(agency1.headers, outOfScope)
            expect(outside.statusCode).toBe(404)
            expect(outside.json()).toMatchObject({ errorCode: 'ADMN0001' })
          }
          const missing = await call(admin.headers, randomUUID())
          expect(missing.statusCode).toBe(404)
          expect(missing.json()).toMatchObject({ errorCode: 'ADMN0001' })
        }
      },
    )

    it('代理店スタッフが範囲外の申込を詳細・告知・書類で開くと 404 で、監査ログに閲覧が残らないこと', async () => {
      for (const [url, method, payload] of [
        [apiUrl(applicationDetailRoute, { applicationId: outOfScope }), 'GET', undefined],
        [
          apiUrl(noticeAnswersRoute, { applicationId: outOfScope }),
          'POST',
          { reason: '確認のため' },
        ],
        [
          apiUrl(documentLinkRoute, { applicationId: outOfScope, fileId }),
          'POST',
          { reason: '確認のため' },
        ],
      ] as const) {
        const response = await app.inject({ method, url, headers: agency1.headers, payload })
        expect(response.statusCode).toBe(404)
        expect(response.json()).toMatchObject({ errorCode: 'ADMN0001' })
      }
      expect(await listAuditEntries(app.db, { recordId: outOfScope })).toEqual([])
      // the same application is in the other agency's scope
      expect((await detail(agency2, outOfScope)).statusCode).toBe(200)
    })
  })
})
