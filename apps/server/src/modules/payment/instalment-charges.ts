import { addDays, startOfBusinessDate, toBusinessDate } from '@app/shared'
import { myPageLoginHref } from '@app/shared/format/page-urls'
import type { InstalmentMethod } from '@app/shared/rules/instalments'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { findBranch } from '../group/group-records.ts'
import {
  agencyInstalmentFailedMail,
  instalmentDeclinedMail,
  instalmentFailedMail,
} from '../mail/instalment-templates.ts'
import { enqueueMail } from '../mail/outbox.ts'
import {
  claimDueInstalments,
  findInstalmentMailSubject,
  finishClaim,
  type ClaimedInstalment,
  type InstalmentMailSubject,
  type InstalmentOutcome,
} from './instalment-repository.ts'
import { ProviderUnavailableError, type PaymentProvider } from './provider.ts'

// The monthly charge job (issue #24 point 3, ADR 0038): charges the stored card for every
// instalment whose day has come, exactly once however many processes run it and whenever one
// stops.
//
// - A run claims its instalments in one statement (FOR UPDATE SKIP LOCKED, a lease and a claim
//   token), so two runs never charge the same one; it writes an outcome only while its claim holds.
// - The provider's idempotency key is the instalment and its try: a charge whose answer was lost
//   (the process was killed, the provider did not answer) is asked again, by whichever run takes
//   the instalment over once the lease has run out, with the same key, and the provider answers
//   with the charge it made, if it made one. A new key is used only after a definite refusal.
// - A refusal mails the holder and is tried again after RETRY_AFTER_DAYS; after the last try the
//   instalment is failed and the holder told so.

/**
 * What the job needs of the payment provider (provider.ts): a stored card's charge, the same key
 * always getting the same answer; no answer at all is ProviderUnavailableError.
 */
export type StoredCardCharger = Pick<PaymentProvider, 'chargeStoredCard'>

/** Days after a refused try that the next one is made: 3 tries over 10 days, then it has failed. */
export const RETRY_AFTER_DAYS: readonly number[] = [3, 7]
/** how long a run holds a claimed instalment before another may take it over */
export const CHARGE_LEASE_MS = 5 * 60_000
/** after the provider did not answer: asked again (same key) this much later */
export const UNANSWERED_RETRY_MS = 15 * 60_000
/** instalments a run claims at most */
const BATCH = 50

export interface InstalmentChargeOptions {
  db: Database
  clock: Clock
  provider: StoredCardCharger
  /** this product as the browser reaches it: the my-page link in mail */
  publicBaseUrl: () => string
  /** hands a queued mail to delivery after its transaction commits */
  deliverMail?: (messageId: string) => Promise<unknown>
}

// a type, not an interface: its counts are read as Object.values (instalment-job.ts)
export type InstalmentChargeResult = {
  paid: number
  /** refused, to be tried again */
  declined: number
  /** refused for the last time */
  failed: number
  /** no answer from the provider: asked again later with the same key */
  unanswered: number
  /** another run took the instalment over before this one wrote its outcome */
  lost: number
}

/** The provider's idempotency key of an instalment's try: the same for every ask of that try. */
export function chargeKey(claim: Pick<ClaimedInstalment, 'id' | 'tries'>): string {
  return `inst_${claim.id.replaceAll('-', '')}_${claim.tries}`
}

/** When the next try after `tries` refused ones is made, or undefined after the last. */
function nextTryDate(today: string, tries: number): string | undefined {
  const days = RETRY_AFTER_DAYS[tries - 1]
  return days === undefined ? undefined : addDays(today, days)
}

/**
 * Who an instalment's mail goes to and what it says of the contract: the holder, the branch (its
 * contact and agentMail) and the common lines; undefined when the application is gone. A caller
 * that has read the holder already passes it (`known`) rather than having it read again.
 */
export async function instalmentMailTarget(
  tx: Database,
  instalment: { applicationId: string; coversMonth: string; amount: number },
  publicBaseUrl: () => string,
  known?: InstalmentMailSubject,
) {
  const subject = known ?? (await findInstalmentMailSubject(tx, instalment.applicationId))
  if (subject === undefined) return undefined
  const branch = await findBranch(tx, subject)
  const context = {
    groupName: subject.groupNameKanji,
    agencyContact: branch?.refFreeField ?? '',
    groupPfPolicyHolderNo: subject.groupPfPolicyHolderNo,
    coversMonth: instalment.coversMonth,
    amount: instalment.amount,
    myPageUrl: `${publicBaseUrl()}${myPageLoginHref(subject)}`,
  }
  return { subject, branch, context }
}

