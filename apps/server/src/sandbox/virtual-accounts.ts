import { createHash, randomInt } from 'node:crypto'
import type { DepositNotification } from '@app/shared/api/payment/payment'
import { PAYMENT_SIGNATURE_HEADER } from '@app/shared/api/payment/routes'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/client.ts'
import type { PaymentProviderSettings } from '../modules/payment/provider-settings.ts'
import { signDepositNotification } from '../modules/payment/signature.ts'
import { randomDigits, randomId } from './ids.ts'
import type { ProviderAnswer } from './payments.ts'
import { ProviderError } from './provider-error.ts'
import {
  findVirtualAccountByKey,
  findVirtualAccountByOrder,
  insertDeposit,
  insertVirtualAccount,
  setDeliveredStatus,
  type VirtualAccountRow,
} from './sandbox-repository.ts'

// Virtual bank accounts (振込専用口座) of the sandbox provider, one per order, and the simulated
// bank transfers into them, each announced to the product by a signed notification
// (docs/payment.md "Virtual accounts and deposits").

const SANDBOX_BANK = { bankName: 'サンドボックス銀行', bankCode: '0999' } as const
/** The collecting account's holder: the provider's name, as on a real virtual account. */
const SANDBOX_ACCOUNT_HOLDER = 'サンドボックスペイ（カ）'
const SANDBOX_BRANCHES = [
  { branchName: 'サクラ支店', branchCode: '101' },
  { branchName: 'ウメ支店', branchCode: '102' },
  { branchName: 'モミジ支店', branchCode: '103' },
  { branchName: 'ツバキ支店', branchCode: '104' },
] as const
/** How long the product may take to answer a notification. */
const DELIVERY_TIMEOUT_MS = 10_000

export interface VirtualAccountRequest {
  orderId: string
  amount: number
  /** 振込期日 YYYYMMDD */
  dueDate: string
  /** the payer's name, kept with the account */
  accountHolder: string
}

function requestHash(request: VirtualAccountRequest): string {
  const canonical = JSON.stringify([
    request.orderId,
    request.amount,
    request.dueDate,
    request.accountHolder,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

function replay(row: VirtualAccountRow, hash: string): ProviderAnswer {
  if (row.response.requestHash !== hash) throw new ProviderError(409, 'idempotency_key_reused')
  return { statusCode: row.response.statusCode ?? 201, body: row.response.body ?? {} }
}

/** POST /v1/virtual-accounts: a new account, the key's first answer, or the order's account. */
export async function issueVirtualAccount(
  deps: { db: Database; clock: Clock },
  idempotencyKey: string,
  request: VirtualAccountRequest,
): Promise<ProviderAnswer> {
  const { db, clock } = deps
  const hash = requestHash(request)
  const byKey = await findVirtualAccountByKey(db, idempotencyKey)
  if (byKey !== undefined) return replay(byKey, hash)
  // A number already issued is drawn again: with 10^7 numbers a few tries are plenty.
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = randomId('va')
    const accountNumber = randomDigits(7)
    const branch = SANDBOX_BRANCHES[randomInt(SANDBOX_BRANCHES.length)] ?? SANDBOX_BRANCHES[0]
    const body = {
      id,
      ...SANDBOX_BANK,
      ...branch,
      accountType: '普通',
      accountNumber,
      accountHolder: SANDBOX_ACCOUNT_HOLDER,
      amount: request.amount,
      dueDate: request.dueDate,
    }
    const isInserted = await insertVirtualAccount(db, {
      id,
      idempotencyKey,
      orderId: request.orderId,
      accountNumber,
      accountHolder: request.accountHolder,
      amount: request.amount,
      dueDate: request.dueDate,
      response: { requestHash: hash, statusCode: 201, body },
      createdAt: clock.now(),
    })
    if (isInserted) return { statusCode: 201, body }
    // Something was taken: the key (a concurrent repeat), the order, or the number.
    const sameKey = await findVirtualAccountByKey(db, idempotencyKey)
    if (sameKey !== undefined) return replay(sameKey, hash)
    const sameOrder = await findVirtualAccountByOrder(db, request.orderId)
    if (sameOrder !== undefined) return { statusCode: 200, body: sameOrder.response.body ?? {} }
  }
  throw new Error('no free virtual account number after 20 tries')
}

/** ISO 8601 in Japan time, e.g. 2026-11-20T10:00:00.000+09:00 (JST has no daylight saving). */
function toJapanIsoString(instant: Date): string {
  const shifted = new Date(instant.getTime() + 9 * 60 * 60 * 1000)
  return shifted.toISOString().replace('Z', '+09:00')
}

export interface DepositRequest {
  accountNumber: string
  amount: number
  depositorName?: string | undefined
}

export interface DepositDependencies {
  db: Database
  clock: Clock
  settings: PaymentProviderSettings
  webhookUrl: () => string
}

/** Posts a signed notification; the product's HTTP status, or null when it could not be reached. */
async function deliver(url: string, rawBody: string, signature: string): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signature },
      body: rawBody,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    })
    await response.body?.cancel()
    return response.status
  } catch {
    return null
  }
}

/**
 * POST /v1/virtual-accounts/deposits: a customer's bank transfer, simulated. Any 7-digit number
 * is taken, issued or not (a real bank does not know the product's accounts either), so the
 * product's "unknown account" path can be tried.
 */
export async function recordDeposit(
  deps: DepositDependencies,
  request: DepositRequest,
): Promise<{ id: string; deliveredStatus: number | null }> {
  const { db, clock, settings } = deps
  const id = randomId('dep')
  const depositedAt = clock.now()
  await insertDeposit(db, {
    id,
    accountNumber: request.accountNumber,
    amount: request.amount,
    depositorName: request.depositorName ?? null,
    depositedAt,
    createdAt: depositedAt,
  })
  const notification: DepositNotification = {
    id,
    type: 'virtual_account.deposit',
    accountNumber: request.accountNumber,
    amount: request.amount,
    depositedAt: toJapanIsoString(depositedAt),
    ...(request.depositorName === undefined ? {} : { depositorName: request.depositorName }),
  }
  const rawBody = JSON.stringify(notification)
  const signature = signDepositNotification(
    settings.webhookSecret,
    rawBody,
    Math.floor(clock.now().getTime() / 1000),
  )
  const deliveredStatus = await deliver(deps.webhookUrl(), rawBody, signature)
  await setDeliveredStatus(db, id, deliveredStatus)
  return { id, deliveredStatus }
}
