import { createHmac } from 'node:crypto'
import type { Database } from '../../db/client.ts'
import type { Config } from '../../env.ts'
import { loadOrCreate } from '../security/secrets.ts'

// Where the payment provider is and the keys both sides share (PRODUCT.md "Money", ADR 0014).
// Embedded default: the sandbox provider mounted at /sandbox-pay in this process, with keys
// derived from a secret generated once per installation, so every process agrees.

export const SANDBOX_PREFIX = '/sandbox-pay'

export interface PaymentProviderSettings {
  /** the provider's API as this server calls it (server to provider), no trailing slash */
  apiBaseUrl: () => string
  /** the provider as the browser reaches it (token endpoint, 3-D Secure page) */
  publicBaseUrl: () => string
  /** server-to-provider key: `Authorization: Bearer <secretKey>` */
  secretKey: string
  /** browser-to-token-endpoint key */
  publishableKey: string
  /** HMAC-SHA256 secret of the signed deposit notifications */
  webhookSecret: string
}

export interface ProviderAddresses {
  /** this process as it listens (http://127.0.0.1:PORT) */
  listeningBaseUrl: () => string
  /** this product as the browser reaches it (PUBLIC_BASE_URL, else the listening address) */
  publicBaseUrl: () => string
}

function derive(secret: Buffer, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url').slice(0, 32)
}

export async function loadPaymentProviderSettings(
  db: Database,
  config: Config,
  addresses: ProviderAddresses,
): Promise<PaymentProviderSettings> {
  const seed = await loadOrCreate(db, 'payment-sandbox')
  const { providerUrl } = config.payment
  return {
    apiBaseUrl: () => providerUrl ?? `${addresses.listeningBaseUrl()}${SANDBOX_PREFIX}`,
    publicBaseUrl: () => providerUrl ?? `${addresses.publicBaseUrl()}${SANDBOX_PREFIX}`,
    secretKey: config.payment.secretKey ?? `sk_sandbox_${derive(seed, 'secret-key')}`,
    publishableKey:
      config.payment.publishableKey ?? `pk_sandbox_${derive(seed, 'publishable-key')}`,
    webhookSecret: config.payment.webhookSecret ?? `whsec_${derive(seed, 'webhook-secret')}`,
  }
}
