import { errorCodes } from '../errors.ts'

// Payment rules (issue #7, SPEC §4 status patterns, §8.2 42C codes, §8.4 card messages,
// §9 puzzle validity; PRODUCT.md "Money"; ADR 0014). The server runs them as the authority; the
// browser runs the same ones to say early what the server will say.

export type StatusPattern = '110' | '210' | '211' | '220' | '330'

/** SPEC §9: the puzzle is valid 5 minutes (and usable once: the server keeps used ones). */
export const PUZZLE_VALIDITY_SECONDS = 5 * 60
/** The virtual account's due date: this many days after the application date (JST). */
export const VIRTUAL_ACCOUNT_DUE_DAYS = 7
/**
 * A later instalment paid by transfer (issue #24 point 5, ADR 0039): its own virtual account is
 * mailed this many days before its due date.
 */
export const INSTALMENT_INVOICE_LEAD_DAYS = 14

/**
 * What an application pays (SPEC §3.3 payment settings, issue #17 point 13): its total premium
 * plus the group's additional cost (付加費用, yen, once per application; 0 for most groups).
 * The payment screen shows it, every payment method charges it, the completion records it.
 */
export function amountDue(totalPremium: number, group: { additionalCost: number }): number {
  return totalPremium + group.additionalCost
}

/**
 * SPEC §4: the status pattern after the money part of the application.
 * - card captured → 330 (applied and paid);
 * - virtual account issued → 211 stays 211 (unpaid, account displayed), anything else → 220
 *   (processed, requesting payment);
 * - group collection (団体扱) and the group's own account → unchanged (330 or 211 from the start);
 * - deposit reconciled in full or more → 330; less than due → unchanged (the rest is requested).
 */
export type PaymentEvent =
  | 'cardCaptured'
  | 'virtualAccountIssued'
  | 'registeredOffline'
  | 'depositPaidInFull'
  | 'depositOverpaid'
  | 'depositUnderpaid'

export function statusPatternAfter(current: StatusPattern, event: PaymentEvent): StatusPattern {
  switch (event) {
    case 'cardCaptured':
    case 'depositPaidInFull':
    case 'depositOverpaid':
      return '330'
    case 'virtualAccountIssued':
      return current === '211' ? '211' : '220'
    case 'registeredOffline':
    case 'depositUnderpaid':
      return current
  }
}

/** How a group's application is paid on the payment screen. */
export type PaymentRoute = 'card' | 'virtualAccount' | 'offline'

/** pymntMethod "1" card, "3" virtual account, "4" group collection (nothing paid online). */
export function paymentRoute(pymntMethod: '1' | '3' | '4'): PaymentRoute {
  if (pymntMethod === '1') return 'card'
  if (pymntMethod === '3') return 'virtualAccount'
  return 'offline'
}

/** Deposit reconciliation: what the total paid in says against the amount due. */
export function depositStatus(
  amountDue: number,
  paidAmount: number,
): 'awaiting' | 'paid' | 'underpaid' | 'overpaid' {
  if (paidAmount === 0) return 'awaiting'
  if (paidAmount === amountDue) return 'paid'
  return paidAmount < amountDue ? 'underpaid' : 'overpaid'
}

/**
 * The provider's error codes (docs/payment.md) and what the applicant is told (SPEC §8.4).
 * 42C… codes pass through as they are (SPEC §8.2: payment processing failed → error screen);
 * ESOE… codes pass through too (provider system error, shown with its code).
 */
const providerErrorCodes: Readonly<Record<string, string>> = {
  missing_fields: errorCodes.cardRequired,
  invalid_number: errorCodes.cardNumberInvalid,
  unsupported_brand: errorCodes.cardNumberInvalid,
  card_declined: errorCodes.cardDeclined,
  try_again_later: errorCodes.cardDeclinedRetryLater,
  provider_busy: errorCodes.paymentProviderBusy,
  invalid_expiry: errorCodes.cardDetailsInvalid,
  invalid_security_code: errorCodes.cardDetailsInvalid,
  invalid_card_details: errorCodes.cardDetailsInvalid,
  expired_card: errorCodes.cardNotUsable,
  card_not_usable: errorCodes.cardNotUsable,
  maintenance: errorCodes.paymentProviderMaintenance,
  authentication_failed: errorCodes.threeDSecureFailed,
  authentication_cancelled: errorCodes.threeDSecureFailed,
}

export function errorCodeForProvider(providerCode: string): string {
  if (/^42C\d{6}$/.test(providerCode) || /^ESOE\d{4}$/.test(providerCode)) return providerCode
  return providerErrorCodes[providerCode] ?? errorCodes.cardSystemError
}

/** Codes the payment screen shows beside the card form; anything else goes to the error screen. */
export function isInFlowPaymentError(errorCode: string): boolean {
  return errorCode.startsWith('APFK') || errorCode.startsWith('ESOE')
}

/** Luhn check over a string of digits (the sandbox provider's number check; the card-number scan). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
