import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntryLink } from '@app/shared'
import type { CardChangeOutcome, CardChangeView } from '@app/shared/api/my-page/card-change'
import type { PuzzleChallenge } from '@app/shared/api/payment/payment'
import { createTestApp, createTestDatabase, jstTime, manualClock } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { auditLog, instalments, storedCards } from '../../db/schema/index.ts'
import { sandboxTestCards } from '../../sandbox/test-cards.ts'
import type { SignedInApplicant } from '../application/application-test-support.ts'
import { myPageHeadersOf } from '../renewal/renewal-test-support.ts'
import type { StaffPrincipal } from '../staff/staff-scope.ts'
import { runInstalmentCharges } from './instalment-charges.ts'
import { listInstalments } from './instalment-repository.ts'
import {
  applicantPaidByCard,
  cardToken,
  importPaymentProduct,
  newIdempotencyKey,
  sandboxCall,
  solvePuzzle,
} from './payment-test-support.ts'
import { HttpPaymentProvider } from './provider.ts'

// Issue #24 point 4 (ADR 0038): the holder of a monthly card contract changes the card from the
// my-page. The new card goes through the puzzle and 3-D Secure as a card check (amount 0 with
// storeCard: nothing taken); it replaces the card in use in one transaction with the attempt and
// the audit entry; the old card is deleted at the provider; refused instalments are tried again
// at once with the new card, and the next month uses it.

