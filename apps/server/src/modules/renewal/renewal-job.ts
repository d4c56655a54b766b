import { randomInt } from 'node:crypto'
import { addDays, toBusinessDate } from '@app/shared'
import { isAutoRenewing } from '@app/shared/rules/renewal'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { IntervalJob } from '../../lib/interval-job.ts'
import type { JobObserver } from '../metrics/metrics.ts'
import { findBranch } from '../group/group-records.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { renewalNoticeMail, renewedMail } from '../mail/renewal-templates.ts'
import {
  cancelDraft,
  createApplication,
  listJobCandidates,
  type ContractRow,
} from '../application/application-records.ts'
import { findAccountMail, lockRenewal, updateRenewal } from './renewal-repository.ts'
import { decide, loadRenewalFacts, myPageUrlOf, type RenewalFacts } from './renewal-service.ts'
import { autoRenewedState } from './renewal-view.ts'

// The renewal job (issue #9, SPEC §3.7, §4; ADR 0016). At the renewal fix date, every contract of
// an auto-renewing product that is neither stopped nor renewed becomes next year's contract on
// last year's terms, linked to it (preApplicationId); a started procedure's draft is cancelled.
// In the 30 days before the fix date, the holder gets one notice. Each contract is its own
// transaction under its renewal row's lock (FOR UPDATE), and the partial unique index on
// applications.preApplicationId allows one live renewal per contract: two jobs at the same moment,
// on two processes, renew each contract once.

/** Days before the fix date from which the notice is sent. */
export const RENEWAL_NOTICE_DAYS = 30
const POLICY_HOLDER_NO_CONSTRAINT = 'applications_policy_holder_no_uq'
const PRE_APPLICATION_CONSTRAINT = 'applications_pre_application_uq'
const ACCOUNT_YEAR_CONSTRAINT = 'applications_account_year_uq'

export interface RenewalJobOptions {
  db: Database
  clock: Clock
  /** this product as the browser reaches it: the my-page link in mail */
  publicBaseUrl: () => string
  /** hands a queued mail to delivery after its transaction commits (the outbox job sends it otherwise) */
  deliverMail?: (messageId: string) => Promise<unknown>
  /** the 10-digit policy holder number (tests force a collision with it) */
  newPolicyHolderNo?: () => string
  /**
   * told of a contract whose transaction failed (it is rolled back and tried again on the next
   * run); the other contracts go on. Only the contract's id: never personal data.
   */
  onContractError?: (contractId: string, error: unknown) => void
}

export interface RenewalJobResult {
  renewed: number
  noticed: number
  skipped: number
  /** contracts whose transaction failed this run (left as they were) */
  failed: number
}

/** The constraint a unique violation names (node-postgres and PGlite alike), or undefined. */
function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error
  while (typeof current === 'object' && current !== null) {
    const { code, constraint, cause } = current as {
      code?: unknown
      constraint?: unknown
      cause?: unknown
    }
    if (code === '23505') return typeof constraint === 'string' ? constraint : ''
    current = cause
  }
  return undefined
}

/** Another process renewed the contract (or the account holds next year) first. */
class AlreadyTaken extends Error {}

type Outcome = 'renewed' | 'noticed' | 'skipped'

/** One run over every due contract; each contract in its own transaction. */
export async function runRenewalJob(options: RenewalJobOptions): Promise<RenewalJobResult> {
  const now = options.clock.now()
  const today = toBusinessDate(now)
  const result: RenewalJobResult = { renewed: 0, noticed: 0, skipped: 0, failed: 0 }
  const candidates = await listJobCandidates(options.db, addDays(today, RENEWAL_NOTICE_DAYS))
  for (const candidate of candidates) {
    const isDue = candidate.renewalFixDate <= today
    // before the fix date only the notice is left to do, once
    if (!isDue && candidate.noticeMailedAt !== null) continue
    let outcome: Outcome
    let messageId: string | undefined
    try {
      ;({ outcome, messageId } = await options.db.transaction((txn) =>
        processContract(txn as unknown as Database, candidate, options, now, today),
      ))
    } catch (error) {
      if (error instanceof AlreadyTaken) {
        outcome = 'skipped'
      } else {
        // one contract that cannot be renewed must not hold back every other one
        options.onContractError?.(candidate.id, error)
        result.failed += 1
        continue
      }
    }
    result[outcome] += 1
    if (messageId !== undefined) await options.deliverMail?.(messageId).catch(() => undefined)
  }
  return result
}

