import { appendAuditEntry } from '../audit/audit-records.ts'
import { randomInt, randomUUID } from 'node:crypto'
import {
  addDays,
  errorCodes,
  myPageLoginHref,
  startOfBusinessDate,
  toBusinessDate,
  type ApplyInfo,
  type ApplyInfoOption,
} from '@app/shared'
import { type Completion, type PaymentOutcome } from '@app/shared/api/payment/payment'
import { statusPatternAfter, type PaymentEvent } from '@app/shared/rules/payment'
import type { Database } from '../../db/client.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { agencyCompletionMail, completionMail } from '../mail/templates.ts'
import {
  findAttemptById,
  findVirtualAccountOfApplication,
  finishAttempt,
  insertVirtualAccount,
  type AttemptRow,
  type VirtualAccountRow,
} from './payment-repository.ts'
import {
  findApplicationById,
  markApplied,
  updateApplyInfo,
} from '../application/application-records.ts'
import { listInstalments, saveStoredCard, writeSchedule } from './instalment-repository.ts'
import { issuedAccountColumns, virtualAccountOf } from './virtual-account-view.ts'
import { type IssuedVirtualAccount, type StoredCard } from './provider.ts'
import { contractInstalments } from '@app/shared/rules/instalments'
import { INSTALMENT_INVOICE_LEAD_DAYS } from '@app/shared/rules/payment'

import {
  failAttempt,
  type PaymentContext,
  type PaymentOptions,
  PaymentPart,
} from './payment-common.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// Completion (SPEC §4, §8.4): the attempt succeeded, the application applied with its policy
// holder number and status pattern, the virtual account kept, the completion mails queued, all
// in one transaction; and the completion as the screens show it.

const POLICY_HOLDER_NO_CONSTRAINT = 'applications_policy_holder_no_uq'

function newPolicyHolderNo(): string {
  return String(randomInt(0, 10_000_000_000)).padStart(10, '0')
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505') return candidate.constraint === constraint
    current = candidate.cause
  }
  return false
}

/** What completeApplication shows (completionSchema). */
function completionFrom(
  applyInfo: ApplyInfo,
  applyInfoOption: ApplyInfoOption,
  account: VirtualAccountRow | undefined,
): Completion {
  const basic = applyInfo.basicInfo
  return {
    groupPfPolicyHolderNo: basic.groupPfPolicyHolderNo ?? '',
    userId: basic.userId,
    policyHolderEmailAddress: basic.policyHolderEmailAddress,
    statusPattern: basic.statusPattern,
    pymntMethod: basic.pymntMethod,
    invoiceAmount: applyInfoOption.invoiceAmount ?? applyInfo.cvrgeInfo.totalPremium,
    applicationDate: basic.applicationDate ?? '',
    isExistApplyCompMailError: applyInfoOption.isExistApplyCompMailError,
    virtualAccount: account === undefined ? null : virtualAccountOf(account),
    // a transfer's own account (pymntMethod "3") replaces the group's payee text: shown once
    // (issue #23 point 17)
    payeeAccntInfo:
      basic.payeeAccntDisplayDiv === '1' && basic.pymntMethod !== '3' ? basic.payeeAccntInfo : null,
  }
}

export class PaymentCompletion extends PaymentPart {
  constructor(options: PaymentOptions) {
    super(options)
  }

