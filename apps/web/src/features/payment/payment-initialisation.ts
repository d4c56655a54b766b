import type { Completion, PaymentInfo } from '@app/shared/api/payment/payment'
import { errorCodes } from '@app/shared/errors'
import { PAYMENT_STEP, type FlowTarget } from '@app/shared/rules/application-steps'
import { ApiError, type ApiClient } from '@/lib/api-client.ts'
import { fetchApplication } from '@/lib/fetch-application.ts'
import { fetchPaymentInfo } from './payment-api.ts'

// The initialisation guards of payment and completeApplication (SPEC §2.5, ADR 0014): both load
// GET /paymentInfo/ before the screen shows. Where the application says the applicant belongs
// elsewhere, the guard answers where, and the screen replaces itself with that page (a guard's
// own failure is the error screen's, ADR 0003).

export type EnrolmentTarget = FlowTarget | 'completeApplication'

export type PaymentScreenData =
  { kind: 'redirect'; target: EnrolmentTarget } | { kind: 'payment'; paymentInfo: PaymentInfo }

export type CompletionScreenData =
  { kind: 'redirect'; target: EnrolmentTarget } | { kind: 'completion'; completion: Completion }

function isStepNotOpen(error: unknown): boolean {
  return error instanceof ApiError && error.body.errorCode === errorCodes.stepNotOpen
}

/**
 * GET /paymentInfo/, or — when the server answers 409 APFD0001 (a step before payment is not
 * done) — the step the application is at, as the application screens send the applicant there.
 */
async function paymentInfoOrNextStep(
  api: ApiClient,
): Promise<{ paymentInfo: PaymentInfo } | { target: EnrolmentTarget }> {
  try {
    return { paymentInfo: await fetchPaymentInfo(api) }
  } catch (error) {
    if (!isStepNotOpen(error)) throw error
    const { applicationStatus, progress } = await fetchApplication(api)
    if (applicationStatus === 'applied') return { target: 'completeApplication' }
    // The two answers disagree (payment would be next): the refusal stands.
    if (progress.nextStep === PAYMENT_STEP) throw error
    return { target: progress.nextStep }
  }
}

/** payment: an applied application goes to completeApplication (SPEC §2.5). */
export async function initialisePayment(api: ApiClient): Promise<PaymentScreenData> {
  const found = await paymentInfoOrNextStep(api)
  if ('target' in found) return { kind: 'redirect', target: found.target }
  const { paymentInfo } = found
  if (paymentInfo.state === 'applied') return { kind: 'redirect', target: 'completeApplication' }
  return { kind: 'payment', paymentInfo }
}

/** completeApplication: only an applied application; anything else goes back to payment. */
export async function initialiseCompletion(api: ApiClient): Promise<CompletionScreenData> {
  const found = await paymentInfoOrNextStep(api)
  if ('target' in found) return { kind: 'redirect', target: found.target }
  const { paymentInfo } = found
  if (paymentInfo.state !== 'applied') return { kind: 'redirect', target: PAYMENT_STEP }
  if (paymentInfo.completion === null) throw new Error('an applied application without completion')
  return { kind: 'completion', completion: paymentInfo.completion }
}

function isScreenData(value: unknown, kind: string): boolean {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false
  return value.kind === 'redirect' || value.kind === kind
}

/** The payment guard's answer as the screen receives it (the loader's initialData). */
export function asPaymentScreenData(initialData: unknown): PaymentScreenData {
  if (!isScreenData(initialData, 'payment')) throw new Error('payment: no initial data')
  return initialData as PaymentScreenData
}

/** The completeApplication guard's answer as the screen receives it. */
export function asCompletionScreenData(initialData: unknown): CompletionScreenData {
  if (!isScreenData(initialData, 'completion')) throw new Error('completion: no initial data')
  return initialData as CompletionScreenData
}
