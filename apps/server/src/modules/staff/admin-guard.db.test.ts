import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Admin from '@app/shared/api/admin/endpoints'
import * as AdminNotices from '@app/shared/api/admin/notice-endpoints'
import * as Participation from '@app/shared/api/admin/participation'
import * as Setup from '@app/shared/api/admin/setup'
import * as AdminMoney from '@app/shared/api/admin/money'
import type { Endpoint } from '@app/shared/api/endpoint'
import { groupDocument } from '../../../test/factories.ts'
import { createTestApp, createTestDatabase } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { staffAccounts } from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { signToken } from '../security/tokens.ts'
import { createTestStaff } from './staff-test-support.ts'

// Issue #20 point 2 and done-when: every API under /api/admin/ refuses anything but a staff
// session with 401 ADMA0001: no token, an applicant's (or holder's) session token, a forged one,
// the token of a member since disabled. Each endpoint is called with a valid request, so the
// refusal is the guard's and not the schema's. The only calls made without a staff session are
// the enrolment and sign-in steps. (Roles and scope per route: the modules' own tests.)

const id = randomUUID()
const reason = { reason: '確認のため' }
const product = { groupPfCode: 'G1', groupPfCodeInceptionDateYm: '202701' }
/** a sound group document without images (the publish's 400 would be the document's) */
const soundDocument = {
  ...groupDocument(),
  groupPfInfo: { ...groupDocument().groupPfInfo, logoImage: null },
}

/** A valid request of each guarded endpoint. A new admin endpoint without one fails the test. */
const requests: ReadonlyMap<Endpoint, { params?: object; query?: object; body?: object }> = new Map<
  Endpoint,
  { params?: object; query?: object; body?: object }
