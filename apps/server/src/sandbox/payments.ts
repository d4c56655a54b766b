import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/client.ts'
import type { PaymentProviderSettings } from '../modules/payment/provider-settings.ts'
import { randomId } from './ids.ts'
import { ProviderError, providerErrorBody, providerMessage } from './provider-error.ts'
import {
  activateStoredCardOf,
  addChallengeFailure,
  completePayment,
  consumeToken,
  deletePayment,
  findPayment,
  findPaymentByKey,
  findStoredCardsOfPayments,
  insertPayment,
  insertStoredCard,
  listPaymentsOfOrder,
  transitionPayment,
  type PaymentRow,
  type PaymentStatus,
  type StoredCardRow,
  type StoredResponse,
  type TokenCard,
} from './sandbox-repository.ts'
import {
  SANDBOX_3DS_PASSWORD,
  SANDBOX_42C_CODE,
  SANDBOX_SYSTEM_ERROR_CODE,
  type SandboxScenario,
} from './test-cards.ts'

// Card payments of the sandbox provider (docs/payment.md): authorise with a token, 3-D Secure,
// capture and cancel. Every execution carries an Idempotency-Key; its first answer is stored
// and replayed, so a repeat (a retry, a double click, 50 at once) never charges twice.

export interface PaymentDependencies {
  db: Database
  clock: Clock
  settings: PaymentProviderSettings
}

export interface PaymentRequest {
  token: string
  amount: number
  currency: 'JPY'
  orderId: string
  returnUrl: string
  /** keep the card at this payment for later merchant-initiated charges (issue #24) */
  storeCard?: boolean | undefined
}

/** An HTTP answer of the provider: status code and JSON body. */
export interface ProviderAnswer {
  statusCode: number
  body: Record<string, unknown>
}

/** How many wrong 3-D Secure passwords fail the payment. */
export const CHALLENGE_MAX_FAILURES = 3
/** How long a repeat waits for the first request with its key to finish: 200 × 25 ms = 5 s. */
const WAIT_POLLS = 200
const WAIT_POLL_MS = 25
/** Marks the claimed row of a request still being processed (never a real scenario). */
export const PROCESSING = 'processing'

type Outcome =
  | { kind: 'challenge' }
  | { kind: 'authorized' }
  | { kind: 'declined'; code: string }
  | { kind: 'unavailable'; statusCode: 500 | 503; code: string }

const outcomes: Readonly<Record<SandboxScenario, Outcome>> = {
  threeDSecure: { kind: 'challenge' },
  threeDSecureDeclined: { kind: 'challenge' },
  frictionless: { kind: 'authorized' },
  frictionless14: { kind: 'authorized' },
  declinesLater: { kind: 'authorized' },
  declined: { kind: 'declined', code: 'card_declined' },
  retryLater: { kind: 'declined', code: 'try_again_later' },
  detailsInvalid: { kind: 'declined', code: 'invalid_card_details' },
  notUsable: { kind: 'declined', code: 'card_not_usable' },
  paymentFailed42C: { kind: 'declined', code: SANDBOX_42C_CODE },
  busy: { kind: 'unavailable', statusCode: 503, code: 'provider_busy' },
  maintenance: { kind: 'unavailable', statusCode: 503, code: 'maintenance' },
  systemError: { kind: 'unavailable', statusCode: 500, code: SANDBOX_SYSTEM_ERROR_CODE },
}

function outcomeOf(scenario: string): Outcome {
  return outcomes[scenario as SandboxScenario] ?? { kind: 'authorized' }
}

