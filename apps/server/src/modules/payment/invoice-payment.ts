import { addDays, errorCodes, toBusinessDate } from '@app/shared'
import { appHref, myPagePathWithQuery } from '@app/shared/format/page-urls'
import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import type { InvoiceOutcome, InvoiceView } from '@app/shared/api/my-page/invoice'
import { statusPatternAfter, VIRTUAL_ACCOUNT_DUE_DAYS } from '@app/shared/rules/payment'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import { findApplicationById, updateApplyInfo } from '../application/application-records.ts'
import { findInvoiceContract, type InvoiceContract } from '../follow-up/follow-up-records.ts'
import type { Holder } from '../my-page/my-page-access.ts'
import type { CardPayment } from './card-payment.ts'
import type { PaymentAttempts, PaymentParts } from './payment-attempts.ts'
import {
  paymentError,
  PaymentPart,
  startKeyedAttempt,
  stepNotOpen,
  unfinishedOutcome,
} from './payment-common.ts'
import type { PaymentCompletion } from './payment-completion.ts'
import {
  findAttempt,
  findLatestCardAttempt,
  findVirtualAccountOfApplication,
  finishAttempt,
  type AttemptKind,
  type AttemptRow,
} from './payment-repository.ts'
import type { PaymentProvider } from './provider.ts'

// The invoice of an auto-renewed contract (issue #21 point 4, ADR 0032). The renewal job writes
// next year's contract at 220 (SPEC §4 "processed and requesting payment") when it is paid by
// card or transfer; the holder pays it from the my-page:
// - by card, through the card payment's own provider part (card-payment.ts: the puzzle, the
//   authorisation, 3-D Secure, the capture checked again), ending at 330 (SPEC §4 "card captured
//   → 330"), in one transaction with the attempt and the audit entry;
// - or by a virtual account of its own, which stays 220 until the deposit reconciles it to 330
//   (deposit-reconciliation.ts, as for an application).
// One attempt per Idempotency-Key (payment_attempts, as the application's payments): a repeat
// gets the first outcome, and two payments of one invoice never run at the provider at once.

export class InvoicePayment extends PaymentPart {
  readonly #provider: PaymentProvider
  readonly #attempts: PaymentAttempts
  readonly #completion: PaymentCompletion
  readonly #card: CardPayment

  constructor(parts: PaymentParts & { card: CardPayment }) {
    super(parts.options)
    this.#provider = parts.provider
    this.#attempts = parts.attempts
    this.#completion = parts.completion
    this.#card = parts.card
  }

  /** GET /invoice/: the holder's invoice, or null when there is none. */
  async invoice(holder: Holder): Promise<InvoiceView> {
    const contract = await this.#contractOf(holder)
    if (contract === undefined) return { invoice: null }
    const { applyInfo } = contract
    const { statusPattern } = applyInfo.basicInfo
    const account = await findVirtualAccountOfApplication(this.db, contract.applicationId)
    const latest = await findLatestCardAttempt(this.db, contract.applicationId)
    return {
      invoice: {
        state:
          statusPattern === '330'
            ? 'paid'
            : account !== undefined
              ? 'transfer'
              : latest?.status === 'threeDSecure'
                ? 'threeDSecure'
                : 'open',
        groupPfPolicyHolderNo: applyInfo.basicInfo.groupPfPolicyHolderNo ?? '',
        groupPfCodeInceptionDateYm: contract.groupPfCodeInceptionDateYm,
        inceptionDate: applyInfo.policyHolderInfo.policyHolderInceptionDate,
        expiryDate: applyInfo.policyHolderInfo.policyHolderExpiryDate,
        invoiceAmount: amountOf(contract),
        statusPattern: statusPattern === '330' ? '330' : '220',
        card: {
          tokenUrl: `${this.options.settings.publicBaseUrl()}/v1/tokens`,
          publishableKey: this.options.settings.publishableKey,
        },
        virtualAccount:
          account === undefined
            ? null
            : {
                bankName: account.bankName,
                branchName: account.branchName,
                accountType: account.accountType,
                accountNumber: account.accountNumber,
                accountHolder: account.accountHolder,
                amount: account.amount,
                dueDate: account.dueDate,
                paidAmount: account.paidAmount,
              },
      },
    }
  }

  /** GET /invoice/puzzle/: the card form's puzzle, as the payment screen's. */
  newPuzzle(holder: Holder): Promise<PuzzleChallenge> {
    return this.#card.newPuzzle(holder)
  }

