import { AppError, errorCodes, PAYMENT_STEP, type ApplyInfo } from '@app/shared'
import {
  type PaymentOutcome,
  type PaymentRegistration,
  type PuzzleChallenge,
  type PuzzleSolution,
} from '@app/shared/api/payment/payment'
import { amountDue, errorCodeForProvider } from '@app/shared/rules/payment'
import type { SignedIn } from '../access/session.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import { loadOrCreate, subjectHash } from '../security/secrets.ts'
import {
  claimThreeDSecureAttempt,
  consumePuzzle,
  deleteExpiredPuzzles,
  findAttempt,
  finishAttempt,
  listThreeDSecureAttempts,
  markThreeDSecure,
  setProviderReference,
  type AttemptRow,
} from './payment-repository.ts'
import { ProviderUnavailableError, type PaymentProvider, type StoredCard } from './provider.ts'
import { verifyPuzzle, createPuzzle } from './puzzle.ts'

import {
  deadlineCodes,
  isSameRegistration,
  registrationOf,
  stepNotOpen,
  type PaymentContext,
  PaymentPart,
} from './payment-common.ts'
import type { PaymentAttempts, PaymentParts } from './payment-attempts.ts'
import type { PaymentCompletion } from './payment-completion.ts'

// Card execution (SPEC §7.4, §8.3): the puzzle, the provider's authorisation, 3-D Secure and the
// capture, checked again before the money moves; any refusal cancels at the provider. The
// provider part (authorize, resumeAfterThreeDSecure, capture) serves the invoices of auto-renewed
// contracts too (invoice-payment.ts, ADR 0032).

/** The answer that sends the browser to the provider's 3-D Secure page. */
export type ThreeDSecureOutcome = { result: 'threeDSecure'; redirectUrl: string }

/** Puzzles per account in 10 minutes (each is worth one card try). */
const PUZZLES_PER_WINDOW = 30
const PUZZLE_WINDOW_SECONDS = 600

export class CardPayment extends PaymentPart {
  readonly #provider: PaymentProvider
  readonly #attempts: PaymentAttempts
  readonly #completion: PaymentCompletion
  #puzzleSecret: Promise<string> | undefined

  constructor(parts: PaymentParts) {
    super(parts.options)
    this.#provider = parts.provider
    this.#attempts = parts.attempts
    this.#completion = parts.completion
  }

