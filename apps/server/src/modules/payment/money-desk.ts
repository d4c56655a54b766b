import { createHash } from 'node:crypto'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'
import {
  isInstalmentItemKey,
  type MoneyCardItem,
  type MoneyCardState,
  type MoneyDepositItem,
  type MoneyDepositState,
  type MoneyFigures,
  type MoneyInstalmentItem,
  type MoneyInstalmentState,
  type MoneyTotals,
} from '@app/shared/api/admin/money'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { appendAuditEntry } from '../audit/audit-records.ts'
import { findBranch, findGroupPfInfo } from '../group/group-records.ts'
import type { DeliveryOutcome } from '../mail/delivery.ts'
import { shortfallRequestMail } from '../mail/money-templates.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { findApplicationById } from '../application/application-records.ts'
import { staffActor, type StaffPrincipal } from '../staff/staff-scope.ts'
import type { DepositReconciliation } from './deposit-reconciliation.ts'
import {
  dailyTotals,
  findCardItem,
  findDepositItem,
  findInstalmentItem,
  insertRefund,
  isLatestDepositOfAccount,
  listCardItems,
  listDepositItems,
  listInstalmentItems,
  lockNotification,
  lockRefundOfItem,
  lockVirtualAccountOfApplication,
  resolveItemOnce,
  saveItemState,
  updateRefund,
  type CardItemRow,
  type DepositItemRow,
  type InstalmentItemRow,
  type RefundRow,
  type TotalRow,
} from './money-repository.ts'
import { lockInstalmentStatus } from './instalment-repository.ts'
import { ProviderUnavailableError, type PaymentProvider } from './provider.ts'

// The reconciliation desk (issue #21 point 3, ADR 0031): deposits by state, card payments that
// need attention and monthly instalments not collected (issue #24, ADR 0038), and what an
// operator does about them. Every action is audited (money.<verb>)
// in the transaction of its change. A refund inserts its row (one per item) before the provider
// is called, outside any transaction, with an Idempotency-Key derived from the item: a double
// click, or two operators at once, refund once.

export interface MoneyDeskOptions {
  db: Database
  clock: Clock
  provider: PaymentProvider
  deposits: DepositReconciliation
  deliverMail: (messageId: string) => Promise<DeliveryOutcome>
}

const LIST_LIMIT = 200
/** a pending refund younger than this is another request's, still waiting for the provider */
const PENDING_REFUND_MS = 2 * 60_000
const DAY_MS = 86_400_000
const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const MAX_TOTAL_DAYS = 31

const notFound = () => new AdminError(adminErrorCodes.adminRecordNotFound)
const conflict = (message: string) =>
  new AdminError(adminErrorCodes.adminStateConflict, { message })

/** The provider's Idempotency-Key of an item's refund: the same for every request about it. */
export function refundKeyOf(itemKey: string): string {
  return `refund_${createHash('sha256').update(itemKey).digest('hex').slice(0, 40)}`
}

function refundOf(row: {
  refundAmount: number | null
  refundStatus: string | null
  providerRefundId: string | null
}): MoneyDepositItem['refund'] {
  if (row.refundAmount === null || row.refundStatus === null) return null
  return {
    amount: row.refundAmount,
    status: row.refundStatus as 'pending' | 'succeeded' | 'failed',
    providerRefundId: row.providerRefundId,
  }
}

function resolutionOf(row: { resolvedAt: Date | null; resolutionNote: string | null }) {
  return row.resolvedAt === null
    ? null
    : { resolvedAt: row.resolvedAt.toISOString(), note: row.resolutionNote ?? '' }
}

function depositItemOf(row: DepositItemRow): MoneyDepositItem {
  return {
    itemKey: row.itemKey,
    notificationId: row.notificationId,
    accountNumber: row.accountNumber,
    amount: row.amount,
    depositedAt: row.depositedAt.toISOString(),
    depositorName: row.depositorName,
    outcome: row.outcome as MoneyDepositItem['outcome'],
    matchedByHand: row.matchedByStaffId !== null,
    account:
      row.applicationId === null || row.groupPfCode === null
        ? null
        : {
            applicationId: row.applicationId,
            groupPfCode: row.groupPfCode,
            groupPfPolicyHolderNo: row.groupPfPolicyHolderNo,
            dueAmount: row.dueAmount ?? 0,
            paidAmount: row.paidAmount ?? 0,
            depositStatus: (row.depositStatus ?? 'awaiting') as 'awaiting',
            dueDate: row.dueDate ?? '',
            isLate: row.isLate === true,
          },
    shortfallRequestedAt: row.shortfallRequestedAt?.toISOString() ?? null,
    refund: refundOf(row),
    resolution: resolutionOf(row),
  }
}

