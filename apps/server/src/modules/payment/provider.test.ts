import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HttpPaymentProvider, ProviderUnavailableError } from './provider.ts'
import type { PaymentProviderSettings } from './provider-settings.ts'

// The provider adapter (ADR 0014) against a stand-in provider on a real socket: what it sends,
// and how each documented answer, an undocumented one, a broken body, a timeout and a refused
// connection are read.

interface Received {
  method: string | undefined
  url: string | undefined
  headers: IncomingMessage['headers']
  body: string
}

type Handler = (request: Received, response: ServerResponse) => void

describe('決済代行会社のアダプター (HttpPaymentProvider)', () => {
  let server: Server
  let baseUrl: string
  let handler: Handler
  const received: Received[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const entry = {
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }
        received.push(entry)
        handler(entry, response)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  beforeEach(() => {
    received.length = 0
  })

  const settings = (): PaymentProviderSettings => ({
    apiBaseUrl: () => baseUrl,
    publicBaseUrl: () => baseUrl,
    secretKey: 'sk_test_0123456789abcdef',
    publishableKey: 'pk_test_0123456789abcdef',
    webhookSecret: 'whsec_0123456789abcdef',
  })
  const provider = () => new HttpPaymentProvider(settings(), { timeoutMs: 500 })
  const answer = (status: number, body: unknown) => {
    handler = (_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
  }
  const request = {
    token: 'tok_abcdefghijklmnop',
    amount: 1350,
    orderId: 'order-1',
    returnUrl: 'http://localhost/app/ent/T1/202612/00001/AbCdEfGh12/payment?threeDSecure=return',
  }

  it('秘密鍵・冪等キー・JSON の本文（JPY）を送り、3Dセキュアの要求を読むこと', async () => {
    answer(200, {
      id: 'pay_1',
      status: 'requires_action',
      amount: 1350,
      challengeUrl: 'http://127.0.0.1/pay/challenge/pay_1',
    })
    const result = await provider().createCardPayment('idem_0123456789abcdef', request)
    expect(result).toEqual({
      kind: 'requiresAction',
      id: 'pay_1',
      challengeUrl: 'http://127.0.0.1/pay/challenge/pay_1',
    })
    const [sent] = received
    expect(sent?.method).toBe('POST')
    expect(sent?.url).toBe('/pay/v1/payments')
    expect(sent?.headers.authorization).toBe('Bearer sk_test_0123456789abcdef')
    expect(sent?.headers['idempotency-key']).toBe('idem_0123456789abcdef')
    expect(sent?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(sent?.body ?? '')).toEqual({ ...request, currency: 'JPY' })
  })

  it.each([
    [200, { id: 'pay_2', status: 'authorized', amount: 1350 }, { kind: 'authorized', id: 'pay_2' }],
    [
      402,
      {
        id: 'pay_3',
        status: 'failed',
        amount: 1350,
        error: { code: 'card_declined', message: 'x' },
      },
      { kind: 'refused', code: 'card_declined' },
    ],
    [503, { error: { code: 'maintenance' } }, { kind: 'refused', code: 'maintenance' }],
    [503, { error: { code: 'provider_busy' } }, { kind: 'refused', code: 'provider_busy' }],
    [500, { error: { code: 'ESOE0011' } }, { kind: 'refused', code: 'ESOE0011' }],
    [400, { error: { code: 'invalid_token' } }, { kind: 'refused', code: 'invalid_token' }],
  ])('決済の応答 %i を読むこと', async (status, body, expected) => {
    answer(status, body)
    expect(await provider().createCardPayment('idem_0123456789abcdef', request)).toEqual(expected)
  })

  it.each([
    ['想定外のステータス', 418, { error: { code: 'teapot' } }],
    ['読めない本文', 200, '<html>'],
    ['形の違う本文', 200, { id: 'pay_4', status: 'authorized' }],
    ['コードのない失敗', 503, { message: 'down' }],
  ])('%sは ProviderUnavailableError になること', async (_name, status, body) => {
    answer(status, body)
    await expect(
      provider().createCardPayment('idem_0123456789abcdef', request),
    ).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  it('応答が時間内に来なければ ProviderUnavailableError になること', async () => {
    handler = () => {
      // never answers
    }
    await expect(provider().capturePayment('pay_5')).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    )
  })

  it('接続できなければ ProviderUnavailableError になること', async () => {
    const closed = new HttpPaymentProvider({
      ...settings(),
      apiBaseUrl: () => 'http://127.0.0.1:1/pay',
    })
    await expect(closed.getPayment('pay_6')).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  it('売上確定・取消・照会・振込口座の応答を読むこと', async () => {
    answer(200, { id: 'pay_7', status: 'captured', amount: 1350 })
    expect(await provider().capturePayment('pay_7')).toEqual({ kind: 'captured', id: 'pay_7' })
    expect(received.at(-1)?.url).toBe('/pay/v1/payments/pay_7/capture')
    answer(409, { error: { code: 'authentication_required', message: 'x' } })
    expect(await provider().capturePayment('pay_7')).toEqual({
      kind: 'refused',
      code: 'authentication_required',
    })
    answer(200, { id: 'pay_7', status: 'cancelled', amount: 1350 })
    expect(await provider().cancelPayment('pay_7')).toEqual({ kind: 'cancelled' })
    answer(409, { error: { code: 'already_captured' } })
    expect(await provider().cancelPayment('pay_7')).toEqual({
      kind: 'refused',
      code: 'already_captured',
    })
    answer(200, { id: 'pay_7', status: 'captured', amount: 1350, orderId: 'order-1' })
    expect(await provider().getPayment('pay_7')).toEqual({
      id: 'pay_7',
      status: 'captured',
      amount: 1350,
      orderId: 'order-1',
    })
    const account = {
      id: 'va_1',
      bankName: 'サンドボックス銀行',
      bankCode: '0999',
      branchName: 'サクラ支店',
      branchCode: '101',
      accountType: '普通',
      accountNumber: '1234567',
      accountHolder: 'サンドボックスペイ（カ）',
      amount: 1350,
      dueDate: '20261127',
    }
    answer(201, account)
    const issued = await provider().createVirtualAccount('idem_0123456789abcdef', {
      orderId: 'order-1',
      amount: 1350,
      dueDate: '20261127',
      accountHolder: 'ミドリ　ハナコ',
    })
    expect(issued).toEqual({ kind: 'issued', account })
    expect(received.at(-1)?.headers['idempotency-key']).toBe('idem_0123456789abcdef')
  })

  it('返金: 支払いの ID・金額・冪等キーを送り、返金と断り（上限超え）を読むこと (issue #21)', async () => {
    answer(201, { id: 're_1', paymentId: 'pay_1', amount: 500, status: 'succeeded' })
    const refunded = await provider().refund('pay_1', 500, 'refund_0123456789abcdef')
    expect(refunded).toEqual({ kind: 'refunded', id: 're_1', paymentId: 'pay_1', amount: 500 })
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/pay/v1/refunds' })
    expect(received.at(-1)?.headers['idempotency-key']).toBe('refund_0123456789abcdef')
    expect(JSON.parse(received.at(-1)?.body ?? '')).toEqual({ paymentId: 'pay_1', amount: 500 })
    answer(409, { error: { code: 'refund_exceeds_payment', message: '…' } })
    expect(await provider().refund('pay_1', 5000, 'refund_0123456789abcdeg')).toEqual({
      kind: 'refused',
      code: 'refund_exceeds_payment',
    })
    answer(200, { id: 're_1' })
    await expect(provider().refund('pay_1', 500, 'refund_0123456789abcdef')).rejects.toThrow(
      ProviderUnavailableError,
    )
  })

  it('日次の報告: その日の入金・売上・返金を読むこと (issue #21)', async () => {
    const report = { date: '2026-12-15', depositsReceived: 2327, cardCaptured: 1350, refunded: 0 }
    answer(200, report)
    expect(await provider().dailyReport('2026-12-15')).toEqual(report)
    expect(received.at(-1)?.url).toBe('/pay/v1/reports/daily?date=2026-12-15')
    answer(503, { error: { code: 'maintenance', message: '…' } })
    await expect(provider().dailyReport('2026-12-15')).rejects.toThrow(ProviderUnavailableError)
  })
  describe('保存したカード (issue #24)', () => {
    const card = {
      id: 'card_ABCDEFGHIJKLMNOPQRSTUVWX',
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: '03',
      expiryYear: '2029',
    }

    it('storeCard を送り、承認の答えと照会の storedCard を読むこと', async () => {
      answer(200, { id: 'pay_8', status: 'authorized', amount: 1350, storedCard: card })
      const result = await provider().createCardPayment('idem_0123456789abcdef', {
        ...request,
        storeCard: true,
      })
      expect(result).toEqual({ kind: 'authorized', id: 'pay_8', storedCard: card })
      expect(JSON.parse(received.at(-1)?.body ?? '')).toEqual({
        ...request,
        storeCard: true,
        currency: 'JPY',
      })
      answer(200, {
        id: 'pay_8',
        status: 'authorized',
        amount: 1350,
        orderId: 'order-1',
        storedCard: card,
      })
      expect(await provider().getPayment('pay_8')).toEqual({
        id: 'pay_8',
        status: 'authorized',
        amount: 1350,
        orderId: 'order-1',
        storedCard: card,
      })
    })

    it('形の違う storedCard（カード番号らしきもの）は ProviderUnavailableError になること', async () => {
      answer(200, {
        id: 'pay_9',
        status: 'authorized',
        amount: 1350,
        storedCard: { ...card, last4: '5555555555554444' },
      })
      await expect(
        provider().createCardPayment('idem_0123456789abcdef', { ...request, storeCard: true }),
      ).rejects.toBeInstanceOf(ProviderUnavailableError)
    })

    it('請求: 秘密鍵・冪等キー・金額・JPY・注文を送り、売上確定を読むこと', async () => {
      answer(200, {
        id: 'pay_10',
        status: 'captured',
        amount: 3000,
        orderId: 'order-m2',
        cardId: card.id,
      })
      const result = await provider().chargeStoredCard('idem_charge_0123456789', {
        cardId: card.id,
        amount: 3000,
        orderId: 'order-m2',
      })
      expect(result).toEqual({ kind: 'captured', id: 'pay_10', amount: 3000 })
      const sent = received.at(-1)
      expect(sent?.method).toBe('POST')
      expect(sent?.url).toBe(`/pay/v1/stored-cards/${card.id}/charges`)
      expect(sent?.headers.authorization).toBe('Bearer sk_test_0123456789abcdef')
      expect(sent?.headers['idempotency-key']).toBe('idem_charge_0123456789')
      expect(JSON.parse(sent?.body ?? '')).toEqual({
        amount: 3000,
        currency: 'JPY',
        orderId: 'order-m2',
      })
    })

    it.each([
      [402, 'card_declined'],
      [402, 'expired_card'],
      [402, 'card_not_usable'],
      [404, 'stored_card_not_found'],
    ])('請求の応答 %i %s は断りとして読むこと', async (status, code) => {
      answer(status, {
        ...(status === 402 ? { id: 'pay_11', status: 'failed', amount: 3000 } : {}),
        error: { code, message: 'x' },
      })
      const result = await provider().chargeStoredCard('idem_charge_0123456789', {
        cardId: card.id,
        amount: 3000,
        orderId: 'order-m3',
      })
      expect(result).toEqual({ kind: 'refused', code })
    })

    it.each([
      ['503 provider_busy', 503, { error: { code: 'provider_busy', message: 'x' } }],
      ['500 ESOE0011', 500, { error: { code: 'ESOE0011', message: 'x' } }],
      ['409 idempotency_key_reused', 409, { error: { code: 'idempotency_key_reused' } }],
      ['形の違う 200', 200, { id: 'pay_12', status: 'authorized', amount: 3000 }],
    ])('請求の応答 %s は ProviderUnavailableError になること', async (_name, status, body) => {
      answer(status, body)
      await expect(
        provider().chargeStoredCard('idem_charge_0123456789', {
          cardId: card.id,
          amount: 3000,
          orderId: 'order-m3',
        }),
      ).rejects.toBeInstanceOf(ProviderUnavailableError)
    })

    it('請求の応答が時間内に来なければ ProviderUnavailableError になること', async () => {
      handler = () => {
        // never answers
      }
      await expect(
        provider().chargeStoredCard('idem_charge_0123456789', {
          cardId: card.id,
          amount: 3000,
          orderId: 'order-m3',
        }),
      ).rejects.toBeInstanceOf(ProviderUnavailableError)
    })

    it('削除: DELETE を送り、削除・404・障害を読むこと', async () => {
      answer(200, { id: card.id, deleted: true })
      expect(await provider().deleteStoredCard(card.id)).toEqual({ kind: 'deleted' })
      expect(received.at(-1)).toMatchObject({
        method: 'DELETE',
        url: `/pay/v1/stored-cards/${card.id}`,
      })
      expect(received.at(-1)?.headers.authorization).toBe('Bearer sk_test_0123456789abcdef')
      answer(404, { error: { code: 'stored_card_not_found', message: 'x' } })
      expect(await provider().deleteStoredCard(card.id)).toEqual({
        kind: 'refused',
        code: 'stored_card_not_found',
      })
      answer(503, { error: { code: 'maintenance', message: 'x' } })
      await expect(provider().deleteStoredCard(card.id)).rejects.toBeInstanceOf(
        ProviderUnavailableError,
      )
      answer(200, { id: card.id })
      await expect(provider().deleteStoredCard(card.id)).rejects.toBeInstanceOf(
        ProviderUnavailableError,
      )
    })
  })
})
