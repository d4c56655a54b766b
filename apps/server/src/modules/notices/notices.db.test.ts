import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { desc, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as Notices from '@app/shared/api/admin/notice-endpoints'
import type { Endpoint } from '@app/shared/api/endpoint'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { auditLog, groupNotices } from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { testLink } from '../files/test-applicants.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'
import { NOTICE_CACHE_MS, NoticeBoard } from './notice-board.ts'
import { entryGroupOf } from './notice-banner.ts'

// Issue #21 point 7: notices per group product. Created, edited and ended from the console by the
// roles with manageNotices, within their scope (agency staff: their agency's groups; 404
// outside), audited; shown within their window, escaped, on the group's pamphlet (server page)
// and before the root of the SPA's index.html on its entry URLs.

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey } = testLink
const pamphletPath = `/app/pamphlet/${groupPfCode}/${groupPfCodeInceptionDateYm}/${groupPfBranchNo}/${urlKey}`
const entryPath = `/app/ent/${groupPfCode}/${groupPfCodeInceptionDateYm}/${groupPfBranchNo}/${urlKey}/verifyUser`
const myPagePath = `/app/myp/${groupPfCode}/${urlKey}/login`

const at = (offset: number) => new Date(testNow.getTime() + offset).toISOString()

describe('団体ごとのお知らせ（issue #21 point 7）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let webDistDir: string
  const clock = manualClock()
  let operator: TestStaff
  let agency: TestStaff
  let otherAgency: TestStaff
  let auditor: TestStaff

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notices-web-'))
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html lang="ja"><head><title>t</title></head><body><div id="root"></div></body></html>',
    )
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    app = await createTestApp(database, { clock, env: { WEB_DIST_DIR: webDistDir } })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
    agency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'A001' })
    otherAgency = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'B999' })
    auditor = await createTestStaff(app, { role: 'auditor' })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    fs.rmSync(webDistDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    clock.set(testNow)
    await database.db.delete(groupNotices)
    app.noticeBoard.invalidate()
  })

  function call(
    endpoint: Endpoint,
    who: TestStaff,
    request: { params?: Record<string, string>; query?: string; body?: object } = {},
  ) {
    return app.inject({
      method: endpoint.method,
      url: `${apiUrl(endpoint, request.params ?? {})}${request.query ?? ''}`,
      headers: who.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    })
  }

  async function create(
    who: TestStaff,
    fields: { title: string; noticeBody?: string; startsAt: string; endsAt: string },
  ) {
    return call(Notices.createNoticeApi, who, {
      body: { groupPfCode, noticeBody: '本文です。', ...fields },
    })
  }

  it('作成・一覧（掲載中・予定・終了）・編集・早期終了ができ、それぞれ監査されること', async () => {
    const current = await create(operator, {
      title: '年末年始の受付について',
      noticeBody: '12月29日から1月3日までは\nお問い合わせを受け付けていません。',
      startsAt: at(-HOUR),
      endsAt: at(HOUR),
    })
    expect(current.statusCode).toBe(201)
    const currentNotice = current.json<Notices.AdminNotice>()
    expect(currentNotice).toMatchObject({ groupPfCode, state: 'current', version: 0 })
    const upcoming = (
      await create(operator, { title: '予定', startsAt: at(2 * HOUR), endsAt: at(3 * HOUR) })
    ).json<Notices.AdminNotice>()
    expect(upcoming.state).toBe('upcoming')

    const edited = await call(Notices.updateNoticeApi, operator, {
      params: { noticeId: currentNotice.noticeId },
      body: {
        title: '年末年始の受付について（更新）',
        noticeBody: currentNotice.noticeBody,
        startsAt: currentNotice.startsAt,
        endsAt: at(2 * HOUR),
        version: 0,
      },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ title: '年末年始の受付について（更新）', version: 1 })
    const stale = await call(Notices.updateNoticeApi, operator, {
      params: { noticeId: currentNotice.noticeId },
      body: { title: '古い版', noticeBody: 'x', startsAt: at(-HOUR), endsAt: at(HOUR), version: 0 },
    })
    expect(stale.statusCode).toBe(409)

    const ended = await call(Notices.endNoticeApi, operator, {
      params: { noticeId: upcoming.noticeId },
    })
    expect(ended.statusCode).toBe(200)
    expect(ended.json()).toMatchObject({ state: 'past', endedEarlyAt: testNow.toISOString() })
    const endedAgain = await call(Notices.endNoticeApi, operator, {
      params: { noticeId: upcoming.noticeId },
    })
    expect(endedAgain.statusCode).toBe(409)

    const list = await call(Notices.noticeListApi, operator, {
      query: `?groupPfCode=${groupPfCode}`,
    })
    expect(
      list.json<{ notices: Notices.AdminNotice[] }>().notices.map((n) => [n.title, n.state]),
    ).toEqual([
      // newest start first: the ended one's window closed just before now
      ['予定', 'past'],
      ['年末年始の受付について（更新）', 'current'],
    ])

    const entries = await database.db
      .select({ action: auditLog.action, recordId: auditLog.recordId, actorId: auditLog.actorId })
      .from(auditLog)
      .where(like(auditLog.action, 'notice.%'))
      .orderBy(desc(auditLog.seq))
    expect(entries.slice(0, 4)).toEqual([
      { action: 'notice.ended', recordId: upcoming.noticeId, actorId: operator.staffId },
      { action: 'notice.updated', recordId: currentNotice.noticeId, actorId: operator.staffId },
      { action: 'notice.created', recordId: upcoming.noticeId, actorId: operator.staffId },
      { action: 'notice.created', recordId: currentNotice.noticeId, actorId: operator.staffId },
    ])
  })

  it('代理店の担当者は自分の代理店の団体だけ（ほかは 404）、監査人は 403 であること', async () => {
    const own = await create(agency, { title: '代理店から', startsAt: at(0), endsAt: at(HOUR) })
    expect(own.statusCode).toBe(201)
    const noticeId = own.json<Notices.AdminNotice>().noticeId

    const outside = await create(otherAgency, {
      title: '範囲外',
      startsAt: at(0),
      endsAt: at(HOUR),
    })
    expect(outside.statusCode).toBe(404)
    expect(outside.json().errorCode).toBe('ADMN0001')
    expect((await call(Notices.noticeListApi, otherAgency)).json()).toEqual({ notices: [] })
    expect(
      (await call(Notices.endNoticeApi, otherAgency, { params: { noticeId } })).statusCode,
    ).toBe(404)
    const editOutside = await call(Notices.updateNoticeApi, otherAgency, {
      params: { noticeId },
      body: { title: 'x', noticeBody: 'x', startsAt: at(0), endsAt: at(HOUR), version: 0 },
    })
    expect(editOutside.statusCode).toBe(404)
    // a group that does not exist answers the same
    const unknown = await call(Notices.createNoticeApi, operator, {
      body: {
        groupPfCode: 'NOSUCH1',
        title: 't',
        noticeBody: 'b',
        startsAt: at(0),
        endsAt: at(HOUR),
      },
    })
    expect(unknown.statusCode).toBe(404)

    // (the group contact's role has no manageNotices either: rules/staff-permissions.ts)
    for (const who of [auditor]) {
      expect((await call(Notices.noticeListApi, who)).statusCode).toBe(403)
      expect(
        (await create(who, { title: '権限なし', startsAt: at(0), endsAt: at(HOUR) })).statusCode,
      ).toBe(403)
    }
    expect((await call(Notices.noticeListApi, agency)).json().notices).toHaveLength(1)
  })

  it('題名の長さ・改行、本文の長さ、終わりが始まりより後であることを確かめること', async () => {
    const cases = [
      { title: 'あ'.repeat(Notices.NOTICE_TITLE_MAX + 1), startsAt: at(0), endsAt: at(HOUR) },
      { title: '一行目\n二行目', startsAt: at(0), endsAt: at(HOUR) },
      { title: '  ', startsAt: at(0), endsAt: at(HOUR) },
      {
        title: '本文が長い',
        noticeBody: 'あ'.repeat(Notices.NOTICE_BODY_MAX + 1),
        startsAt: at(0),
        endsAt: at(HOUR),
      },
      { title: '逆順', startsAt: at(HOUR), endsAt: at(0) },
    ]
    for (const fields of cases) {
      expect((await create(operator, fields)).statusCode, fields.title).toBe(400)
    }
    const ended = await create(operator, {
      title: '過去',
      startsAt: at(-2 * HOUR),
      endsAt: at(-HOUR),
    })
    expect(ended.statusCode).toBe(409)
  })

  it('パンフレットと申込画面の HTML には掲載中のお知らせだけが、エスケープされて出ること', async () => {
    await create(operator, {
      title: '<script>alert(1)</script>掲載中のお知らせ',
      noticeBody: '本文 <b>太字ではない</b>',
      startsAt: at(-HOUR),
      endsAt: at(HOUR),
    })
    await create(operator, { title: '予定のお知らせ', startsAt: at(HOUR), endsAt: at(2 * HOUR) })
    const past = await create(operator, {
      title: '終わったお知らせ',
      startsAt: at(-HOUR),
      endsAt: at(2 * HOUR),
    })
    await call(Notices.endNoticeApi, operator, {
      params: { noticeId: past.json<Notices.AdminNotice>().noticeId },
    })

    for (const url of [pamphletPath, entryPath, myPagePath]) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-cache')
      const page = response.body
      expect(page, url).toContain('<div role="region" aria-label="重要なお知らせ"')
      expect(page, url).toContain('&lt;script&gt;alert(1)&lt;/script&gt;掲載中のお知らせ')
      expect(page, url).toContain('本文 &lt;b&gt;太字ではない&lt;/b&gt;')
      expect(page, url).not.toContain('<script>alert(1)')
      expect(page, url).not.toContain('予定のお知らせ')
      expect(page, url).not.toContain('終わったお知らせ')
    }
    const spa = (await app.inject({ method: 'GET', url: entryPath })).body
    expect(spa.indexOf('aria-label="重要なお知らせ"')).toBeLessThan(spa.indexOf('<div id="root">'))

    // another group's entry, the SPA's other pages: index.html as built
    for (const url of [
      '/app/ent/G999999/202612/00001/Other0Key1/verifyUser',
      '/app/systemTermsOfServiceAndPolicies',
    ]) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('お知らせ')
    }

    // the upcoming one once its start comes, the current one gone after its end
    clock.set(new Date(testNow.getTime() + HOUR))
    const later = (await app.inject({ method: 'GET', url: entryPath })).body
    expect(later).toContain('予定のお知らせ')
    expect(later).not.toContain('掲載中のお知らせ')
  })

  it('別のプロセスが作ったお知らせは、キャッシュが切れたあとに出ること', async () => {
    let cacheNow = 5_000_000
    const board = new NoticeBoard(database.db, { cacheClock: () => cacheNow })
    expect(await board.current(groupPfCode, testNow)).toEqual([])
    await create(operator, { title: '別プロセスから', startsAt: at(-MINUTE), endsAt: at(HOUR) })
    expect(await board.current(groupPfCode, testNow)).toEqual([])
    cacheNow += NOTICE_CACHE_MS
    expect((await board.current(groupPfCode, testNow)).map((notice) => notice.title)).toEqual([
      '別プロセスから',
    ])
    expect(await board.current('G999999', testNow)).toEqual([])
  })

  it('申込画面の URL から団体を読むこと', () => {
    expect(entryGroupOf(entryPath)).toBe(groupPfCode)
    expect(entryGroupOf(myPagePath)).toBe(groupPfCode)
    expect(entryGroupOf('/app/ent/T000001')).toBe('T000001')
    expect(entryGroupOf('/app/pamphlet/T000001/202612/00001/Test0Key01')).toBeUndefined()
    expect(entryGroupOf('/app/')).toBeUndefined()
    expect(entryGroupOf('/app/ent/%3Cscript%3E/x')).toBeUndefined()
  })
})