function cardItemOf(row: CardItemRow): MoneyCardItem {
  return {
    itemKey: row.itemKey,
    attemptId: row.attemptId,
    applicationId: row.applicationId,
    groupPfCode: row.groupPfCode,
    groupPfPolicyHolderNo: row.groupPfPolicyHolderNo,
    amount: row.amount,
    providerPaymentId: row.providerPaymentId ?? '',
    capturedAt: row.capturedAt?.toISOString() ?? null,
    refund: refundOf(row),
    resolution: resolutionOf(row),
  }
}

function instalmentItemOf(row: InstalmentItemRow): MoneyInstalmentItem {
  return {
    itemKey: row.itemKey,
    instalmentId: row.instalmentId,
    applicationId: row.applicationId,
    groupPfCode: row.groupPfCode,
    groupPfPolicyHolderNo: row.groupPfPolicyHolderNo,
    coversMonth: row.coversMonth,
    amount: row.amount,
    // the table's check constraint allows only these
    method: row.method as MoneyInstalmentItem['method'],
    tries: row.tries,
    lastErrorCode: row.lastErrorCode,
    // a failed one is never tried again: its last next-try time means nothing
    nextAttemptAt: row.status === 'due' ? row.nextAttemptAt.toISOString() : null,
    card:
      row.cardBrand === null || row.cardLast4 === null
        ? null
        : { brand: row.cardBrand, last4: row.cardLast4 },
    resolution: resolutionOf(row),
  }
}

/** What a refund of an item returns, from which provider payment. */
interface Refundable {
  providerPaymentId: string
  amount: number
  applicationId: string | null
  groupPfCode: string | null
  recordKind: 'depositNotification' | 'paymentAttempt'
  recordId: string
}

const zero = (): MoneyFigures => ({ depositsReceived: 0, cardCaptured: 0, refunded: 0, net: 0 })
const withNet = (figures: Omit<MoneyFigures, 'net'>): MoneyFigures => ({
  ...figures,
  net: figures.depositsReceived + figures.cardCaptured - figures.refunded,
})

export class MoneyDesk {
  readonly #options: MoneyDeskOptions

  constructor(options: MoneyDeskOptions) {
    this.#options = options
  }

