import { AppError, errorCodes, t } from '@app/shared'
import {
  depositNotificationSchema,
  SIGNATURE_TOLERANCE_SECONDS,
} from '@app/shared/api/payment/payment'
import { depositStatus, statusPatternAfter, type PaymentEvent } from '@app/shared/rules/payment'
import type { Database } from '../../db/client.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { findBranch, findGroupPfInfo } from '../group/group-records.ts'
import { depositMail, type DepositMailInput } from '../mail/templates.ts'
import {
  claimReceivedNotification,
  insertDepositNotification,
  lockVirtualAccountByNumber,
  markNotificationReconciled,
  recordDepositOnAccount,
  type VirtualAccountRow,
} from './payment-repository.ts'
import { findApplicationById, updateApplyInfo } from '../application/application-records.ts'
import { verifyDepositSignature } from './signature.ts'
import { instalmentDepositMail } from '../mail/instalment-templates.ts'
import { instalmentMailTarget } from './instalment-charges.ts'
import { findInstalment, markTransferPaid } from './instalment-repository.ts'

import { PaymentPart, type PaymentOptions } from './payment-common.ts'

// Deposit reconciliation (SPEC §4; PRODUCT.md "Money"; issue #21 point 3, ADR 0031): the
// provider's signed notification is checked and kept once per id by the webhook, which answers
// at once; the reconciliation job claims kept notifications (FOR UPDATE SKIP LOCKED, so two
// processes never reconcile one twice) and matches each to its virtual account, the
// application's status pattern and its mail in one transaction. The webhook nudges the job right
// after its commit; the job also runs on an interval.

export type DepositOutcome = 'paid' | 'underpaid' | 'overpaid' | 'unknownAccount'
export type DepositAnswer = { received: true } | { received: true; duplicate: true }

const depositEvents: Record<'paid' | 'underpaid' | 'overpaid', PaymentEvent> = {
  paid: 'depositPaidInFull',
  underpaid: 'depositUnderpaid',
  overpaid: 'depositOverpaid',
}

/** Notifications per run of the job before it looks again (a run goes on while it finds some). */
const RECONCILE_BATCH = 50

export class DepositReconciliation extends PaymentPart {
  constructor(options: PaymentOptions) {
    super(options)
  }