/** The hash two requests with one key are compared by: every field, in a fixed order. */
function requestHash(request: PaymentRequest): string {
  const canonical = JSON.stringify([
    request.token,
    request.amount,
    request.currency,
    request.orderId,
    request.returnUrl,
    // absent unless set, so that the hashes of requests made before issue #24 stay the same
    ...(request.storeCard === true ? [true] : []),
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

function isAnswered(
  response: StoredResponse,
): response is StoredResponse & Required<Pick<StoredResponse, 'statusCode' | 'body'>> {
  return response.statusCode !== undefined && response.body !== undefined
}

export function failedBody(row: Pick<PaymentRow, 'id' | 'amount' | 'errorCode'>) {
  const code = row.errorCode ?? 'card_declined'
  return {
    id: row.id,
    status: 'failed' as const,
    amount: row.amount,
    error: { code, message: providerMessage(code) },
  }
}

/** The row of a request whose answer may still be coming: waits for it a little. */
async function waitForAnswer(
  db: Database,
  idempotencyKey: string,
  hash: string,
): Promise<PaymentRow | undefined> {
  for (let poll = 0; ; poll++) {
    const row = await findPaymentByKey(db, idempotencyKey)
    if (row === undefined || row.response.requestHash !== hash || isAnswered(row.response)) {
      return row
    }
    if (poll >= WAIT_POLLS) return row
    await sleep(WAIT_POLL_MS)
  }
}

/** POST /v1/payments: authorise with a card token, or replay the key's first answer. */
export async function createPayment(
  deps: PaymentDependencies,
  idempotencyKey: string,
  request: PaymentRequest,
): Promise<ProviderAnswer> {
  const hash = requestHash(request)
  return answerOnce(deps, idempotencyKey, hash, request, (id) =>
    executePayment(deps, id, request, hash),
  )
}

/**
 * Runs `execute` once per Idempotency-Key (a payment row claims the key) and replays its answer
 * to every repeat with the same body; shared by token payments and stored-card charges.
 */
export async function answerOnce(
  deps: PaymentDependencies,
  idempotencyKey: string,
  hash: string,
  claim: { orderId: string; amount: number; returnUrl: string; storedCardId?: string },
  execute: (id: string) => Promise<ProviderAnswer>,
): Promise<ProviderAnswer> {
  // A claimed row disappears again when the request turns out unusable (an unusable token, an
  // unknown stored card); the next try claims anew.
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = randomId('pay')
    const isClaimed = await insertPayment(deps.db, {
      id,
      idempotencyKey,
      ...claim,
      scenario: PROCESSING,
      status: 'failed',
      response: { requestHash: hash },
      createdAt: deps.clock.now(),
    })
    if (isClaimed) return execute(id)
    const row = await waitForAnswer(deps.db, idempotencyKey, hash)
    if (row === undefined) continue
    if (row.response.requestHash !== hash) throw new ProviderError(409, 'idempotency_key_reused')
    if (!isAnswered(row.response)) throw new ProviderError(409, 'idempotency_key_in_use')
    return { statusCode: row.response.statusCode, body: row.response.body }
  }
  throw new ProviderError(409, 'idempotency_key_in_use')
}

async function executePayment(
  deps: PaymentDependencies,
  id: string,
  request: PaymentRequest,
  hash: string,
): Promise<ProviderAnswer> {
  const { db, clock, settings } = deps
  let token: TokenCard | undefined
  try {
    token = await consumeToken(db, request.token, clock.now())
  } catch (error) {
    await deletePayment(db, id)
    throw error
  }
  if (token === undefined) {
    // Nothing was attempted: the key is free again, for a request with a usable token.
    await deletePayment(db, id)
    throw new ProviderError(400, 'invalid_token')
  }
  const outcome = outcomeOf(token.scenario)
  let status: PaymentStatus
  let errorCode: string | null = null
  let answer: ProviderAnswer
  const { amount } = request
  switch (outcome.kind) {
    case 'challenge':
      status = 'requires_action'
      // usable once the challenge succeeds
      if (request.storeCard === true) await storeCard(deps, id, token, 'pending')
      answer = {
        statusCode: 200,
        body: { id, status, amount, challengeUrl: `${settings.publicBaseUrl()}/challenge/${id}` },
      }
      break
    case 'authorized': {
      status = 'authorized'
      const storedCard =
        request.storeCard === true ? await storeCard(deps, id, token, 'active') : undefined
      answer = { statusCode: 200, body: { id, status, amount, ...(storedCard && { storedCard }) } }
      break
    }
    case 'declined':
      status = 'failed'
      errorCode = outcome.code
      answer = { statusCode: 402, body: failedBody({ id, amount, errorCode }) }
      break
    case 'unavailable':
      status = 'failed'
      errorCode = outcome.code
      answer = { statusCode: outcome.statusCode, body: providerErrorBody(outcome.code) }
      break
  }
  await completePayment(db, id, {
    scenario: token.scenario,
    status,
    errorCode,
    response: { requestHash: hash, statusCode: answer.statusCode, body: answer.body },
  })
  return answer
}

/** What a payment's answers show of the card it stored. */
export function storedCardView(
  card: Omit<StoredCardRow, 'status' | 'nextOutcome' | 'paymentId' | 'scenario'>,
) {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
  }
}

/** Keeps the token's card for the payment `paymentId`: active now, or pending its 3-D Secure. */
async function storeCard(
  deps: PaymentDependencies,
  paymentId: string,
  token: TokenCard,
  status: 'active' | 'pending',
) {
  const { last4, expiryMonth, expiryYear } = token
  // a token made before issue #24 kept no last 4 or expiry: nothing to store
  if (last4 === null || expiryMonth === null || expiryYear === null) return undefined
  const card = {
    id: randomId('card'),
    paymentId,
    scenario: token.scenario,
    brand: token.brand,
    last4,
    expiryMonth,
    expiryYear,
  }
  await insertStoredCard(deps.db, { ...card, status, createdAt: deps.clock.now() })
  return storedCardView(card)
}

/** A payment as the API shows it; a claimed key still being processed is not one yet. */
async function requirePayment(db: Database, id: string): Promise<PaymentRow> {
  const row = await findPayment(db, id)
  if (row === undefined || row.scenario === PROCESSING) throw new ProviderError(404, 'not_found')
  return row
}

/** GET /v1/payments/:id and the entries of GET /v1/payments?orderId= */
function paymentView(row: PaymentRow, card: StoredCardRow | undefined) {
  const view = { id: row.id, status: row.status, amount: row.amount, orderId: row.orderId }
  // the card the payment stored, while it can be charged (issue #24)
  if (card?.status === 'active') return { ...view, storedCard: storedCardView(card) }
  if (row.status !== 'failed' || row.errorCode === null) return view
  return { ...view, error: { code: row.errorCode, message: providerMessage(row.errorCode) } }
}

/** The views of payments, with the cards they stored. */
async function paymentViews(db: Database, rows: PaymentRow[]) {
  const cards = await findStoredCardsOfPayments(
    db,
    rows.map((row) => row.id),
  )
  const cardOf = new Map(cards.map((card) => [card.paymentId, card]))
  return rows.map((row) => paymentView(row, cardOf.get(row.id)))
}

export async function getPayment(db: Database, id: string) {
  const row = await requirePayment(db, id)
  const [card] = await findStoredCardsOfPayments(db, [id])
  return paymentView(row, card)
}

export async function listPayments(db: Database, orderId: string) {
  const rows = await listPaymentsOfOrder(db, orderId)
  return {
    data: await paymentViews(
      db,
      rows.filter((row) => row.scenario !== PROCESSING),
    ),
  }
}

/** POST /v1/payments/:id/capture: authorized → captured; captured again is the same answer. */
export async function capturePayment(
  deps: PaymentDependencies,
  id: string,
): Promise<ProviderAnswer> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await requirePayment(deps.db, id)
    const done = { statusCode: 200, body: { id, status: 'captured', amount: row.amount } }
    switch (row.status) {
      case 'authorized': {
        // a card check (amount 0) authorised nothing: there is nothing to take
        if (row.amount === 0) throw new ProviderError(409, 'nothing_to_capture')
        const changed = await transitionPayment(deps.db, id, ['authorized'], {
          status: 'captured',
          capturedAt: deps.clock.now(),
        })
        if (changed !== undefined) return done
        break // changed meanwhile (captured or cancelled by another call): look again
      }
      case 'captured':
        return done
      case 'requires_action':
        throw new ProviderError(409, 'authentication_required')
      case 'failed':
        return { statusCode: 402, body: failedBody(row) }
      case 'cancelled':
        throw new ProviderError(409, 'payment_cancelled')
    }
  }
  throw new Error(`payment ${id} kept changing while being captured`)
}

