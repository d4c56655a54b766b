import type { Database } from '../db/client.ts'
import { checkCard, type CardBrand, type CardInput } from './card-check.ts'
import { randomId } from './ids.ts'
import { ProviderError } from './provider-error.ts'
import { insertToken } from './sandbox-repository.ts'

// POST /v1/tokens: the only place card data goes. The number and the security code are checked
// and forgotten; the token stands for the test card's behaviour, the brand, the last four digits
// and the expiry (what a stored card shows, issue #24), nothing else.

/** A token is valid this long, and once. */
const TOKEN_VALIDITY_MS = 15 * 60 * 1000

export async function createToken(
  db: Database,
  now: Date,
  card: CardInput,
): Promise<{ token: string; brand: CardBrand; expiresAt: string }> {
  const check = checkCard(card, now)
  if (!check.ok) throw new ProviderError(400, check.code)
  const token = randomId('tok')
  const expiresAt = new Date(now.getTime() + TOKEN_VALIDITY_MS)
  await insertToken(db, {
    token,
    scenario: check.scenario,
    brand: check.brand,
    last4: card.cardNumber?.slice(-4) ?? null,
    expiryMonth: card.expiryMonth ?? null,
    expiryYear: card.expiryYear ?? null,
    expiresAt,
    createdAt: now,
  })
  return { token, brand: check.brand, expiresAt: expiresAt.toISOString() }
}