  get #db(): Database {
    return this.#options.db
  }

  async listDeposits(who: StaffPrincipal, state: MoneyDepositState): Promise<MoneyDepositItem[]> {
    const rows = await listDepositItems(this.#db, who.scope, state, LIST_LIMIT)
    return rows.map(depositItemOf)
  }

  async listCards(who: StaffPrincipal, state: MoneyCardState): Promise<MoneyCardItem[]> {
    const rows = await listCardItems(this.#db, who.scope, state, LIST_LIMIT)
    return rows.map(cardItemOf)
  }

  /** Instalments the charge job could not collect: failed, or refused and being tried again. */
  async listInstalments(
    who: StaffPrincipal,
    state: MoneyInstalmentState,
  ): Promise<MoneyInstalmentItem[]> {
    const rows = await listInstalmentItems(this.#db, who.scope, state, LIST_LIMIT)
    return rows.map(instalmentItemOf)
  }

  /**
   * A deposit to an unknown account matched to an application's virtual account by hand: the
   * account's paid amount, the application's status pattern and the applicant's mail as if it
   * had come to that account (the reconciliation's own step), audited money.matched.
   */
  async matchDeposit(
    who: StaffPrincipal,
    notificationId: string,
    body: { applicationId: string; reason: string },
  ): Promise<'paid' | 'underpaid' | 'overpaid'> {
    const item = await findDepositItem(this.#db, who.scope, notificationId)
    if (item === undefined) throw notFound()
    const target = await findApplicationById(this.#db, body.applicationId)
    // the application must be one the staff member reaches as well
    if (target === undefined || !(await this.#applicationInScope(who, body.applicationId))) {
      throw notFound()
    }
    const now = this.#options.clock.now()
    const outcome = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const notification = await lockNotification(tx, notificationId)
      if (notification?.status !== 'reconciled' || notification.virtualAccountId !== null) {
        throw conflict('deposit already matched')
      }
      const account = await lockVirtualAccountOfApplication(tx, body.applicationId)
      if (account === undefined) throw conflict('application has no virtual account')
      const result = await this.#options.deposits.reconcileToAccount(tx, notification, account, {
        now,
        staffId: who.staffId,
      })
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'money.matched',
        recordKind: 'depositNotification',
        recordId: notificationId,
        reason: body.reason,
        details: {
          applicationId: body.applicationId,
          amount: notification.amount,
          outcome: result,
        },
      })
      return result as 'paid' | 'underpaid' | 'overpaid'
    })
    return outcome
  }

  /**
   * The rest of an under-paid transfer asked for: the note kept on the item and a mail to the
   * applicant through the outbox, audited money.shortfallRequested, in one transaction.
   */
  async requestShortfall(who: StaffPrincipal, notificationId: string, note: string): Promise<void> {
    const item = await findDepositItem(this.#db, who.scope, notificationId)
    if (item?.applicationId == null) throw notFound()
    const application = await findApplicationById(this.#db, item.applicationId)
    if (application?.applyInfo == null) throw notFound()
    if (item.depositStatus !== 'underpaid') throw conflict('account not under-paid')
    const now = this.#options.clock.now()
    const basic = application.applyInfo.basicInfo
    const group = await findGroupPfInfo(this.#db, {
      groupPfCode: application.groupPfCode,
      groupPfCodeInceptionDateYm: application.groupPfCodeInceptionDateYm,
    })
    const branch = await findBranch(this.#db, {
      groupPfCode: application.groupPfCode,
      groupPfBranchNo: application.groupPfBranchNo,
    })
    const messageId = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const locked = await lockVirtualAccountOfApplication(tx, item.applicationId ?? '')
      if (locked?.depositStatus !== 'underpaid') throw conflict('account not under-paid')
      await saveItemState(tx, item.itemKey, {
        shortfallRequestedAt: now,
        shortfallNote: note,
        updatedAt: now,
      })
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'money.shortfallRequested',
        recordKind: 'depositNotification',
        recordId: notificationId,
        reason: note,
        details: {
          applicationId: item.applicationId,
          dueAmount: locked.amount,
          paidAmount: locked.paidAmount,
        },
      })
      const mail = shortfallRequestMail({
        groupName: group?.groupNameKanji ?? '',
        agencyContact: branch?.refFreeField ?? '',
        groupPfPolicyHolderNo:
          application.groupPfPolicyHolderNo ?? basic.groupPfPolicyHolderNo ?? '',
        dueAmount: locked.amount,
        paidAmount: locked.paidAmount,
        accountNumber: locked.accountNumber,
        bankName: locked.bankName,
        branchName: locked.branchName,
      })
      return enqueueMail(tx, { ...mail, recipient: basic.policyHolderEmailAddress }, now)
    })
    await this.#options.deliverMail(messageId).catch(() => 'retrying' as const)
  }

  /** An item marked resolved with a note, audited money.resolved. */
  async resolve(who: StaffPrincipal, itemKey: string, note: string): Promise<void> {
    if (isInstalmentItemKey(itemKey)) {
      await this.#resolveInstalment(who, itemKey.slice('instalment-'.length), note)
      return
    }
    const refundable = await this.#findItem(who, itemKey)
    const now = this.#options.clock.now()
    await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      await saveItemState(tx, itemKey, {
        resolvedAt: now,
        resolvedByStaffId: who.staffId,
        resolutionNote: note,
        updatedAt: now,
      })
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'money.resolved',
        recordKind: refundable.recordKind,
        recordId: refundable.recordId,
        reason: note,
      })
    })
  }

  /**
   * Refunds an item through the provider: an over-paid deposit's excess, or a captured card
   * payment's whole amount. One refund per item: the row is inserted first (money.refundRequested
   * audited with it), the provider called with the item's key, the outcome recorded
   * (money.refunded or money.refundFailed). A second request while the first waits is 409; after
   * a success it answers the same refund; after a failure it tries again with the same key.
   */
  async refund(
    who: StaffPrincipal,
    itemKey: string,
    reason: string,
  ): Promise<{ amount: number; status: 'succeeded'; providerRefundId: string }> {
    const item = await this.#refundable(who, itemKey)
    const now = this.#options.clock.now()
    const idempotencyKey = refundKeyOf(itemKey)
    const claimed = await this.#db.transaction(async (txn): Promise<RefundRow> => {
      const tx = txn as unknown as Database
      const inserted = await insertRefund(tx, {
        itemKey,
        idempotencyKey,
        providerPaymentId: item.providerPaymentId,
        applicationId: item.applicationId,
        groupPfCode: item.groupPfCode,
        amount: item.amount,
        reason,
        staffId: who.staffId,
        status: 'pending',
        createdAt: now,
      })
      let row = inserted
      if (row === undefined) {
        const existing = await lockRefundOfItem(tx, itemKey)
        if (existing === undefined) throw conflict('refund changed meanwhile')
        if (existing.status === 'succeeded') return existing
        const isFresh = now.getTime() - existing.createdAt.getTime() < PENDING_REFUND_MS
        if (existing.status === 'pending' && isFresh) throw conflict('refund in progress')
        // failed, or pending of a process that stopped: again, with the same key
        await updateRefund(tx, existing.id, {
          status: 'pending',
          reason,
          staffId: who.staffId,
          createdAt: now,
          errorCode: null,
        })
        row = { ...existing, status: 'pending', createdAt: now }
      }
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'money.refundRequested',
        recordKind: item.recordKind,
        recordId: item.recordId,
        reason,
        details: { amount: row.amount, providerPaymentId: row.providerPaymentId },
      })
      return row
    })
    if (claimed.status === 'succeeded') {
      return {
        amount: claimed.amount,
        status: 'succeeded',
        providerRefundId: claimed.providerRefundId ?? '',
      }
    }
    let result: Awaited<ReturnType<PaymentProvider['refund']>>
    try {
      result = await this.#options.provider.refund(
        claimed.providerPaymentId,
        claimed.amount,
        idempotencyKey,
      )
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error
      result = { kind: 'refused', code: 'provider_unavailable' }
    }
    const finishedAt = this.#options.clock.now()
    await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const isRefunded = result.kind === 'refunded'
      await updateRefund(tx, claimed.id, {
        status: isRefunded ? 'succeeded' : 'failed',
        providerRefundId: result.kind === 'refunded' ? result.id : null,
        errorCode: result.kind === 'refunded' ? null : result.code,
        finishedAt,
      })
      if (isRefunded) {
        await saveItemState(tx, itemKey, {
          resolvedAt: finishedAt,
          resolvedByStaffId: who.staffId,
          resolutionNote: reason,
          updatedAt: finishedAt,
        })
      }
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: isRefunded ? 'money.refunded' : 'money.refundFailed',
        recordKind: item.recordKind,
        recordId: item.recordId,
        details:
          result.kind === 'refunded'
            ? { amount: claimed.amount, providerRefundId: result.id }
            : { amount: claimed.amount, providerCode: result.code },
      })
    })
    if (result.kind !== 'refunded') throw conflict(`refund refused (${result.code})`)
    return { amount: claimed.amount, status: 'succeeded', providerRefundId: result.id }
  }

  /**
   * Per JST day in [from, to] and group: deposits received, cards captured, refunded and net,
   * beside the provider's own figures of the day (scope all: the provider's are every group's)
   * and the difference.
   */
  async totals(who: StaffPrincipal, from: string, to: string): Promise<MoneyTotals> {
    const start = Date.parse(`${from}T00:00:00Z`) - JST_OFFSET_MS
    const end = Date.parse(`${to}T00:00:00Z`) - JST_OFFSET_MS + DAY_MS
    const dayCount = Math.round((end - start) / DAY_MS)
    if (!Number.isFinite(start) || !Number.isFinite(end) || dayCount < 1) {
      throw conflict('range ends before it starts')
    }
    if (dayCount > MAX_TOTAL_DAYS) throw conflict('range longer than 31 days')
    const sums = await dailyTotals(this.#db, who.scope, new Date(start), new Date(end))
    const days: MoneyTotals['days'] = []
    for (let index = 0; index < dayCount; index++) {
      const date = new Date(start + JST_OFFSET_MS + index * DAY_MS).toISOString().slice(0, 10)
      const groups = new Map<string | null, Omit<MoneyFigures, 'net'>>()
      const add = (rows: TotalRow[], field: keyof Omit<MoneyFigures, 'net'>) => {
        for (const row of rows) {
          if (row.date !== date) continue
          const figures = groups.get(row.groupPfCode) ?? zero()
          figures[field] += row.amount
          groups.set(row.groupPfCode, figures)
        }
      }
      add(sums.deposits, 'depositsReceived')
      add(sums.captured, 'cardCaptured')
      add(sums.refunded, 'refunded')
      const total = zero()
      for (const figures of groups.values()) {
        total.depositsReceived += figures.depositsReceived
        total.cardCaptured += figures.cardCaptured
        total.refunded += figures.refunded
      }
      const ours = withNet(total)
      let provider: MoneyFigures | null = null
      if (who.scope.kind === 'all') {
        const report = await this.#options.provider.dailyReport(date).catch(() => undefined)
        provider =
          report === undefined
            ? null
            : withNet({
                depositsReceived: report.depositsReceived,
                cardCaptured: report.cardCaptured,
                refunded: report.refunded,
              })
      }
      days.push({
        date,
        groups: [...groups.entries()]
          .sort(([a], [b]) => (a ?? '\uffff').localeCompare(b ?? '\uffff'))
          .map(([groupPfCode, figures]) => ({ groupPfCode, ...withNet(figures) })),
        total: ours,
        provider,
        difference:
          provider === null
            ? null
            : {
                depositsReceived: ours.depositsReceived - provider.depositsReceived,
                cardCaptured: ours.cardCaptured - provider.cardCaptured,
                refunded: ours.refunded - provider.refunded,
                net: ours.net - provider.net,
              },
      })
    }
    return { days }
  }

  /**
   * A failed instalment marked handled (collected another way, written off…) with a note, once:
   * 409 when it has not failed (the charge job still tries it) or was resolved already. The
   * instalment itself keeps its status; the desk shows it resolved.
   */
  async #resolveInstalment(who: StaffPrincipal, instalmentId: string, note: string) {
    const item = await findInstalmentItem(this.#db, who.scope, instalmentId)
    if (item === undefined) throw notFound()
    if (item.status !== 'failed') throw conflict('instalment not failed')
    const now = this.#options.clock.now()
    await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      // a card change may have just brought it back to be charged (card-change.ts): locked, seen
      if ((await lockInstalmentStatus(tx, instalmentId)) !== 'failed') {
        throw conflict('instalment no longer failed')
      }
      const isResolved = await resolveItemOnce(tx, item.itemKey, {
        resolvedAt: now,
        resolvedByStaffId: who.staffId,
        resolutionNote: note,
      })
      if (!isResolved) throw conflict('instalment already resolved')
      await appendAuditEntry(tx, {
        ...staffActor(who),
        action: 'money.resolved',
        recordKind: 'instalment',
        recordId: instalmentId,
        reason: note,
        details: {
          applicationId: item.applicationId,
          coversMonth: item.coversMonth,
          amount: item.amount,
        },
      })
    })
  }

  async #applicationInScope(who: StaffPrincipal, applicationId: string): Promise<boolean> {
    if (who.scope.kind === 'all') return true
    if (who.scope.kind === 'none') return false
    const row = await findApplicationById(this.#db, applicationId)
    if (row === undefined) return false
    if (who.scope.kind === 'group') return row.groupPfCode === who.scope.groupPfCode
    const branch = await findBranch(this.#db, {
      groupPfCode: row.groupPfCode,
      groupPfBranchNo: row.groupPfBranchNo,
    })
    return branch?.agentCd === who.scope.agentCd
  }

  /** An item in scope, as a refund would take it (amount checked by #refundable). */
  async #findItem(
    who: StaffPrincipal,
    itemKey: string,
  ): Promise<Refundable & { item: DepositItemRow | CardItemRow }> {
    if (itemKey.startsWith('deposit-')) {
      const notificationId = itemKey.slice('deposit-'.length)
      const item = await findDepositItem(this.#db, who.scope, notificationId)
      if (item === undefined) throw notFound()
      return {
        item,
        providerPaymentId: notificationId,
        amount: (item.paidAmount ?? 0) - (item.dueAmount ?? 0),
        applicationId: item.applicationId,
        groupPfCode: item.groupPfCode,
        recordKind: 'depositNotification',
        recordId: notificationId,
      }
    }
    if (!itemKey.startsWith('capture-')) throw notFound()
    const attemptId = itemKey.slice('capture-'.length)
    const item = await findCardItem(this.#db, who.scope, attemptId)
    if (item?.providerPaymentId == null) throw notFound()
    return {
      item,
      providerPaymentId: item.providerPaymentId,
      amount: item.amount,
      applicationId: item.applicationId,
      groupPfCode: item.groupPfCode,
      recordKind: 'paymentAttempt',
      recordId: attemptId,
    }
  }

  /** What an item's refund returns; 409 when the item has nothing to refund. */
  async #refundable(who: StaffPrincipal, itemKey: string): Promise<Refundable> {
    const found = await this.#findItem(who, itemKey)
    if (found.recordKind === 'depositNotification') {
      const item = found.item as DepositItemRow
      if (item.depositStatus !== 'overpaid') {
        // an earlier refund of this item answers again; nothing else is refundable
        if (item.refundStatus !== null) return { ...found, amount: item.refundAmount ?? 0 }
        throw conflict('deposit not over-paid')
      }
      if (!(await isLatestDepositOfAccount(this.#db, found.recordId))) {
        throw conflict('not the account’s latest deposit')
      }
      if (found.amount > item.amount) throw conflict('excess larger than this deposit')
    }
    return found
  }
}