async function processContract(
  tx: Database,
  contract: ContractRow,
  options: RenewalJobOptions,
  now: Date,
  today: string,
): Promise<{ outcome: Outcome; messageId?: string }> {
  const row = await lockRenewal(tx, contract)
  const facts = await loadRenewalFacts(tx, contract)
  const { contractGroup } = facts
  const fixDate = contractGroup.renewalFixDate
  if (fixDate === null || !isAutoRenewing(contractGroup)) return { outcome: 'skipped' }
  if (today < fixDate) {
    if (row.noticeMailedAt !== null || (row.state !== 'open' && row.state !== 'inProcedure')) {
      return { outcome: 'skipped' }
    }
    const messageId = await enqueueMail(tx, await noticeMail(tx, contract, facts, options), now)
    await updateRenewal(tx, contract.id, { noticeMailedAt: now }, now)
    return { outcome: 'noticed', messageId }
  }
  // Re-decided under the lock: a job that came second finds the contract renewed and stays.
  const outcome = decide(row, 'runRenewalJob', facts, today)
  if (!outcome.changed || outcome.state !== 'renewed' || facts.next === undefined) {
    return { outcome: 'skipped' }
  }
  const { next } = facts
  const draft = (policyHolderNo: string) =>
    autoRenewedState({
      contract,
      contractOption: contract.applyInfoOption,
      next,
      policyHolderNo,
      today,
    })
  // one of last year's units is not offered next year: it cannot renew on last year's terms
  if (draft('0000000000') === undefined) return { outcome: 'skipped' }
  if (row.state === 'inProcedure' && row.procedureApplicationId !== null) {
    await cancelDraft(tx, row.procedureApplicationId, now)
  }
  const newNumber =
    options.newPolicyHolderNo ?? (() => String(randomInt(0, 10_000_000_000)).padStart(10, '0'))
  let renewedId: string | undefined
  let state: ReturnType<typeof draft>
  for (let tries = 0; tries < 5 && renewedId === undefined; tries += 1) {
    const number = newNumber()
    state = draft(number)
    if (state === undefined) return { outcome: 'skipped' }
    const values = {
      accountId: contract.accountId,
      rosterMemberId: contract.rosterMemberId,
      ...next.link,
      status: 'applied' as const,
      preApplicationId: contract.id,
      groupPfPolicyHolderNo: number,
      appliedAt: now,
      ...state,
    }
    try {
      // A savepoint: on PostgreSQL a failed statement would otherwise end the transaction.
      renewedId = await tx.transaction((savepoint) =>
        createApplication(savepoint as unknown as Database, values, now),
      )
    } catch (error) {
      const constraint = violatedConstraint(error)
      if (constraint === PRE_APPLICATION_CONSTRAINT || constraint === ACCOUNT_YEAR_CONSTRAINT) {
        throw new AlreadyTaken(`contract ${contract.id} renewed by another process`)
      }
      if (constraint !== POLICY_HOLDER_NO_CONSTRAINT) throw error
    }
  }
  if (renewedId === undefined || state === undefined) {
    throw new Error('no free policy holder number after 5 tries')
  }
  await updateRenewal(
    tx,
    contract.id,
    { state: 'renewed', renewedBy: 'auto', renewedApplicationId: renewedId, renewedAt: now },
    now,
  )
  const [account, branch] = await Promise.all([
    findAccountMail(tx, contract.accountId),
    findBranch(tx, contract),
  ])
  if (account === undefined) throw new Error('contract without its account')
  const renewed = state.applyInfo
  const mail = renewedMail({
    groupName: contractGroup.groupNameKanji,
    agencyContact: branch?.refFreeField ?? '',
    groupPfPolicyHolderNo: policyHolderNoOf(contract),
    myPageUrl: myPageUrlOf(options.publicBaseUrl(), contract),
    newPolicyHolderNo: renewed.basicInfo.groupPfPolicyHolderNo ?? '',
    inceptionDate: renewed.policyHolderInfo.policyHolderInceptionDate,
    expiryDate: renewed.policyHolderInfo.policyHolderExpiryDate,
    totalPremium: renewed.cvrgeInfo.totalPremium,
    pymntCount: next.group.pymntCount,
  })
  const messageId = await enqueueMail(tx, { ...mail, recipient: account.mailAddress }, now)
  return { outcome: 'renewed', messageId }
}

function policyHolderNoOf(contract: ContractRow): string {
  return contract.groupPfPolicyHolderNo ?? contract.applyInfo.basicInfo.groupPfPolicyHolderNo ?? ''
}

async function noticeMail(
  tx: Database,
  contract: ContractRow,
  facts: RenewalFacts,
  options: RenewalJobOptions,
) {
  const [account, branch] = await Promise.all([
    findAccountMail(tx, contract.accountId),
    findBranch(tx, contract),
  ])
  if (account === undefined) throw new Error('contract without its account')
  const mail = renewalNoticeMail({
    groupName: facts.contractGroup.groupNameKanji,
    agencyContact: branch?.refFreeField ?? '',
    groupPfPolicyHolderNo: policyHolderNoOf(contract),
    myPageUrl: myPageUrlOf(options.publicBaseUrl(), contract),
    renewalFixDate: facts.contractGroup.renewalFixDate ?? '',
    nextInceptionDate: facts.next?.group.groupInceptionDate ?? null,
  })
  return { ...mail, recipient: account.mailAddress }
}

/** What the server's timer needs besides the job's own options. */
export interface RenewalJobTimerOptions extends RenewalJobOptions {
  /** seconds between runs; 0 never runs */
  intervalSeconds: number
  /** told of each run (the metrics, modules/metrics) */
  observer?: JobObserver
  log: {
    info: (object: object, message: string) => void
    error: (object: object, message: string) => void
  }
}

/**
 * The job in the server process (lib/interval-job.ts): every `intervalSeconds` (0: never), one run
 * at a time; a failed run is logged and the next one tries again.
 */
export function renewalJobTimer(options: RenewalJobTimerOptions): IntervalJob {
  return new IntervalJob(options.intervalSeconds, async () => {
    try {
      const result = await runRenewalJob({
        ...options,
        onContractError: (contractId, error) =>
          options.log.error({ contractId, err: error }, 'renewal of a contract failed'),
      })
      if (result.renewed + result.noticed + result.failed > 0) {
        options.log.info(result, 'renewal job ran')
      }
      options.observer?.jobRan('renewal', 'ok')
    } catch (error) {
      options.log.error({ err: error }, 'renewal job failed')
      options.observer?.jobRan('renewal', 'failed')
    }
  })
}
