import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { groupPfInfoRoute } from '@app/shared/api/group/routes'
import {
  createTestApp,
  createTestDatabase,
  testDatabaseUrl,
  testNow,
} from '../../../test/helpers.ts'
import { openPostgresDatabase, type DatabaseHandle } from '../../db/client.ts'
import { apiUrl } from '../../lib/api-url.ts'
import { floodGuardLease } from './flood-guard-store.ts'
import { hitRateLimit } from './rate-limit.ts'

// Issue #19 point 5: the API's flood guard per client address is one limit across every process
// of an installation. Two apps on one database stand for two processes (on PostgreSQL each with a
// pool of its own); requests from one address alternate between them.

const LIMIT = 600
const groupInfo = `${apiUrl(groupPfInfoRoute)}?groupPfCode=G1&urlKey=abcdefghij`

/** Waits out the end of a minute, so that the requests below fall in one fixed window. */
async function startOfAWindow(): Promise<void> {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 40_000) await sleep(60_000 - intoMinute + 50)
}

describe('アドレスごとの流量制限は2つのプロセスで1つの上限になること', () => {
  let database: DatabaseHandle & { url?: string }
  let second: DatabaseHandle | undefined
  let first: FastifyInstance
  let other: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    if (testDatabaseUrl !== undefined && database.url !== undefined) {
      second = await openPostgresDatabase(database.url, { max: 2, onConnectionError: () => {} })
    }
    first = await createTestApp(database)
    other = await createTestApp(second ?? database)
  }, 90_000)
  afterAll(async () => {
    await other?.close()
    await first?.close()
    await second?.close()
    await database?.close()
  })

  it('両方に交互に送ると 600 件目まで通り、601 件目は 429 になること', async () => {
    if (testDatabaseUrl !== undefined) expect(second).toBeDefined()
    await startOfAWindow()
    const statuses = new Map<number, number>()
    for (let index = 1; index <= LIMIT; index += 1) {
      const app = index % 2 === 1 ? first : other
      const response = await app.inject({ url: groupInfo, remoteAddress: '203.0.113.7' })
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
    }
    // a group that does not exist: 404, counted like any API request
    expect(Object.fromEntries(statuses)).toEqual({ 404: LIMIT })

    const refused = await first.inject({ url: groupInfo, remoteAddress: '203.0.113.7' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ errorCode: 'APFR0001', message: expect.any(String) })
    const refusedToo = await other.inject({ url: groupInfo, remoteAddress: '203.0.113.7' })
    expect(refusedToo.statusCode).toBe(429)

    // another address has its own limit
    const elsewhere = await other.inject({ url: groupInfo, remoteAddress: '198.51.100.9' })
    expect(elsewhere.statusCode).toBe(404)
  }, 120_000)

  it('データベースへの問い合わせは上限の 1/60 件ごとに1回（既定の 600 件なら 10 件ごと）', () => {
    expect(floodGuardLease(600)).toBe(10)
    expect(floodGuardLease(30)).toBe(1)
    expect(floodGuardLease(100_000_000)).toBe(100)
  })
})

describe('流量制限の古い記録の掃除は、自分の記録だけを消すこと', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database)
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await app?.close()
    await database?.close()
  })

  it('アプリの時計（テストでは1週間前）で数える本人確認などの回数は、掃除で消えないこと', async () => {
    // a secret-check counter of the application's (pinned) clock, days before the machine's time
    const first = await hitRateLimit(app.db, 'identity|someone', {
      now: testNow,
      windowSeconds: 600,
      max: 1,
    })
    expect(first.allowed).toBe(true)
    vi.spyOn(Math, 'random').mockReturnValue(0)
    // a new address starts a lease: the sweep runs (Math.random() < 0.05)
    const response = await app.inject({ url: groupInfo, remoteAddress: '203.0.113.99' })
    expect(response.statusCode).toBe(404)
    vi.restoreAllMocks()
    // the counter is still there: the second hit is over the limit of one
    const again = await hitRateLimit(app.db, 'identity|someone', {
      now: testNow,
      windowSeconds: 600,
      max: 1,
    })
    expect(again.allowed).toBe(false)
  })
})
