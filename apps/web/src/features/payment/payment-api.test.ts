import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storeTestSession } from '@/test/access.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { executionClient } from './idempotency-key.ts'
import { executePaymentVAccount, requestCardToken } from './payment-api.ts'
import { PUBLISHABLE_KEY, testRegistration, TOKEN_URL } from './test-payment.ts'

const card = {
  publishableKey: PUBLISHABLE_KEY,
  cardNumber: '4111111111111111',
  expiryMonth: '01',
  expiryYear: '2030',
  securityCode: '123',
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('payment-api', () => {
  it('実行は API クライアントと同じく gzip・セッションのトークンで送り、冪等キーのヘッダーを付けること', async () => {
    storeTestSession()
    const http = mockFetch(() => jsonResponse(200, { result: 'completed' }))
    vi.stubGlobal('fetch', http.fetch)

    await executePaymentVAccount(
      executionClient(window.sessionStorage, 'key_0123456789abcdefghij'),
      testRegistration(),
    )

    const [request] = http.requests
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/api/executePaymentVAccount/')
    expect(request?.headers.get('Idempotency-Key')).toBe('key_0123456789abcdefghij')
    expect(request?.headers.get('Authorization')).toBe('Bearer session.token.0001')
    expect(request?.headers.get('Content-Encoding')).toBe('gzip')
    expect(request?.body).toEqual({ registration: testRegistration() })
  })

  it('カード情報はトークンの発行先へ JSON で送り、セッションのトークンもクッキーも付けないこと', async () => {
    storeTestSession()
    const http = mockFetch(() => jsonResponse(200, { token: 'tok_0123456789abcdefXYZ' }))
    vi.stubGlobal('fetch', http.fetch)

    const result = await requestCardToken(TOKEN_URL, card)

    expect(result).toEqual({ kind: 'token', token: 'tok_0123456789abcdefXYZ' })
    const [request] = http.requests
    expect(request?.url).toBe(TOKEN_URL)
    expect(request?.body).toEqual(card)
    expect(request?.headers.get('Authorization')).toBeNull()
    expect(request?.headers.get('Content-Type')).toBe('application/json')
    expect(http.fetch.mock.calls[0]?.[1]?.credentials).toBe('omit')
  })

  it.each([
    [
      '断られた（400）',
      () => jsonResponse(400, { error: { code: 'card_declined' } }),
      400,
      'card_declined',
    ],
    [
      '混み合っている（503）',
      () => jsonResponse(503, { error: { code: 'provider_busy' } }),
      503,
      'provider_busy',
    ],
    ['コードのない失敗', () => new Response('<html>', { status: 502 }), 502, undefined],
    ['トークンのない 200', () => jsonResponse(200, {}), 200, undefined],
  ])(
    '%s は refused として決済代行会社のコードを返すこと',
    async (_name, answer, status, providerCode) => {
      vi.stubGlobal('fetch', mockFetch(answer).fetch)
      expect(await requestCardToken(TOKEN_URL, card)).toEqual({
        kind: 'refused',
        status,
        providerCode,
      })
    },
  )

  it('応答がなければ status 0 の refused を返すこと', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(await requestCardToken(TOKEN_URL, card)).toEqual({
      kind: 'refused',
      status: 0,
      providerCode: undefined,
    })
  })
})
