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
  insertDepositNotification,
  lockVirtualAccountByNumber,
  recordDepositOnAccount,
} from './payment-repository.ts'
import { findApplicationById, updateApplyInfo } from '../application/application-records.ts'
import { verifyDepositSignature } from './signature.ts'

import { PaymentPart, type PaymentOptions } from './payment-common.ts'

// Deposit reconciliation (SPEC §4; PRODUCT.md "Money"): the provider's signed notification,
// kept once per id, matched to its virtual account, and the application's status pattern and
// mail in the same transaction.

export type DepositOutcome = 'paid' | 'underpaid' | 'overpaid' | 'unknownAccount'
export type DepositAnswer =
  { received: true; outcome: DepositOutcome } | { received: true; duplicate: true }

const depositEvents: Record<'paid' | 'underpaid' | 'overpaid', PaymentEvent> = {
  paid: 'depositPaidInFull',
  underpaid: 'depositUnderpaid',
  overpaid: 'depositOverpaid',
}
export class DepositReconciliation extends PaymentPart {
  constructor(options: PaymentOptions) {
    super(options)
  }

  /**
   * The provider's signed deposit notification: checked against the raw body, kept whatever it
   * matches (an unknown account is kept for an operator), recorded once per notification id,
   * and reconciled with the account and the application's status pattern in one transaction.
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
    return this.db.transaction(async (txn): Promise<DepositAnswer> => {
      const tx = txn as unknown as Database
      const account = await lockVirtualAccountByNumber(tx, notification.accountNumber)
      const paidAmount = (account?.paidAmount ?? 0) + notification.amount
      const outcome: DepositOutcome =
        account === undefined
          ? 'unknownAccount'
          : (depositStatus(account.amount, paidAmount) as 'paid' | 'underpaid' | 'overpaid')
      const isNew = await insertDepositNotification(tx, {
        id: notification.id,
        accountNumber: notification.accountNumber,
        amount: notification.amount,
        depositedAt: new Date(notification.depositedAt),
        depositorName: notification.depositorName ?? null,
        virtualAccountId: account?.id ?? null,
        outcome,
        receivedAt: now,
      })
      if (!isNew) return { received: true, duplicate: true }
      if (account !== undefined && outcome !== 'unknownAccount') {
        await recordDepositOnAccount(tx, account.id, { paidAmount, depositStatus: outcome, now })
        await this.#applyDeposit(tx, account.applicationId, {
          event: depositEvents[outcome],
          amount: account.amount,
          paidAmount,
          outcome,
          now,
        })
      }
      return { received: true, outcome }
    })
  }

  /**
   * A reconciled deposit on the application, in the notification's transaction: its status pattern
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
