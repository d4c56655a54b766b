import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntryLink } from '@app/shared'
import type { ContractInfo } from '@app/shared/api/my-page/endpoints'
import { createTestApp, createTestDatabase, jstTime, manualClock } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { outboxMessages, storedCards } from '../../db/schema/index.ts'
import { sandboxTestCards } from '../../sandbox/test-cards.ts'
import type { SignedInApplicant } from '../application/application-test-support.ts'
import { pdfTextLines } from '../certificate/pdf-text.ts'
import { myPageHeadersOf } from '../renewal/renewal-test-support.ts'
import { runInstalmentCharges } from './instalment-charges.ts'
import { listInstalments } from './instalment-repository.ts'
import {
  applicantPaidByCard,
  importPaymentProduct,
  sandboxCall,
  TEST_PREMIUM,
} from './payment-test-support.ts'
import { HttpPaymentProvider } from './provider.ts'

// Issue #24 through the product's own paths (ADR 0038): an applicant of a monthly card product
// (pymntCount 12, closing day 20) pays with the puzzle; the sandbox provider keeps the card; the
// completion writes the schedule (the first instalment paid); the charge job, through the real
// adapter over HTTP, charges month 2 on its day; the sandbox's control declines month 3, which is
// mailed and tried again; the my-page contract shows all of it.

describe('カードの月払（issue #24）を申し込みから毎月の請求まで', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let who: SignedInApplicant
  let applicationId: string
  let link: EntryLink

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    link = await importPaymentProduct(database.db, { pymntMethod: '1' })
    who = await applicantPaidByCard(app, link, 'monthly@example.jp')
    applicationId = who.applicationId
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const run = () =>
    runInstalmentCharges({
      db: app.db,
      clock,
      provider: new HttpPaymentProvider(app.paymentSettings),
      publicBaseUrl: () => 'https://hoken.example.jp',
    })

  it('カードは参照・ブランド・末尾4桁・有効期限だけを残し、初回を支払済みとして12回の予定を書くこと', async () => {
    const cards = await app.db
      .select()
      .from(storedCards)
      .where(eq(storedCards.applicationId, applicationId))
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: expect.stringMatching(/^\d{2}$/),
      removedAt: null,
    })
    expect(cards[0]?.providerCardId).toMatch(/^card_[A-Za-z0-9]{24}$/)
    expect(JSON.stringify(cards)).not.toContain(sandboxTestCards.frictionless)

    const rows = await listInstalments(app.db, applicationId)
    expect(rows).toHaveLength(12)
    expect(rows[0]).toMatchObject({ seq: 1, coversMonth: '202612', status: 'paid' })
    expect(rows[0]?.amount).toBe(TEST_PREMIUM)
    // month 2 (January) on December's closing day, the 20th
    expect(rows[1]).toMatchObject({ seq: 2, coversMonth: '202701', dueDate: '20261220' })
    expect(rows[11]).toMatchObject({ seq: 12, coversMonth: '202711', dueDate: '20271020' })
  })

  it('請求日に2回目をサンドボックスで一度だけ請求し、3回目が断られたらメールして再請求すること', async () => {
    clock.set(jstTime('20261220', '0300'))
    expect(await run()).toMatchObject({ paid: 1, declined: 0 })
    expect(await run()).toMatchObject({ paid: 0 })
    let rows = await listInstalments(app.db, applicationId)
    expect(rows[1]?.status).toBe('paid')
    const charged = await sandboxCall(
      app,
      'GET',
      `/v1/payments/${rows[1]?.providerPaymentId ?? ''}`,
    )
    expect(charged.json()).toMatchObject({ status: 'captured', amount: rows[1]?.amount })

    const [card] = await app.db
      .select()
      .from(storedCards)
      .where(eq(storedCards.applicationId, applicationId))
    const control = await sandboxCall(
      app,
      'POST',
      `/v1/stored-cards/${card?.providerCardId ?? ''}/next-outcome`,
      { outcome: 'declined' },
    )
    expect(control.statusCode).toBe(200)
    clock.set(jstTime('20270120', '0300'))
    expect(await run()).toMatchObject({ paid: 0, declined: 1 })
    rows = await listInstalments(app.db, applicationId)
    expect(rows[2]).toMatchObject({ status: 'due', lastErrorCode: 'card_declined', tries: 1 })
    const mails = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'instalmentDeclined'))
    expect(mails.map((mail) => mail.recipient)).toEqual(['monthly@example.jp'])
    // the my-page shows it with its next try, three days on
    const contract = await app.inject({
      method: 'GET',
      url: `/api/policyHolderInfo/contract/?${new URLSearchParams({
        groupPfCode: link.groupPfCode,
        urlKey: link.urlKey,
        groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      }).toString()}`,
      headers: await myPageHeadersOf(app, who.accountId),
    })
    expect(contract.statusCode, contract.body).toBe(200)
    expect(contract.json<ContractInfo>().premiumPayments?.instalments[2]).toMatchObject({
      seq: 3,
      status: 'due',
      isRetry: true,
      dueDate: '20270123',
    })

    await sandboxCall(app, 'POST', `/v1/stored-cards/${card?.providerCardId ?? ''}/next-outcome`, {
      outcome: 'approved',
    })
    clock.set(jstTime('20270123', '0300'))
    expect(await run()).toMatchObject({ paid: 1 })
    rows = await listInstalments(app.db, applicationId)
    expect(rows.slice(0, 4).map((row) => row.status)).toEqual(['paid', 'paid', 'paid', 'due'])
  })

  it('マイページのご契約内容に、予定・カード・各回の状況が出ること', async () => {
    const query = new URLSearchParams({
      groupPfCode: link.groupPfCode,
      urlKey: link.urlKey,
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
    })
    const response = await app.inject({
      method: 'GET',
      url: `/api/policyHolderInfo/contract/?${query.toString()}`,
      headers: await myPageHeadersOf(app, who.accountId),
    })
    expect(response.statusCode).toBe(200)
    const payments = response.json<ContractInfo>().premiumPayments
    expect(payments?.planText).toBe(
      `初回 ${TEST_PREMIUM.toLocaleString('ja-JP')}円（2026年12月分）、以降毎月20日に ${TEST_PREMIUM.toLocaleString('ja-JP')}円（2027年11月分まで）`,
    )
    expect(payments?.card).toMatchObject({ brand: 'mastercard', last4: '4444' })
    expect(payments?.instalments.slice(0, 4).map((each) => [each.seq, each.status])).toEqual([
      [1, 'paid'],
      [2, 'paid'],
      [3, 'paid'],
      [4, 'due'],
    ])
    expect(payments?.instalments).toHaveLength(12)

    // the 加入者証 says it too
    const issued = await app.inject({
      method: 'POST',
      url: '/api/policyHolderCertificate/',
      headers: await myPageHeadersOf(app, who.accountId),
      payload: {
        groupPfCode: link.groupPfCode,
        urlKey: link.urlKey,
        groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      },
    })
    expect(issued.statusCode, issued.body).toBe(200)
    const pdf = await app.inject({ method: 'GET', url: issued.json<{ url: string }>().url })
    expect(pdf.statusCode).toBe(200)
    const lines = pdfTextLines(pdf.rawPayload).join('\n')
    expect(lines).toContain('お支払い予定')
    expect(lines).toContain('以降毎月20日に')
  })
})
