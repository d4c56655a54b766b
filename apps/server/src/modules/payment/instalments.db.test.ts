import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startOfBusinessDate } from '@app/shared'
import {
  createTestApp,
  createTestDatabase,
  jstTime,
  manualClock,
  testDatabaseUrl,
  testNow,
} from '../../../test/helpers.ts'
import { openPostgresDatabase, type DatabaseHandle } from '../../db/client.ts'
import type { Database } from '../../db/client.ts'
import { instalments, outboxMessages } from '../../db/schema/index.ts'
import { appliedHolder, importRenewalProducts } from '../renewal/renewal-test-support.ts'
import {
  CHARGE_LEASE_MS,
  chargeKey,
  runInstalmentCharges,
  UNANSWERED_RETRY_MS,
  type StoredCardCharger,
} from './instalment-charges.ts'
import { claimDueInstalments, listInstalments } from './instalment-repository.ts'
import { giveMonthlySchedule } from './instalment-test-support.ts'
import {
  ProviderUnavailableError,
  type StoredCardChargeRequest,
  type StoredCardChargeResult,
} from './provider.ts'

// The monthly charge job (issue #24 point 3, ADR 0038) against the database: each instalment is
// charged once when its day has come; a refusal mails the holder and is tried again (3 tries over
// 10 days, then failed); an answer lost (the provider did not answer, a run stopped midway) is
// asked again with the same idempotency key, so the provider takes the money once; two runs at
// once (on PostgreSQL over two pools, as two processes) charge each instalment once.

const publicBaseUrl = () => 'https://hoken.example.jp'

type Behaviour = 'capture' | 'decline' | 'captureThenLoseAnswer' | 'unavailable'

/**
 * A provider as the product sees one: idempotent by key (the same key gets the first answer
 * again), keeping every charge it made. `next` decides what a new key gets.
 */
class FakeProvider implements StoredCardCharger {
  readonly answers = new Map<string, StoredCardChargeResult>()
  readonly captures: { key: string; request: StoredCardChargeRequest }[] = []
  readonly asked: string[] = []
  next: (request: StoredCardChargeRequest) => Behaviour = () => 'capture'

  chargeStoredCard(key: string, request: StoredCardChargeRequest): Promise<StoredCardChargeResult> {
    this.asked.push(key)
    const known = this.answers.get(key)
    if (known !== undefined) return Promise.resolve(known)
    const behaviour = this.next(request)
    if (behaviour === 'unavailable') {
      return Promise.reject(new ProviderUnavailableError('no answer'))
    }
    let answer: StoredCardChargeResult
    if (behaviour === 'decline') {
      answer = { kind: 'refused', code: 'card_declined' }
    } else {
      answer = { kind: 'captured', id: `pay_${this.captures.length + 1}`, amount: request.amount }
      this.captures.push({ key, request })
    }
    this.answers.set(key, answer)
    if (behaviour === 'captureThenLoseAnswer') {
      return Promise.reject(new ProviderUnavailableError('the answer was lost'))
    }
    return Promise.resolve(answer)
  }
}

