import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { isLuhnValid } from '@app/shared/rules/payment'
import type { DatabaseHandle } from '../db/client.ts'
import { sandboxPayTokens } from '../db/schema/index.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../test/helpers.ts'
import { SandboxClient } from './sandbox-testing.ts'
import { sandboxTestCards } from './test-cards.ts'

// The token endpoint (docs/payment.md "Test cards"): the only place card data goes. On
// 2026-11-20 10:00 JST unless the test moves the clock.

/** `prefix` completed with the digit that makes it Luhn-valid. */
function withCheckDigit(prefix: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (isLuhnValid(`${prefix}${digit}`)) return `${prefix}${digit}`
  }
  throw new Error('unreachable')
}

describe('サンドボックス決済: カードのトークン化', () => {
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

  function card(overrides: Record<string, unknown> = {}) {
    return {
      publishableKey: app.paymentSettings.publishableKey,
      cardNumber: sandboxTestCards.frictionless,
      expiryMonth: '12',
      expiryYear: '2030',
      securityCode: '123',
      ...overrides,
    }
  }

  it.each(Object.entries(sandboxTestCards))(
    'テストカード %s（%s）はトークンになること',
    async (_scenario, cardNumber) => {
      clock.set(testNow)
      const response = await client.requestToken(card({ cardNumber }))
      expect(response.statusCode).toBe(201)
      const body = response.json()
      expect(body.token).toMatch(/^tok_[A-Za-z0-9]{24}$/)
      expect(body.expiresAt).toBe('2026-11-20T01:15:00.000Z')
      expect(Object.keys(body).sort()).toEqual(['brand', 'expiresAt', 'token'])
    },
  )

  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['3530111333300000', 'jcb'],
    ['378282246310005', 'amex'],
    ['36000000000008', 'diners'],
  ])('カード番号 %s のブランドは %s であること', async (cardNumber, brand) => {
    const response = await client.requestToken(card({ cardNumber }))
    expect(response.statusCode).toBe(201)
    expect(response.json().brand).toBe(brand)
  })

  it('トークンの行にはカード番号もセキュリティコードも残らないこと', async () => {
    await database.db.delete(sandboxPayTokens)
    const response = await client.requestToken(
      card({ cardNumber: sandboxTestCards.threeDSecure, securityCode: '4821' }),
    )
    expect(response.statusCode).toBe(201)
    const rows = await database.db.select().from(sandboxPayTokens)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toEqual({
      token: response.json().token,
      scenario: 'threeDSecure',
      brand: 'visa',
      // what a stored card shows (issue #24): the last four digits and the expiry, no more
      last4: '1111',
      expiryMonth: '12',
      expiryYear: '2030',
      expiresAt: new Date(Date.UTC(2026, 10, 20, 1, 15)),
      usedAt: null,
      createdAt: testNow,
    })
    expect(JSON.stringify(rows)).not.toMatch(/\d{14,16}|4821/)
  })

  it.each([
    ['無い', undefined],
    ['空', ''],
    ['違う', 'pk_sandbox_wrong'],
    ['秘密鍵', 'secret'],
  ])('公開鍵が%sときは 401 unauthorized であること', async (_label, publishableKey) => {
    const key = publishableKey === 'secret' ? app.paymentSettings.secretKey : publishableKey
    const response = await client.requestToken(card({ publishableKey: key }))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error: { code: 'unauthorized', message: 'The API key is missing or wrong.' },
    })
  })

  it.each([
    ['cardNumber', ''],
    ['cardNumber', undefined],
    ['expiryMonth', ''],
    ['expiryYear', undefined],
    ['securityCode', ''],
  ])('%s が「%s」なら 400 missing_fields であること', async (field, value) => {
    const response = await client.requestToken(card({ [field]: value }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('missing_fields')
  })

  it.each([
    ['13桁', withCheckDigit('411111111111')],
    ['17桁', withCheckDigit('4111111111111111')],
    ['Luhn 不一致', '4111111111111112'],
    ['空白入り', '4111 1111 1111 1111'],
    ['ハイフン入り', '4111-1111-1111-1111'],
    ['全角数字', '４１１１１１１１１１１１１１１１'],
    ['先頭 0', withCheckDigit('011111111111111')],
    ['先頭 1', withCheckDigit('111111111111111')],
    ['先頭 2（Mastercard 2 系列も扱わない）', '2223003122003222'],
    ['先頭 7', withCheckDigit('711111111111111')],
    ['先頭 8', withCheckDigit('811111111111111')],
    ['先頭 9', withCheckDigit('911111111111111')],
  ])('カード番号が%sなら 400 invalid_number であること', async (_label, cardNumber) => {
    const response = await client.requestToken(card({ cardNumber }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'invalid_number', message: 'The card number is not valid.' },
    })
  })

  it('先頭 6（Discover など）は 400 unsupported_brand であること', async () => {
    const response = await client.requestToken(card({ cardNumber: '6011111111111117' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('unsupported_brand')
  })

  it.each([
    ['00', '2030'],
    ['13', '2030'],
    ['1', '2030'],
    ['ab', '2030'],
    ['12', '30'],
    ['12', '20301'],
  ])('有効期限 %s/%s は 400 invalid_expiry であること', async (expiryMonth, expiryYear) => {
    const response = await client.requestToken(card({ expiryMonth, expiryYear }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('invalid_expiry')
  })

  it.each([
    // 2026-11-20 10:00 JST: November 2026 is still valid, October is not.
    [testNow, '10', '2026', 'expired_card'],
    [testNow, '11', '2026', undefined],
    [testNow, '12', '2025', 'expired_card'],
    // 2026-11-30 23:59 JST is still November, 2026-12-01 00:00 JST is not.
    [new Date(Date.UTC(2026, 10, 30, 14, 59, 59, 999)), '11', '2026', undefined],
    [new Date(Date.UTC(2026, 10, 30, 15)), '11', '2026', 'expired_card'],
  ])('%s に有効期限 %s/%s は %s であること', async (now, expiryMonth, expiryYear, expected) => {
    clock.set(now)
    const response = await client.requestToken(card({ expiryMonth, expiryYear }))
    clock.set(testNow)
    if (expected === undefined) {
      expect(response.statusCode).toBe(201)
    } else {
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe(expected)
    }
  })

  it.each(['12', '12345', 'abc', '１２３'])(
    'セキュリティコード「%s」は 400 invalid_security_code であること',
    async (securityCode) => {
      const response = await client.requestToken(card({ securityCode }))
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('invalid_security_code')
    },
  )

  it.each(['123', '1234'])('セキュリティコード「%s」は受け付けること', async (securityCode) => {
    const response = await client.requestToken(card({ securityCode }))
    expect(response.statusCode).toBe(201)
  })

  it.each([
    [{ cardNumber: '', expiryMonth: '13', securityCode: '1' }, 'missing_fields'],
    [{ cardNumber: '4111111111111112', expiryMonth: '13', securityCode: '1' }, 'invalid_number'],
    [{ expiryMonth: '13', securityCode: '1' }, 'invalid_expiry'],
    [{ expiryMonth: '01', expiryYear: '2026', securityCode: '1' }, 'expired_card'],
  ])('誤りが重なるときは決まった順に答えること（%o → %s）', async (overrides, expected) => {
    const response = await client.requestToken(card(overrides))
    expect(response.json().error.code).toBe(expected)
  })

  it('項目が文字列でなければ 400 invalid_request であること', async () => {
    const response = await client.requestToken(card({ cardNumber: 4111111111111111 }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('invalid_request')
  })

  it('2 KB を超える本文は 413 payload_too_large であること', async () => {
    const response = await client.requestToken(card({ securityCode: '1'.repeat(2100) }))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large.' },
    })
  })

  it('クライアントのアドレスごとに 1 分 60 回までに制限していること', async () => {
    const first = await client.requestToken(card(), '192.0.2.10')
    const second = await client.requestToken(card(), '192.0.2.10')
    expect(first.headers['x-ratelimit-limit']).toBe('60')
    expect(first.headers['x-ratelimit-remaining']).toBe('59')
    expect(second.headers['x-ratelimit-remaining']).toBe('58')
  })

  it('サンドボックスの知らないパスは 404 not_found であること', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox-pay/v1/nothing' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such resource.' } })
  })
})
