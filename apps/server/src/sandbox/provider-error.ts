import { z } from 'zod'

// The sandbox provider speaks like a card provider, not like this product: every error body is
// `{ "error": { "code", "message" } }` with an English message for the developer (docs/payment.md).
// The product maps the codes to its own (errorCodeForProvider in @app/shared).

const providerErrorSchema = z.object({ code: z.string(), message: z.string() })
export const providerErrorBodySchema = z.object({ error: providerErrorSchema })
export type ProviderErrorBody = z.infer<typeof providerErrorBodySchema>

/** English messages of the provider's codes. */
const messages: Readonly<Record<string, string>> = {
  unauthorized: 'The API key is missing or wrong.',
  invalid_request: 'The request is not valid.',
  not_found: 'No such resource.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request body must be JSON.',
  rate_limited: 'Too many requests. Try again later.',
  internal_error: 'The sandbox provider failed.',
  missing_fields: 'The card number, expiry month, expiry year and security code are required.',
  invalid_number: 'The card number is not valid.',
  unsupported_brand: 'The card brand is not supported.',
  invalid_expiry: 'The expiry date is not valid.',
  expired_card: 'The card has expired.',
  invalid_security_code: 'The security code is not valid.',
  missing_idempotency_key:
    'The Idempotency-Key header is required: 16 to 64 characters of A-Z, a-z, 0-9, "_" and "-".',
  idempotency_key_reused: 'The Idempotency-Key was already used with another request body.',
  idempotency_key_in_use: 'A request with this Idempotency-Key is still being processed.',
  invalid_token: 'The card token is unknown, expired or already used.',
  card_declined: 'The card was declined.',
  try_again_later: 'The card was declined for now. Try again later.',
  invalid_card_details: 'The card details (expiry date or security code) do not match.',
  card_not_usable: 'The card cannot be used.',
  provider_busy: 'The provider is busy. Try again later.',
  maintenance: 'The provider is in maintenance. Try again later.',
  authentication_required: 'The payment waits for 3-D Secure authentication.',
  authentication_failed: '3-D Secure authentication failed.',
  authentication_cancelled: '3-D Secure authentication was cancelled.',
  payment_cancelled: 'The payment was cancelled.',
  payment_not_captured: 'Only a captured payment or a deposit can be refunded.',
  refund_exceeds_payment: 'The refunds would add up to more than the payment took.',
  already_captured: 'The payment is already captured.',
  nothing_to_capture: 'A card check (amount 0) takes no money.',
  stored_card_not_found: 'No such stored card (unknown, not usable yet, or deleted).',
}

/** The English message of a provider code (42C… and ESOE… codes included). */
export function providerMessage(code: string): string {
  const message = messages[code]
  if (message !== undefined) return message
  if (code.startsWith('42C')) return 'The acquirer could not process the payment.'
  if (code.startsWith('ESOE')) return 'The provider had a system error.'
  return 'The request failed.'
}

export function providerErrorBody(code: string): ProviderErrorBody {
  return { error: { code, message: providerMessage(code) } }
}

/** An expected refusal: answered with its status and `{ error: { code, message } }`. */
export class ProviderError extends Error {
  readonly statusCode: number
  readonly code: string
  constructor(statusCode: number, code: string) {
    super(`${code}: ${providerMessage(code)}`)
    this.name = 'ProviderError'
    this.statusCode = statusCode
    this.code = code
  }
}
