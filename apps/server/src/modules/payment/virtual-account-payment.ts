import { addDays, errorCodes, toBusinessDate } from '@app/shared'
import { type PaymentOutcome, type PaymentRegistration } from '@app/shared/api/payment/payment'
import { VIRTUAL_ACCOUNT_DUE_DAYS } from '@app/shared/rules/payment'
import type { SignedIn } from '../access/session.ts'
import { type PaymentProvider } from './provider.ts'

import { PaymentPart } from './payment-common.ts'
import type { PaymentAttempts, PaymentParts } from './payment-attempts.ts'
import type { PaymentCompletion } from './payment-completion.ts'

// Bank transfer (pymntMethod "3"): the provider issues the application's own virtual account,
// and the application completes with it (SPEC §4, issue #23 point 17).

export class VirtualAccountPayment extends PaymentPart {
  readonly #provider: PaymentProvider
  readonly #attempts: PaymentAttempts
  readonly #completion: PaymentCompletion

  constructor(parts: PaymentParts) {
    super(parts.options)
    this.#provider = parts.provider
    this.#attempts = parts.attempts
    this.#completion = parts.completion
  }

  /** POST /executePaymentVAccount/: the provider issues this application's own account. */
  async executeVirtualAccount(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration },
  ): Promise<PaymentOutcome> {
    const request = { signedIn, idempotencyKey, kind: 'virtualAccount' as const }
    const { registration } = body
    const unavailableCode = errorCodes.paymentCancelledRetry
    return this.#attempts.execute(
      { ...request, registration, unavailableCode },
      async (context, attempt) => {
        const { policyHolderInfo } = context.applyInfo
        const applicationDate = toBusinessDate(this.now())
        const result = await this.#provider.createVirtualAccount(idempotencyKey, {
          orderId: context.applicationId,
          amount: attempt.amount,
          dueDate: addDays(applicationDate, VIRTUAL_ACCOUNT_DUE_DAYS),
          accountHolder: (
            policyHolderInfo.policyHolderNameKana || policyHolderInfo.policyHolderNameKanji
          ).slice(0, 60),
        })
        if (result.kind === 'refused') {
          // SPEC §8.3 "system error, procedure not completed, payment registration cancelled,
          // retry"; a provider system error keeps its own code (SPEC §8.4).
          const code = /^ESOE\d{4}$/.test(result.code)
            ? result.code
            : errorCodes.paymentCancelledRetry
          throw await this.#attempts.fail(attempt, code, `virtual account refused (${result.code})`)
        }
        if (result.account.amount !== attempt.amount) {
          throw await this.#attempts.fail(
            attempt,
            errorCodes.paymentCancelledRetry,
            'account amount differs',
          )
        }
        return this.#completion.complete(context, attempt, 'virtualAccountIssued', result.account)
      },
    )
  }
}
