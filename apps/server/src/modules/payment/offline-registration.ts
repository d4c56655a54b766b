import { errorCodes } from '@app/shared'
import { type PaymentOutcome, type PaymentRegistration } from '@app/shared/api/payment/payment'
import type { SignedIn } from '../access/session.ts'

import type { PaymentAttempts } from './payment-attempts.ts'
import type { PaymentCompletion } from './payment-completion.ts'

// Group collection (pymntMethod "4"): nothing is paid online; the registration completes.

export class OfflineRegistration {
  readonly #attempts: PaymentAttempts
  readonly #completion: PaymentCompletion

  constructor(parts: { attempts: PaymentAttempts; completion: PaymentCompletion }) {
    this.#attempts = parts.attempts
    this.#completion = parts.completion
  }

  /** POST /paymentInfo/: group collection (pymntMethod "4"): nothing is paid online. */
  async registerOffline(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration },
  ): Promise<PaymentOutcome> {
    const started = await this.#attempts.start(
      signedIn,
      idempotencyKey,
      'offline',
      body.registration,
    )
    if (started.kind === 'repeat') return started.outcome
    const { context, attempt } = started
    return this.#attempts.settle(attempt, errorCodes.system, () =>
      this.#completion.complete(context, attempt, 'registeredOffline'),
    )
  }
}
