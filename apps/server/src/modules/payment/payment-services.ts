import { CardChange } from './card-change.ts'
import { CardPayment } from './card-payment.ts'
import { DepositReconciliation } from './deposit-reconciliation.ts'
import { OfflineRegistration } from './offline-registration.ts'
import { PaymentAttempts } from './payment-attempts.ts'
import type { PaymentOptions } from './payment-common.ts'
import { PaymentCompletion } from './payment-completion.ts'
import { HttpPaymentProvider } from './provider.ts'
import { InvoicePayment } from './invoice-payment.ts'
import { VirtualAccountPayment } from './virtual-account-payment.ts'

// Payment and completion (issue #7, ADR 0014; SPEC §2.1, §4, §7.4, §8.2–§8.4; PRODUCT.md
// "Money"), split by what each part does (issue #18). Every call works on the signed-in
// applicant's own application. An execution inserts its attempt (one per Idempotency-Key) before
// the provider is called, so a repeat never calls again; no database transaction is ever held
// across a provider call (PGlite has one connection, and the sandbox provider in this process
// needs it). A success changes the attempt, the application and the outbox in one transaction.

export interface PaymentServices {
  /** what they were built from (tests build a variant with one option changed) */
  options: PaymentOptions
  /** the payment screen's guard and every execution's attempt */
  attempts: PaymentAttempts
  card: CardPayment
  virtualAccount: VirtualAccountPayment
  offline: OfflineRegistration
  deposits: DepositReconciliation
  /** the invoices of auto-renewed contracts, paid from the my-page (ADR 0032) */
  invoices: InvoicePayment
  /** a holder's new card for a monthly contract (issue #24, ADR 0038) */
  cardChange: CardChange
  /** the completion (the back office sends its mail again, issue #20 point 6) */
  completion: PaymentCompletion
}

/** Builds the payment parts on one provider adapter (by default the settings' provider over HTTP). */
export function createPaymentServices(options: PaymentOptions): PaymentServices {
  const provider = options.provider ?? new HttpPaymentProvider(options.settings)
  const completion = new PaymentCompletion(options)
  const attempts = new PaymentAttempts(options, completion)
  const parts = { options, provider, attempts, completion }
  const card = new CardPayment(parts)
  return {
    options,
    attempts,
    card,
    virtualAccount: new VirtualAccountPayment(parts),
    offline: new OfflineRegistration(parts),
    deposits: new DepositReconciliation(options),
    invoices: new InvoicePayment({ ...parts, card }),
    cardChange: new CardChange({ ...parts, card }),
    completion,
  }
}