describe('月払のお支払いカードの変更（issue #24）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let who: SignedInApplicant
  let link: EntryLink

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    link = await importPaymentProduct(database.db, { pymntMethod: '1' })
    who = await applicantPaidByCard(app, link, 'card-change@example.jp')
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const contract = () => ({
    groupPfCode: link.groupPfCode,
    urlKey: link.urlKey,
    groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
  })
  const run = () =>
    runInstalmentCharges({
      db: app.db,
      clock,
      provider: new HttpPaymentProvider(app.paymentSettings),
      publicBaseUrl: () => 'https://hoken.example.jp',
    })

  async function view(accountId = who.accountId) {
    return app.inject({
      method: 'GET',
      url: `/api/cardChange/?${new URLSearchParams(contract()).toString()}`,
      headers: await myPageHeadersOf(app, accountId),
    })
  }

  async function puzzle() {
    const response = await app.inject({
      method: 'GET',
      url: `/api/cardChange/puzzle/?${new URLSearchParams(contract()).toString()}`,
      headers: await myPageHeadersOf(app, who.accountId),
    })
    expect(response.statusCode, response.body).toBe(200)
    return solvePuzzle(response.json<PuzzleChallenge>())
  }

  async function change(cardNumber: string, key = newIdempotencyKey()) {
    // a minute on: the cards' order is their creation's
    clock.set(new Date(clock.now().getTime() + 60_000))
    const response = await app.inject({
      method: 'POST',
      url: '/api/cardChange/',
      headers: { ...(await myPageHeadersOf(app, who.accountId)), 'idempotency-key': key },
      payload: {
        ...contract(),
        cardToken: await cardToken(app, cardNumber),
        puzzle: await puzzle(),
      },
    })
    return { response, key }
  }

  async function returnFromThreeDSecure(key: string) {
    return app.inject({
      method: 'POST',
      url: '/api/cardChange/threeDSecure/',
      headers: { ...(await myPageHeadersOf(app, who.accountId)), 'idempotency-key': key },
      payload: contract(),
    })
  }

  async function authenticate(redirectUrl: string) {
    const paymentId = /\/challenge\/(pay_[A-Za-z0-9]+)/.exec(redirectUrl)?.[1] ?? ''
    const submitted = await app.inject({
      method: 'POST',
      url: `/sandbox-pay/challenge/${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=authenticate&password=123456',
    })
    expect(submitted.statusCode).toBe(303)
    return paymentId
  }

  const cardsOf = () =>
    app.db
      .select()
      .from(storedCards)
      .where(eq(storedCards.applicationId, who.applicationId))
      .orderBy(storedCards.createdAt)

  it('変更の画面にいまのカード（ブランド・下4桁・有効期限）と決済代行会社の設定が出ること', async () => {
    const response = await view()
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<CardChangeView>()).toEqual({
      groupPfPolicyHolderNo: expect.any(String),
      card: { brand: 'mastercard', last4: '4444', expiryMonth: '12', expiryYear: '2030' },
      state: 'open',
      provider: {
        tokenUrl: expect.stringMatching(/\/sandbox-pay\/v1\/tokens$/),
        publishableKey: app.paymentSettings.publishableKey,
      },
    })
  })

  it('月払のカード契約のない期間は 409 APFD0001 で、何も出さないこと', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/cardChange/?${new URLSearchParams({ ...contract(), groupPfCodeInceptionDateYm: '202512' }).toString()}`,
      headers: await myPageHeadersOf(app, who.accountId),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ errorCode: 'APFD0001' })
  })

  it('断られたカードでは変わらず（APFK0003）、いまのカードのままであること', async () => {
    const { response } = await change(sandboxTestCards.declined)
    expect(response.statusCode).toBe(402)
    expect(response.json()).toMatchObject({ errorCode: 'APFK0003' })
    const cards = await cardsOf()
    expect(cards.map((card) => [card.last4, card.removedAt])).toEqual([['4444', null]])
  })

  it('3Dセキュアの後に新しいカードに替わり、0円の確認は取り消され、古いカードは決済代行会社で削除されること', async () => {
    const [old] = await cardsOf()
    const { response, key } = await change(sandboxTestCards.threeDSecure)
    expect(response.statusCode, response.body).toBe(200)
    const started = response.json<CardChangeOutcome>()
    expect(started.result).toBe('threeDSecure')
    if (started.result !== 'threeDSecure') return
    expect((await view()).json<CardChangeView>().state).toBe('threeDSecure')
    const paymentId = await authenticate(started.redirectUrl)

    const finished = await returnFromThreeDSecure(key)
    expect(finished.statusCode, finished.body).toBe(200)
    const card = { brand: 'visa', last4: '1111', expiryMonth: '12', expiryYear: '2030' }
    expect(finished.json()).toEqual({ result: 'changed', card })
    // a repeat with the key answers the same
    expect((await returnFromThreeDSecure(key)).json()).toEqual({ result: 'changed', card })
    expect((await view()).json<CardChangeView>()).toMatchObject({ card, state: 'open' })

    const cards = await cardsOf()
    expect(cards.map((each) => [each.last4, each.removedAt === null])).toEqual([
      ['4444', false],
      ['1111', true],
    ])
    expect(cards[0]?.providerDeletedAt).not.toBeNull()
    // nothing was taken: the check is cancelled, and the old card can no longer be charged
    const check = await sandboxCall(app, 'GET', `/v1/payments/${paymentId}`)
    expect(check.json()).toMatchObject({ status: 'cancelled', amount: 0 })
    const oldCharge = await app.inject({
      method: 'POST',
      url: `/sandbox-pay/v1/stored-cards/${old?.providerCardId ?? ''}/charges`,
      headers: {
        authorization: `Bearer ${app.paymentSettings.secretKey}`,
        'idempotency-key': newIdempotencyKey(),
      },
      payload: { amount: 100, currency: 'JPY', orderId: 'o-old' },
    })
    expect(oldCharge.json().error.code).toBe('stored_card_not_found')

    const audits = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'payment.cardChanged'), eq(auditLog.recordId, who.applicationId)),
      )
    expect(audits).toHaveLength(1)
    expect(JSON.stringify(audits)).not.toContain('1111')
  })

  it('断られた月は変更のすぐ後の実行で新しいカードに請求され、次の月も新しいカードを使うこと', async () => {
    const [, current] = await cardsOf()
    await sandboxCall(
      app,
      'POST',
      `/v1/stored-cards/${current?.providerCardId ?? ''}/next-outcome`,
      {
        outcome: 'declined',
      },
    )
    clock.set(jstTime('20261220', '0300'))
    expect(await run()).toMatchObject({ paid: 0, declined: 1 })
    expect((await listInstalments(app.db, who.applicationId))[1]).toMatchObject({
      status: 'due',
      tries: 1,
    })

    const { response } = await change(sandboxTestCards.frictionless)
    expect(response.json()).toMatchObject({ result: 'changed', card: { last4: '4444' } })
    const [, , newest] = await cardsOf()
    expect(await run()).toMatchObject({ paid: 1, declined: 0 })
    let rows = await listInstalments(app.db, who.applicationId)
    expect(rows[1]).toMatchObject({ status: 'paid', tries: 2 })
    const retried = await sandboxCall(
      app,
      'GET',
      `/v1/payments/${rows[1]?.providerPaymentId ?? ''}`,
    )
    expect(retried.json()).toMatchObject({ status: 'captured' })
    const charges = await sandboxCall(app, 'GET', `/v1/payments?orderId=inst-${rows[1]?.id ?? ''}`)
    // the refused try on the old card, the paid one on the new
    expect(
      charges.json<{ data: { status: string }[] }>().data.map((payment) => payment.status),
    ).toEqual(['failed', 'captured'])

    clock.set(jstTime('20270120', '0300'))
    expect(await run()).toMatchObject({ paid: 1 })
    rows = await listInstalments(app.db, who.applicationId)
    expect(rows[2]?.status).toBe('paid')
    const month3 = await sandboxCall(app, 'GET', `/v1/payments/${rows[2]?.providerPaymentId ?? ''}`)
    expect(month3.json()).toMatchObject({ status: 'captured', amount: rows[2]?.amount })
    expect(newest?.removedAt).toBeNull()
  })

  it('その契約の月を請求している最中は変えず（409 APFY0001）、決済代行会社に残った新しいカードは削除されること', async () => {
    const before = await cardsOf()
    const [row] = await app.db
      .update(instalments)
      .set({ status: 'charging', leaseUntil: new Date(clock.now().getTime() + 60_000) })
      .where(and(eq(instalments.applicationId, who.applicationId), eq(instalments.seq, 4)))
      .returning()
    try {
      const { response } = await change(sandboxTestCards.frictionless)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'APFY0001' })
      expect(await cardsOf()).toEqual(before)
      // the check that kept the card: its card is gone (the lookup leaves storedCard out)
      const listed = await sandboxCall(app, 'GET', `/v1/payments?orderId=${who.applicationId}`)
      const checks = listed
        .json<{ data: { amount: number; status: string; storedCard?: unknown }[] }>()
        .data.filter((payment) => payment.amount === 0 && payment.status === 'cancelled')
      expect(checks.length).toBeGreaterThanOrEqual(3)
      expect(checks.at(-1)?.storedCard).toBeUndefined()
    } finally {
      await app.db
        .update(instalments)
        .set({ status: 'due', leaseUntil: null })
        .where(eq(instalments.id, row?.id ?? ''))
    }
  })

  it('決済代行会社が削除を確かめていない外したカードは、請求ジョブの後始末で削除されること', async () => {
    const [first] = await cardsOf()
    await app.db
      .update(storedCards)
      .set({ providerDeletedAt: null })
      .where(eq(storedCards.id, first?.id ?? ''))
    expect(await app.payments.cardChange.deleteRemovedCards()).toBe(1)
    const [again] = await cardsOf()
    expect(again?.providerDeletedAt).not.toBeNull()
    expect(await app.payments.cardChange.deleteRemovedCards()).toBe(0)
  })

  it('窓口で対応済みにした失敗の月はカードを変えても請求し直さず、対応前の失敗の月だけを請求し直すこと', async () => {
    const rows = await listInstalments(app.db, who.applicationId)
    const [handled, open] = [rows[5], rows[6]]
    if (handled === undefined || open === undefined) throw new Error('no instalments 6 and 7')
    await app.db
      .update(instalments)
      .set({ status: 'failed', tries: 3, lastErrorCode: 'card_declined' })
      .where(inArray(instalments.id, [handled.id, open.id]))
    const insurer: StaffPrincipal = {
      sessionId: randomUUID(),
      staffId: randomUUID(),
      name: '保険 花子',
      email: 'insurer@example.jp',
      role: 'insurerOperator',
      agentCd: null,
      scope: { kind: 'all' },
      idleExpiresAt: new Date(clock.now().getTime() + 60_000),
      absoluteExpiresAt: new Date(clock.now().getTime() + 60_000),
      clientAddress: '127.0.0.1',
    }
    await app.moneyDesk.resolve(insurer, `instalment-${handled.id}`, '団体経由で集金済み')

    const { response } = await change(sandboxTestCards.frictionless)
    expect(response.json()).toMatchObject({ result: 'changed' })
    const after = await listInstalments(app.db, who.applicationId)
    expect(after[5]).toMatchObject({ status: 'failed', tries: 3 })
    expect(after[6]).toMatchObject({ status: 'due', tries: 3 })
    expect(after[6]?.nextAttemptAt.getTime()).toBe(clock.now().getTime())
    // brought back to be charged: the desk can no longer mark it handled
    await expect(
      app.moneyDesk.resolve(insurer, `instalment-${open.id}`, '団体経由で集金済み'),
    ).rejects.toMatchObject({ status: 409 })
  })
})