/** Runs until nothing is due: every claimed instalment charged and its outcome written. */
export async function runInstalmentCharges(
  options: InstalmentChargeOptions,
): Promise<InstalmentChargeResult> {
  const result: InstalmentChargeResult = {
    paid: 0,
    declined: 0,
    failed: 0,
    unanswered: 0,
    lost: 0,
  }
  await forEachDueClaim(options, 'card', (claim) => chargeOne(options, claim, result))
  return result
}

/**
 * Claims the due instalments of a method a batch at a time (each claim this run's alone, with a
 * lease) and hands each to `handle`, until a batch comes back short.
 */
export async function forEachDueClaim(
  options: Pick<InstalmentChargeOptions, 'db' | 'clock'>,
  method: InstalmentMethod,
  handle: (claim: ClaimedInstalment) => Promise<void>,
): Promise<void> {
  for (;;) {
    const now = options.clock.now()
    const claims = await claimDueInstalments(options.db, {
      method,
      now,
      leaseUntil: new Date(now.getTime() + CHARGE_LEASE_MS),
      limit: BATCH,
    })
    for (const claim of claims) await handle(claim)
    if (claims.length < BATCH) return
  }
}

async function chargeOne(
  options: InstalmentChargeOptions,
  claim: ClaimedInstalment,
  result: InstalmentChargeResult,
): Promise<void> {
  const today = toBusinessDate(options.clock.now())
  // a refusal ('due' again, or 'failed' at the last) is mailed; 'paid' and 'charging' are not
  let outcome: InstalmentOutcome
  if (claim.providerCardId === null) {
    outcome = { status: 'failed', errorCode: 'no_stored_card' }
  } else {
    try {
      const answer = await options.provider.chargeStoredCard(chargeKey(claim), {
        cardId: claim.providerCardId,
        amount: claim.amount,
        orderId: `inst-${claim.id}`,
      })
      if (answer.kind === 'captured') {
        outcome = { status: 'paid', providerPaymentId: answer.id }
      } else {
        const next = nextTryDate(today, claim.tries)
        outcome =
          next === undefined
            ? { status: 'failed', errorCode: answer.code }
            : { status: 'due', errorCode: answer.code, nextAttemptAt: startOfBusinessDate(next) }
      }
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error
      outcome = {
        status: 'charging',
        leaseUntil: new Date(options.clock.now().getTime() + UNANSWERED_RETRY_MS),
      }
    }
  }

  const now = options.clock.now()
  const messageId = await options.db.transaction(async (txn) => {
    const tx = txn as unknown as Database
    if (!(await finishClaim(tx, claim, outcome, now))) return null
    if (outcome.status === 'paid' || outcome.status === 'charging') {
      return undefined
    }
    const target = await instalmentMailTarget(tx, claim, options.publicBaseUrl)
    if (target === undefined) return undefined
    const { subject, branch, context } = target
    if (outcome.status === 'due') {
      const content = instalmentDeclinedMail({
        ...context,
        nextTryDate: toBusinessDate(outcome.nextAttemptAt),
      })
      return enqueueMail(tx, { ...content, recipient: subject.mailAddress }, now)
    }
    // the last refusal: the holder is told, and the agency (its branch's agentMail)
    const agentMail = branch?.agentMail.trim() ?? ''
    if (agentMail !== '') {
      const notice = agencyInstalmentFailedMail({
        groupName: subject.groupNameKanji,
        groupPfBranchNo: subject.groupPfBranchNo,
        groupPfPolicyHolderNo: subject.groupPfPolicyHolderNo,
        coversMonth: claim.coversMonth,
        amount: claim.amount,
        errorCode: outcome.errorCode,
      })
      await enqueueMail(tx, { ...notice, recipient: agentMail }, now)
    }
    return enqueueMail(
      tx,
      { ...instalmentFailedMail(context), recipient: subject.mailAddress },
      now,
    )
  })
  if (messageId === null) {
    result.lost += 1
    return
  }
  if (outcome.status === 'paid') result.paid += 1
  else if (outcome.status === 'due') result.declined += 1
  else if (outcome.status === 'failed') result.failed += 1
  else result.unanswered += 1
  if (messageId !== undefined) await options.deliverMail?.(messageId).catch(() => undefined)
}