  /**
   * One transaction: the attempt succeeded, the application applied (its number, date, amount
   * and status pattern, SPEC §4), the virtual account, the completion mail. The mail is tried
   * right after the commit; a refused recipient is recorded (SPEC §8.4 "Mail not sent").
   */
  /**
   * A card payment of a product paid in instalments (issue #24, ADR 0038): the card the provider
   * now keeps, and the schedule, the first instalment being this payment. A schedule the product's
   * settings cannot give (a payment count that does not divide a year) is not written: the
   * payment stands, and the contract is paid once, as before.
   */
  async #keepCardAndSchedule(
    tx: Database,
    context: PaymentContext,
    attempt: AttemptRow,
    applicationId: string,
    applyInfo: ApplyInfo,
    card: { paymentId: string; storedCard: StoredCard | undefined },
    now: Date,
  ): Promise<boolean> {
    const schedule = contractInstalments(
      context.product.group,
      applyInfo,
      attempt.amount,
      toBusinessDate(now),
    )
    if (card.storedCard === undefined || schedule === undefined || schedule.length < 2) {
      return false
    }
    // what the holder is shown of the card, and the provider's reference: nothing else
    const { id: providerCardId, brand, last4, expiryMonth, expiryYear } = card.storedCard
    await saveStoredCard(
      tx,
      { applicationId, providerCardId, brand, last4, expiryMonth, expiryYear },
      now,
    )
    await writeSchedule(tx, {
      applicationId,
      schedule,
      method: 'card',
      firstPaymentId: card.paymentId,
      now,
      dueAt: startOfBusinessDate,
    })
    return true
  }

  /**
   * A transfer of a product paid in instalments (ADR 0039): the schedule, the first instalment
   * being the application's own account, each later one invoiced by the charge job with an account
   * of its own INSTALMENT_INVOICE_LEAD_DAYS before its due date. Not written when the product's
   * settings give no schedule: the contract is paid once, as before.
   */
  async #transferSchedule(
    tx: Database,
    context: PaymentContext,
    attempt: AttemptRow,
    applicationId: string,
    applyInfo: ApplyInfo,
    now: Date,
  ): Promise<boolean> {
    const schedule = contractInstalments(
      context.product.group,
      applyInfo,
      attempt.amount,
      toBusinessDate(now),
      'transfer',
    )
    if (schedule === undefined || schedule.length < 2) return false
    await writeSchedule(tx, {
      applicationId,
      schedule,
      method: 'transfer',
      now,
      dueAt: startOfBusinessDate,
      invoiceAt: (dueDate) => startOfBusinessDate(addDays(dueDate, -INSTALMENT_INVOICE_LEAD_DAYS)),
    })
    return true
  }

  async complete(
    context: PaymentContext,
    attempt: AttemptRow,
    event: PaymentEvent,
    account?: IssuedVirtualAccount,
    card?: { paymentId: string; storedCard: StoredCard | undefined },
  ): Promise<PaymentOutcome> {
    const now = this.now()
    const messageId = await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const row = await findApplicationById(tx, attempt.applicationId, { forUpdate: true })
      if (row?.applyInfo == null || row.applyInfoOption == null) {
        throw new Error('application without its state')
      }
      if (row.status === 'applied') return undefined
      const isRenewal = (await this.options.renewals?.completeInTx(tx, row.id, now)) ?? false
      const accountRow =
        account === undefined ? undefined : await this.saveAccount(tx, row.id, account, now)
      const state = { applyInfo: row.applyInfo, applyInfoOption: row.applyInfoOption }
      const applied = await this.#markApplied(tx, row.id, state, attempt, event, now)
      const isScheduled =
        card !== undefined
          ? await this.#keepCardAndSchedule(
              tx,
              context,
              attempt,
              row.id,
              applied.applyInfo,
              card,
              now,
            )
          : account !== undefined &&
            (await this.#transferSchedule(tx, context, attempt, row.id, applied.applyInfo, now))
      const completion = completionFrom(applied.applyInfo, applied.applyInfoOption, accountRow)
      const isFinished = await finishAttempt(tx, attempt.id, {
        status: 'succeeded',
        outcome: { result: 'completed', completion },
        ...(account === undefined ? {} : { providerReference: account.id }),
        now,
      })
      if (!isFinished) throw new Error('payment attempt ended meanwhile')
      const mail = completionMail({
        groupName: context.product.group.groupNameKanji,
        groupPfPolicyHolderNo: completion.groupPfPolicyHolderNo,
        myPage:
          context.product.group.policyHolderPageUseDiv === '1'
            ? {
                userId: completion.userId,
                url: `${this.options.publicBaseUrl()}${myPageLoginHref({ groupPfCode: row.groupPfCode, urlKey: row.urlKey })}`,
              }
            : null,
        applicationDate: completion.applicationDate,
        invoiceAmount: completion.invoiceAmount,
        pymntMethod: completion.pymntMethod,
        pymntCount: context.product.group.pymntCount,
        ...(isScheduled ? { closingDay: context.product.group.closingDay } : {}),
        virtualAccount: completion.virtualAccount,
        payeeAccntInfo: completion.payeeAccntInfo,
        agencyContact: context.branch.refFreeField,
        isRenewal,
      })
      const agentMail = context.branch.agentMail.trim()
      if (agentMail !== '') {
        // the agency's copy (SPEC §3.4 agentMail): delivered by the job, never blocking this
        const copy = agencyCompletionMail({
          groupName: context.product.group.groupNameKanji,
          groupPfBranchNo: row.groupPfBranchNo,
          groupPfPolicyHolderNo: completion.groupPfPolicyHolderNo,
          applicationDate: completion.applicationDate,
          invoiceAmount: completion.invoiceAmount,
          pymntMethod: completion.pymntMethod,
        })
        await enqueueMail(tx, { ...copy, recipient: agentMail }, now)
      }
      const completionMailId = await enqueueMail(
        tx,
        { ...mail, recipient: completion.policyHolderEmailAddress },
        now,
      )
      // In the same transaction: a completion rolled back leaves no entry (issue #20 point 4).
      // Last, just before the commit: the append takes the log's lock, which every audited
      // transaction of every process waits for, and holds it until the commit (ADR 0035).
      await appendAuditEntry(tx, {
        actorKind: 'applicant',
        actorId: row.accountId,
        action: 'application.submitted',
        recordKind: 'application',
        recordId: row.id,
        details: { paymentAttemptId: attempt.id, attemptKind: attempt.kind },
      })
      return completionMailId
    })
    if (messageId === undefined) {
      if (event === 'cardCaptured') {
        // Captured after another payment completed the application: the agency refunds it.
        const reference = (await findAttemptById(this.db, attempt.id))?.providerReference
        throw await failAttempt(this.db, attempt, {
          errorCode: errorCodes.notCompletedContactAgency,
          message: `payment ${reference ?? '?'} captured for an application applied before: refund it`,
          now: this.now(),
        })
      }
      throw await failAttempt(this.db, attempt, {
        errorCode: errorCodes.alreadyApplied,
        message: 'applied by another payment',
        now: this.now(),
      })
    }
    const delivery = await this.options.deliverMail(messageId).catch(() => 'retrying' as const)
    if (delivery === 'refused') await this.#recordMailError(attempt.applicationId)
    return { result: 'completed', completion: await this.completionOf(attempt.applicationId) }
  }

  /** Keeps an issued virtual account (the completion's, or an invoice's, ADR 0032). */
  async saveAccount(
    tx: Database,
    applicationId: string,
    account: IssuedVirtualAccount,
    now: Date,
  ): Promise<VirtualAccountRow> {
    const row: VirtualAccountRow = {
      id: randomUUID(),
      applicationId,
      instalmentId: null,
      ...issuedAccountColumns(account),
      paidAmount: 0,
      depositStatus: 'awaiting',
      createdAt: now,
      updatedAt: now,
    }
    await insertVirtualAccount(tx, row)
    return row
  }

  /** The application's completion writes, with a policy holder number free in its product. */
  async #markApplied(
    tx: Database,
    applicationId: string,
    row: { applyInfo: ApplyInfo; applyInfoOption: ApplyInfoOption },
    attempt: AttemptRow,
    event: PaymentEvent,
    now: Date,
  ): Promise<{ applyInfo: ApplyInfo; applyInfoOption: ApplyInfoOption }> {
    const next = this.options.newPolicyHolderNo ?? newPolicyHolderNo
    const { basicInfo } = row.applyInfo
    for (let tries = 0; tries < 5; tries += 1) {
      const number = next()
      const applyInfo: ApplyInfo = {
        ...row.applyInfo,
        basicInfo: {
          ...basicInfo,
          groupPfPolicyHolderNo: number,
          statusPattern: statusPatternAfter(basicInfo.statusPattern, event),
          applicationDate: toBusinessDate(now),
        },
      }
      const applyInfoOption: ApplyInfoOption = {
        ...row.applyInfoOption,
        invoiceAmount: attempt.amount,
        policyHolderNumber: number,
      }
      try {
        // A savepoint: on PostgreSQL a failed statement would otherwise end the transaction.
        await tx.transaction(async (savepoint) => {
          await markApplied(savepoint, applicationId, {
            groupPfPolicyHolderNo: number,
            applyInfo,
            applyInfoOption,
            now,
          })
        })
        return { applyInfo, applyInfoOption }
      } catch (error) {
        if (!isUniqueViolation(error, POLICY_HOLDER_NO_CONSTRAINT)) throw error
      }
    }
    throw new Error('no free policy holder number after 5 tries')
  }

  async #recordMailError(applicationId: string): Promise<void> {
    await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const row = await findApplicationById(tx, applicationId, { forUpdate: true })
      if (row?.applyInfoOption == null) return
      await updateApplyInfo(
        tx,
        applicationId,
        { applyInfoOption: { ...row.applyInfoOption, isExistApplyCompMailError: true } },
        this.now(),
      )
    })
  }

  /**
   * The completion mail of an applied application again, to its holder's address (the back
   * office, issue #20 point 6): built as at completion, without the agency's copy. 409 ADMC0001
   * when the application is not applied.
   */
  async resendCompletionMail(applicationId: string): Promise<void> {
    const row = await findApplicationById(this.db, applicationId)
    if (row?.status !== 'applied' || row.applyInfo == null || row.applyInfoOption == null) {
      throw new AdminError(adminErrorCodes.adminStateConflict, {
        message: 'application not applied',
      })
    }
    const now = this.now()
    const linked = await this.options.groups.linkedGroup(row, now)
    const completion = await this.completionOf(applicationId)
    const group = linked.groupPfInfo
    // as at completion: the later instalments' words only when a schedule was written
    const isScheduled = (await listInstalments(this.db, applicationId)).length > 0
    const mail = completionMail({
      groupName: group.groupNameKanji,
      groupPfPolicyHolderNo: completion.groupPfPolicyHolderNo,
      myPage:
        group.policyHolderPageUseDiv === '1'
          ? {
              userId: completion.userId,
              url: `${this.options.publicBaseUrl()}${myPageLoginHref({ groupPfCode: row.groupPfCode, urlKey: row.urlKey })}`,
            }
          : null,
      applicationDate: completion.applicationDate,
      invoiceAmount: completion.invoiceAmount,
      pymntMethod: completion.pymntMethod,
      pymntCount: group.pymntCount,
      ...(isScheduled ? { closingDay: group.closingDay } : {}),
      virtualAccount: completion.virtualAccount,
      payeeAccntInfo: completion.payeeAccntInfo,
      agencyContact: linked.branch.refFreeField,
      isRenewal: row.preApplicationId !== null,
    })
    const messageId = await enqueueMail(
      this.db,
      { ...mail, recipient: completion.policyHolderEmailAddress },
      now,
    )
    await this.options.deliverMail(messageId).catch(() => 'retrying' as const)
  }

  async completionOf(applicationId: string): Promise<Completion> {
    const row = await findApplicationById(this.db, applicationId)
    if (row?.applyInfo == null || row.applyInfoOption == null) {
      throw new Error('applied application without its state')
    }
    const account = await findVirtualAccountOfApplication(this.db, applicationId)
    return completionFrom(row.applyInfo, row.applyInfoOption, account)
  }
}