  /** POST /invoice/card/: the card token and the solved puzzle → 3-D Secure or paid. */
  async payByCard(
    holder: Holder,
    idempotencyKey: string,
    body: { cardToken: string; puzzle: PuzzleSolution },
  ): Promise<InvoiceOutcome> {
    const now = this.now()
    const started = await this.#start(holder, idempotencyKey, 'card', () =>
      this.#card.checkPuzzle(body.puzzle, now),
    )
    if (started.kind === 'repeat') return started.outcome
    const { contract, attempt } = started
    return this.#attempts.settle(attempt, errorCodes.cardSystemError, () =>
      this.#card.authorize(
        attempt,
        {
          cardToken: body.cardToken,
          puzzle: body.puzzle,
          orderId: contract.applicationId,
          returnUrl: this.#returnUrl(contract),
          now,
        },
        (paymentId) => this.#capture(attempt, paymentId),
      ),
    )
  }

  /** POST /invoice/card/threeDSecure/: back from the provider's page, with the same key. */
  async returnFromThreeDSecure(holder: Holder, idempotencyKey: string): Promise<InvoiceOutcome> {
    const contract = await this.#requireContract(holder)
    const attempt = await findAttempt(this.db, contract.applicationId, idempotencyKey)
    if (attempt === undefined || attempt.kind !== 'card') {
      throw stepNotOpen('no card payment of this invoice with that key')
    }
    const outcome = await this.#card.resumeAfterThreeDSecure(attempt, (paymentId) =>
      this.#capture(attempt, paymentId),
    )
    return outcome ?? this.#outcomeOf(attempt)
  }

  /** POST /invoice/virtualAccount/: the provider issues the contract's own account. */
  async issueVirtualAccount(holder: Holder, idempotencyKey: string): Promise<InvoiceOutcome> {
    const started = await this.#start(holder, idempotencyKey, 'virtualAccount')
    if (started.kind === 'repeat') return started.outcome
    const { contract, attempt } = started
    return this.#attempts.settle(attempt, errorCodes.paymentCancelledRetry, async () => {
      const { policyHolderInfo } = contract.applyInfo
      const result = await this.#provider.createVirtualAccount(idempotencyKey, {
        orderId: contract.applicationId,
        amount: attempt.amount,
        dueDate: addDays(toBusinessDate(this.now()), VIRTUAL_ACCOUNT_DUE_DAYS),
        accountHolder: (
          policyHolderInfo.policyHolderNameKana || policyHolderInfo.policyHolderNameKanji
        ).slice(0, 60),
      })
      if (result.kind === 'refused' || result.account.amount !== attempt.amount) {
        const code =
          result.kind === 'refused' && /^ESOE\d{4}$/.test(result.code)
            ? result.code
            : errorCodes.paymentCancelledRetry
        throw await this.#attempts.fail(attempt, code, 'virtual account refused')
      }
      const { account } = result
      const now = this.now()
      await this.db.transaction(async (txn) => {
        const tx = txn as unknown as Database
        const row = await findApplicationById(tx, contract.applicationId, { forUpdate: true })
        if (row?.applyInfo?.basicInfo.statusPattern !== '220') {
          throw paymentError(errorCodes.alreadyApplied, 'the invoice was paid meanwhile')
        }
        await this.#completion.saveAccount(tx, row.id, account, now)
        // SPEC §4: an issued account keeps the invoice at 220 until the deposit arrives
        await appendAuditEntry(tx, {
          actorKind: 'applicant',
          actorId: row.accountId,
          action: 'invoice.accountIssued',
          recordKind: 'application',
          recordId: row.id,
          details: { paymentAttemptId: attempt.id },
        })
        const isFinished = await finishAttempt(tx, attempt.id, {
          status: 'succeeded',
          outcome: { result: 'transfer' },
          providerReference: account.id,
          now,
        })
        if (!isFinished) throw new Error('payment attempt ended meanwhile')
      })
      return { result: 'transfer' as const }
    })
  }

  /** The invoice still to pay, its attempt for the key, or a repeat's outcome. */
  async #start(
    holder: Holder,
    idempotencyKey: string,
    kind: AttemptKind,
    beforeChecks?: () => Promise<void>,
  ): Promise<
    | { kind: 'new'; contract: InvoiceContract; attempt: AttemptRow }
    | { kind: 'repeat'; outcome: InvoiceOutcome }
  > {
    const contract = await this.#requireContract(holder)
    const existing = await findAttempt(this.db, contract.applicationId, idempotencyKey)
    if (existing !== undefined) {
      if (existing.kind !== kind) throw stepNotOpen(`the key belongs to a ${existing.kind} payment`)
      return { kind: 'repeat', outcome: this.#outcomeOf(existing) }
    }
    await beforeChecks?.()
    if (contract.applyInfo.basicInfo.statusPattern !== '220') {
      throw paymentError(errorCodes.alreadyApplied, 'the invoice is paid')
    }
    if ((await findVirtualAccountOfApplication(this.db, contract.applicationId)) !== undefined) {
      throw stepNotOpen('the invoice is paid by transfer')
    }
    const started = await startKeyedAttempt(this.db, {
      applicationId: contract.applicationId,
      kind,
      idempotencyKey,
      amount: amountOf(contract),
      now: this.now(),
    })
    if (started.kind === 'repeat')
      return { kind: 'repeat', outcome: this.#outcomeOf(started.attempt) }
    return { kind: 'new', contract, attempt: started.attempt }
  }

  /** The capture, checked again first: still 220 and no account issued meanwhile. */
  #capture(attempt: AttemptRow, paymentId: string): Promise<InvoiceOutcome> {
    return this.#card.capture(attempt, paymentId, {
      refusal: async () => {
        const row = await findApplicationById(this.db, attempt.applicationId)
        if (row?.applyInfo?.basicInfo.statusPattern !== '220') {
          return { code: errorCodes.alreadyApplied, message: 'the invoice was paid meanwhile' }
        }
        if ((await findVirtualAccountOfApplication(this.db, attempt.applicationId)) !== undefined) {
          return { code: errorCodes.alreadyApplied, message: 'paid by transfer meanwhile' }
        }
        return undefined
      },
      complete: () => this.#markPaid(attempt, paymentId),
    })
  }

  /** One transaction: 220 → 330 (SPEC §4 card captured), the attempt succeeded, the audit entry. */
  async #markPaid(attempt: AttemptRow, paymentId: string): Promise<InvoiceOutcome> {
    const now = this.now()
    const isPaid = await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const row = await findApplicationById(tx, attempt.applicationId, { forUpdate: true })
      if (row?.applyInfo == null) throw new Error('contract without its state')
      const { basicInfo } = row.applyInfo
      if (basicInfo.statusPattern !== '220') return false
      const statusPattern = statusPatternAfter(basicInfo.statusPattern, 'cardCaptured')
      await updateApplyInfo(
        tx,
        row.id,
        { applyInfo: { ...row.applyInfo, basicInfo: { ...basicInfo, statusPattern } } },
        now,
      )
      await appendAuditEntry(tx, {
        actorKind: 'applicant',
        actorId: row.accountId,
        action: 'invoice.paid',
        recordKind: 'application',
        recordId: row.id,
        details: { paymentAttemptId: attempt.id, attemptKind: attempt.kind },
      })
      const isFinished = await finishAttempt(tx, attempt.id, {
        status: 'succeeded',
        outcome: { result: 'paid' },
        now,
      })
      if (!isFinished) throw new Error('payment attempt ended meanwhile')
      return true
    })
    if (!isPaid) {
      // Captured after the invoice was paid another way: the agency refunds it.
      throw await this.#attempts.fail(
        attempt,
        errorCodes.notCompletedContactAgency,
        `payment ${paymentId} captured for an invoice paid before: refund it`,
      )
    }
    return { result: 'paid' }
  }

  /** A repeat's answer: the attempt's outcome, or its refusal. */
  #outcomeOf(attempt: AttemptRow): InvoiceOutcome {
    if (attempt.status !== 'succeeded') return unfinishedOutcome(attempt)
    return attempt.kind === 'card' ? { result: 'paid' } : { result: 'transfer' }
  }

  #contractOf(holder: Holder): Promise<InvoiceContract | undefined> {
    return findInvoiceContract(this.db, {
      accountId: holder.accountId,
      groupPfCode: holder.link.groupPfCode,
    })
  }

  async #requireContract(holder: Holder): Promise<InvoiceContract> {
    const contract = await this.#contractOf(holder)
    if (contract === undefined) throw stepNotOpen('the holder has no invoice')
    return contract
  }

  /** Where the provider sends the browser back after 3-D Secure: the my-page's invoice screen. */
  #returnUrl(contract: InvoiceContract): string {
    const query = new URLSearchParams({ threeDSecure: 'return' })
    return `${this.options.publicBaseUrl()}${appHref(myPagePathWithQuery('invoice', contract, query))}`
  }
}

function amountOf(contract: InvoiceContract): number {
  return contract.invoiceAmount ?? contract.applyInfo.cvrgeInfo.totalPremium
}