>([
  [Admin.staffSignOutApi, {}],
  [Admin.staffMeApi, {}],
  [Admin.staffListApi, {}],
  [
    Admin.inviteStaffApi,
    { body: { email: 'new@example.jp', name: '新人', role: 'auditor', agentCd: null } },
  ],
  [
    Admin.updateStaffApi,
    { params: { staffId: id }, body: { role: 'auditor', agentCd: null, status: 'active' } },
  ],
  [Admin.reissueEnrolmentApi, { params: { staffId: id } }],
  [Admin.agencyListApi, {}],
  [Admin.adminGroupsApi, {}],
  [Admin.searchApplicationsApi, { query: { name: 'ヤマダ' } }],
  [Admin.applicationDetailApi, { params: { applicationId: id } }],
  [Admin.noticeAnswersApi, { params: { applicationId: id }, body: reason }],
  [Admin.documentLinkApi, { params: { applicationId: id, fileId: 'f1' }, body: reason }],
  [Admin.markProcessedApi, { params: { applicationId: id }, body: { note: '', version: 0 } }],
  [Admin.cancelApplicationApi, { params: { applicationId: id }, body: { ...reason, version: 0 } }],
  [
    Admin.findMembersApi,
    { query: { groupPfCode: 'G1', groupPfCodeInceptionDateYm: '202701', memberCode: 'M1' } },
  ],
  [Admin.unlockMemberApi, { params: { memberId: id }, body: reason }],
  [Admin.resendVerificationMailApi, { params: { memberId: id }, body: reason }],
  [Admin.resendCompletionMailApi, { params: { memberId: id }, body: reason }],
  [Admin.reissueFirstEntryPasswordApi, { params: { memberId: id }, body: reason }],
  [
    Admin.changeHolderMailApi,
    { params: { memberId: id }, body: { ...reason, mailAddress: 'x@example.jp' } },
  ],
  [Admin.auditLogApi, {}],
  [Admin.auditLogCsvApi, {}],
  [Admin.exportListApi, {}],
  [
    Admin.createExportApi,
    { body: { groupPfCode: 'G1', groupPfCodeInceptionDateYm: '202701', encoding: 'cp932' } },
  ],
  [Admin.exportFileApi, { params: { batchId: id } }],
  // issue #21 point 7: maintenance and notices
  [AdminNotices.maintenanceStatusApi, {}],
  [AdminNotices.maintenanceSettingsApi, {}],
  [AdminNotices.maintenanceSwitchApi, { body: { on: true, reason: '確認のため' } }],
  [
    AdminNotices.scheduleMaintenanceApi,
    {
      body: {
        startsAt: '2026-12-31T22:00:00+09:00',
        endsAt: '2027-01-01T02:00:00+09:00',
        reason: '年末',
      },
    },
  ],
  [AdminNotices.cancelMaintenanceApi, { params: { windowId: id } }],
  [AdminNotices.noticeListApi, {}],
  [
    AdminNotices.createNoticeApi,
    {
      body: {
        groupPfCode: 'G1',
        title: 'お知らせ',
        noticeBody: '本文',
        startsAt: '2026-12-01T00:00:00+09:00',
        endsAt: '2026-12-31T00:00:00+09:00',
      },
    },
  ],
  [
    AdminNotices.updateNoticeApi,
    {
      params: { noticeId: id },
      body: {
        title: 'お知らせ',
        noticeBody: '本文',
        startsAt: '2026-12-01T00:00:00+09:00',
        endsAt: '2026-12-31T00:00:00+09:00',
        version: 0,
      },
    },
  ],
  [AdminNotices.endNoticeApi, { params: { noticeId: id } }],
  [Participation.participationProductsApi, {}],
  [Participation.participationApi, { params: product }],
  [Participation.participationCsvApi, { params: product }],
  [Participation.memberStatesApi, { params: product, query: { state: 'applied' } }],
  [Setup.productCheckApi, { body: { document: {}, images: {} } }],
  [
    Setup.productPublishApi,
    { body: { document: soundDocument, images: {}, versionToken: 'none' } },
  ],
  [
    Setup.productDocumentApi,
    { query: { groupPfCode: 'G1', groupPfCodeInceptionDateYm: '202701' } },
  ],
  [
    Setup.rosterCheckApi,
    { body: { groupPfCode: 'G1', groupPfCodeInceptionDateYm: '202701', csv: '' } },
  ],
  [
    Setup.rosterPublishApi,
    {
      body: {
        groupPfCode: 'G1',
        groupPfCodeInceptionDateYm: '202701',
        csv: '',
        versionToken: 'none',
      },
    },
  ],
  // the reconciliation desk (issue #21 point 3)
  [AdminMoney.moneyDepositsApi, { query: { state: 'underpaid' } }],
  [AdminMoney.moneyCardsApi, { query: { state: 'doubleCapture' } }],
  [AdminMoney.moneyInstalmentsApi, { query: { state: 'failed' } }],
  [
    AdminMoney.matchDepositApi,
    { params: { notificationId: 'dep_abcdefgh12345678' }, body: { applicationId: id, ...reason } },
  ],
  [
    AdminMoney.requestShortfallApi,
    { params: { notificationId: 'dep_abcdefgh12345678' }, body: { note: '確認のため' } },
  ],
  [AdminMoney.refundMoneyItemApi, { params: { itemKey: `capture-${id}` }, body: reason }],
  [
    AdminMoney.resolveMoneyItemApi,
    { params: { itemKey: `capture-${id}` }, body: { note: '確認' } },
  ],
  [AdminMoney.moneyTotalsApi, { query: { from: '2026-11-01', to: '2026-11-02' } }],
])

/** The steps before a staff session exists: the link's and the sign-in's. */
const withoutStaffSession: readonly Endpoint[] = [
  Admin.enrolmentInfoApi,
  Admin.enrolmentPasskeyOptionsApi,
  Admin.enrolPasskeyApi,
  Admin.enrolmentTotpOptionsApi,
  Admin.enrolPasswordApi,
  Admin.passkeySignInOptionsApi,
  Admin.passkeySignInApi,
  Admin.passwordSignInApi,
]

const adminEndpoints = (
  [
    ...Object.values(Admin),
    ...Object.values(AdminMoney),
    ...Object.values(AdminNotices),
    ...Object.values(Participation),
    ...Object.values(Setup),
  ] as unknown[]
).filter(
  (value): value is Endpoint =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
)