  /**
   * The provider's signed notification: checked against the raw body and kept (state received)
   * whatever it matches, once per notification id. The reconciliation job does the rest; it is
   * nudged once this transaction has committed.
   */
  async receiveDeposit(rawBody: string, signature: string | undefined): Promise<DepositAnswer> {
    const now = this.now()
    const isSigned = verifyDepositSignature(
      this.options.settings.webhookSecret,
      signature,
      rawBody,
      Math.floor(now.getTime() / 1000),
      SIGNATURE_TOLERANCE_SECONDS,
    )
    if (!isSigned) {
      throw new AppError(errorCodes.depositNotificationRejected, {
        message: 'deposit notification signature refused',
      })
    }
    let json: unknown
    try {
      json = JSON.parse(rawBody)
    } catch {
      throw new AppError(errorCodes.validationFailed, { message: 'notification is not JSON' })
    }
    const parsed = depositNotificationSchema.safeParse(json)
    if (!parsed.success) {
      throw new AppError(errorCodes.validationFailed, {
        message: 'notification does not match its schema',
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: t('error.APFV0001'),
        })),
      })
    }
    const notification = parsed.data
    const isNew = await insertDepositNotification(this.db, {
      id: notification.id,
      accountNumber: notification.accountNumber,
      amount: notification.amount,
      depositedAt: new Date(notification.depositedAt),
      depositorName: notification.depositorName ?? null,
      virtualAccountId: null,
      outcome: null,
      status: 'received',
      receivedAt: now,
    })
    if (!isNew) return { received: true, duplicate: true }
    // committed (one statement): the job reconciles it within the second
    this.options.onDepositReceived?.()
    return { received: true }
  }

  /**
   * One run of the reconciliation job: claims received notifications one at a time, each in its
   * own transaction (SKIP LOCKED: another process takes another row), until none is left or
   * `limit` were reconciled. Returns how many this run reconciled.
   */
  async reconcileDue(limit = RECONCILE_BATCH): Promise<number> {
    let done = 0
    while (done < limit) {
      const isDone = await this.db.transaction(async (txn): Promise<boolean> => {
        const tx = txn as unknown as Database
        const claimed = await claimReceivedNotification(tx)
        if (claimed === undefined) return false
        const account = await lockVirtualAccountByNumber(tx, claimed.accountNumber)
        await this.reconcileToAccount(tx, claimed, account, { now: this.now(), staffId: null })
        return true
      })
      if (!isDone) break
      done += 1
    }
    return done
  }

  /**
   * A notification matched to an account (or to none: unknown account), in the caller's
   * transaction with the notification and the account locked: the account's paid amount and
   * deposit status, the application's status pattern and the applicant's mail. Also the desk's
   * match by hand (staffId set). Returns the outcome.
   */
  async reconcileToAccount(
    tx: Database,
    notification: { id: string; amount: number },
    account: VirtualAccountRow | undefined,
    by: { now: Date; staffId: string | null },
  ): Promise<DepositOutcome> {
    const paidAmount = (account?.paidAmount ?? 0) + notification.amount
    const outcome: DepositOutcome =
      account === undefined
        ? 'unknownAccount'
        : (depositStatus(account.amount, paidAmount) as 'paid' | 'underpaid' | 'overpaid')
    await markNotificationReconciled(tx, notification.id, {
      virtualAccountId: account?.id ?? null,
      outcome,
      matchedByStaffId: by.staffId,
      now: by.now,
    })
    if (account !== undefined && outcome !== 'unknownAccount') {
      await recordDepositOnAccount(tx, account.id, {
        paidAmount,
        depositStatus: outcome,
        now: by.now,
      })
      // paid in full (or more): the transferred instalment it invoices is paid (ADR 0039)
      if (outcome !== 'underpaid') {
        await markTransferPaid(tx, account, notification.id, by.now)
      }
      if (account.instalmentId === null) {
        await this.#applyDeposit(tx, account.applicationId, {
          event: depositEvents[outcome],
          amount: account.amount,
          paidAmount,
          outcome,
          now: by.now,
        })
      } else {
        await this.#mailInstalmentDeposit(tx, account.instalmentId, {
          amount: account.amount,
          paidAmount,
          outcome,
          now: by.now,
        })
      }
    }
    return outcome
  }

  /**
   * A deposit into a later instalment's account (ADR 0039): the holder is told it arrived, short
   * or over. The application's status pattern is its first payment's and does not move.
   */
  async #mailInstalmentDeposit(
    tx: Database,
    instalmentId: string,
    deposit: {
      amount: number
      paidAmount: number
      outcome: 'paid' | 'underpaid' | 'overpaid'
      now: Date
    },
  ): Promise<void> {
    const instalment = await findInstalment(tx, instalmentId)
    if (instalment === undefined) return
    const target = await instalmentMailTarget(tx, instalment, this.options.publicBaseUrl)
    if (target === undefined) return
    const mail = instalmentDepositMail({
      ...target.context,
      amount: deposit.amount,
      paidAmount: deposit.paidAmount,
      outcome: deposit.outcome,
    })
    await enqueueMail(tx, { ...mail, recipient: target.subject.mailAddress }, deposit.now)
  }

  /**
   * A reconciled deposit on the application, in the reconciliation's transaction: its status pattern
   * moves on (SPEC §4), and the applicant is mailed paid, short or over (issue #23 point 17).
   * One read of the application, locked, serves both.
   */
  async #applyDeposit(
    tx: Database,
    applicationId: string,
    deposit: {
      event: PaymentEvent
      amount: number
      paidAmount: number
      outcome: DepositMailInput['outcome']
      now: Date
    },
  ): Promise<void> {
    const row = await findApplicationById(tx, applicationId, { forUpdate: true })
    if (row?.applyInfo == null) return
    const { basicInfo } = row.applyInfo
    const statusPattern = statusPatternAfter(basicInfo.statusPattern, deposit.event)
    if (statusPattern !== basicInfo.statusPattern) {
      await updateApplyInfo(
        tx,
        applicationId,
        { applyInfo: { ...row.applyInfo, basicInfo: { ...basicInfo, statusPattern } } },
        deposit.now,
      )
    }
    const group = await findGroupPfInfo(tx, {
      groupPfCode: row.groupPfCode,
      groupPfCodeInceptionDateYm: row.groupPfCodeInceptionDateYm,
    })
    const branch = await findBranch(tx, {
      groupPfCode: row.groupPfCode,
      groupPfBranchNo: row.groupPfBranchNo,
    })
    const mail = depositMail({
      groupName: group?.groupNameKanji ?? '',
      groupPfPolicyHolderNo: row.groupPfPolicyHolderNo ?? basicInfo.groupPfPolicyHolderNo ?? '',
      amount: deposit.amount,
      paidAmount: deposit.paidAmount,
      outcome: deposit.outcome,
      agencyContact: branch?.refFreeField ?? '',
    })
    await enqueueMail(tx, { ...mail, recipient: basicInfo.policyHolderEmailAddress }, deposit.now)
  }
}
