import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { applications } from './applications.ts'
import { instant } from '../columns.ts'

// Owned by modules/payment (issue #18): the only module that writes these tables.

// Payment records (issue #7, ADR 0014). No card data: the provider holds the card; we keep its
// payment id and the outcome. Every row changes in the same transaction as the application's
// statusPattern it explains.

/**
 * 決済の試行: one row per execution (per Idempotency-Key). The row is inserted before the
 * provider is called, so a second request with the same key finds it and never calls again.
 * status: processing → threeDSecure → succeeded | failed | cancelled.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    /** card | virtualAccount | offline | cardChange (a holder's new card for later instalments:
     * amount 0, nothing taken, issue #24) */
    kind: text().notNull(),
    idempotencyKey: text().notNull(),
    status: text().notNull().default('processing'),
    /** yen, as computed by the server when the attempt started */
    amount: integer().notNull(),
    /** the provider's payment or account id */
    providerReference: text(),
    /** our error code (APFK…, 42C…, ESOE…) when it failed */
    errorCode: text(),
    /** the answer given to the first request, replayed to a repeat (no card data in it) */
    outcome: jsonb().$type<Record<string, unknown>>(),
    createdAt: instant().notNull().defaultNow(),
    finishedAt: instant(),
  },
  (table) => [
    check(
      'payment_attempts_kind',
      sql`${table.kind} in ('card', 'virtualAccount', 'offline', 'cardChange')`,
    ),
    check(
      'payment_attempts_status',
      sql`${table.status} in ('processing', 'threeDSecure', 'succeeded', 'failed', 'cancelled')`,
    ),
    unique('payment_attempts_key_uq').on(table.applicationId, table.idempotencyKey),
    // Never two successful payments for one application, whatever the keys (a card change takes
    // no money: a holder may change the card again and again).
    uniqueIndex('payment_attempts_one_success_uq')
      .on(table.applicationId)
      .where(sql`${table.status} = 'succeeded' and ${table.kind} <> 'cardChange'`),
    index('payment_attempts_application_ix').on(table.applicationId, table.createdAt),
  ],
)

/**
 * 振込口座（バーチャル口座）: issued by the provider, one per application (its first payment), and
 * one per later instalment of a contract paid by transfer (`instalmentId`, ADR 0039).
 */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    /** the later instalment this account invoices; null: the application's own account */
    instalmentId: uuid().references((): AnyPgColumn => instalments.id, { onDelete: 'restrict' }),
    providerAccountId: text().notNull(),
    bankName: text().notNull(),
    bankCode: text().notNull(),
    branchName: text().notNull(),
    branchCode: text().notNull(),
    accountType: text().notNull(),
    accountNumber: text().notNull(),
    accountHolder: text().notNull(),
    /** yen due */
    amount: integer().notNull(),
    /** YYYYMMDD */
    dueDate: text().notNull(),
    paidAmount: integer().notNull().default(0),
    /** awaiting | paid | underpaid | overpaid (rules/payment.ts depositStatus) */
    depositStatus: text().notNull().default('awaiting'),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    // the application's own account: one; an instalment's: one each
    uniqueIndex('virtual_accounts_application_uq')
      .on(table.applicationId)
      .where(sql`${table.instalmentId} is null`),
    unique('virtual_accounts_instalment_uq').on(table.instalmentId),
    unique('virtual_accounts_number_uq').on(table.accountNumber),
    check(
      'virtual_accounts_deposit_status',
      sql`${table.depositStatus} in ('awaiting', 'paid', 'underpaid', 'overpaid')`,
    ),
  ],
)

/**
 * 入金通知: every signed notification, kept whatever it matched (an unknown account is kept for
 * an operator, never lost). The provider's id is the key: the same notification twice is one row.
 */
export const depositNotifications = pgTable(
  'deposit_notifications',
  {
    id: text().primaryKey(),
    accountNumber: text().notNull(),
    amount: integer().notNull(),
    depositedAt: instant().notNull(),
    depositorName: text(),
    virtualAccountId: uuid().references(() => virtualAccounts.id, { onDelete: 'restrict' }),
    /** paid | underpaid | overpaid | unknownAccount; null until the job reconciled it */
    outcome: text(),
    /**
     * received (kept by the webhook) → reconciled (by the reconciliation job, issue #21 point 3;
     * the job claims received rows with FOR UPDATE SKIP LOCKED)
     */
    status: text().notNull().default('received'),
    receivedAt: instant().notNull().defaultNow(),
    reconciledAt: instant(),
    /** matched to an account by an operator (the desk), not by its account number */
    matchedByStaffId: uuid(),
  },
  (table) => [
    check('deposit_notifications_status', sql`${table.status} in ('received', 'reconciled')`),
    index('deposit_notifications_received_ix')
      .on(table.receivedAt)
      .where(sql`${table.status} = 'received'`),
    check(
      'deposit_notifications_outcome',
      sql`${table.outcome} in ('paid', 'underpaid', 'overpaid', 'unknownAccount')`,
    ),
    index('deposit_notifications_account_ix').on(table.accountNumber),
  ],
)

/** Used puzzles (ALTCHA): a challenge is usable once (STACK.md: verifySolution keeps no state). */
export const usedPuzzles = pgTable(
  'used_puzzles',
  {
    /** the challenge's signature */
    signature: text().primaryKey(),
    expiresAt: instant().notNull(),
    usedAt: instant().notNull().defaultNow(),
  },
  // the sweep on the request path deletes by expiry (ADR 0035)
  (table) => [index('used_puzzles_expires_at_ix').on(table.expiresAt)],
)

