import type { AdminApplicationStatus } from '../api/admin/endpoints.ts'
import type { StatusPattern } from './payment.ts'

// The back office's state rules over an application (issue #20 point 5, ADR 0027). SPEC §4:
// statusPattern 110 "under processing and unpaid", 210 "processed and unpaid". The server runs
// them as the authority; the console runs the same ones to offer only the actions that apply.

/**
 * What staff call an application's state: the row's status, and "processed" once staff have
 * taken the applied application up (its processedAt). The money is statusPattern's to tell: an
 * applied application is 330 (paid), 211 or 220 (an account shown or payment requested) or 110.
 */
export function adminApplicationStatus(status: string, processed: boolean): AdminApplicationStatus {
  if (status === 'cancelled') return 'cancelled'
  if (status === 'draft') return 'draft'
  return processed ? 'processed' : 'applied'
}

/** Mark processed: an applied application not processed yet (a draft or a cancelled one not). */
export function canMarkProcessed(status: string, processed: boolean): boolean {
  return status === 'applied' && !processed
}

/**
 * SPEC §4: "110 under processing and unpaid; 210 processed and unpaid". Processing turns 110 into
 * 210; the other patterns already say processed (211, 220) or paid (330) and stay.
 */
export function statusPatternWhenProcessed(current: StatusPattern): StatusPattern {
  return current === '110' ? '210' : current
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
