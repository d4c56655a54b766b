import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  confirmVerificationApi,
  currentConsentVersions,
  entryTicketSchema,
  sendVerificationMailApi,
  verifyByIdApi,
} from '@app/shared'
import { applyInfoRoute } from '@app/shared/api/application/current-route'
import { groupPfInfoRoute } from '@app/shared/api/group/routes'
import { apiUrl } from '../../src/lib/api-url.ts'
import {
  counterSum,
  metricsOf,
  RoundRobin,
  runCli,
  startTrio,
  type Trio,
} from './three-processes.ts'

// Issue #19 point 5, "several processes, one truth": three processes on one PostgreSQL database,
// one object store and one mail relay; every request of the journey goes to the next process in
// turn. Runs only against PostgreSQL (PGlite is one process by design): `npm run
// test:processes` with TEST_DATABASE_URL, as .ci/run does in its PostgreSQL section.

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The manual maintenance switch is re-read at most every 5 s (system/maintenance.ts). */
const SWITCH_SECONDS = 5
/** the flood guard's limit per address and minute in this trio: lease 1, so exact */
const FLOOD_LIMIT = 100
const PASSWORD = 'Three-Proc-2026!'
/** the journey's client address (TRUST_PROXY=1: the test stands for the load balancer) */
const JOURNEY_ADDRESS = { 'x-forwarded-for': '198.51.100.20' }

