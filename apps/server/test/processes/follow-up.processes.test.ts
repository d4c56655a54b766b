import { setTimeout as sleep } from 'node:timers/promises'
import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntryLink } from '@app/shared'
import { openPostgresDatabase, type DatabaseHandle } from '../../src/db/client.ts'
import { followUpMails, outboxMessages } from '../../src/db/schema/index.ts'
import {
  applicantPaidByTransfer,
  importPaymentProduct,
} from '../../src/modules/payment/payment-test-support.ts'
import { runRenewalJob } from '../../src/modules/renewal/renewal-job.ts'
import {
  appliedHolder,
  FIX_DATE,
  importRenewalProducts,
} from '../../src/modules/renewal/renewal-test-support.ts'
import { createTestApp, jstTime, manualClock, testNow } from '../helpers.ts'
import { counterSum, metricsOf, startTrio, type Trio } from './three-processes.ts'

// Issue #21 point 4 (ADR 0032): reminder, expiry and invoice mails are each sent once with
// several server processes running the follow-up job at once. Three processes (src/main.ts, as
// production starts them) on one PostgreSQL database, each with the job on a 1-second timer at a
// pinned day (2026-11-20); the due work is written by a test app of its own on the same database
// (a transfer account due that day, one due three days before, an auto-renewed card contract at
// 220), and the mails the relay receives are counted.

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** An applied transfer applicant whose account the provider issued at the clock's time. */
async function transferApplicant(app: FastifyInstance, link: EntryLink, mailAddress: string) {
  return (await applicantPaidByTransfer(app, link, mailAddress)).account
}

describe('未入金のお知らせとご請求（issue #21 point 4）を3つのプロセスで', () => {
  let trio: Trio
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()

  beforeAll(async () => {
    trio = await startTrio(adminUrl, {
      APP_NOW: '2026-11-20T10:00:00+09:00',
      MAIL_POLL_SECONDS: '0.2',
      FOLLOW_UP_JOB_INTERVAL_SECONDS: '1',
      VA_REMINDER_DAYS: '3,1',
    })
    database = await openPostgresDatabase(trio.databaseUrl, {
      max: 4,
      onConnectionError: () => {},
    })
    app = await createTestApp(database, { clock })
    // the sandbox provider of the test app is reached over HTTP
    await app.listen({ port: 0, host: '127.0.0.1' })
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.close()
    await trio?.stop()
  }, 60_000)

  it('お知らせ・期限経過のお知らせ・ご請求が、それぞれ1通だけ届くこと', async () => {
    const transferLink = await importPaymentProduct(app.db, { pymntMethod: '3' })
    // due on the pinned day (a reminder, 0 days left: the 1-day one)
    clock.set(jstTime('20261113', '1000'))
    const dueToday = await transferApplicant(app, transferLink, 'procs-reminder@example.jp')
    expect(dueToday.dueDate).toBe('20261120')
    // due three days before the pinned day (the expiry mail)
    clock.set(jstTime('20261110', '1000'))
    const expired = await transferApplicant(app, transferLink, 'procs-expiry@example.jp')
    expect(expired.dueDate).toBe('20261117')
    // a contract renewed at its fix date onto next year's card product: 220, invoiced
    const renewalLink = (await importRenewalProducts(app.db, { nextPymntMethod: '1' })).link
    clock.set(testNow)
    await appliedHolder(app, renewalLink, 'procs-invoice@example.jp')
    clock.set(jstTime(FIX_DATE, '0100'))
    // (the demo data's contracts of that day are renewed too)
    const renewal = await runRenewalJob({ db: app.db, clock, publicBaseUrl: () => 'http://x' })
    expect(renewal.renewed).toBeGreaterThanOrEqual(1)

    // every process runs the job each second: several runs each, on the same due work
    const subjects = {
      'procs-reminder@example.jp': 'お振込期限のお知らせ',
      'procs-expiry@example.jp': 'お振込期限経過のお知らせ',
      'procs-invoice@example.jp': '保険料のご請求',
    } as const
    const received = (address: string, subject: string) =>
      trio.smtp.messages.filter(
        (mail) => mail.envelopeTo.includes(address) && (mail.subject ?? '').endsWith(subject),
      )
    const deadline = Date.now() + 20_000
    while (
      Date.now() < deadline &&
      Object.entries(subjects).some(([address, subject]) => received(address, subject).length === 0)
    ) {
      await sleep(200)
    }
    // and a few more runs of each process after the mails went out
    await sleep(3_500)
    for (const [address, subject] of Object.entries(subjects)) {
      expect(received(address, subject), `${subject} to ${address}`).toHaveLength(1)
    }
    const runs = await Promise.all(
      trio.processes.map(async (server) =>
        counterSum(await metricsOf(server), 'job_runs_total', { job: 'followUp', outcome: 'ok' }),
      ),
    )
    console.info(`follow-up runs per process (/metrics): ${runs.join(' / ')}`)
    for (const count of runs) expect(count).toBeGreaterThanOrEqual(3)
    // every follow-up mail in the outbox is a recorded one: the losers' copies were rolled back
    const recorded = await app.db.select().from(followUpMails)
    const queued = await app.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        inArray(outboxMessages.template, ['followUpReminder', 'followUpExpiry', 'followUpInvoice']),
      )
    expect(recorded.length).toBeGreaterThanOrEqual(3)
    expect(queued).toHaveLength(recorded.length)
    expect(new Set(recorded.map((row) => row.messageId))).toEqual(
      new Set(queued.map((row) => row.id)),
    )
  }, 90_000)
})