/** POST /v1/payments/:id/cancel: a payment not captured yet is cancelled; failed stays failed. */
export async function cancelPayment(
  deps: PaymentDependencies,
  id: string,
): Promise<ProviderAnswer> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await requirePayment(deps.db, id)
    const done = { statusCode: 200, body: { id, status: 'cancelled', amount: row.amount } }
    switch (row.status) {
      case 'requires_action':
      case 'authorized': {
        const changed = await transitionPayment(deps.db, id, ['requires_action', 'authorized'], {
          status: 'cancelled',
        })
        if (changed !== undefined) return done
        break
      }
      case 'cancelled':
        return done
      case 'captured':
        throw new ProviderError(409, 'already_captured')
      case 'failed':
        return { statusCode: 200, body: failedBody(row) }
    }
  }
  throw new Error(`payment ${id} kept changing while being cancelled`)
}

/** What the 3-D Secure page shows or does. */
export type ChallengeState =
  | { kind: 'notFound' }
  /** the payment no longer waits for authentication */
  | { kind: 'finished'; returnUrl: string }
  | { kind: 'waiting'; scenario: string; amount: number; returnUrl: string; failures: number }

export async function challengeState(db: Database, id: string): Promise<ChallengeState> {
  const row = await findPayment(db, id)
  if (row === undefined || row.scenario === PROCESSING) return { kind: 'notFound' }
  if (row.status !== 'requires_action') return { kind: 'finished', returnUrl: row.returnUrl }
  return {
    kind: 'waiting',
    scenario: row.scenario,
    amount: row.amount,
    returnUrl: row.returnUrl,
    failures: row.response.challengeFailures ?? 0,
  }
}

