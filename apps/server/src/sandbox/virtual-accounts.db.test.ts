import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  depositNotificationSchema,
  SIGNATURE_TOLERANCE_SECONDS,
} from '@app/shared/api/payment/payment'
import { PAYMENT_SIGNATURE_HEADER } from '@app/shared/api/payment/routes'
import type { DatabaseHandle } from '../db/client.ts'
import { sandboxPayDeposits, sandboxPayVirtualAccounts } from '../db/schema/index.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../test/helpers.ts'
import type { PaymentProviderSettings } from '../modules/payment/provider-settings.ts'
import { verifyDepositSignature } from '../modules/payment/signature.ts'
import { sandboxPaymentRoutes } from './routes.ts'
import { newKey, SandboxClient } from './sandbox-testing.ts'

// Virtual accounts and simulated deposits (docs/payment.md "Virtual accounts and deposits").

describe('サンドボックス決済: バーチャル口座の発行', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let client: SandboxClient

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database)
    client = new SandboxClient(app, app.paymentSettings)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  function issue(key: string, body: Record<string, unknown> = {}) {
    return client.call('POST', '/v1/virtual-accounts', {
      key,
      payload: {
        orderId: 'order-va-1',
        amount: 12000,
        dueDate: '20261127',
        accountHolder: 'ヤマダ　タロウ',
        ...body,
      },
    })
  }

  it('口座を発行し、銀行・支店・口座番号・名義・金額・期日を返すこと', async () => {
    const key = newKey()
    const response = await issue(key)
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      id: expect.stringMatching(/^va_[A-Za-z0-9]{24}$/),
      bankName: 'サンドボックス銀行',
      bankCode: '0999',
      branchName: expect.stringMatching(/^.+支店$/),
      branchCode: expect.stringMatching(/^\d{3}$/),
      accountType: '普通',
      accountNumber: expect.stringMatching(/^\d{7}$/),
      accountHolder: 'サンドボックスペイ（カ）',
      amount: 12000,
      dueDate: '20261127',
    })
    const [row] = await database.db
      .select()
      .from(sandboxPayVirtualAccounts)
      .where(eq(sandboxPayVirtualAccounts.id, body.id))
    expect(row).toMatchObject({
      idempotencyKey: key,
      orderId: 'order-va-1',
      accountNumber: body.accountNumber,
      accountHolder: 'ヤマダ　タロウ',
      amount: 12000,
      dueDate: '20261127',
      createdAt: testNow,
    })
  })

  it('同じキーの繰り返しは最初の答え（201）をそのまま返すこと', async () => {
    const key = newKey()
    const first = await issue(key, { orderId: 'order-va-replay' })
    const second = await issue(key, { orderId: 'order-va-replay' })
    expect(second.statusCode).toBe(201)
    expect(second.body).toBe(first.body)
  })

  it('同じキーが 10 件同時に来ても口座は 1 つで、答えは同じであること', async () => {
    const key = newKey()
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => issue(key, { orderId: 'order-va-concurrent' })),
    )
    for (const response of responses) {
      expect(response.statusCode).toBe(201)
      expect(response.body).toBe(responses[0]?.body)
    }
    const rows = await database.db
      .select()
      .from(sandboxPayVirtualAccounts)
      .where(eq(sandboxPayVirtualAccounts.orderId, 'order-va-concurrent'))
    expect(rows).toHaveLength(1)
  })

  it('同じキーで違う本文は 409 idempotency_key_reused であること', async () => {
    const key = newKey()
    await issue(key, { orderId: 'order-va-reused' })
    const response = await issue(key, { orderId: 'order-va-reused', amount: 13000 })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('idempotency_key_reused')
  })

  it('同じ注文に別のキーで頼むと、200 で同じ口座を返すこと（注文ごとに1口座）', async () => {
    const first = await issue(newKey(), { orderId: 'order-va-same' })
    const second = await issue(newKey(), { orderId: 'order-va-same', amount: 15000 })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
  })

  it('注文が違えば口座番号も違うこと', async () => {
    const numbers = new Set<string>()
    for (let index = 0; index < 5; index++) {
      const response = await issue(newKey(), { orderId: `order-va-many-${index}` })
      numbers.add(response.json().accountNumber)
    }
    expect(numbers.size).toBe(5)
  })

  it.each([
    ['金額 0', { amount: 0 }],
    ['期日が実在しない日', { dueDate: '20260230' }],
    ['期日の形が違う', { dueDate: '2026-11-27' }],
    ['名義 61 文字', { accountHolder: 'ア'.repeat(61) }],
    ['名義が空', { accountHolder: '' }],
    ['注文 65 文字', { orderId: 'o'.repeat(65) }],
  ])('%s は 400 invalid_request であること', async (_label, change) => {
    const response = await issue(newKey(), change)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('invalid_request')
  })

  it('Idempotency-Key がなければ 400 missing_idempotency_key であること', async () => {
    const response = await client.call('POST', '/v1/virtual-accounts', {
      payload: { orderId: 'o', amount: 1, dueDate: '20261127', accountHolder: 'ア' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('missing_idempotency_key')
  })
})

/** A stand-in for the product's webhook: records what arrives, answers `status`. */
function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = []
  let status = 200
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.statusCode = status
      response.end('{}')
    })
  })
  return {
    received,
    setStatus: (value: number) => {
      status = value
    },
    listen: () =>
      new Promise<string>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo
          resolve(`http://127.0.0.1:${port}/api/paymentNotifications/deposit/`)
        })
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('サンドボックス決済: 入金と署名付きの入金通知', () => {
  const settings: PaymentProviderSettings = {
    apiBaseUrl: () => 'http://127.0.0.1/sandbox-pay',
    publicBaseUrl: () => 'http://127.0.0.1/sandbox-pay',
    secretKey: 'sk_sandbox_test_secret_key_0001',
    publishableKey: 'pk_sandbox_test_publishable_01',
    webhookSecret: 'whsec_test_webhook_secret_0001',
  }
  const clock = manualClock()
  const receiver = startReceiver()
  let webhookUrl = ''
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    webhookUrl = await receiver.listen()
    database = await createTestDatabase()
    app = Fastify({ logger: false })
    await app.register(sandboxPaymentRoutes, {
      prefix: '/sandbox-pay',
      db: database.db,
      clock,
      settings,
      webhookUrl: () => webhookUrl,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    await receiver.close()
  })
  beforeEach(() => {
    receiver.received.length = 0
    receiver.setStatus(200)
    clock.set(testNow)
  })

  // No Authorization header: a customer's transfer needs no merchant key.
  function deposit(body: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: '/sandbox-pay/v1/virtual-accounts/deposits',
      payload: body,
    })
  }

  async function depositRow(id: string) {
    const [row] = await database.db
      .select()
      .from(sandboxPayDeposits)
      .where(eq(sandboxPayDeposits.id, id))
    return row
  }

  it('入金を記録し、署名付きの通知を送り、製品の答えを記録すること', async () => {
    const response = await deposit({
      accountNumber: '1234567',
      amount: 12000,
      depositorName: 'ヤマダ　タロウ',
    })
    expect(response.statusCode).toBe(201)
    const { id, deliveredStatus } = response.json()
    expect(id).toMatch(/^dep_[A-Za-z0-9]{24}$/)
    expect(deliveredStatus).toBe(200)

    expect(receiver.received).toHaveLength(1)
    const [notification] = receiver.received
    expect(notification?.headers['content-type']).toBe('application/json')
    const rawBody = notification?.body ?? ''
    expect(JSON.parse(rawBody)).toEqual({
      id,
      type: 'virtual_account.deposit',
      accountNumber: '1234567',
      amount: 12000,
      depositedAt: '2026-11-20T10:00:00.000+09:00',
      depositorName: 'ヤマダ　タロウ',
    })
    expect(depositNotificationSchema.safeParse(JSON.parse(rawBody)).success).toBe(true)

    const signature = notification?.headers[PAYMENT_SIGNATURE_HEADER] as string
    const nowSeconds = testNow.getTime() / 1000
    expect(signature).toMatch(new RegExp(`^t=${nowSeconds},v1=[0-9a-f]{64}$`))
    expect(
      verifyDepositSignature(
        settings.webhookSecret,
        signature,
        rawBody,
        nowSeconds,
        SIGNATURE_TOLERANCE_SECONDS,
      ),
    ).toBe(true)
    expect(
      verifyDepositSignature(
        'whsec_other',
        signature,
        rawBody,
        nowSeconds,
        SIGNATURE_TOLERANCE_SECONDS,
      ),
    ).toBe(false)

    expect(await depositRow(id)).toEqual({
      id,
      accountNumber: '1234567',
      amount: 12000,
      depositorName: 'ヤマダ　タロウ',
      depositedAt: testNow,
      deliveredStatus: 200,
      createdAt: testNow,
    })
  })

  it('発行していない口座番号への入金も受け付けて通知すること（振込人名なし）', async () => {
    const response = await deposit({ accountNumber: '0000001', amount: 1 })
    expect(response.statusCode).toBe(201)
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual({
      id: response.json().id,
      type: 'virtual_account.deposit',
      accountNumber: '0000001',
      amount: 1,
      depositedAt: '2026-11-20T10:00:00.000+09:00',
    })
  })

  it('通知の時刻はサンドボックスの時計に従うこと', async () => {
    clock.set(new Date(Date.UTC(2026, 11, 31, 15, 30, 5)))
    await deposit({ accountNumber: '1234567', amount: 100 })
    const [notification] = receiver.received
    expect(JSON.parse(notification?.body ?? '').depositedAt).toBe('2027-01-01T00:30:05.000+09:00')
    expect(notification?.headers[PAYMENT_SIGNATURE_HEADER]).toMatch(/^t=1798731005,v1=/)
  })

  it('製品が断った答え（400）もそのまま記録すること', async () => {
    receiver.setStatus(400)
    const response = await deposit({ accountNumber: '1234567', amount: 500 })
    expect(response.json().deliveredStatus).toBe(400)
    expect((await depositRow(response.json().id))?.deliveredStatus).toBe(400)
  })

  it('通知先に届かなければ deliveredStatus は null であること', async () => {
    const saved = webhookUrl
    const closed = startReceiver()
    webhookUrl = await closed.listen()
    await closed.close()
    const response = await deposit({ accountNumber: '1234567', amount: 500 })
    webhookUrl = saved
    expect(response.statusCode).toBe(201)
    expect(response.json().deliveredStatus).toBeNull()
    expect((await depositRow(response.json().id))?.deliveredStatus).toBeNull()
  })

  it.each([
    ['口座番号 6 桁', { accountNumber: '123456', amount: 1 }],
    ['口座番号に文字', { accountNumber: '12345a7', amount: 1 }],
    ['金額 0', { accountNumber: '1234567', amount: 0 }],
    ['振込人名 101 文字', { accountNumber: '1234567', amount: 1, depositorName: 'ア'.repeat(101) }],
  ])('%s は 400 invalid_request で、何も送らないこと', async (_label, body) => {
    const response = await deposit(body)
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('invalid_request')
    expect(receiver.received).toEqual([])
  })
})
