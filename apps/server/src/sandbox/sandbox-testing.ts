import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { PaymentProviderSettings } from '../modules/payment/provider-settings.ts'
import { SANDBOX_PREFIX } from '../modules/payment/provider-settings.ts'

// Calls the sandbox provider as its clients do, for the sandbox's own tests (never imported by
// the product). Each call comes from its own client address, so the token endpoint's rate limit
// (60 a minute per address) never decides a test.

let addressCounter = 0
function nextAddress(): string {
  addressCounter += 1
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

export const RETURN_URL = 'http://localhost/app/ent/G000001/202611/00001/AbCdEfGh12/payment'

/** A fresh Idempotency-Key. */
export function newKey(): string {
  return `key_${randomBytes(12).toString('hex')}`
}

export interface CardFields {
  cardNumber?: string
  expiryMonth?: string
  expiryYear?: string
  securityCode?: string
}

export class SandboxClient {
  readonly app: FastifyInstance
  readonly settings: PaymentProviderSettings

  constructor(app: FastifyInstance, settings: PaymentProviderSettings) {
    this.app = app
    this.settings = settings
  }

  requestToken(body: Record<string, unknown>, remoteAddress = nextAddress()) {
    return this.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/v1/tokens`,
      remoteAddress,
      payload: body,
    })
  }

  /** A token for a card (expiry 12/2030, security code 123 unless given). */
  async token(cardNumber: string, fields: CardFields = {}): Promise<string> {
    const response = await this.requestToken({
      publishableKey: this.settings.publishableKey,
      cardNumber,
      expiryMonth: '12',
      expiryYear: '2030',
      securityCode: '123',
      ...fields,
    })
    if (response.statusCode !== 201) throw new Error(`token refused: ${response.body}`)
    return response.json<{ token: string }>().token
  }

  /** A server-to-provider call with the secret key. */
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { payload?: unknown; key?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.settings.secretKey}`,
      ...options.headers,
    }
    if (options.key !== undefined) headers['idempotency-key'] = options.key
    return this.app.inject({
      method,
      url: `${SANDBOX_PREFIX}${path}`,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    })
  }

  pay(
    token: string,
    options: { key?: string; amount?: number; orderId?: string; returnUrl?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return this.call('POST', '/v1/payments', {
      key: options.key ?? newKey(),
      payload: {
        token,
        amount: options.amount ?? 12000,
        currency: 'JPY',
        orderId: options.orderId ?? 'order-0001',
        returnUrl: options.returnUrl ?? RETURN_URL,
      },
    })
  }

  /** Pays with a fresh token for `cardNumber`. */
  async payWith(
    cardNumber: string,
    options: { key?: string; amount?: number; orderId?: string; returnUrl?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return this.pay(await this.token(cardNumber), options)
  }
}