export type ChallengeResult =
  | { kind: 'notFound' }
  | { kind: 'finished'; returnUrl: string }
  /** a final outcome: back to the merchant */
  | { kind: 'returned'; returnUrl: string }
  | { kind: 'wrongPassword'; amount: number; returnUrl: string; remainingTries: number }

export type ChallengeAction = 'authenticate' | 'cancel'

/** POST /challenge/:id: the applicant authenticates (password) or cancels. */
export async function answerChallenge(
  deps: PaymentDependencies,
  id: string,
  action: ChallengeAction,
  password: string,
): Promise<ChallengeResult> {
  const state = await challengeState(deps.db, id)
  if (state.kind !== 'waiting') return state
  const now = deps.clock.now()
  const finish = async (status: PaymentStatus, errorCode?: string): Promise<ChallengeResult> => {
    const changed = await transitionPayment(deps.db, id, ['requires_action'], {
      status,
      ...(errorCode === undefined ? {} : { errorCode }),
      challengeCompletedAt: now,
    })
    // Another tab finished it first: say so rather than redirect twice.
    if (changed === undefined) return { kind: 'finished', returnUrl: state.returnUrl }
    // a card kept at this payment can be charged from now on (issue #24)
    if (status === 'authorized') await activateStoredCardOf(deps.db, id)
    return { kind: 'returned', returnUrl: state.returnUrl }
  }
  if (action === 'cancel') return finish('failed', 'authentication_cancelled')
  if (password === SANDBOX_3DS_PASSWORD) {
    // The issuer of this test card refuses even the right password.
    return state.scenario === 'threeDSecureDeclined'
      ? finish('failed', 'authentication_failed')
      : finish('authorized')
  }
  const failures = await addChallengeFailure(deps.db, id)
  if (failures === undefined) return { kind: 'finished', returnUrl: state.returnUrl }
  if (failures >= CHALLENGE_MAX_FAILURES) return finish('failed', 'authentication_failed')
  return {
    kind: 'wrongPassword',
    amount: state.amount,
    returnUrl: state.returnUrl,
    remainingTries: CHALLENGE_MAX_FAILURES - failures,
  }
}
