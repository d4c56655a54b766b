import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Admin from '@app/shared/api/admin/endpoints'
import * as AdminMoney from '@app/shared/api/admin/money'
import type { Endpoint } from '@app/shared/api/endpoint'
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
  // the reconciliation desk (issue #21 point 3)
  [AdminMoney.moneyDepositsApi, { query: { state: 'underpaid' } }],
  [AdminMoney.moneyCardsApi, { query: { state: 'doubleCapture' } }],
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
  [...Object.values(Admin), ...Object.values(AdminMoney)] as unknown[]
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
})
