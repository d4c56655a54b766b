import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffMeRoute, staffSignOutRoute } from '@app/shared/api/admin/routes'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { staffAccounts } from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { createTestStaff } from './staff-test-support.ts'

// Staff sessions (issue #20 point 2, PRODUCT.md "Staff"): separate from applicant sessions, 15
// idle minutes, 8 hours in all, ended at sign-out and by a change of role.

describe('スタッフのセッション (issue #20)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
  })

  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const me = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: apiUrl(staffMeRoute), headers })

  it('セッションがなければ 401 ADMA0001 で、あれば役割と担当の代理店を答えること', async () => {
    clock.set(testNow)
    const none = await me()
    expect(none.statusCode).toBe(401)
    expect(none.json()).toMatchObject({ errorCode: 'ADMA0001' })
    const forged = await me({ authorization: 'Bearer abc.def.ghijklmnop' })
    expect(forged.statusCode).toBe(401)

    const staff = await createTestStaff(app, { role: 'agencyStaff', agentCd: 'AG777' })
    const answer = await me(staff.headers)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      staffId: staff.staffId,
      role: 'agencyStaff',
      agency: { agentCd: 'AG777', agentName: '代理店AG777' },
    })
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('15分操作がなければ終わり、使い続けても8時間で終わること', async () => {
    clock.set(testNow)
    const idle = await createTestStaff(app, { role: 'insurerOperator' })
    clock.advance(15 * 60_000)
    expect((await me(idle.headers)).statusCode).toBe(401)

    clock.set(testNow)
    const busy = await createTestStaff(app, { role: 'insurerOperator' })
    let token = busy.sessionToken
    for (let minutes = 0; minutes < 8 * 60 - 10; minutes += 10) {
      clock.advance(10 * 60_000)
      const answer = await me({ authorization: `Bearer ${token}` })
      expect(answer.statusCode).toBe(200)
      const fresh = answer.headers['x-session-token']
      if (typeof fresh === 'string') token = fresh
    }
    clock.advance(10 * 60_000)
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401)
  })

  it('役割が変わると、開いているセッションが終わること', async () => {
    clock.set(testNow)
    const staff = await createTestStaff(app, { role: 'insurerOperator' })
    expect((await me(staff.headers)).statusCode).toBe(200)
    await app.db
      .update(staffAccounts)
      .set({ role: 'auditor', roleVersion: 1 })
      .where(eq(staffAccounts.id, staff.staffId))
    expect((await me(staff.headers)).statusCode).toBe(401)
  })

  it('サインアウトの後、そのトークンでは何もできないこと', async () => {
    clock.set(testNow)
    const staff = await createTestStaff(app, { role: 'auditor' })
    const out = await app.inject({
      method: 'POST',
      url: apiUrl(staffSignOutRoute),
      headers: staff.headers,
    })
    expect(out.statusCode).toBe(204)
    expect((await me(staff.headers)).statusCode).toBe(401)
  })
})
