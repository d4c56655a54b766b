import { errorCodes } from '@app/shared'
import { type PaymentOutcome, type PaymentRegistration } from '@app/shared/api/payment/payment'
import type { SignedIn } from '../access/session.ts'

import type { PaymentAttempts, PaymentParts } from './payment-attempts.ts'
import type { PaymentCompletion } from './payment-completion.ts'

// Group collection (pymntMethod "4"): nothing is paid online; the registration completes.

export class OfflineRegistration {
  readonly #attempts: PaymentAttempts
  readonly #completion: PaymentCompletion

  constructor(parts: Pick<PaymentParts, 'attempts' | 'completion'>) {
    this.#attempts = parts.attempts
    this.#completion = parts.completion
  }

  /** POST /paymentInfo/: group collection (pymntMethod "4"): nothing is paid online. */
  async registerOffline(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration },
  ): Promise<PaymentOutcome> {
    const request = { signedIn, idempotencyKey, kind: 'offline' as const }
    return this.#attempts.execute(
      { ...request, registration: body.registration, unavailableCode: errorCodes.system },
      (context, attempt) => this.#completion.complete(context, attempt, 'registeredOffline'),
    )
  }
}