describe('保険料の毎月の請求 (issue #24)', () => {
  const clock = manualClock(testNow)
  let database: DatabaseHandle & { url?: string }
  let app: FastifyInstance
  const contractIds: string[] = []
  const mailAddresses: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    const { link } = await importRenewalProducts(app.db)
    for (let index = 0; index < 3; index += 1) {
      const holder = await appliedHolder(app, link, `monthly-${index}@example.jp`)
      contractIds.push(holder.contractId)
      mailAddresses.push(holder.mailAddress)
    }
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  /** A fresh monthly schedule (2,280 yen, closing day 26) and a stored card for each contract. */
  beforeEach(async () => {
    clock.set(testNow)
    await app.db.delete(instalments)
    await app.db.delete(outboxMessages)
    for (const [index, applicationId] of contractIds.entries()) {
      await giveMonthlySchedule(app.db, {
        applicationId,
        amount: 2280,
        providerCardId: `card_${index}_${Date.now()}`,
        now: clock.now(),
      })
    }
  })

  const run = (provider: FakeProvider, db: Database = app.db) =>
    runInstalmentCharges({ db, clock, provider, publicBaseUrl })

  it('請求日が来た回だけを一度ずつ請求し、支払済みにすること', async () => {
    const provider = new FakeProvider()
    // before 2027-01-26 nothing is due (the first instalment was paid at application)
    clock.set(jstTime('20270125', '2359'))
    expect(await run(provider)).toMatchObject({ paid: 0, declined: 0 })
    expect(provider.asked).toEqual([])

    clock.set(jstTime('20270126', '0300'))
    expect(await run(provider)).toEqual({ paid: 3, declined: 0, failed: 0, unanswered: 0, lost: 0 })
    expect(await run(provider)).toMatchObject({ paid: 0 })
    const [first] = contractIds
    const rows = await listInstalments(app.db, first ?? '')
    expect(rows.slice(0, 3).map((row) => [row.seq, row.status, row.coversMonth])).toEqual([
      [1, 'paid', '202701'],
      [2, 'paid', '202702'],
      [3, 'due', '202703'],
    ])
    expect(provider.captures.map((each) => each.request.amount)).toEqual([2280, 2280, 2280])
    // month 3 on 2027-02-26
    clock.set(jstTime('20270226', '0300'))
    expect(await run(provider)).toMatchObject({ paid: 3 })
    expect(provider.captures).toHaveLength(6)
    expect(new Set(provider.captures.map((each) => each.key)).size).toBe(6)
  })

  it('断られた回は名義人にメールし、3日後・7日後に別の鍵で試し、3回目も断られたら未収にすること', async () => {
    const provider = new FakeProvider()
    const [declinedContract] = contractIds
    const declinedRow = (await listInstalments(app.db, declinedContract ?? ''))[1]
    provider.next = (request) =>
      request.orderId === `inst-${declinedRow?.id ?? ''}` ? 'decline' : 'capture'

    clock.set(jstTime('20270126', '0300'))
    expect(await run(provider)).toMatchObject({ paid: 2, declined: 1 })
    let row = (await listInstalments(app.db, declinedContract ?? ''))[1]
    expect(row).toMatchObject({ status: 'due', tries: 1, lastErrorCode: 'card_declined' })
    expect(row?.nextAttemptAt).toEqual(startOfBusinessDate('20270129'))
    const declinedMails = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'instalmentDeclined'))
    expect(declinedMails.map((mail) => mail.recipient)).toEqual([mailAddresses[0]])
    expect(declinedMails[0]?.textBody).toContain('2027年2月分')
    expect(declinedMails[0]?.textBody).toContain('次回のお支払い手続き：2027-01-29')

    // second try on 01-29, third (last) on 02-05; each its own key
    clock.set(jstTime('20270129', '0300'))
    expect(await run(provider)).toMatchObject({ declined: 1 })
    clock.set(jstTime('20270205', '0300'))
    expect(await run(provider)).toMatchObject({ failed: 1, declined: 0 })
    row = (await listInstalments(app.db, declinedContract ?? ''))[1]
    expect(row).toMatchObject({ status: 'failed', tries: 3 })
    const keys = provider.asked.filter((key) =>
      key.startsWith(`inst_${row?.id.replaceAll('-', '')}`),
    )
    expect(keys).toEqual([1, 2, 3].map((tries) => chargeKey({ id: row?.id ?? '', tries })))
    const failedMails = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'instalmentFailed'))
    expect(failedMails.map((mail) => mail.recipient)).toEqual([mailAddresses[0]])
    // the way out: a card change in the my-page tries it again (card-change.ts)
    expect(failedMails[0]?.textBody).toContain('マイページでお支払いカードを変更いただくと')
    expect(failedMails[0]?.textBody).toContain('/app/myp/')
    // the agency is told too (its branch's agentMail), without the holder's personal data
    const agencyMails = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'agencyInstalmentFailed'))
    expect(agencyMails.map((mail) => mail.recipient)).toEqual(['agent@example.jp'])
    expect(agencyMails[0]?.textBody).toContain('2027年2月分')
    expect(agencyMails[0]?.textBody).toContain('card_declined')
    expect(agencyMails[0]?.textBody).not.toContain(mailAddresses[0] ?? '@')
    // nothing more is tried
    clock.set(jstTime('20270226', '0300'))
    await run(provider)
    expect((await listInstalments(app.db, declinedContract ?? ''))[1]?.status).toBe('failed')
  })

  it('答えが失われた請求は、同じ鍵でもう一度尋ね、二重に請求しないこと', async () => {
    const provider = new FakeProvider()
    provider.next = () => 'captureThenLoseAnswer'
    clock.set(jstTime('20270126', '0300'))
    expect(await run(provider)).toMatchObject({ unanswered: 3, paid: 0 })
    expect(provider.captures).toHaveLength(3)
    // not asked again before the wait is over
    clock.advance(UNANSWERED_RETRY_MS - 1000)
    expect(await run(provider)).toMatchObject({ paid: 0, unanswered: 0 })
    clock.advance(2000)
    provider.next = () => 'capture'
    expect(await run(provider)).toMatchObject({ paid: 3 })
    expect(provider.captures).toHaveLength(3)
    const asked = provider.asked
    expect(asked).toHaveLength(6)
    expect(new Set(asked).size).toBe(3)
  })

  it('止まった実行が請求中のまま残した回は、期限後に別の実行が同じ鍵で引き継ぐこと', async () => {
    clock.set(jstTime('20270126', '0300'))
    // a run claims and stops (a process killed before it wrote anything)
    const stopped = await claimDueInstalments(app.db, {
      method: 'card',
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + CHARGE_LEASE_MS),
      limit: 50,
    })
    expect(stopped).toHaveLength(3)
    const provider = new FakeProvider()
    // the stopped run's charge reached the provider for one of them
    const [reached] = stopped
    if (reached === undefined) throw new Error('nothing claimed')
    provider.answers.set(chargeKey(reached), {
      kind: 'captured',
      id: 'pay_by_stopped',
      amount: 2280,
    })

    expect(await run(provider)).toMatchObject({ paid: 0 })
    clock.advance(CHARGE_LEASE_MS)
    expect(await run(provider)).toEqual({ paid: 3, declined: 0, failed: 0, unanswered: 0, lost: 0 })
    expect(provider.asked.sort()).toEqual(stopped.map(chargeKey).sort())
    // the stopped run's charge is the one recorded; two new ones were made
    const reachedRow = (await listInstalments(app.db, reached.applicationId))[1]
    expect(reachedRow?.providerPaymentId).toBe('pay_by_stopped')
    expect(provider.captures).toHaveLength(2)
  })

  it('二つの実行が同時に動いても、どの回も一度だけ請求すること', async () => {
    const otherPool =
      testDatabaseUrl !== undefined && database.url !== undefined
        ? await openPostgresDatabase(database.url, { max: 2, onConnectionError: () => {} })
        : undefined
    try {
      // everything up to December is due: 11 instalments × 3 contracts
      clock.set(jstTime('20271201', '0300'))
      const provider = new FakeProvider()
      const [one, two] = await Promise.all([run(provider), run(provider, otherPool?.db ?? app.db)])
      expect(one.paid + two.paid).toBe(33)
      expect(one.lost + two.lost).toBe(0)
      expect(provider.captures).toHaveLength(33)
      expect(new Set(provider.asked).size).toBe(33)
      expect(provider.asked).toHaveLength(33)
      const unpaid = await app.db
        .select()
        .from(instalments)
        .where(and(eq(instalments.status, 'due')))
      expect(unpaid).toEqual([])
    } finally {
      await otherPool?.close()
    }
  })
})
