import { desc, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as Admin from '@app/shared/api/admin/endpoints'
import * as Notices from '@app/shared/api/admin/notice-endpoints'
import type { Endpoint } from '@app/shared/api/endpoint'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { auditLog } from '../../db/schema/index.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { createTestStaff, type TestStaff } from '../staff/staff-test-support.ts'
import { MAINTENANCE_CACHE_MS, MaintenanceState } from './maintenance.ts'
import {
  cancelMaintenanceWindow,
  insertMaintenanceWindow,
  writeMaintenanceSwitch,
} from './system-repository.ts'

// Issue #21 point 7: maintenance from the console. The manual switch and the one-off windows live
// in the database, so every process honours them once its few seconds' cache runs out; the
// console's /api/admin/ keeps working during maintenance while every other API call answers 503.

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const applicantCall = '/api/groupPfInfo/?groupPfCode=G1&urlKey=abcdefghij'

describe('メンテナンス（issue #21 point 7）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let admin: TestStaff
  let operator: TestStaff
  let auditor: TestStaff

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock, env: { MAINTENANCE_WINDOW: '04:00-06:00' } })
    admin = await createTestStaff(app, { role: 'insurerAdmin' })
    operator = await createTestStaff(app, { role: 'insurerOperator' })
    auditor = await createTestStaff(app, { role: 'auditor' })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })
  afterEach(async () => {
    clock.set(testNow)
    await writeMaintenanceSwitch(database.db, false)
    app.maintenance.invalidate()
  })

  function call(
    endpoint: Endpoint,
    who: TestStaff,
    request: { params?: Record<string, string>; body?: object } = {},
  ) {
    return app.inject({
      method: endpoint.method,
      url: apiUrl(endpoint, request.params ?? {}),
      headers: who.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    })
  }

  async function auditActions(): Promise<{ action: string; reason: string | null }[]> {
    const rows = await database.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'maintenance.switched',
          'maintenance.scheduled',
          'maintenance.cancelled',
        ]),
      )
      .orderBy(desc(auditLog.seq))
    return rows
  }

  it('別のプロセスが入れた予約の時間帯と手動スイッチは、キャッシュが切れたあとに効き、時間帯の外では効かないこと', async () => {
    let cacheNow = 1_000_000
    const state = new MaintenanceState(database.db, undefined, { cacheClock: () => cacheNow })
    const inside = new Date(testNow.getTime() + 2 * HOUR)
    expect(await state.source(inside)).toBeUndefined()

    // another process schedules a window around `inside`
    const window = await insertMaintenanceWindow(database.db, {
      startsAt: new Date(testNow.getTime() + HOUR),
      endsAt: new Date(testNow.getTime() + 3 * HOUR),
      reason: '年末の保守',
      createdBy: null,
    })
    expect(await state.source(inside)).toBeUndefined()
    cacheNow += MAINTENANCE_CACHE_MS - 1
    expect(await state.source(inside)).toBeUndefined()
    cacheNow += 1
    expect(await state.source(inside)).toBe('scheduled')
    // the start is included, the end is not
    expect(await state.source(new Date(testNow.getTime() + HOUR))).toBe('scheduled')
    expect(await state.source(new Date(testNow.getTime() + 3 * HOUR))).toBeUndefined()
    expect(await state.source(testNow)).toBeUndefined()

    await writeMaintenanceSwitch(database.db, true, { reason: '緊急', at: testNow })
    expect(await state.source(testNow)).toBeUndefined()
    cacheNow += MAINTENANCE_CACHE_MS
    expect(await state.source(testNow)).toBe('manual')

    await writeMaintenanceSwitch(database.db, false)
    await cancelMaintenanceWindow(database.db, window.id, testNow)
    cacheNow += MAINTENANCE_CACHE_MS
    expect(await state.source(inside)).toBeUndefined()
  })

  it('毎日の時間帯（設定）はそのまま残ること', async () => {
    // 2026-11-20 04:30 in Japan
    clock.set(new Date(Date.UTC(2026, 10, 19, 19, 30)))
    const status = await call(Notices.maintenanceStatusApi, auditor)
    expect(status.json()).toEqual({ active: true, source: 'daily' })
    expect((await app.inject(applicantCall)).statusCode).toBe(503)
  })

  it('手動スイッチを入れても管理コンソールの API は使え、申込者の API は 503 になること。理由とともに監査されること', async () => {
    const before = await app.inject(applicantCall)
    expect(before.statusCode).toBe(404)

    const on = await call(Notices.maintenanceSwitchApi, admin, {
      body: { on: true, reason: 'システム更新のため' },
    })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toEqual({ on: true })

    const blocked = await app.inject(applicantCall)
    expect(blocked.statusCode).toBe(503)
    expect(blocked.json().errorCode).toBe('APFS0001')
    // the console keeps working: the staff member, the settings, the status for the banner
    expect((await call(Admin.staffMeApi, admin)).statusCode).toBe(200)
    expect((await call(Admin.auditLogApi, auditor)).statusCode).toBe(200)
    expect((await call(Notices.maintenanceStatusApi, auditor)).json()).toEqual({
      active: true,
      source: 'manual',
    })
    const settings = await call(Notices.maintenanceSettingsApi, admin)
    expect(settings.statusCode).toBe(200)
    expect(settings.json()).toMatchObject({
      active: true,
      source: 'manual',
      manual: { on: true, reason: 'システム更新のため', switchedAt: testNow.toISOString() },
      dailyWindow: '04:00-06:00',
    })

    const off = await call(Notices.maintenanceSwitchApi, admin, {
      body: { on: false, reason: '更新完了' },
    })
    expect(off.statusCode).toBe(200)
    expect((await app.inject(applicantCall)).statusCode).toBe(404)
    expect((await auditActions()).slice(0, 2)).toEqual([
      { action: 'maintenance.switched', reason: '更新完了' },
      { action: 'maintenance.switched', reason: 'システム更新のため' },
    ])
  })

  it('一度だけの時間帯を予約すると、その間だけメンテナンスになり、取り消せること', async () => {
    // minutes, not hours: the staff sessions' idle timeout runs on the same clock
    const startsAt = new Date(testNow.getTime() + 5 * MINUTE).toISOString()
    const endsAt = new Date(testNow.getTime() + HOUR).toISOString()
    const scheduled = await call(Notices.scheduleMaintenanceApi, admin, {
      body: { startsAt, endsAt, reason: '年末年始の保守' },
    })
    expect(scheduled.statusCode).toBe(201)
    const window = scheduled.json<{ windowId: string }>()
    expect(window).toMatchObject({ startsAt, endsAt, reason: '年末年始の保守', cancelledAt: null })

    expect((await app.inject(applicantCall)).statusCode).toBe(404)
    clock.set(new Date(testNow.getTime() + 6 * MINUTE))
    expect((await app.inject(applicantCall)).statusCode).toBe(503)
    expect((await call(Notices.maintenanceStatusApi, admin)).json()).toEqual({
      active: true,
      source: 'scheduled',
    })
    const listed = await call(Notices.maintenanceSettingsApi, admin)
    expect(listed.json().windows).toContainEqual(
      expect.objectContaining({ windowId: window.windowId, createdAt: testNow.toISOString() }),
    )

    const cancelled = await call(Notices.cancelMaintenanceApi, admin, {
      params: { windowId: window.windowId },
    })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().cancelledAt).toBe(clock.now().toISOString())
    expect((await app.inject(applicantCall)).statusCode).toBe(404)
    const again = await call(Notices.cancelMaintenanceApi, admin, {
      params: { windowId: window.windowId },
    })
    expect(again.statusCode).toBe(409)
    const unknown = await call(Notices.cancelMaintenanceApi, admin, {
      params: { windowId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.statusCode).toBe(404)
    expect((await auditActions()).slice(0, 2).map((entry) => entry.action)).toEqual([
      'maintenance.cancelled',
      'maintenance.scheduled',
    ])
  })

  it('終わりが始まりより前の予約、過ぎた時間帯の予約は断ること', async () => {
    const backwards = await call(Notices.scheduleMaintenanceApi, admin, {
      body: {
        startsAt: new Date(testNow.getTime() + 2 * HOUR).toISOString(),
        endsAt: new Date(testNow.getTime() + HOUR).toISOString(),
        reason: '逆順',
      },
    })
    expect(backwards.statusCode).toBe(400)
    const past = await call(Notices.scheduleMaintenanceApi, admin, {
      body: {
        startsAt: new Date(testNow.getTime() - 2 * HOUR).toISOString(),
        endsAt: new Date(testNow.getTime() - HOUR).toISOString(),
        reason: '過去',
      },
    })
    expect(past.statusCode).toBe(409)
  })

  it('切り替えと予約は manageMaintenance の役割だけ（ほかは 403）、状態はスタッフなら誰でも見られること', async () => {
    for (const who of [operator, auditor]) {
      const refused = await call(Notices.maintenanceSwitchApi, who, {
        body: { on: true, reason: '権限なし' },
      })
      expect(refused.statusCode).toBe(403)
      expect((await call(Notices.maintenanceSettingsApi, who)).statusCode).toBe(403)
      expect((await call(Notices.maintenanceStatusApi, who)).statusCode).toBe(200)
    }
    expect((await app.inject(apiUrl(Notices.maintenanceStatusApi, {}))).statusCode).toBe(401)
  })
})