describe('/api/admin/* はスタッフのセッションのほかを断ること (issue #20)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database)
  })

  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('管理の endpoint はすべて、サインインの手順か、この表の呼び出しのどちらかであること', () => {
    const unlisted = adminEndpoints.filter(
      (endpoint) => !requests.has(endpoint) && !withoutStaffSession.includes(endpoint),
    )
    expect(unlisted.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([])
    expect(adminEndpoints.every((endpoint) => endpoint.path.startsWith('/admin/'))).toBe(true)
  })

  async function call(endpoint: Endpoint, headers: Record<string, string>) {
    const request = requests.get(endpoint) ?? {}
    const params = (request.params ?? {}) as Record<string, string>
    const query = new URLSearchParams((request.query ?? {}) as Record<string, string>).toString()
    return app.inject({
      method: endpoint.method,
      url: `${apiUrl(endpoint, params)}${query === '' ? '' : `?${query}`}`,
      headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    })
  }

  it('トークンなし・申込者のトークン・偽のトークン・無効にされたスタッフのトークンは、どの呼び出しも 401 ADMA0001 であること', async () => {
    const now = app.clock.now()
    const applicantToken = await signToken(
      app.serverKeys,
      'session',
      { sid: randomUUID() },
      { now, expiresAt: new Date(now.getTime() + 600_000) },
    )
    const disabled = await createTestStaff(app, { role: 'insurerAdmin' })
    await app.db
      .update(staffAccounts)
      .set({ status: 'disabled' })
      .where(eq(staffAccounts.id, disabled.staffId))
    const callers: [string, Record<string, string>][] = [
      ['no token', {}],
      ['applicant session', { authorization: `Bearer ${applicantToken}` }],
      ['forged', { authorization: `Bearer ${applicantToken.slice(0, -4)}AAAA` }],
      ['disabled member', disabled.headers],
    ]
    const answers: string[] = []
    for (const endpoint of requests.keys()) {
      for (const [who, headers] of callers) {
        const response = await call(endpoint, headers)
        const body = response.json<{ errorCode?: string }>()
        answers.push(
          `${endpoint.method} ${endpoint.path} ${who}: ${response.statusCode} ${body.errorCode}`,
        )
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(': 401 ADMA0001'))).toEqual([])
    expect(answers).toHaveLength(requests.size * callers.length)
  })

  it('有効なスタッフのセッションなら、同じ呼び出しが 401 で断られないこと（上の 401 は guard の答え）', async () => {
    const admin = await createTestStaff(app, { role: 'insurerAdmin' })
    for (const endpoint of requests.keys()) {
      if (endpoint === Admin.staffSignOutApi) continue
      const response = await call(endpoint, admin.headers)
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).not.toBe(401)
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).not.toBe(400)
    }
  })

  it('団体担当者は、自分の2画面（加入状況・加入者一覧）と自分のセッションのほか、どの呼び出しも 403 か 404 で断られること (issue #21)', async () => {
    const contact = await createTestStaff(app, { role: 'groupContact', groupPfCode: 'G1' })
    const own: readonly Endpoint[] = [
      Participation.participationProductsApi,
      Participation.participationApi,
      Participation.participationCsvApi,
      Participation.memberStatesApi,
    ]
    // every staff session's own: who am I, sign-out, and whether maintenance is on (the banner)
    const session: readonly Endpoint[] = [
      Admin.staffMeApi,
      Admin.staffSignOutApi,
      AdminNotices.maintenanceStatusApi,
    ]
    const answers: string[] = []
    for (const endpoint of requests.keys()) {
      if (own.includes(endpoint) || session.includes(endpoint)) continue
      const response = await call(endpoint, contact.headers)
      answers.push(`${endpoint.method} ${endpoint.path}: ${response.statusCode}`)
    }
    expect(answers.filter((answer) => !/: 40[34]$/.test(answer))).toEqual([])
    expect(answers).toHaveLength(requests.size - own.length - session.length)
    // its own: the products of its group (none here), a product not there 404, /me answers
    const products = await call(Participation.participationProductsApi, contact.headers)
    expect([products.statusCode, products.json()]).toEqual([200, { products: [] }])
    const figures = await call(Participation.participationApi, contact.headers)
    expect(figures.statusCode).toBe(404)
    const me = await call(Admin.staffMeApi, contact.headers)
    expect(me.json<{ role: string }>().role).toBe('groupContact')
  })
})
