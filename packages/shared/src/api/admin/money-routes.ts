import { route } from '../endpoint.ts'

// The reconciliation desk (issue #21 point 3, ADR 0031): the light half of admin/money.ts. For
// the roles with reconcileMoney; a record outside the scope answers 404 ADMN0001.

/** Reconciled deposits in one state (matched, unknownAccount, underpaid, overpaid, late) */
export const moneyDepositsRoute = route('GET', '/admin/money/deposits/')
/** Card payments needing attention (doubleCapture, captureWithoutCompletion) */
export const moneyCardsRoute = route('GET', '/admin/money/cards/')
/** Monthly instalments not collected: failed (3 refusals) or being retried (refused at least once) */
export const moneyInstalmentsRoute = route('GET', '/admin/money/instalments/')
/** Match a deposit to an unknown account with an application by hand */
export const matchDepositRoute = route('POST', '/admin/money/deposits/{notificationId}/match/')
/** Record a shortfall request: a note and a mail asking the applicant for the rest */
export const requestShortfallRoute = route(
  'POST',
  '/admin/money/deposits/{notificationId}/shortfall/',
)
/** Refund an item: an over-paid deposit's excess or a double capture's whole amount */
export const refundMoneyItemRoute = route('POST', '/admin/money/items/{itemKey}/refund/')
/** Mark an item resolved with a note (a deposit, a capture or a failed instalment) */
export const resolveMoneyItemRoute = route('POST', '/admin/money/items/{itemKey}/resolve/')
/** Daily totals per group (JST days) beside the provider's own figures */
export const moneyTotalsRoute = route('GET', '/admin/money/totals/')