/**
 * 返金 (issue #21 point 3, ADR 0031): every refund an operator asked the provider for. One row
 * per desk item (`itemKey`): its Idempotency-Key is derived from the item, so a double click or
 * two operators at once refund once. pending → succeeded | failed (a failed one may be tried
 * again with the same key).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** the desk item: deposit:<notification id> or capture:<attempt id> */
    itemKey: text().notNull(),
    idempotencyKey: text().notNull(),
    /** the provider's payment (card) or deposit id the money is returned from */
    providerPaymentId: text().notNull(),
    applicationId: uuid().references(() => applications.id, { onDelete: 'restrict' }),
    /** the group the money belonged to (the daily totals) */
    groupPfCode: text(),
    /** yen */
    amount: integer().notNull(),
    /** the operator's reason */
    reason: text().notNull(),
    staffId: uuid().notNull(),
    /** pending | succeeded | failed */
    status: text().notNull().default('pending'),
    providerRefundId: text(),
    errorCode: text(),
    createdAt: instant().notNull().defaultNow(),
    finishedAt: instant(),
  },
  (table) => [
    unique('payment_refunds_item_uq').on(table.itemKey),
    unique('payment_refunds_key_uq').on(table.idempotencyKey),
    check('payment_refunds_status', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check('payment_refunds_amount', sql`${table.amount} > 0`),
  ],
)

/**
 * What operators did with a desk item besides refunding (issue #21 point 3): a shortfall request
 * sent to the applicant, and the item marked resolved with a note (a failed instalment too, issue
 * #24: it keeps its status, the desk shows it handled).
 */
export const moneyItemStates = pgTable('money_item_states', {
  /** deposit-<notification id>, capture-<attempt id> or instalment-<instalment id> */
  itemKey: text().primaryKey(),
  shortfallRequestedAt: instant(),
  shortfallNote: text(),
  resolvedAt: instant(),
  resolvedByStaffId: uuid(),
  resolutionNote: text(),
  updatedAt: instant().notNull().defaultNow(),
})

/**
 * 保存カード (issue #24 point 1, ADR 0038): the provider's reference to the card it keeps for a
 * contract's later instalments, with what the holder is shown of it. Never the number. One card in
 * use per application; a changed card keeps its row with `removedAt`.
 */
export const storedCards = pgTable(
  'stored_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    providerCardId: text().notNull(),
    /** visa | mastercard | jcb | amex | diners */
    brand: text().notNull(),
    last4: text().notNull(),
    /** MM */
    expiryMonth: text().notNull(),
    /** YYYY */
    expiryYear: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
    removedAt: instant(),
    /** when the provider confirmed the removed card's deletion; null: the charge job asks again */
    providerDeletedAt: instant(),
  },
  (table) => [
    check('stored_cards_last4', sql`${table.last4} ~ '^[0-9]{4}$'`),
    uniqueIndex('stored_cards_in_use_uq')
      .on(table.applicationId)
      .where(sql`${table.removedAt} is null`),
    unique('stored_cards_provider_card_uq').on(table.providerCardId),
  ],
)

/**
 * 保険料の分割払い (issue #24 points 2 and 3, ADR 0038): one row per instalment of a contract paid
 * in instalments, the first (paid at application) included.
 * By card: due → charging → paid | failed; a declined charge goes back to due, with its next try.
 * By transfer (ADR 0039): due → charging (its account being issued) → invoiced (account mailed;
 * `nextAttemptAt` the day after its due date) → paid (deposited) | failed (not deposited by its
 * due date; a deposit after it still pays it). The first is the application's own account:
 * invoiced from the start, paid by the application's deposit.
 * `tries` counts the charges begun; the provider's idempotency key is the instalment's id and
 * `tries`, so a charge whose outcome was lost (a killed process, a timeout) is asked again with
 * the same key and never taken twice. `claimToken` and `leaseUntil` belong to the run charging it.
 */
export const instalments = pgTable(
  'instalments',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    seq: integer().notNull(),
    /** card: charged to the stored card; transfer: paid into a virtual account of its own */
    method: text().notNull().default('card'),
    /** YYYYMM: the first month it covers */
    coversMonth: text().notNull(),
    /** YYYYMMDD (Japan): when it is charged */
    dueDate: text().notNull(),
    /** yen */
    amount: integer().notNull(),
    status: text().notNull().default('due'),
    tries: integer().notNull().default(0),
    /** the earliest moment the charge job takes it (next try after a decline) */
    nextAttemptAt: instant().notNull(),
    claimToken: uuid(),
    leaseUntil: instant(),
    /** the provider's payment id of the charge that took it */
    providerPaymentId: text(),
    /** the provider's code of the last refusal */
    lastErrorCode: text(),
    paidAt: instant(),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check(
      'instalments_status',
      sql`${table.status} in ('due', 'charging', 'invoiced', 'paid', 'failed')`,
    ),
    check('instalments_method', sql`${table.method} in ('card', 'transfer')`),
    check('instalments_amount', sql`${table.amount} > 0`),
    unique('instalments_seq_uq').on(table.applicationId, table.seq),
    index('instalments_due_ix').on(table.status, table.nextAttemptAt),
  ],
)
