import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core'
import { instant } from '../columns.ts'

// Owned by sandbox (issue #18, src/sandbox): the only module that writes these tables.

// The sandbox payment provider's own tables (issue #7, ADR 0014; src/sandbox). The
// product reaches the sandbox only over HTTP, as it would a real provider: nothing outside
// src/sandbox reads these. Not even the sandbox keeps a card number: a token holds
// the behaviour its test card stands for.

/** A one-time card token (15 minutes). */
export const sandboxPayTokens = pgTable('sandbox_pay_tokens', {
  token: text().primaryKey(),
  /** the test card's behaviour (docs/payment.md) */
  scenario: text().notNull(),
  brand: text().notNull(),
  /** the card's last four digits and expiry (kept for a stored card, issue #24); null before 0021 */
  last4: text(),
  expiryMonth: text(),
  expiryYear: text(),
  /** the token's own expiry (15 minutes) */
  expiresAt: instant().notNull(),
  usedAt: instant(),
  createdAt: instant().notNull().defaultNow(),
})

/** A card payment: requires_action → authorized → captured, or failed / cancelled. */
export const sandboxPayPayments = pgTable(
  'sandbox_pay_payments',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    orderId: text().notNull(),
    amount: integer().notNull(),
    scenario: text().notNull(),
    status: text().notNull(),
    errorCode: text(),
    /** '' for a charge of a stored card (no browser, no 3-D Secure) */
    returnUrl: text().notNull(),
    /** the stored card a merchant-initiated charge took (issue #24); null for a token payment */
    storedCardId: text(),
    challengeCompletedAt: instant(),
    capturedAt: instant(),
    /** the first answer, replayed to a request with the same Idempotency-Key */
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    unique('sandbox_pay_payments_key_uq').on(table.idempotencyKey),
    check(
      'sandbox_pay_payments_status',
      sql`${table.status} in ('requires_action', 'authorized', 'captured', 'failed', 'cancelled')`,
    ),
  ],
)

/** A virtual account issued for one order. */
export const sandboxPayVirtualAccounts = pgTable(
  'sandbox_pay_virtual_accounts',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    orderId: text().notNull(),
    accountNumber: text().notNull(),
    accountHolder: text().notNull(),
    amount: integer().notNull(),
    dueDate: text().notNull(),
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    unique('sandbox_pay_virtual_accounts_key_uq').on(table.idempotencyKey),
    unique('sandbox_pay_virtual_accounts_order_uq').on(table.orderId),
    unique('sandbox_pay_virtual_accounts_number_uq').on(table.accountNumber),
  ],
)

/** A simulated deposit and the delivery of its signed notification. */
export const sandboxPayDeposits = pgTable('sandbox_pay_deposits', {
  id: text().primaryKey(),
  accountNumber: text().notNull(),
  amount: integer().notNull(),
  depositorName: text(),
  depositedAt: instant().notNull(),
  /** the HTTP status the product answered, once delivered */
  deliveredStatus: integer(),
  createdAt: instant().notNull().defaultNow(),
})

/**
 * A refund of a captured card payment or of a deposit (issue #21 point 3). The same
 * Idempotency-Key is one refund; the refunds of one payment never add up to more than it took.
 */
export const sandboxPayRefunds = pgTable(
  'sandbox_pay_refunds',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    /** pay_… or dep_… */
    paymentId: text().notNull(),
    amount: integer().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [unique('sandbox_pay_refunds_key_uq').on(table.idempotencyKey)],
)

/**
 * A card kept at a payment (issue #24): created with `storeCard: true`, usable once the payment is
 * authorised (pending while its 3-D Secure challenge waits), then charged by the merchant without
 * the cardholder. Never the number or the security code: the behaviour, brand, last 4, expiry.
 */
export const sandboxPayStoredCards = pgTable(
  'sandbox_pay_stored_cards',
  {
    id: text().primaryKey(),
    /** the payment that stored it */
    paymentId: text().notNull(),
    /** the test card's behaviour (docs/payment.md) */
    scenario: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    /** MM */
    expiryMonth: text().notNull(),
    /** YYYY */
    expiryYear: text().notNull(),
    status: text().notNull(),
    /** set by the testing control: the outcome of the following charges (else the scenario's) */
    nextOutcome: text(),
    createdAt: instant().notNull().defaultNow(),
    deletedAt: instant(),
  },
  (table) => [
    unique('sandbox_pay_stored_cards_payment_uq').on(table.paymentId),
    check(
      'sandbox_pay_stored_cards_status',
      sql`${table.status} in ('pending', 'active', 'deleted')`,
    ),
  ],
)
