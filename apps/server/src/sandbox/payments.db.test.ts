import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/client.ts'
import { sandboxPayPayments, sandboxPayTokens } from '../db/schema/index.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../test/helpers.ts'
import { newKey, RETURN_URL, SandboxClient } from './sandbox-testing.ts'
import { sandboxTestCards, type SandboxScenario } from './test-cards.ts'

// Authorise, capture, cancel and look up (docs/payment.md "The sandbox provider"), with the
// Idempotency-Key that makes a repeat answer the first answer and never charge twice.

const PAY_ID = /^pay_[A-Za-z0-9]{24}$/

describe('サンドボックス決済: カード決済', () => {
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

  async function rowsOfKey(key: string) {
    return database.db
      .select()
      .from(sandboxPayPayments)
      .where(eq(sandboxPayPayments.idempotencyKey, key))
  }

  /** Charges of an order: payments authorised or captured. */
  async function chargesOf(orderId: string): Promise<number> {
    const response = await client.call('GET', `/v1/payments?orderId=${orderId}`)
    const { data } = response.json<{ data: { status: string }[] }>()
    return data.filter((payment) => ['authorized', 'captured'].includes(payment.status)).length
  }

  describe('テストカードごとの結果', () => {
    const cases: [SandboxScenario, number, Record<string, unknown>][] = [
      ['threeDSecure', 200, { status: 'requires_action' }],
      ['threeDSecureDeclined', 200, { status: 'requires_action' }],
      ['frictionless', 200, { status: 'authorized' }],
      ['frictionless14', 200, { status: 'authorized' }],
      [
        'declined',
        402,
        { status: 'failed', error: { code: 'card_declined', message: 'The card was declined.' } },
      ],
      [
        'retryLater',
        402,
        {
          status: 'failed',
          error: {
            code: 'try_again_later',
            message: 'The card was declined for now. Try again later.',
          },
        },
      ],
      [
        'detailsInvalid',
        402,
        {
          status: 'failed',
          error: {
            code: 'invalid_card_details',
            message: 'The card details (expiry date or security code) do not match.',
          },
        },
      ],
      [
        'notUsable',
        402,
        {
          status: 'failed',
          error: { code: 'card_not_usable', message: 'The card cannot be used.' },
        },
      ],
      [
        'paymentFailed42C',
        402,
        {
          status: 'failed',
          error: { code: '42C120000', message: 'The acquirer could not process the payment.' },
        },
      ],
    ]

    it.each(cases)('%s は %i %o であること', async (scenario, statusCode, expected) => {
      const orderId = `order-${scenario}`
      const response = await client.payWith(sandboxTestCards[scenario], { orderId })
      expect(response.statusCode).toBe(statusCode)
      const body = response.json()
      expect(body.id).toMatch(PAY_ID)
      const challengeUrl =
        expected.status === 'requires_action'
          ? { challengeUrl: `http://localhost/sandbox-pay/challenge/${body.id}` }
          : {}
      expect(body).toEqual({ id: body.id, amount: 12000, ...expected, ...challengeUrl })
      const [row] = await database.db
        .select()
        .from(sandboxPayPayments)
        .where(eq(sandboxPayPayments.id, body.id))
      expect(row).toMatchObject({
        orderId,
        amount: 12000,
        scenario,
        status: expected.status,
        errorCode: (expected.error as { code: string } | undefined)?.code ?? null,
        returnUrl: RETURN_URL,
        createdAt: testNow,
      })
      expect(row?.response).toMatchObject({ statusCode, body })
      expect(await chargesOf(orderId)).toBe(expected.status === 'authorized' ? 1 : 0)
    })

    it.each([
      ['busy', 503, 'provider_busy', 'The provider is busy. Try again later.'],
      ['maintenance', 503, 'maintenance', 'The provider is in maintenance. Try again later.'],
      ['systemError', 500, 'ESOE0011', 'The provider had a system error.'],
    ] as const)('%s は %i %s であること', async (scenario, statusCode, code, message) => {
      const key = newKey()
      const orderId = `order-${scenario}`
      const response = await client.payWith(sandboxTestCards[scenario], { key, orderId })
      expect(response.statusCode).toBe(statusCode)
      expect(response.json()).toEqual({ error: { code, message } })
      const [row] = await rowsOfKey(key)
      expect(row).toMatchObject({ scenario, status: 'failed', errorCode: code })
      expect(row?.response).toMatchObject({ statusCode, body: { error: { code, message } } })
      expect(await chargesOf(orderId)).toBe(0)
    })

    it('テストカード以外の番号は frictionless として承認されること', async () => {
      const response = await client.payWith('4242424242424242')
      expect(response.statusCode).toBe(200)
      expect(response.json().status).toBe('authorized')
    })
  })

  describe('トークン', () => {
    it('一度使ったトークンは別のキーでも 400 invalid_token であること', async () => {
      const token = await client.token(sandboxTestCards.frictionless)
      expect((await client.pay(token)).statusCode).toBe(200)
      const again = await client.pay(token)
      expect(again.statusCode).toBe(400)
      expect(again.json()).toEqual({
        error: {
          code: 'invalid_token',
          message: 'The card token is unknown, expired or already used.',
        },
      })
    })

    it('知らないトークンは 400 invalid_token で、決済の行を残さないこと', async () => {
      const key = newKey()
      const response = await client.pay('tok_unknown000000000000000000', { key })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('invalid_token')
      expect(await rowsOfKey(key)).toEqual([])
    })

    it('使えないトークンで断ったキーは、使えるトークンでもう一度使えること', async () => {
      const key = newKey()
      expect((await client.pay('tok_unknown000000000000000000', { key })).statusCode).toBe(400)
      const response = await client.pay(await client.token(sandboxTestCards.frictionless), { key })
      expect(response.statusCode).toBe(200)
      expect(response.json().status).toBe('authorized')
    })

    it('トークンは 15 分まで有効で、15 分を過ぎると 400 invalid_token であること', async () => {
      clock.set(testNow)
      const fresh = await client.token(sandboxTestCards.frictionless)
      const stale = await client.token(sandboxTestCards.frictionless)
      clock.advance(15 * 60 * 1000 - 1)
      expect((await client.pay(fresh)).statusCode).toBe(200)
      clock.advance(1)
      const response = await client.pay(stale)
      clock.set(testNow)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('invalid_token')
    })

    it('決済したトークンは使用済みになること', async () => {
      const token = await client.token(sandboxTestCards.frictionless)
      await client.pay(token)
      const [row] = await database.db
        .select()
        .from(sandboxPayTokens)
        .where(eq(sandboxPayTokens.token, token))
      expect(row?.usedAt).toEqual(testNow)
    })
  })

  describe('Idempotency-Key', () => {
    it.each(['frictionless', 'declined', 'busy', 'systemError', 'threeDSecure'] as const)(
      '同じキー・同じ本文の繰り返しは最初の答えをそのまま返すこと（%s）',
      async (scenario) => {
        const key = newKey()
        const token = await client.token(sandboxTestCards[scenario])
        const first = await client.pay(token, { key })
        const second = await client.pay(token, { key })
        expect(second.statusCode).toBe(first.statusCode)
        expect(second.body).toBe(first.body)
        expect(await rowsOfKey(key)).toHaveLength(1)
      },
    )

    it('同じ要求が 50 件同時に来ても決済は 1 件で、50 件とも同じ答えであること', async () => {
      const key = newKey()
      const orderId = 'order-concurrent'
      const token = await client.token(sandboxTestCards.frictionless)
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => client.pay(token, { key, orderId })),
      )
      const first = responses[0]
      expect(first?.statusCode).toBe(200)
      expect(first?.json().status).toBe('authorized')
      for (const response of responses) {
        expect(response.statusCode).toBe(200)
        expect(response.body).toBe(first?.body)
      }
      expect(await rowsOfKey(key)).toHaveLength(1)
      expect(await chargesOf(orderId)).toBe(1)
    })

    it.each([
      ['金額', { amount: 13000 }],
      ['注文', { orderId: 'order-other' }],
      ['戻り先', { returnUrl: 'http://localhost/other' }],
    ])('同じキーで%sの違う本文は 409 idempotency_key_reused であること', async (_label, change) => {
      const key = newKey()
      const token = await client.token(sandboxTestCards.frictionless)
      expect((await client.pay(token, { key })).statusCode).toBe(200)
      const response = await client.pay(token, { key, ...change })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({
        error: {
          code: 'idempotency_key_reused',
          message: 'The Idempotency-Key was already used with another request body.',
        },
      })
    })

    it('同じキーで別のトークンは 409 idempotency_key_reused であること', async () => {
      const key = newKey()
      await client.payWith(sandboxTestCards.frictionless, { key })
      const response = await client.payWith(sandboxTestCards.frictionless, { key })
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('idempotency_key_reused')
    })

    it.each([
      ['無い', undefined],
      ['15文字', 'a'.repeat(15)],
      ['65文字', 'a'.repeat(65)],
      ['使えない文字', 'key with spaces!!'],
    ])('キーが%sときは 400 missing_idempotency_key であること', async (_label, key) => {
      const token = await client.token(sandboxTestCards.frictionless)
      const response = await client.call('POST', '/v1/payments', {
        ...(key === undefined ? {} : { key }),
        payload: { token, amount: 12000, currency: 'JPY', orderId: 'o-1', returnUrl: RETURN_URL },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('missing_idempotency_key')
    })
  })

  describe('本文の検査', () => {
    it.each([
      ['金額 0', { amount: 0 }],
      ['金額が小数', { amount: 100.5 }],
      ['金額が文字列', { amount: '12000' }],
      ['通貨 USD', { currency: 'USD' }],
      ['注文 65 文字', { orderId: 'o'.repeat(65) }],
      ['注文が空', { orderId: '' }],
      ['戻り先が相対', { returnUrl: '/app/payment' }],
      ['戻り先が javascript:', { returnUrl: 'javascript:alert(1)' }],
      ['知らない項目', { cardNumber: '4111111111111111' }],
    ])('%s は 400 invalid_request であること', async (_label, change) => {
      const response = await client.call('POST', '/v1/payments', {
        key: newKey(),
        payload: {
          token: 'tok_x',
          amount: 12000,
          currency: 'JPY',
          orderId: 'o-1',
          returnUrl: RETURN_URL,
          ...change,
        },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('invalid_request')
    })
  })

  describe('秘密鍵', () => {
    const endpoints: ['GET' | 'POST', string][] = [
      ['POST', '/v1/payments'],
      ['GET', '/v1/payments?orderId=o-1'],
      ['GET', '/v1/payments/pay_000000000000000000000000'],
      ['POST', '/v1/payments/pay_000000000000000000000000/capture'],
      ['POST', '/v1/payments/pay_000000000000000000000000/cancel'],
      ['POST', '/v1/virtual-accounts'],
    ]
    it.each(
      endpoints.flatMap(([method, path]) => [
        [method, path, 'なし', undefined],
        [method, path, '違う鍵', 'Bearer sk_sandbox_wrong'],
        [method, path, '公開鍵', 'PUBLISHABLE'],
        [method, path, 'Bearer 以外', 'SECRET_BASIC'],
      ]),
    )('%s %s: 鍵が%sなら 401 unauthorized であること', async (method, path, _label, header) => {
      const { secretKey, publishableKey } = app.paymentSettings
      const authorization =
        header === 'PUBLISHABLE'
          ? `Bearer ${publishableKey}`
          : header === 'SECRET_BASIC'
            ? `Basic ${secretKey}`
            : header
      const response = await app.inject({
        method,
        url: `/sandbox-pay${path}`,
        headers: {
          'idempotency-key': newKey(),
          ...(authorization === undefined ? {} : { authorization }),
        },
        ...(method === 'POST' ? { payload: {} } : {}),
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        error: { code: 'unauthorized', message: 'The API key is missing or wrong.' },
      })
    })
  })

  describe('確定（capture）と取消（cancel）', () => {
    async function paymentIn(scenario: SandboxScenario) {
      const response = await client.payWith(sandboxTestCards[scenario])
      return response.json<{ id: string; status: string }>()
    }
    const capture = (id: string) => client.call('POST', `/v1/payments/${id}/capture`)
    const cancel = (id: string) => client.call('POST', `/v1/payments/${id}/cancel`)
    const get = (id: string) => client.call('GET', `/v1/payments/${id}`)

    it('承認済みを確定でき、もう一度の確定も同じ答えであること', async () => {
      const { id } = await paymentIn('frictionless')
      for (let time = 0; time < 2; time++) {
        const response = await capture(id)
        expect(response.statusCode).toBe(200)
        expect(response.json()).toEqual({ id, status: 'captured', amount: 12000 })
      }
      const [row] = await database.db
        .select()
        .from(sandboxPayPayments)
        .where(eq(sandboxPayPayments.id, id))
      expect(row?.capturedAt).toEqual(testNow)
      expect((await get(id)).json()).toEqual({
        id,
        status: 'captured',
        amount: 12000,
        orderId: 'order-0001',
      })
    })

    it('本人認証待ちの確定は 409 authentication_required であること', async () => {
      const { id } = await paymentIn('threeDSecure')
      const response = await capture(id)
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('authentication_required')
    })

    it('失敗した決済の確定は 402 で失敗の理由を返すこと', async () => {
      const { id } = await paymentIn('notUsable')
      const response = await capture(id)
      expect(response.statusCode).toBe(402)
      expect(response.json()).toEqual({
        id,
        status: 'failed',
        amount: 12000,
        error: { code: 'card_not_usable', message: 'The card cannot be used.' },
      })
    })

    it('取り消した決済の確定は 409 payment_cancelled であること', async () => {
      const { id } = await paymentIn('frictionless')
      expect((await cancel(id)).statusCode).toBe(200)
      const response = await capture(id)
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('payment_cancelled')
    })

    it.each(['frictionless', 'threeDSecure'] as const)(
      '%s の決済を取り消せ、もう一度の取消も同じ答えであること',
      async (scenario) => {
        const { id } = await paymentIn(scenario)
        for (let time = 0; time < 2; time++) {
          const response = await cancel(id)
          expect(response.statusCode).toBe(200)
          expect(response.json()).toEqual({ id, status: 'cancelled', amount: 12000 })
        }
        expect((await get(id)).json().status).toBe('cancelled')
      },
    )

    it('確定した決済の取消は 409 already_captured であること', async () => {
      const { id } = await paymentIn('frictionless')
      await capture(id)
      const response = await cancel(id)
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('already_captured')
      expect((await get(id)).json().status).toBe('captured')
    })

    it('失敗した決済の取消は 200 で失敗のまま返すこと', async () => {
      const { id } = await paymentIn('declined')
      const response = await cancel(id)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        id,
        status: 'failed',
        amount: 12000,
        error: { code: 'card_declined', message: 'The card was declined.' },
      })
      expect((await get(id)).json().status).toBe('failed')
    })

    it.each([
      ['GET', ''],
      ['POST', '/capture'],
      ['POST', '/cancel'],
    ] as const)('知らない決済の %s %s は 404 not_found であること', async (method, suffix) => {
      for (const id of ['pay_000000000000000000000000', 'nonsense']) {
        const response = await client.call(method, `/v1/payments/${id}${suffix}`)
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual({
          error: { code: 'not_found', message: 'No such resource.' },
        })
      }
    })
  })

  describe('照会', () => {
    it('注文ごとの決済を作った順に返すこと', async () => {
      const orderId = 'order-list'
      const first = (await client.payWith(sandboxTestCards.declined, { orderId })).json()
      clock.advance(1000)
      const second = (await client.payWith(sandboxTestCards.frictionless, { orderId })).json()
      clock.set(testNow)
      const response = await client.call('GET', `/v1/payments?orderId=${orderId}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        data: [
          {
            id: first.id,
            status: 'failed',
            amount: 12000,
            orderId,
            error: { code: 'card_declined', message: 'The card was declined.' },
          },
          { id: second.id, status: 'authorized', amount: 12000, orderId },
        ],
      })
      expect(await chargesOf(orderId)).toBe(1)
    })

    it('決済のない注文は空の一覧、orderId なしは 400 invalid_request であること', async () => {
      expect((await client.call('GET', '/v1/payments?orderId=none')).json()).toEqual({ data: [] })
      const response = await client.call('GET', '/v1/payments')
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('invalid_request')
    })
  })
})
