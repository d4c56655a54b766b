import { addDays, startOfBusinessDate } from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  agencyInstalmentUnpaidMail,
  instalmentInvoiceMail,
  instalmentUnpaidMail,
} from '../mail/instalment-templates.ts'
import { enqueueMail } from '../mail/outbox.ts'
import {
  forEachDueClaim,
  instalmentMailTarget,
  UNANSWERED_RETRY_MS,
  type InstalmentChargeOptions,
} from './instalment-charges.ts'
import {
  findInstalmentMailSubject,
  finishClaim,
  findInstalmentAccount,
  markOverdueTransfers,
  saveInstalmentAccount,
  type ClaimedInstalment,
  type InstalmentOutcome,
} from './instalment-repository.ts'
import { ProviderUnavailableError, type PaymentProvider } from './provider.ts'
import { issuedAccountColumns } from './virtual-account-view.ts'

// The later instalments of a contract paid by transfer (issue #24 point 5, ADR 0039), run by the
// instalment job after the card charges:
//
// - Invoice: INSTALMENT_INVOICE_LEAD_DAYS before an instalment's due date the provider issues it an
//   account of its own and the holder is mailed it. Claimed like a card charge (FOR UPDATE SKIP
//   LOCKED, a lease, a claim token), and asked of the provider with one idempotency key per
//   instalment (`instva_<id>`): a run killed after the provider answered is taken over once the
//   lease has run out, and the provider gives the same account again; the account and the mail
//   are written with the claim's outcome, in one transaction, once.
// - Overdue: the day after its due date, an invoiced instalment without its deposit is failed,
//   and the holder (with the account again) and the agency are told; the back office lists it.
//   A deposit after it still pays it (deposit-reconciliation.ts).

/** What the job needs of the provider: an account issued once per key. */
export type AccountIssuer = Pick<PaymentProvider, 'createVirtualAccount'>

export interface InstalmentInvoiceOptions extends Omit<InstalmentChargeOptions, 'provider'> {
  provider: AccountIssuer
}

// a type, not an interface: its counts are read as Object.values (instalment-job.ts)
export type InstalmentInvoiceResult = {
  /** accounts issued and mailed */
  invoiced: number
  /** the provider refused: asked again the next day */
  refused: number
  /** no answer from the provider: asked again later with the same key */
  unanswered: number
  /** another run took the instalment over before this one wrote its outcome */
  lost: number
  /** past their due date without the deposit */
  overdue: number
}

/** after a refusal the account is asked for again this much later */
export const INVOICE_RETRY_MS = 24 * 60 * 60_000
const BATCH = 50

/** The provider's idempotency key of an instalment's account: one per instalment. */
export function invoiceKey(claim: Pick<ClaimedInstalment, 'id'>): string {
  return `instva_${claim.id.replaceAll('-', '')}`
}

/** Runs until nothing is left to invoice or to mark overdue. */
export async function runInstalmentInvoices(
  options: InstalmentInvoiceOptions,
): Promise<InstalmentInvoiceResult> {
  const result: InstalmentInvoiceResult = {
    invoiced: 0,
    refused: 0,
    unanswered: 0,
    lost: 0,
    overdue: 0,
  }
  await forEachDueClaim(options, 'transfer', (claim) => invoiceOne(options, claim, result))
  for (;;) {
    const marked = await markOverdue(options)
    result.overdue += marked
    if (marked < BATCH) return result
  }
}

async function invoiceOne(
  options: InstalmentInvoiceOptions,
  claim: ClaimedInstalment,
  result: InstalmentInvoiceResult,
): Promise<void> {
  const subject = await findInstalmentMailSubject(options.db, claim.applicationId)
  let outcome: InstalmentOutcome
  let issued: Awaited<ReturnType<AccountIssuer['createVirtualAccount']>> | undefined
  try {
    issued = await options.provider.createVirtualAccount(invoiceKey(claim), {
      orderId: `inst-${claim.id}`,
      amount: claim.amount,
      dueDate: claim.dueDate,
      accountHolder: subject?.payerName ?? '',
    })
    outcome =
      issued.kind === 'issued' && issued.account.amount === claim.amount
        ? // overdue from the day after its due date
          { status: 'invoiced', nextAttemptAt: startOfBusinessDate(addDays(claim.dueDate, 1)) }
        : {
            status: 'due',
            errorCode: issued.kind === 'refused' ? issued.code : 'amount_mismatch',
            nextAttemptAt: new Date(options.clock.now().getTime() + INVOICE_RETRY_MS),
          }
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error
    outcome = {
      status: 'charging',
      leaseUntil: new Date(options.clock.now().getTime() + UNANSWERED_RETRY_MS),
    }
  }

  const now = options.clock.now()
  const messageId = await options.db.transaction(async (txn) => {
    const tx = txn as unknown as Database
    if (!(await finishClaim(tx, claim, outcome, now))) return null
    if (outcome.status !== 'invoiced' || issued?.kind !== 'issued') return undefined
    const { account } = issued
    await saveInstalmentAccount(tx, {
      applicationId: claim.applicationId,
      instalmentId: claim.id,
      ...issuedAccountColumns(account),
      createdAt: now,
      updatedAt: now,
    })
    const target = await instalmentMailTarget(tx, claim, options.publicBaseUrl, subject)
    if (target === undefined) return undefined
    const mail = instalmentInvoiceMail({ ...target.context, account })
    return enqueueMail(tx, { ...mail, recipient: target.subject.mailAddress }, now)
  })
  if (messageId === null) {
    result.lost += 1
    return
  }
  if (outcome.status === 'invoiced') result.invoiced += 1
  else if (outcome.status === 'due') result.refused += 1
  else result.unanswered += 1
  if (messageId !== undefined) await options.deliverMail?.(messageId).catch(() => undefined)
}

/**
 * One batch of overdue instalments: each failed, its holder and agency mailed, in one
 * transaction. Returns how many.
 */
async function markOverdue(options: InstalmentInvoiceOptions): Promise<number> {
  const now = options.clock.now()
  const messageIds = await options.db.transaction(async (txn) => {
    const tx = txn as unknown as Database
    const overdue = await markOverdueTransfers(tx, now, BATCH)
    const ids: string[] = []
    for (const instalment of overdue) {
      const target = await instalmentMailTarget(tx, instalment, options.publicBaseUrl)
      const account = await findInstalmentAccount(tx, instalment.id)
      if (target === undefined || account === undefined) continue
      const { subject, branch, context } = target
      const agentMail = branch?.agentMail.trim() ?? ''
      if (agentMail !== '') {
        const notice = agencyInstalmentUnpaidMail({
          groupName: subject.groupNameKanji,
          groupPfBranchNo: subject.groupPfBranchNo,
          groupPfPolicyHolderNo: subject.groupPfPolicyHolderNo,
          coversMonth: instalment.coversMonth,
          amount: instalment.amount,
          dueDate: instalment.dueDate,
        })
        await enqueueMail(tx, { ...notice, recipient: agentMail }, now)
      }
      const mail = instalmentUnpaidMail({ ...context, account })
      ids.push(await enqueueMail(tx, { ...mail, recipient: subject.mailAddress }, now))
    }
    return { count: overdue.length, ids }
  })
  for (const id of messageIds.ids) await options.deliverMail?.(id).catch(() => undefined)
  return messageIds.count
}
