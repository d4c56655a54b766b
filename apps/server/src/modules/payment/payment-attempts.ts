import { setTimeout as sleep } from 'node:timers/promises'
import { AppError, errorCodes, PAYMENT_STEP, recruitmentPhase } from '@app/shared'
import {
  paymentOutcomeSchema,
  type PaymentInfo,
  type PaymentOutcome,
  type PaymentRegistration,
} from '@app/shared/api/payment/payment'
import { amountDue, paymentRoute } from '@app/shared/rules/payment'
import type { SignedIn } from '../access/session.ts'
import { progressOf } from '../application/apply-info-state.ts'
import {
  findAttempt,
  findAttemptById,
  findLatestCardAttempt,
  finishAttempt,
  insertAttempt,
  type PayingAttemptKind,
  type AttemptRow,
} from './payment-repository.ts'
import { ProviderUnavailableError } from './provider.ts'

import {
  deadlineCodes,
  failAttempt,
  isSameRegistration,
  paymentError,
  registrationOf,
  STALE_ATTEMPT_MS,
  stepNotOpen,
  type PaymentContext,
  type PaymentOptions,
  PaymentPart,
} from './payment-common.ts'
import type { PaymentProvider } from './provider.ts'
import type { PaymentCompletion } from './payment-completion.ts'

// The attempt of one execution (ADR 0014): the payment screen's guard, the common checks, one
// attempt per Idempotency-Key, its outcome replayed to a repeat, and never left `processing`.

/** A repeat waits for the first request of its key this often, for at most this long. */
const POLL_INTERVAL_MS = 100
const POLL_LIMIT_MS = 10_000

type Started =
  | { kind: 'new'; context: PaymentContext; attempt: AttemptRow }
  | { kind: 'repeat'; outcome: PaymentOutcome }

/** What an execution is built from (payment-services.ts builds them once). */
export interface PaymentParts {
  options: PaymentOptions
  provider: PaymentProvider
  attempts: PaymentAttempts
  completion: PaymentCompletion
}

export interface ExecutionHooks {
  /** checks of the execution's own before the common ones (the card's puzzle) */
  beforeChecks?: () => Promise<void>
  /** card payments waiting for 3-D Secure are cancelled when the windows closed */
  onWindowClosed?: (applicationId: string) => Promise<void>
}

export class PaymentAttempts extends PaymentPart {
  readonly #completion: PaymentCompletion

  constructor(options: PaymentOptions, completion: PaymentCompletion) {
    super(options)
    this.#completion = completion
  }

  /** The payment screen's initialisation guard (SPEC §2.5) and, once applied, the completion. */
  async paymentInfo(signedIn: SignedIn): Promise<PaymentInfo> {
    const context = await this.context(signedIn)
    const { applyInfo, applyInfoOption } = context
    const registration = registrationOf(applyInfo)
    if (context.status === 'applied') {
      return {
        state: 'applied',
        registration,
        invoiceAmount: applyInfoOption.invoiceAmount ?? applyInfo.cvrgeInfo.totalPremium,
        card: null,
        completion: await this.#completion.completionOf(context.applicationId),
      }
    }
    this.requireAllSteps(context)
    const isCard = paymentRoute(applyInfo.basicInfo.pymntMethod) === 'card'
    const latest = isCard ? await findLatestCardAttempt(this.db, context.applicationId) : undefined
    return {
      state: latest?.status === 'threeDSecure' ? 'threeDSecure' : 'open',
      registration,
      invoiceAmount: amountDue(applyInfo.cvrgeInfo.totalPremium, context.product.group),
      card: isCard
        ? {
            tokenUrl: `${this.options.settings.publicBaseUrl()}/v1/tokens`,
            publishableKey: this.options.settings.publishableKey,
          }
        : null,
      completion: null,
    }
  }

  /**
   * One execution: its attempt for the key (a repeat gets the first outcome), then its work,
   * after which the attempt never stays `processing`.
   */
  async execute(
    request: {
      signedIn: SignedIn
      idempotencyKey: string
      kind: PayingAttemptKind
      registration: PaymentRegistration
      unavailableCode: string
    },
    work: (context: PaymentContext, attempt: AttemptRow) => Promise<PaymentOutcome>,
    hooks: ExecutionHooks = {},
  ): Promise<PaymentOutcome> {
    const { signedIn, idempotencyKey, kind, registration } = request
    const started = await this.#start(signedIn, idempotencyKey, kind, registration, hooks)
    if (started.kind === 'repeat') return started.outcome
    const { context, attempt } = started
    return this.settle(attempt, request.unavailableCode, () => work(context, attempt))
  }

