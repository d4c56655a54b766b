import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/client.ts'
import { sandboxPayPayments, sandboxPayStoredCards, sandboxPayTokens } from '../db/schema/index.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../test/helpers.ts'
import { newKey, SandboxClient } from './sandbox-testing.ts'
import { sandboxTestCards } from './test-cards.ts'
import { isLuhnValid } from '@app/shared/rules/payment'

// Stored cards (issue #24, docs/payment.md "Stored cards"): a card kept at its first payment and
// charged later by the merchant, without the cardholder and without 3-D Secure.

const CARD_ID = /^card_[A-Za-z0-9]{24}$/
const PAY_ID = /^pay_[A-Za-z0-9]{24}$/

describe('サンドボックス決済: 保存したカード', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let client: SandboxClient
  const clock = manualClock()

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    client = new SandboxClient(app, app.paymentSettings)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const RETURN = 'http://localhost/app/return'

  /** Pays with `storeCard: true` (expiry 12/2030 unless given); the answer. */
  async function payStoring(
    cardNumber: string,
    options: {
      key?: string
      expiryMonth?: string
      expiryYear?: string
      orderId?: string
      amount?: number
    } = {},
  ) {
    const { key = newKey(), orderId = 'order-store', amount = 3000, ...fields } = options
    const token = await client.token(cardNumber, fields)
    const payload = {
      token,
      amount,
      currency: 'JPY',
      orderId,
      returnUrl: 'http://localhost/app/return',
      storeCard: true,
    }
    return { response: await client.call('POST', '/v1/payments', { key, payload }), payload, key }
  }

  /** A stored card of a frictionless payment: its id. */
  async function storedCard(cardNumber: string = sandboxTestCards.frictionless): Promise<string> {
    const { response } = await payStoring(cardNumber)
    expect(response.statusCode).toBe(200)
    return response.json<{ storedCard: { id: string } }>().storedCard.id
  }

  function charge(
    cardId: string,
    options: { key?: string; amount?: number; orderId?: string } = {},
  ) {
    return client.call('POST', `/v1/stored-cards/${cardId}/charges`, {
      key: options.key ?? newKey(),
      payload: {
        amount: options.amount ?? 3000,
        currency: 'JPY',
        orderId: options.orderId ?? 'order-month-2',
      },
    })
  }

  function nextOutcome(cardId: string, outcome: string) {
    return client.call('POST', `/v1/stored-cards/${cardId}/next-outcome`, {
      payload: { outcome },
    })
  }

  async function rowsOfKey(key: string) {
    return database.db
      .select()
      .from(sandboxPayPayments)
      .where(eq(sandboxPayPayments.idempotencyKey, key))
  }

  describe('保存（storeCard: true）', () => {
    it('frictionless の承認で card_… を作り、承認の答えと照会に storedCard を返すこと', async () => {
      const { response, payload, key } = await payStoring(sandboxTestCards.frictionless, {
        expiryMonth: '03',
        expiryYear: '2029',
      })
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body).toEqual({
        id: expect.stringMatching(PAY_ID),
        status: 'authorized',
        amount: 3000,
        storedCard: {
          id: expect.stringMatching(CARD_ID),
          brand: 'mastercard',
          last4: '4444',
          expiryMonth: '03',
          expiryYear: '2029',
        },
      })
      const lookup = await client.call('GET', `/v1/payments/${body.id}`)
      expect(lookup.json()).toEqual({
        id: body.id,
        status: 'authorized',
        amount: 3000,
        orderId: 'order-store',
        storedCard: body.storedCard,
      })
      const replay = await client.call('POST', '/v1/payments', { key, payload })
      expect(replay.statusCode).toBe(200)
      expect(replay.body).toBe(response.body)
      const cards = await database.db
        .select()
        .from(sandboxPayStoredCards)
        .where(eq(sandboxPayStoredCards.paymentId, body.id))
      expect(cards).toHaveLength(1)
      expect(cards[0]).toMatchObject({ status: 'active', scenario: 'frictionless' })
    })

    it('storeCard なしの承認ではカードを保存しないこと', async () => {
      const response = await client.payWith(sandboxTestCards.frictionless)
      expect(response.json()).toEqual({
        id: expect.stringMatching(PAY_ID),
        status: 'authorized',
        amount: 12000,
      })
      const cards = await database.db
        .select()
        .from(sandboxPayStoredCards)
        .where(eq(sandboxPayStoredCards.paymentId, response.json().id))
      expect(cards).toEqual([])
    })

    it('3Dセキュアの認証が済むまでは使えず、認証後の照会で storedCard を返すこと', async () => {
      const { response } = await payStoring(sandboxTestCards.threeDSecure)
      expect(response.json()).toMatchObject({ status: 'requires_action' })
      const { id } = response.json<{ id: string }>()
      expect((await client.call('GET', `/v1/payments/${id}`)).json().storedCard).toBeUndefined()
      const [pending] = await database.db
        .select()
        .from(sandboxPayStoredCards)
        .where(eq(sandboxPayStoredCards.paymentId, id))
      expect(pending?.status).toBe('pending')
      expect((await charge(pending?.id ?? '')).statusCode).toBe(404)

      const submitted = await app.inject({
        method: 'POST',
        url: `/sandbox-pay/challenge/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=authenticate&password=123456',
      })
      expect(submitted.statusCode).toBe(303)
      const lookup = await client.call('GET', `/v1/payments/${id}`)
      expect(lookup.json()).toEqual({
        id,
        status: 'authorized',
        amount: 3000,
        orderId: 'order-store',
        storedCard: {
          id: pending?.id,
          brand: 'visa',
          last4: '1111',
          expiryMonth: '12',
          expiryYear: '2030',
        },
      })
      const charged = await charge(pending?.id ?? '')
      expect(charged.statusCode).toBe(200)
      expect(charged.json().status).toBe('captured')
    })

    it('3Dセキュアをキャンセルした決済のカードは請求できないこと (404)', async () => {
      const { response } = await payStoring(sandboxTestCards.threeDSecure)
      const { id } = response.json<{ id: string }>()
      await app.inject({
        method: 'POST',
        url: `/sandbox-pay/challenge/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=cancel',
      })
      const [card] = await database.db
        .select()
        .from(sandboxPayStoredCards)
        .where(eq(sandboxPayStoredCards.paymentId, id))
      expect(card?.status).toBe('pending')
      expect((await client.call('GET', `/v1/payments/${id}`)).json().storedCard).toBeUndefined()
      expect((await charge(card?.id ?? '')).json().error.code).toBe('stored_card_not_found')
    })

    it('断られた決済ではカードを保存しないこと', async () => {
      const { response } = await payStoring(sandboxTestCards.declined)
      expect(response.statusCode).toBe(402)
      expect(response.json().storedCard).toBeUndefined()
      const cards = await database.db
        .select()
        .from(sandboxPayStoredCards)
        .where(eq(sandboxPayStoredCards.paymentId, response.json().id))
      expect(cards).toEqual([])
    })
  })

  describe('カードの確認（金額 0: カードの変更）', () => {
    it('3Dセキュアの後にカードを保存し、売上にはならず（409 nothing_to_capture）、取り消した後も請求できること', async () => {
      const { response } = await payStoring(sandboxTestCards.threeDSecure, { amount: 0 })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ status: 'requires_action', amount: 0 })
      const { id } = response.json<{ id: string }>()
      await app.inject({
        method: 'POST',
        url: `/sandbox-pay/challenge/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=authenticate&password=123456',
      })
      const lookup = await client.call('GET', `/v1/payments/${id}`)
      expect(lookup.json()).toMatchObject({ status: 'authorized', amount: 0 })
      const cardId = lookup.json<{ storedCard: { id: string } }>().storedCard.id
      expect(cardId).toMatch(CARD_ID)

      const capture = await client.call('POST', `/v1/payments/${id}/capture`)
      expect(capture.statusCode).toBe(409)
      expect(capture.json().error.code).toBe('nothing_to_capture')
      const cancel = await client.call('POST', `/v1/payments/${id}/cancel`)
      expect(cancel.json()).toEqual({ id, status: 'cancelled', amount: 0 })

      const charged = await charge(cardId, { amount: 2280 })
      expect(charged.statusCode).toBe(200)
      expect(charged.json()).toMatchObject({ status: 'captured', amount: 2280, cardId })
    })

    it('storeCard なしの金額 0 は 400 invalid_request で、何も残さないこと', async () => {
      const token = await client.token(sandboxTestCards.frictionless)
      const key = newKey()
      const response = await client.call('POST', '/v1/payments', {
        key,
        payload: { token, amount: 0, currency: 'JPY', orderId: 'o-0', returnUrl: RETURN },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('invalid_request')
      expect(await rowsOfKey(key)).toEqual([])
    })
  })

  describe('加盟店からの請求 (POST /v1/stored-cards/:id/charges)', () => {
    it('3-D Secure なしで売上確定まで済んだ決済の行になること', async () => {
      const cardId = await storedCard()
      const key = newKey()
      const response = await charge(cardId, { key, amount: 4500, orderId: 'order-m2' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        id: expect.stringMatching(PAY_ID),
        status: 'captured',
        amount: 4500,
        orderId: 'order-m2',
        cardId,
      })
      const rows = await rowsOfKey(key)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        status: 'captured',
        amount: 4500,
        orderId: 'order-m2',
        storedCardId: cardId,
        capturedAt: testNow,
        challengeCompletedAt: null,
      })
      const lookup = await client.call('GET', `/v1/payments/${response.json().id}`)
      expect(lookup.json()).toEqual({
        id: response.json().id,
        status: 'captured',
        amount: 4500,
        orderId: 'order-m2',
      })
    })

    it('declinesLater のカードは最初の決済が通り、以後の請求は 402 card_declined であること', async () => {
      expect(isLuhnValid(sandboxTestCards.declinesLater)).toBe(true)
      const cardId = await storedCard(sandboxTestCards.declinesLater)
      for (const orderId of ['order-m2', 'order-m3']) {
        const response = await charge(cardId, { orderId })
        expect(response.statusCode).toBe(402)
        expect(response.json()).toEqual({
          id: expect.stringMatching(PAY_ID),
          status: 'failed',
          amount: 3000,
          error: { code: 'card_declined', message: 'The card was declined.' },
        })
      }
    })

    it('next-outcome で 3 か月目を断らせ、再請求を通せること', async () => {
      const cardId = await storedCard()
      expect((await charge(cardId, { orderId: 'order-m2' })).statusCode).toBe(200)
      const declined = await nextOutcome(cardId, 'declined')
      expect(declined.statusCode).toBe(200)
      expect(declined.json()).toEqual({ id: cardId, nextOutcome: 'declined' })
      const month3 = await charge(cardId, { orderId: 'order-m3' })
      expect(month3.statusCode).toBe(402)
      expect(month3.json().error.code).toBe('card_declined')
      expect((await nextOutcome(cardId, 'approved')).statusCode).toBe(200)
      const retry = await charge(cardId, { orderId: 'order-m3' })
      expect(retry.statusCode).toBe(200)
      expect(retry.json()).toMatchObject({ status: 'captured', orderId: 'order-m3', cardId })
    })

    it('next-outcome は declinesLater のカードも通せること', async () => {
      const cardId = await storedCard(sandboxTestCards.declinesLater)
      await nextOutcome(cardId, 'approved')
      expect((await charge(cardId)).statusCode).toBe(200)
    })

    it.each([
      [
        'not_usable',
        402,
        {
          id: expect.stringMatching(PAY_ID),
          status: 'failed',
          amount: 3000,
          error: { code: 'card_not_usable', message: 'The card cannot be used.' },
        },
      ],
      [
        'busy',
        503,
        { error: { code: 'provider_busy', message: 'The provider is busy. Try again later.' } },
      ],
      [
        'system_error',
        500,
        { error: { code: 'ESOE0011', message: 'The provider had a system error.' } },
      ],
    ] as const)('next-outcome %s の請求は %i であること', async (outcome, status, body) => {
      const cardId = await storedCard()
      await nextOutcome(cardId, outcome)
      const key = newKey()
      const response = await charge(cardId, { key })
      expect(response.statusCode).toBe(status)
      expect(response.json()).toEqual(body)
      expect(await rowsOfKey(key)).toMatchObject([{ status: 'failed' }])
    })

    it('有効期限の月が請求の月（日本時間）より前なら 402 expired_card であること', async () => {
      // the sandbox clock is 2026-11-20 10:00 JST: a card expiring 11/2026 is still good
      const { response } = await payStoring(sandboxTestCards.frictionless, {
        expiryMonth: '11',
        expiryYear: '2026',
      })
      const cardId = response.json<{ storedCard: { id: string } }>().storedCard.id
      expect((await charge(cardId, { orderId: 'order-nov' })).statusCode).toBe(200)
      // 2026-11-30 15:00 UTC is 2026-12-01 00:00 JST
      clock.set(new Date(Date.UTC(2026, 10, 30, 15, 0)))
      try {
        const expired = await charge(cardId, { orderId: 'order-dec' })
        expect(expired.statusCode).toBe(402)
        expect(expired.json()).toEqual({
          id: expect.stringMatching(PAY_ID),
          status: 'failed',
          amount: 3000,
          error: { code: 'expired_card', message: 'The card has expired.' },
        })
        // the testing control does not revive an expired card
        await nextOutcome(cardId, 'approved')
        expect((await charge(cardId, { orderId: 'order-dec' })).json().error.code).toBe(
          'expired_card',
        )
      } finally {
        clock.set(testNow)
      }
    })

    it('知らないカードは 404 stored_card_not_found で、行を残さずキーも使えること', async () => {
      const key = newKey()
      const response = await charge('card_AAAAAAAAAAAAAAAAAAAAAAAA', { key })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        error: {
          code: 'stored_card_not_found',
          message: 'No such stored card (unknown, not usable yet, or deleted).',
        },
      })
      expect(await rowsOfKey(key)).toEqual([])
      const cardId = await storedCard()
      expect((await charge(cardId, { key })).statusCode).toBe(200)
    })

    it('秘密鍵なしは 401、冪等キーなしは 400、本文の誤りは 400 invalid_request であること', async () => {
      const cardId = await storedCard()
      const url = `/sandbox-pay/v1/stored-cards/${cardId}/charges`
      const payload = { amount: 3000, currency: 'JPY', orderId: 'order-x' }
      const noSecret = await app.inject({ method: 'POST', url, payload })
      expect(noSecret.statusCode).toBe(401)
      expect(noSecret.json().error.code).toBe('unauthorized')
      const noKey = await client.call('POST', `/v1/stored-cards/${cardId}/charges`, { payload })
      expect(noKey.statusCode).toBe(400)
      expect(noKey.json().error.code).toBe('missing_idempotency_key')
      for (const wrong of [
        { ...payload, amount: 0 },
        { ...payload, currency: 'USD' },
        { ...payload, orderId: 'x'.repeat(65) },
        { ...payload, cardNumber: '5555555555554444' },
      ]) {
        const response = await client.call('POST', `/v1/stored-cards/${cardId}/charges`, {
          key: newKey(),
          payload: wrong,
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().error.code).toBe('invalid_request')
      }
    })
  })

  describe('Idempotency-Key', () => {
    it.each(['approved', 'declined', 'busy'])(
      '同じキー・同じ本文の繰り返しは最初の答えをそのまま返すこと（%s）',
      async (outcome) => {
        const cardId = await storedCard()
        await nextOutcome(cardId, outcome)
        const key = newKey()
        const first = await charge(cardId, { key })
        // a later change of the outcome does not change the answer to the same key
        await nextOutcome(cardId, outcome === 'approved' ? 'declined' : 'approved')
        const second = await charge(cardId, { key })
        expect(second.statusCode).toBe(first.statusCode)
        expect(second.body).toBe(first.body)
        expect(await rowsOfKey(key)).toHaveLength(1)
      },
    )

    it('同じ請求が 10 件同時に来ても決済は 1 件で、10 件とも同じ答えであること', async () => {
      const cardId = await storedCard()
      const key = newKey()
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => charge(cardId, { key, orderId: 'order-concurrent-m2' })),
      )
      const first = responses[0]
      expect(first?.statusCode).toBe(200)
      expect(first?.json()).toMatchObject({ status: 'captured', cardId })
      for (const response of responses) {
        expect(response.statusCode).toBe(200)
        expect(response.body).toBe(first?.body)
      }
      expect(await rowsOfKey(key)).toHaveLength(1)
      const list = await client.call('GET', '/v1/payments?orderId=order-concurrent-m2')
      expect(list.json().data).toEqual([
        { id: first?.json().id, status: 'captured', amount: 3000, orderId: 'order-concurrent-m2' },
      ])
    })

    it.each([
      ['金額', { amount: 3100 }],
      ['注文', { orderId: 'order-other' }],
    ])('同じキーで%sの違う本文は 409 idempotency_key_reused であること', async (_label, change) => {
      const cardId = await storedCard()
      const key = newKey()
      expect((await charge(cardId, { key })).statusCode).toBe(200)
      const response = await charge(cardId, { key, ...change })
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('idempotency_key_reused')
    })

    it('同じキーで別のカードへの請求も、トークンの決済のキーの再利用も 409 であること', async () => {
      const cardId = await storedCard()
      const otherCardId = await storedCard()
      const key = newKey()
      expect((await charge(cardId, { key })).statusCode).toBe(200)
      expect((await charge(otherCardId, { key })).json().error.code).toBe('idempotency_key_reused')
      const { key: paymentKey } = await payStoring(sandboxTestCards.frictionless)
      expect((await charge(cardId, { key: paymentKey })).json().error.code).toBe(
        'idempotency_key_reused',
      )
    })
  })

  describe('削除 (DELETE /v1/stored-cards/:id)', () => {
    it('削除したカードへの請求は 404、もう一度の削除は同じ答え、照会に storedCard を出さないこと', async () => {
      const { response } = await payStoring(sandboxTestCards.frictionless)
      const paymentId = response.json<{ id: string }>().id
      const cardId = response.json<{ storedCard: { id: string } }>().storedCard.id
      const deleted = await client.call('DELETE', `/v1/stored-cards/${cardId}`)
      expect(deleted.statusCode).toBe(200)
      expect(deleted.json()).toEqual({ id: cardId, deleted: true })
      const again = await client.call('DELETE', `/v1/stored-cards/${cardId}`)
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual({ id: cardId, deleted: true })
      const charged = await charge(cardId)
      expect(charged.statusCode).toBe(404)
      expect(charged.json().error.code).toBe('stored_card_not_found')
      expect((await nextOutcome(cardId, 'approved')).statusCode).toBe(404)
      expect((await client.call('GET', `/v1/payments/${paymentId}`)).json()).toEqual({
        id: paymentId,
        status: 'authorized',
        amount: 3000,
        orderId: 'order-store',
      })
    })

    it('知らないカードの削除は 404 stored_card_not_found、秘密鍵なしは 401 であること', async () => {
      const unknown = await client.call('DELETE', '/v1/stored-cards/card_BBBBBBBBBBBBBBBBBBBBBBBB')
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().error.code).toBe('stored_card_not_found')
      const malformed = await client.call('DELETE', '/v1/stored-cards/pay_x')
      expect(malformed.statusCode).toBe(404)
      const cardId = await storedCard()
      const noSecret = await app.inject({
        method: 'DELETE',
        url: `/sandbox-pay/v1/stored-cards/${cardId}`,
      })
      expect(noSecret.statusCode).toBe(401)
    })
  })

  it('保存したカードの請求は返金でき、返金の上限は請求額であること', async () => {
    const cardId = await storedCard()
    const charged = await charge(cardId, { amount: 5000 })
    const paymentId = charged.json<{ id: string }>().id
    const refund = await client.call('POST', '/v1/refunds', {
      key: newKey(),
      payload: { paymentId, amount: 2000 },
    })
    expect(refund.statusCode).toBe(201)
    expect(refund.json()).toEqual({
      id: expect.stringMatching(/^re_[A-Za-z0-9]{24}$/),
      paymentId,
      amount: 2000,
      status: 'succeeded',
    })
    const tooMuch = await client.call('POST', '/v1/refunds', {
      key: newKey(),
      payload: { paymentId, amount: 3001 },
    })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json().error.code).toBe('refund_exceeds_payment')
    const declinedCard = await storedCard(sandboxTestCards.declinesLater)
    const failed = await charge(declinedCard)
    const notCaptured = await client.call('POST', '/v1/refunds', {
      key: newKey(),
      payload: { paymentId: failed.json<{ id: string }>().id, amount: 100 },
    })
    expect(notCaptured.json().error.code).toBe('payment_not_captured')
  })

  it('サンドボックスのどの表にもカード番号もセキュリティコードも残らないこと', async () => {
    await database.db.delete(sandboxPayStoredCards)
    await database.db.delete(sandboxPayPayments)
    await database.db.delete(sandboxPayTokens)
    const token = await client.token(sandboxTestCards.declinesLater, { securityCode: '4821' })
    const response = await client.call('POST', '/v1/payments', {
      key: newKey(),
      payload: {
        token,
        amount: 3000,
        currency: 'JPY',
        orderId: 'order-scan',
        returnUrl: 'http://localhost/app/return',
        storeCard: true,
      },
    })
    const cardId = response.json<{ storedCard: { id: string } }>().storedCard.id
    await charge(cardId)
    const rows = [
      ...(await database.db.select().from(sandboxPayTokens)),
      ...(await database.db.select().from(sandboxPayPayments)),
      ...(await database.db.select().from(sandboxPayStoredCards)),
    ]
    // the request hashes are random-looking hex: not card data
    const text = JSON.stringify(rows).replaceAll(/"requestHash":"[0-9a-f]{64}"/g, '')
    expect(rows).toHaveLength(4)
    expect(text).toContain('"last4":"0093"')
    for (const number of Object.values(sandboxTestCards)) expect(text).not.toContain(number)
    expect(text).not.toMatch(/\d{14,16}|4821/)
  })
})