describe('3つのプロセスで1つの真実（issue #19 point 5）', () => {
  let trio: Trio
  const journey = { client: undefined as RoundRobin | undefined }

  beforeAll(async () => {
    trio = await startTrio(adminUrl, {
      APP_NOW: new Date().toISOString(),
      GROUP_CACHE_SECONDS: '1',
      MAIL_POLL_SECONDS: '0.2',
      RATE_LIMIT_MAX: String(FLOOD_LIMIT),
      TRUST_PROXY: '1',
      RETENTION_JOB_INTERVAL_SECONDS: '1',
    })
    journey.client = new RoundRobin(trio.processes, JOURNEY_ADDRESS)
  }, 120_000)
  afterAll(async () => {
    await trio?.stop()
  }, 60_000)

  function client(): RoundRobin {
    if (journey.client === undefined) throw new Error('the trio did not start')
    return journey.client
  }

  it('本人確認・確認メール・リンク・申込画面を、リクエストごとに別のプロセスで進められること', async () => {
    const demoLine = trio.processes[0]?.output.find((line) => line.includes('/app/ent/G100001/'))
    const inceptionYm = /\/app\/ent\/G100001\/(\d{6})\/00001\//.exec(demoLine ?? '')?.[1]
    expect(inceptionYm).toMatch(/^\d{6}$/)
    const link = {
      groupPfCode: 'G100001',
      groupPfCodeInceptionDateYm: inceptionYm ?? '',
      groupPfBranchNo: '00001',
      urlKey: 'Kx7pR2mQ9a',
    }
    const rr = client()

    const verified = await rr.send('POST', apiUrl(verifyByIdApi), {
      body: {
        ...link,
        firstEntryId: 'DEMOA00001',
        firstEntryPassword: 'DemoPassA001',
        consents: [{ documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] }],
      },
    })
    expect(verified.status).toBe(200)
    const ticket = entryTicketSchema.parse(verified.body)

    const mailAddress = 'three-processes@example.jp'
    const mailed = await rr.send('POST', apiUrl(sendVerificationMailApi), {
      body: {
        entryToken: ticket.entryToken,
        policyHolderEmailAddress: mailAddress,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
    })
    expect(mailed.status).toBe(200)

    // the delivery job of whichever process claims it sends the mail, once
    const deadline = Date.now() + 15_000
    while (trio.smtp.messages.length === 0 && Date.now() < deadline) await sleep(100)
    await sleep(1_000)
    const received = trio.smtp.messages.filter((mail) => mail.envelopeTo.includes(mailAddress))
    expect(received).toHaveLength(1)
    const mailLink = /https?:\/\/\S+#token=\S+/.exec(received[0]?.text ?? '')?.[0] ?? ''
    const token = new URLSearchParams(new URL(mailLink).hash.slice(1)).get('token') ?? ''
    expect(token).not.toBe('')

    const confirmed = await rr.send('POST', apiUrl(confirmVerificationApi), {
      body: { token, password: PASSWORD },
    })
    expect(confirmed.status).toBe(200)
    const session = confirmVerificationApi.response.parse(confirmed.body)
    const headers = { authorization: `Bearer ${session.sessionToken}` }

    // the session made by one process is good on each of the three
    for (let index = 0; index < 3; index += 1) {
      const view = await rr.send('GET', apiUrl(applyInfoRoute), { headers })
      expect(view.status).toBe(200)
      const parsed = z.object({ progress: z.object({ nextStep: z.string() }) }).parse(view.body)
      expect(parsed.progress.nextStep).toBe('entryTerms')
    }

    // every process served part of the journey; the split as each process counted it
    const served = await Promise.all(
      trio.processes.map(async (server) =>
        counterSum(await metricsOf(server), 'http_requests_total', {}),
      ),
    )
    console.info(`journey requests sent per process: ${rr.sent.join(' / ')}`)
    console.info(`requests answered per process (/metrics): ${served.join(' / ')}`)
    for (const [index, sent] of rr.sent.entries()) {
      expect(sent).toBeGreaterThanOrEqual(2)
      expect(served[index] ?? 0).toBeGreaterThanOrEqual(sent)
    }
    // the mail was sent by one process's job: one delivery counted across the three
    const deliveries = await Promise.all(
      trio.processes.map(async (server) =>
        counterSum(await metricsOf(server), 'mail_deliveries_total', { outcome: 'sent' }),
      ),
    )
    console.info(`mail sent per process (/metrics): ${deliveries.join(' / ')}`)
    expect(deliveries.reduce((sum, count) => sum + count, 0)).toBe(trio.smtp.messages.length)
  }, 90_000)

  it('保存期間の処理は3つのプロセスのタイマーで動いても1回だけ実行されること', async () => {
    // every process has a 1 s timer; the clock is pinned, so the one claim blocks every other run
    await sleep(3_500)
    const runs = await Promise.all(
      trio.processes.map(async (server) =>
        counterSum(await metricsOf(server), 'job_runs_total', { job: 'retention', outcome: 'ok' }),
      ),
    )
    console.info(`retention runs per process (/metrics): ${runs.join(' / ')}`)
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1)
  }, 30_000)

  it('流量制限はアドレスごとに3つのプロセス合わせて1つの上限であること', async () => {
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 50)
    const flood = new RoundRobin(trio.processes, { 'x-forwarded-for': '203.0.113.50' })
    const path = `${apiUrl(groupPfInfoRoute)}?groupPfCode=G1&urlKey=abcdefghij`
    const statuses = new Map<number, number>()
    for (let index = 0; index < FLOOD_LIMIT; index += 1) {
      const { status } = await flood.send('GET', path)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    expect(Object.fromEntries(statuses)).toEqual({ 404: FLOOD_LIMIT })
    for (let index = 0; index < 3; index += 1) {
      expect((await flood.send('GET', path)).status).toBe(429)
    }
    console.info(
      `flood guard: ${FLOOD_LIMIT} let through over ${flood.sent.join(' / ')}, then 429 on each`,
    )
  }, 60_000)

  it(`メンテナンスの切り替えは他のプロセスにも ${SWITCH_SECONDS} 秒以内に伝わること`, async () => {
    const path = `${apiUrl(groupPfInfoRoute)}?groupPfCode=G1&urlKey=abcdefghij`
    const probe = new RoundRobin(trio.processes, { 'x-forwarded-for': '198.51.100.77' })
    expect(await runCli(trio, 'src/cli/maintenance.ts', ['on'])).toBe(0)
    const switchedAt = Date.now()
    const seenAfter: number[] = []
    for (const server of trio.processes) {
      let status = 0
      while (status !== 503 && Date.now() - switchedAt < (SWITCH_SECONDS + 1) * 1000) {
        status = (
          await fetch(`${server.baseUrl}${path}`, {
            headers: { 'x-forwarded-for': '198.51.100.77' },
          })
        ).status
        if (status !== 503) await sleep(100)
      }
      expect(status).toBe(503)
      seenAfter.push(Date.now() - switchedAt)
    }
    console.info(`maintenance seen by each process after (ms): ${seenAfter.join(' / ')}`)
    expect(await runCli(trio, 'src/cli/maintenance.ts', ['off'])).toBe(0)
    await sleep((SWITCH_SECONDS + 0.5) * 1000)
    for (let index = 0; index < 3; index += 1) {
      expect((await probe.send('GET', path)).status).toBe(404)
    }
  }, 60_000)
})