  /**
   * The common checks of every execution, in order, then the attempt for the key. A key that has
   * an attempt is a repeat: it gets that attempt's outcome, whatever else it carries.
   */
  async #start(
    signedIn: SignedIn,
    idempotencyKey: string,
    kind: PayingAttemptKind,
    registration: PaymentRegistration,
    hooks: ExecutionHooks,
  ): Promise<Started> {
    const context = await this.context(signedIn)
    const existing = await findAttempt(this.db, context.applicationId, idempotencyKey)
    if (existing !== undefined && existing.kind !== kind) {
      throw stepNotOpen(`the key belongs to a ${existing.kind} payment`)
    }
    if (context.status === 'applied') {
      if (existing?.status === 'succeeded') {
        return { kind: 'repeat', outcome: await this.outcomeOf(existing) }
      }
      throw new AppError(errorCodes.alreadyApplied, { message: 'the application is applied' })
    }
    if (existing !== undefined) return { kind: 'repeat', outcome: await this.outcomeOf(existing) }
    await hooks.beforeChecks?.()
    this.requireAllSteps(context)
    await this.options.renewals?.checkCompletion(context.applicationId)
    if (paymentRoute(context.applyInfo.basicInfo.pymntMethod) !== kind) {
      throw stepNotOpen(`the group does not pay by ${kind}`)
    }
    if (!isSameRegistration(registration, registrationOf(context.applyInfo))) {
      throw new AppError(errorCodes.applicationVersionConflict, {
        message: 'the payment registration differs from the application',
      })
    }
    if (!this.isRecruiting(context)) {
      await hooks.onWindowClosed?.(context.applicationId)
      throw new AppError(deadlineCodes[kind], { message: 'outside the recruitment windows' })
    }
    const now = this.now()
    const attempt = await insertAttempt(this.db, {
      applicationId: context.applicationId,
      kind,
      idempotencyKey,
      amount: amountDue(context.applyInfo.cvrgeInfo.totalPremium, context.product.group),
      now,
      busySince: new Date(now.getTime() - STALE_ATTEMPT_MS),
    })
    if (attempt === 'busy') {
      // Another payment of this application is under way: never two at the provider at once.
      throw new AppError(errorCodes.paymentInProgress, {
        message: 'another payment of the application is processing',
      })
    }
    if (attempt !== 'repeat') return { kind: 'new', context, attempt }
    // The same key at the same moment: the other request calls the provider.
    const other = await findAttempt(this.db, context.applicationId, idempotencyKey)
    if (other === undefined) throw new Error('payment attempt vanished')
    return { kind: 'repeat', outcome: await this.outcomeOf(other) }
  }

  /** Runs an attempt's work; whatever happens, the attempt does not stay `processing`. */
  async settle<T>(
    attempt: AttemptRow,
    unavailableCode: string,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work()
    } catch (error) {
      const refusal =
        error instanceof AppError
          ? error
          : error instanceof ProviderUnavailableError
            ? paymentError(unavailableCode, `the provider did not answer: ${error.message}`)
            : undefined
      await finishAttempt(this.db, attempt.id, {
        status: 'failed',
        errorCode: refusal?.errorCode ?? errorCodes.system,
        now: this.now(),
      })
      throw refusal ?? error
    }
  }

  /** Ends an attempt with a refusal and gives the error to throw. */
  async fail(
    attempt: AttemptRow,
    errorCode: string,
    message: string,
    status: 'failed' | 'cancelled' = 'failed',
  ): Promise<AppError> {
    return failAttempt(this.db, attempt, { errorCode, message, status, now: this.now() })
  }

  /** A repeat: the outcome of the key's attempt, waiting while it is being processed. */
  async outcomeOf(attempt: AttemptRow): Promise<PaymentOutcome> {
    const deadline = Date.now() + POLL_LIMIT_MS
    let current = attempt
    while (current.status === 'processing') {
      if (Date.now() >= deadline) {
        throw new AppError(errorCodes.paymentInProgress, { message: 'the first request runs on' })
      }
      await sleep(POLL_INTERVAL_MS)
      const reread = await findAttemptById(this.db, current.id)
      if (reread === undefined) throw new Error('payment attempt vanished')
      current = reread
    }
    switch (current.status) {
      case 'succeeded':
        return {
          result: 'completed',
          completion: await this.#completion.completionOf(current.applicationId),
        }
      case 'threeDSecure':
        return paymentOutcomeSchema.parse(current.outcome)
      case 'failed':
      case 'cancelled':
        throw paymentError(
          current.errorCode ?? errorCodes.system,
          `the key's payment ended ${current.status}`,
        )
    }
  }

  async context(signedIn: SignedIn): Promise<PaymentContext> {
    const draft = await this.options.applications.forPayment(signedIn)
    if (draft === undefined) {
      throw new AppError(errorCodes.apiNotFound, { message: 'the account has no application' })
    }
    return {
      applicationId: draft.applicationId,
      status: draft.status,
      applyInfo: draft.state.applyInfo,
      applyInfoOption: draft.state.applyInfoOption,
      progress: progressOf(draft.state, draft.product),
      product: draft.product,
      branch: draft.branch,
    }
  }

  /** SPEC §2.5: payment opens once every step of the flow is done. */
  requireAllSteps(context: PaymentContext): void {
    if (context.progress.nextStep !== PAYMENT_STEP) {
      throw stepNotOpen(`payment is not open (next step ${context.progress.nextStep})`)
    }
  }

  /** SPEC §4, §9: inside a recruitment window by the product's clock. */
  isRecruiting(context: PaymentContext): boolean {
    return recruitmentPhase(this.now(), context.product.group) !== 'closed'
  }
}
