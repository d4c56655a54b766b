import { createHash } from 'node:crypto'
import { toBusinessYm } from '@app/shared'
import type { Database } from '../db/client.ts'
import { ID_PATTERNS } from './ids.ts'
import {
  answerOnce,
  failedBody,
  type PaymentDependencies,
  type ProviderAnswer,
} from './payments.ts'
import { ProviderError, providerErrorBody } from './provider-error.ts'
import {
  completePayment,
  deletePayment,
  deleteStoredCard,
  findStoredCard,
  setStoredCardNextOutcome,
  type StoredCardRow,
} from './sandbox-repository.ts'
import { SANDBOX_SYSTEM_ERROR_CODE } from './test-cards.ts'

// Stored cards of the sandbox provider (issue #24, docs/payment.md "Stored cards"): a card kept
// at its first payment (`storeCard: true`) is charged later by the merchant, without the
// cardholder and without 3-D Secure. Each charge is a payment row, captured at once or failed,
// under the same Idempotency-Key rules as POST /v1/payments.

export interface StoredCardChargeRequest {
  amount: number
  currency: 'JPY'
  orderId: string
}

/** What the testing control can make a card's following charges do. */
export const storedCardOutcomes = [
  'approved',
  'declined',
  'not_usable',
  'busy',
  'system_error',
] as const
export type StoredCardOutcome = (typeof storedCardOutcomes)[number]

type ChargeOutcome =
  | { kind: 'captured' }
  | { kind: 'declined'; code: string }
  | { kind: 'unavailable'; statusCode: 500 | 503; code: string }

const chargeOutcomes: Readonly<Record<StoredCardOutcome, ChargeOutcome>> = {
  approved: { kind: 'captured' },
  declined: { kind: 'declined', code: 'card_declined' },
  not_usable: { kind: 'declined', code: 'card_not_usable' },
  busy: { kind: 'unavailable', statusCode: 503, code: 'provider_busy' },
  system_error: { kind: 'unavailable', statusCode: 500, code: SANDBOX_SYSTEM_ERROR_CODE },
}

/** The outcome of a charge now: expiry first, then the testing control, then the test card. */
function chargeOutcomeOf(card: StoredCardRow, now: Date): ChargeOutcome {
  // A card is valid to the end of its expiry month, in Japan time.
  if (`${card.expiryYear}${card.expiryMonth}` < toBusinessYm(now)) {
    return { kind: 'declined', code: 'expired_card' }
  }
  if (card.nextOutcome !== null) {
    return chargeOutcomes[card.nextOutcome as StoredCardOutcome] ?? chargeOutcomes.approved
  }
  return card.scenario === 'declinesLater' ? chargeOutcomes.declined : chargeOutcomes.approved
}

/** A card that can be charged: active (not pending its 3-D Secure, not deleted). */
async function requireActiveCard(db: Database, cardId: string): Promise<StoredCardRow> {
  const card = ID_PATTERNS.card.test(cardId) ? await findStoredCard(db, cardId) : undefined
  if (card?.status !== 'active') throw new ProviderError(404, 'stored_card_not_found')
  return card
}

/** The hash two requests with one key are compared by (never equal to a token payment's). */
function chargeHash(cardId: string, request: StoredCardChargeRequest): string {
  const canonical = JSON.stringify([
    'stored-card-charge',
    cardId,
    request.amount,
    request.currency,
    request.orderId,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

/** POST /v1/stored-cards/:id/charges: a merchant-initiated charge, captured at once. */
export async function chargeStoredCard(
  deps: PaymentDependencies,
  idempotencyKey: string,
  cardId: string,
  request: StoredCardChargeRequest,
): Promise<ProviderAnswer> {
  const hash = chargeHash(cardId, request)
  const claim = {
    orderId: request.orderId,
    amount: request.amount,
    returnUrl: '',
    storedCardId: cardId,
  }
  return answerOnce(deps, idempotencyKey, hash, claim, async (id) => {
    const { db, clock } = deps
    let card: StoredCardRow
    try {
      card = await requireActiveCard(db, cardId)
    } catch (error) {
      // Nothing was attempted: the key is free again.
      await deletePayment(db, id)
      throw error
    }
    const now = clock.now()
    const outcome = chargeOutcomeOf(card, now)
    const { amount, orderId } = request
    let answer: ProviderAnswer
    switch (outcome.kind) {
      case 'captured':
        answer = { statusCode: 200, body: { id, status: 'captured', amount, orderId, cardId } }
        await completePayment(db, id, {
          scenario: card.scenario,
          status: 'captured',
          errorCode: null,
          capturedAt: now,
          response: { requestHash: hash, ...answer },
        })
        return answer
      case 'declined':
        answer = { statusCode: 402, body: failedBody({ id, amount, errorCode: outcome.code }) }
        break
      case 'unavailable':
        answer = { statusCode: outcome.statusCode, body: providerErrorBody(outcome.code) }
        break
    }
    await completePayment(db, id, {
      scenario: card.scenario,
      status: 'failed',
      errorCode: outcome.code,
      response: { requestHash: hash, ...answer },
    })
    return answer
  })
}

/** DELETE /v1/stored-cards/:id: the card can no longer be charged; deleting again is the same. */
export async function removeStoredCard(deps: PaymentDependencies, cardId: string) {
  if (!ID_PATTERNS.card.test(cardId)) throw new ProviderError(404, 'stored_card_not_found')
  const isDeleted = await deleteStoredCard(deps.db, cardId, deps.clock.now())
  if (!isDeleted) {
    const card = await findStoredCard(deps.db, cardId)
    if (card?.status !== 'deleted') throw new ProviderError(404, 'stored_card_not_found')
  }
  return { id: cardId, deleted: true as const }
}

/** POST /v1/stored-cards/:id/next-outcome (testing): the outcome of the card's following charges. */
export async function setNextOutcome(db: Database, cardId: string, outcome: StoredCardOutcome) {
  const isSet =
    ID_PATTERNS.card.test(cardId) && (await setStoredCardNextOutcome(db, cardId, outcome))
  if (!isSet) throw new ProviderError(404, 'stored_card_not_found')
  return { id: cardId, nextOutcome: outcome }
}