  /** A new puzzle for the card form (SPEC §9: valid 5 minutes). */
  async newPuzzle(signedIn: SignedIn): Promise<PuzzleChallenge> {
    const now = this.now()
    const limit = await hitRateLimit(
      this.db,
      subjectHash(this.options.keys, 'puzzle', signedIn.accountId),
      { now, windowSeconds: PUZZLE_WINDOW_SECONDS, max: PUZZLES_PER_WINDOW },
    )
    if (!limit.allowed) {
      throw new AppError(errorCodes.rateLimited, {
        message: 'too many puzzles for one account',
        retryAfterSeconds: limit.retryAfterSeconds,
      })
    }
    return createPuzzle(await this.#secretForPuzzles(), now)
  }

  /** POST /executePaymentCredit/: card token and solved puzzle → authorise, 3-D Secure, capture. */
  async executeCredit(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration; cardToken: string; puzzle: PuzzleSolution },
  ): Promise<PaymentOutcome> {
    const now = this.now()
    const request = { signedIn, idempotencyKey, kind: 'card' as const }
    const { registration } = body
    const unavailableCode = errorCodes.cardSystemError
    const hooks = {
      beforeChecks: () => this.#checkPuzzle(body.puzzle, now),
      onWindowClosed: (applicationId: string) => this.#cancelWaitingCardPayments(applicationId),
    }
    return this.#attempts.execute(
      { ...request, registration, unavailableCode },
      (context, attempt) =>
        this.authorize(
          attempt,
          {
            cardToken: body.cardToken,
            puzzle: body.puzzle,
            orderId: context.applicationId,
            returnUrl: this.#returnUrl(context.applyInfo),
            now,
            // the later instalments are charged to the card the provider keeps (issue #24)
            storeCard: context.product.group.pymntCount > 1,
          },
          (paymentId) => this.#captureCard(signedIn, attempt, paymentId, body.registration),
        ),
      hooks,
    )
  }

  /**
   * The card's provider part of any charge (an application's payment, or an invoice of an
   * auto-renewed contract, ADR 0032): the puzzle spent, the provider's authorisation, then 3-D
   * Secure (the attempt waits in `threeDSecure` with the redirect) or, authorised at once, the
   * capture the caller gives.
   */
  async authorize<T>(
    attempt: AttemptRow,
    charge: {
      cardToken: string
      puzzle: PuzzleSolution
      orderId: string
      returnUrl: string
      now: Date
      /** the provider keeps the card for later charges (issue #24) */
      storeCard?: boolean
    },
    capture: (paymentId: string) => Promise<T>,
  ): Promise<T | ThreeDSecureOutcome> {
    const { parameters, signature } = charge.puzzle.challenge
    const expiresAt = new Date((parameters.expiresAt ?? 0) * 1000)
    if (!(await consumePuzzle(this.db, signature, expiresAt, charge.now))) {
      throw await this.#attempts.fail(
        attempt,
        errorCodes.puzzleExpired,
        'the puzzle was used before',
      )
    }
    // Used puzzles past their expiry are swept now and then by whoever pays; no job needed.
    if (Math.random() < 0.02) await deleteExpiredPuzzles(this.db, charge.now)
    const result = await this.#provider.createCardPayment(attempt.idempotencyKey, {
      token: charge.cardToken,
      amount: attempt.amount,
      orderId: charge.orderId,
      returnUrl: charge.returnUrl,
      ...(charge.storeCard === true ? { storeCard: true } : {}),
    })
    switch (result.kind) {
      case 'refused':
        throw await this.#attempts.fail(
          attempt,
          errorCodeForProvider(result.code),
          `card payment refused (${result.code})`,
        )
      case 'requiresAction': {
        const outcome: ThreeDSecureOutcome = {
          result: 'threeDSecure',
          redirectUrl: result.challengeUrl,
        }
        await markThreeDSecure(this.db, attempt.id, { providerReference: result.id, outcome })
        return outcome
      }
      case 'authorized':
        await setProviderReference(this.db, attempt.id, result.id)
        return capture(result.id)
    }
  }

  /**
   * Back from 3-D Secure: only one request finishes the attempt (the others get undefined and
   * answer the attempt's outcome); the capture the caller gives runs settled.
   */
  async resumeAfterThreeDSecure<T>(
    attempt: AttemptRow,
    capture: (paymentId: string) => Promise<T>,
  ): Promise<T | undefined> {
    if (attempt.status !== 'threeDSecure' || attempt.providerReference === null) return undefined
    if (!(await claimThreeDSecureAttempt(this.db, attempt.id))) return undefined
    const paymentId = attempt.providerReference
    return this.#attempts.settle(attempt, errorCodes.cardSystemError, () => capture(paymentId))
  }

  /** The puzzle of a card form, checked before anything else (SPEC §9). */
  checkPuzzle(puzzle: PuzzleSolution, now: Date): Promise<void> {
    return this.#checkPuzzle(puzzle, now)
  }

  /** POST /executePaymentCredit/threeDSecure/: back from the provider's page, with the same key. */
  async returnFromThreeDSecure(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration },
  ): Promise<PaymentOutcome> {
    const context = await this.#attempts.context(signedIn)
    const attempt = await findAttempt(this.db, context.applicationId, idempotencyKey)
    if (attempt === undefined || attempt.kind !== 'card') {
      throw stepNotOpen('no card payment of this application with that key')
    }
    // Only one request finishes the payment; a repeat waits for its outcome.
    const outcome = await this.resumeAfterThreeDSecure(attempt, (paymentId) =>
      this.#captureCard(signedIn, attempt, paymentId, body.registration),
    )
    return outcome ?? this.#attempts.outcomeOf(attempt)
  }

  async #checkPuzzle(puzzle: PuzzleSolution, now: Date): Promise<void> {
    const verdict = await verifyPuzzle(await this.#secretForPuzzles(), puzzle, now)
    if (verdict === 'expired') {
      throw new AppError(errorCodes.puzzleExpired, { message: 'the puzzle expired' })
    }
    if (verdict === 'invalid') {
      throw new AppError(errorCodes.puzzleNotCompleted, { message: 'the puzzle is not solved' })
    }
  }

  /** Checks the application again before the money moves, captures, completes. */
  async #captureCard(
    signedIn: SignedIn,
    attempt: AttemptRow,
    paymentId: string,
    registration: PaymentRegistration,
  ): Promise<PaymentOutcome> {
    const context = await this.#attempts.context(signedIn)
    return this.capture(attempt, paymentId, {
      refusal: async () =>
        this.#refusalBeforeCapture(context, attempt, registration) ??
        (await this.#renewalRefusal(context.applicationId)),
      complete: async () => {
        try {
          const card =
            context.product.group.pymntCount > 1
              ? { paymentId, storedCard: await this.#storedCardOf(paymentId) }
              : undefined
          return await this.#completion.complete(context, attempt, 'cardCaptured', undefined, card)
        } catch (error) {
          if (!(error instanceof AppError) || error.errorCode !== errorCodes.renewalNotPossible) {
            throw error
          }
          // A renewal that stopped being completable between the check and the capture (the
          // job at the fix date, ADR 0016): the money moved, the agency refunds it.
          throw await this.#attempts.fail(
            attempt,
            errorCodes.notCompletedContactAgency,
            `payment ${paymentId} captured for a renewal no longer completable: refund it`,
          )
        }
      },
    })
  }

  /**
   * The card the provider kept at this payment (issue #24). Without an answer the payment still
   * completes, without a schedule of later instalments (ADR 0038).
   */
  async #storedCardOf(paymentId: string): Promise<StoredCard | undefined> {
    const payment = await this.#provider.getPayment(paymentId).catch(() => undefined)
    return payment?.storedCard
  }

  /**
   * The capture of any card charge: the caller's refusal, checked again right before the money
   * moves, cancels at the provider; a capture that did not answer is asked about; once captured,
   * the caller's completion records it.
   */
  async capture<T>(
    attempt: AttemptRow,
    paymentId: string,
    steps: {
      refusal: () => Promise<{ code: string; message: string } | undefined>
      complete: () => Promise<T>
    },
  ): Promise<T> {
    const refusal = await steps.refusal()
    if (refusal !== undefined) {
      await this.#cancelQuietly(paymentId)
      throw await this.#attempts.fail(attempt, refusal.code, refusal.message, 'cancelled')
    }
    let isCaptured = false
    try {
      const result = await this.#provider.capturePayment(paymentId)
      if (result.kind === 'refused') {
        if (result.code === 'authentication_required') {
          // The applicant came back without finishing 3-D Secure.
          await this.#cancelQuietly(paymentId)
          throw await this.#attempts.fail(
            attempt,
            errorCodes.threeDSecureFailed,
            '3-D Secure not done',
          )
        }
        throw await this.#attempts.fail(
          attempt,
          errorCodeForProvider(result.code),
          `capture refused (${result.code})`,
        )
      }
      isCaptured = true
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error
      // The capture may or may not have happened: the provider says which.
      const payment = await this.#provider.getPayment(paymentId).catch(() => undefined)
      isCaptured = payment?.status === 'captured'
      if (!isCaptured) {
        await this.#cancelQuietly(paymentId)
        throw await this.#attempts.fail(
          attempt,
          errorCodes.cardSystemError,
          'capture did not answer',
        )
      }
    }
    return steps.complete()
  }

  #refusalBeforeCapture(
    context: PaymentContext,
    attempt: AttemptRow,
    registration: PaymentRegistration,
  ): { code: string; message: string } | undefined {
    if (context.status === 'applied') {
      return { code: errorCodes.alreadyApplied, message: 'applied by another payment' }
    }
    if (!this.#attempts.isRecruiting(context)) {
      return { code: deadlineCodes.card, message: 'the recruitment windows closed' }
    }
    if (context.progress.nextStep !== PAYMENT_STEP) {
      return { code: errorCodes.stepNotOpen, message: 'the steps changed during the payment' }
    }
    if (
      !isSameRegistration(registration, registrationOf(context.applyInfo)) ||
      amountDue(context.applyInfo.cvrgeInfo.totalPremium, context.product.group) !== attempt.amount
    ) {
      return {
        code: errorCodes.applicationVersionConflict,
        message: 'the application changed during the payment',
      }
    }
    return undefined
  }

  /** A renewal no longer completable (stopped, renewed, past its fix date): APFA2029. */
  async #renewalRefusal(
    applicationId: string,
  ): Promise<{ code: string; message: string } | undefined> {
    try {
      await this.options.renewals?.checkCompletion(applicationId)
      return undefined
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return { code: error.errorCode, message: error.message }
    }
  }

  /** SPEC §8.3 APFA2012: a closed window cancels the card payments that wait for 3-D Secure. */
  async #cancelWaitingCardPayments(applicationId: string): Promise<void> {
    for (const waiting of await listThreeDSecureAttempts(this.db, applicationId)) {
      if (!(await claimThreeDSecureAttempt(this.db, waiting.id))) continue
      if (waiting.providerReference !== null) await this.#cancelQuietly(waiting.providerReference)
      await finishAttempt(this.db, waiting.id, {
        status: 'cancelled',
        errorCode: deadlineCodes.card,
        now: this.now(),
      })
    }
  }

  /** Cancels a payment not captured; false when the provider did not confirm it. */
  async #cancelQuietly(paymentId: string): Promise<boolean> {
    try {
      return (await this.#provider.cancelPayment(paymentId)).kind === 'cancelled'
    } catch {
      return false
    }
  }

  /** Where the provider sends the browser back after 3-D Secure: the payment screen (SPEC §2.1). */
  #returnUrl(applyInfo: ApplyInfo): string {
    const { basicInfo } = applyInfo
    const segments = [
      basicInfo.groupPfCode,
      basicInfo.groupPfCodeInceptionDateYm,
      basicInfo.groupPfBranchNo,
      applyInfo.urlKey,
    ].map(encodeURIComponent)
    return `${this.options.publicBaseUrl()}/app/ent/${segments.join('/')}/payment?threeDSecure=return`
  }

  /** The puzzles' signing secret, made once per installation and shared by every process. */
  #secretForPuzzles(): Promise<string> {
    this.#puzzleSecret ??= loadOrCreate(this.db, 'puzzle-signing').then(
      (secret) => secret.toString('base64'),
      (error: unknown) => {
        this.#puzzleSecret = undefined
        throw error
      },
    )
    return this.#puzzleSecret
  }
}
