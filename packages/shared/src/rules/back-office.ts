import type { AdminApplicationStatus } from '../api/admin/endpoints.ts'

// The back office's state rules over an application (issue #20 point 5, ADR 0027). SPEC §4:
// statusPattern 110 "under processing and unpaid", 210 "processed and unpaid". The server runs
// them as the authority; the console runs the same ones to offer only the actions that apply.

/** What staff call an application's state: the row's status, and "processed" once 210. */
export function adminApplicationStatus(
  status: string,
  statusPattern: string | null,
): AdminApplicationStatus {
  if (status === 'cancelled') return 'cancelled'
  if (status === 'draft') return 'draft'
  return statusPattern === '210' ? 'processed' : 'applied'
}

/** Mark processed: only an applied application still under processing and unpaid (110 → 210). */
export function canMarkProcessed(status: string, statusPattern: string | null): boolean {
  return status === 'applied' && statusPattern === '110'
}

/** Cancel: a draft or an applied application (one already cancelled stays as it is). */
export function canCancel(status: string): boolean {
  return status === 'draft' || status === 'applied'
}

export type AdminPaymentStatus = 'unpaid' | 'paid' | 'underpaid' | 'overpaid' | 'none'

/**
 * The money side of an application as the back office shows it: nothing online for group
 * collection (pymntMethod "4") or before the application is applied; the virtual account's
 * deposit when it is short or over (rules/payment.ts depositStatus); paid once 330.
 * back-office-repository.ts computes the same in SQL (paymentStatusSql); keep them in step.
 */
export function adminPaymentStatus(input: {
  status: string
  statusPattern: string | null
  pymntMethod: string | null
  depositStatus: string | null
}): AdminPaymentStatus {
  if (input.pymntMethod === '4') return 'none'
  if (input.depositStatus === 'underpaid' || input.depositStatus === 'overpaid') {
    return input.depositStatus
  }
  if (input.statusPattern === '330') return 'paid'
  return input.status === 'applied' ? 'unpaid' : 'none'
}
