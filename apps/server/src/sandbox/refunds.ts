import type { Clock } from '../clock.ts'
import type { Database } from '../db/client.ts'
import { randomId } from './ids.ts'
import { ProviderError } from './provider-error.ts'
import type { ProviderAnswer } from './payments.ts'
import {
  findRefundByKey,
  insertRefund,
  listRefundsOf,
  lockRefundable,
  sumRefundsOf,
  sumsBetween,
  type RefundRow,
} from './sandbox-repository.ts'

// Refunds and the daily report of the sandbox provider (issue #21 point 3, ADR 0031). A refund
// returns money from a captured card payment (pay_…) or a deposit (dep_…): partial refunds add
// up, never past what the payment took, and one Idempotency-Key is one refund. Each refund is
// checked under the payment's row lock, so two at once cannot both pass the limit.

export interface RefundDependencies {
  db: Database
  clock: Clock
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const DAY_MS = 86_400_000

function refundBody(row: RefundRow) {
  return { id: row.id, paymentId: row.paymentId, amount: row.amount, status: 'succeeded' as const }
}

/** POST /v1/refunds */
export async function createRefund(
  deps: RefundDependencies,
  idempotencyKey: string,
  request: { paymentId: string; amount: number },
): Promise<ProviderAnswer> {
  return deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Database
    const taken = await lockRefundable(tx, request.paymentId)
    const earlier = await findRefundByKey(tx, idempotencyKey)
    if (earlier !== undefined) {
      if (earlier.paymentId !== request.paymentId || earlier.amount !== request.amount) {
        throw new ProviderError(409, 'idempotency_key_reused')
      }
      return { statusCode: 200, body: refundBody(earlier) }
    }
    if (taken === undefined) throw new ProviderError(404, 'not_found')
    if (taken === null) throw new ProviderError(409, 'payment_not_captured')
    const refunded = await sumRefundsOf(tx, request.paymentId)
    if (refunded + request.amount > taken) throw new ProviderError(409, 'refund_exceeds_payment')
    const row: RefundRow = {
      id: randomId('re'),
      idempotencyKey,
      paymentId: request.paymentId,
      amount: request.amount,
    }
    await insertRefund(tx, { ...row, createdAt: deps.clock.now() })
    return { statusCode: 201, body: refundBody(row) }
  })
}

/** GET /v1/payments/:id/refunds */
export async function listRefunds(db: Database, paymentId: string) {
  return { data: (await listRefundsOf(db, paymentId)).map(refundBody) }
}

/** GET /v1/reports/daily?date=YYYY-MM-DD: the day in Japan time. */
export async function dailyReport(db: Database, date: string) {
  const from = new Date(Date.parse(`${date}T00:00:00Z`) - JST_OFFSET_MS)
  const to = new Date(from.getTime() + DAY_MS)
  return { date, ...(await sumsBetween(db, from, to)) }
}
