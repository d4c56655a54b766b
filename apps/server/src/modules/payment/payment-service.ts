import { randomInt, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  addDays,
  AppError,
  errorCodes,
  myPageLoginHref,
  PAYMENT_STEP,
  recruitmentPhase,
  t,
  toBusinessDate,
  type ApplicationProgress,
  type ApplyInfo,
  type ApplyInfoOption,
  type GroupPfInfoBranchNo,
} from '@app/shared'
import {
  depositNotificationSchema,
  paymentOutcomeSchema,
  SIGNATURE_TOLERANCE_SECONDS,
  type Completion,
  type PaymentInfo,
  type PaymentOutcome,
  type PaymentRegistration,
  type PuzzleChallenge,
  type PuzzleSolution,
  type VirtualAccount,
} from '@app/shared/api/payment/payment'
import {
  amountDue,
  depositStatus,
  errorCodeForProvider,
  paymentRoute,
  statusPatternAfter,
  VIRTUAL_ACCOUNT_DUE_DAYS,
  type PaymentEvent,
} from '@app/shared/rules/payment'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import type { SignedIn } from '../access/session.ts'
import type { ApplicationService } from '../application/application-service.ts'
import { progressOf, type Product } from '../application/apply-info-state.ts'
import type { GroupService } from '../group/group-service.ts'
import type { DeliveryOutcome } from '../mail/delivery.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { findBranch, findGroupPfInfo } from '../group/group-repository.ts'
import {
  agencyCompletionMail,
  completionMail,
  depositMail,
  type DepositMailInput,
} from '../mail/templates.ts'
import { hitRateLimit } from '../security/rate-limit.ts'
import { loadOrCreate, subjectHash, type ServerKeys } from '../security/secrets.ts'
import {
  claimThreeDSecureAttempt,
  consumePuzzle,
  deleteExpiredPuzzles,
  findAttempt,
  findAttemptById,
  findLatestCardAttempt,
  findVirtualAccountOfApplication,
  finishAttempt,
  insertAttempt,
  insertDepositNotification,
  insertVirtualAccount,
  listThreeDSecureAttempts,
  lockVirtualAccountByNumber,
  markThreeDSecure,
  recordDepositOnAccount,
  setProviderReference,
  type AttemptKind,
  type AttemptRow,
  type VirtualAccountRow,
} from './payment-repository.ts'
import {
  findApplicationById,
  markApplied,
  updateApplyInfo,
} from '../application/application-records.ts'
import {
  HttpPaymentProvider,
  ProviderUnavailableError,
  type IssuedVirtualAccount,
  type PaymentProvider,
} from './provider.ts'
import type { PaymentProviderSettings } from './provider-settings.ts'
import { verifyPuzzle, createPuzzle } from './puzzle.ts'
import { verifyDepositSignature } from './signature.ts'

// Payment and completion (issue #7, ADR 0014; SPEC §2.1, §4, §7.4, §8.2–§8.4; PRODUCT.md
// "Money"). Every call works on the signed-in applicant's own application. An execution inserts
// its attempt (one per Idempotency-Key) before the provider is called, so a repeat never calls
// again; no database transaction is ever held across a provider call (PGlite has one connection,
// and the sandbox provider in this process needs it). A success changes the attempt, the
// application and the outbox in one transaction.

export interface PaymentServiceOptions {
  db: Database
  groups: GroupService
  clock: Clock
  keys: ServerKeys
  applications: ApplicationService
  settings: PaymentProviderSettings
  deliverMail: (messageId: string) => Promise<DeliveryOutcome>
  /** this product as the browser reaches it: for the 3-D Secure return address */
  publicBaseUrl: () => string
  /** the provider adapter; by default the provider of `settings` over HTTP */
  provider?: PaymentProvider
  /** the 10-digit policy holder number (tests force a collision with it) */
  newPolicyHolderNo?: () => string
  /** renewal procedures (issue #9, ADR 0016): whether a draft may complete, and completing it */
  renewals?: RenewalCompletion
}

/**
 * What payment asks of renewals: a renewal procedure's draft completes only while its contract's
 * renewal allows it (409 APFA2029 otherwise); other applications pass both calls untouched.
 */
export interface RenewalCompletion {
  /** before money moves */
  checkCompletion(applicationId: string): Promise<void>
  /**
   * inside the completion's transaction (a refusal rolls it back): completes the renewal the
   * application is the procedure of; false when it is none
   */
  completeInTx(tx: Database, applicationId: string, now: Date): Promise<boolean>
}

/** A repeat waits for the first request of its key this often, for at most this long. */
const POLL_INTERVAL_MS = 100
const POLL_LIMIT_MS = 10_000
/** Puzzles per account in 10 minutes (each is worth one card try). */
const PUZZLES_PER_WINDOW = 30
const PUZZLE_WINDOW_SECONDS = 600
/** A processing attempt older than this belongs to a process that stopped: it blocks no other. */
const STALE_ATTEMPT_MS = 2 * 60_000
const POLICY_HOLDER_NO_CONSTRAINT = 'applications_policy_holder_no_uq'

/** SPEC §8.3: the deadline passed, and what it cancels. */
const deadlineCodes: Record<AttemptKind, string> = {
  card: errorCodes.deadlinePassedCreditCancelled,
  virtualAccount: errorCodes.deadlinePassedVAccountCancelled,
  offline: errorCodes.recruitmentClosed,
}

/** The application as payment sees it. */
interface Context {
  applicationId: string
  status: 'draft' | 'applied'
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  progress: ApplicationProgress
  product: Product
  branch: GroupPfInfoBranchNo
}

type Started =
  | { kind: 'new'; context: Context; attempt: AttemptRow }
  | { kind: 'repeat'; outcome: PaymentOutcome }

export type DepositOutcome = 'paid' | 'underpaid' | 'overpaid' | 'unknownAccount'
export type DepositAnswer =
  { received: true; outcome: DepositOutcome } | { received: true; duplicate: true }

/** A payment refusal; a provider system error (ESOE…) is shown with its code (SPEC §8.4). */
function paymentError(errorCode: string, message: string): AppError {
  return new AppError(errorCode, {
    message,
    userMessage: /^ESOE\d{4}$/.test(errorCode)
      ? t('payment.providerError', { code: errorCode })
      : undefined,
  })
}

function stepNotOpen(message: string): AppError {
  return new AppError(errorCodes.stepNotOpen, { message })
}

function newPolicyHolderNo(): string {
  return String(randomInt(0, 10_000_000_000)).padStart(10, '0')
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505') return candidate.constraint === constraint
    current = candidate.cause
  }
  return false
}

/** SPEC §7.4: the registration the server holds for an application. */
function registrationOf(applyInfo: ApplyInfo): PaymentRegistration {
  const basic = applyInfo.basicInfo
  return {
    urlKey: applyInfo.urlKey,
    groupPfCode: basic.groupPfCode,
    groupPfCodeInceptionDateYm: basic.groupPfCodeInceptionDateYm,
    groupPfBranchNo: basic.groupPfBranchNo,
    groupPfPolicyHolderNo: basic.groupPfPolicyHolderNo,
    statusPattern: basic.statusPattern,
    pymntMethod: basic.pymntMethod,
    payeeAccntDisplayDiv: basic.payeeAccntDisplayDiv,
    payeeAccntInfo: basic.payeeAccntInfo,
  }
}

function isSameRegistration(given: PaymentRegistration, held: PaymentRegistration): boolean {
  return (Object.keys(held) as (keyof PaymentRegistration)[]).every(
    (key) => given[key] === held[key],
  )
}

function virtualAccountOf(row: VirtualAccountRow): VirtualAccount {
  return {
    bankName: row.bankName,
    bankCode: row.bankCode,
    branchName: row.branchName,
    branchCode: row.branchCode,
    accountType: row.accountType,
    accountNumber: row.accountNumber,
    accountHolder: row.accountHolder,
    amount: row.amount,
    dueDate: row.dueDate,
    paidAmount: row.paidAmount,
    // the table's check constraint allows only these values
    depositStatus: row.depositStatus as VirtualAccount['depositStatus'],
  }
}

/** What completeApplication shows (completionSchema). */
function completionOf(
  applyInfo: ApplyInfo,
  applyInfoOption: ApplyInfoOption,
  account: VirtualAccountRow | undefined,
): Completion {
  const basic = applyInfo.basicInfo
  return {
    groupPfPolicyHolderNo: basic.groupPfPolicyHolderNo ?? '',
    userId: basic.userId,
    policyHolderEmailAddress: basic.policyHolderEmailAddress,
    statusPattern: basic.statusPattern,
    pymntMethod: basic.pymntMethod,
    invoiceAmount: applyInfoOption.invoiceAmount ?? applyInfo.cvrgeInfo.totalPremium,
    applicationDate: basic.applicationDate ?? '',
    isExistApplyCompMailError: applyInfoOption.isExistApplyCompMailError,
    virtualAccount: account === undefined ? null : virtualAccountOf(account),
    // a transfer's own account (pymntMethod "3") replaces the group's payee text: shown once
    // (issue #23 point 17)
    payeeAccntInfo:
      basic.payeeAccntDisplayDiv === '1' && basic.pymntMethod !== '3' ? basic.payeeAccntInfo : null,
  }
}

const depositEvents: Record<'paid' | 'underpaid' | 'overpaid', PaymentEvent> = {
  paid: 'depositPaidInFull',
  underpaid: 'depositUnderpaid',
  overpaid: 'depositOverpaid',
}

export class PaymentService {
  readonly options: PaymentServiceOptions
  readonly #provider: PaymentProvider
  #puzzleSecret: Promise<string> | undefined

  constructor(options: PaymentServiceOptions) {
    this.options = options
    this.#provider = options.provider ?? new HttpPaymentProvider(options.settings)
  }

  get #db(): Database {
    return this.options.db
  }

  #now(): Date {
    return this.options.clock.now()
  }

  // -------------------------------------------------------------------------------------------
  // GET /paymentInfo/ and GET /capyStatus/

  /** The payment screen's initialisation guard (SPEC §2.5) and, once applied, the completion. */
  async paymentInfo(signedIn: SignedIn): Promise<PaymentInfo> {
    const context = await this.#context(signedIn)
    const { applyInfo, applyInfoOption } = context
    const registration = registrationOf(applyInfo)
    if (context.status === 'applied') {
      return {
        state: 'applied',
        registration,
        invoiceAmount: applyInfoOption.invoiceAmount ?? applyInfo.cvrgeInfo.totalPremium,
        card: null,
        completion: await this.#completionOf(context.applicationId),
      }
    }
    this.#requireAllSteps(context)
    const isCard = paymentRoute(applyInfo.basicInfo.pymntMethod) === 'card'
    const latest = isCard ? await findLatestCardAttempt(this.#db, context.applicationId) : undefined
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

  /** A new puzzle for the card form (SPEC §9: valid 5 minutes). */
  async newPuzzle(signedIn: SignedIn): Promise<PuzzleChallenge> {
    const now = this.#now()
    const limit = await hitRateLimit(
      this.#db,
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

  // -------------------------------------------------------------------------------------------
  // Executions

  /** POST /executePaymentCredit/: card token and solved puzzle → authorise, 3-D Secure, capture. */
  async executeCredit(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration; cardToken: string; puzzle: PuzzleSolution },
  ): Promise<PaymentOutcome> {
    const now = this.#now()
    const started = await this.#start(signedIn, idempotencyKey, 'card', body.registration, () =>
      this.#checkPuzzle(body.puzzle, now),
    )
    if (started.kind === 'repeat') return started.outcome
    const { context, attempt } = started
    return this.#settle(attempt, errorCodes.cardSystemError, async () => {
      const { parameters, signature } = body.puzzle.challenge
      const expiresAt = new Date((parameters.expiresAt ?? 0) * 1000)
      if (!(await consumePuzzle(this.#db, signature, expiresAt, now))) {
        throw await this.#fail(attempt, errorCodes.puzzleExpired, 'the puzzle was used before')
      }
      // Used puzzles past their expiry are swept now and then by whoever pays; no job needed.
      if (Math.random() < 0.02) await deleteExpiredPuzzles(this.#db, now)
      const result = await this.#provider.createCardPayment(idempotencyKey, {
        token: body.cardToken,
        amount: attempt.amount,
        orderId: context.applicationId,
        returnUrl: this.#returnUrl(context.applyInfo),
      })
      switch (result.kind) {
        case 'refused':
          throw await this.#fail(
            attempt,
            errorCodeForProvider(result.code),
            `card payment refused (${result.code})`,
          )
        case 'requiresAction': {
          const outcome: PaymentOutcome = {
            result: 'threeDSecure',
            redirectUrl: result.challengeUrl,
          }
          await markThreeDSecure(this.#db, attempt.id, { providerReference: result.id, outcome })
          return outcome
        }
        case 'authorized':
          await setProviderReference(this.#db, attempt.id, result.id)
          return this.#captureCard(signedIn, attempt, result.id, body.registration)
      }
    })
  }

  /** POST /executePaymentCredit/threeDSecure/: back from the provider's page, with the same key. */
  async returnFromThreeDSecure(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration },
  ): Promise<PaymentOutcome> {
    const context = await this.#context(signedIn)
    const attempt = await findAttempt(this.#db, context.applicationId, idempotencyKey)
    if (attempt === undefined || attempt.kind !== 'card') {
      throw stepNotOpen('no card payment of this application with that key')
    }
    if (attempt.status !== 'threeDSecure' || attempt.providerReference === null) {
      return this.#outcomeOf(attempt)
    }
    // Only one request finishes the payment; a repeat waits for its outcome.
    if (!(await claimThreeDSecureAttempt(this.#db, attempt.id))) return this.#outcomeOf(attempt)
    const paymentId = attempt.providerReference
    return this.#settle(attempt, errorCodes.cardSystemError, () =>
      this.#captureCard(signedIn, attempt, paymentId, body.registration),
    )
  }

  /** POST /executePaymentVAccount/: the provider issues this application's own account. */
  async executeVirtualAccount(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration },
  ): Promise<PaymentOutcome> {
    const started = await this.#start(signedIn, idempotencyKey, 'virtualAccount', body.registration)
    if (started.kind === 'repeat') return started.outcome
    const { context, attempt } = started
    return this.#settle(attempt, errorCodes.paymentCancelledRetry, async () => {
      const { policyHolderInfo } = context.applyInfo
      const applicationDate = toBusinessDate(this.#now())
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
        throw await this.#fail(attempt, code, `virtual account refused (${result.code})`)
      }
      if (result.account.amount !== attempt.amount) {
        throw await this.#fail(attempt, errorCodes.paymentCancelledRetry, 'account amount differs')
      }
      return this.#complete(context, attempt, 'virtualAccountIssued', result.account)
    })
  }

  /** POST /paymentInfo/: group collection (pymntMethod "4"): nothing is paid online. */
  async registerOffline(
    signedIn: SignedIn,
    idempotencyKey: string,
    body: { registration: PaymentRegistration },
  ): Promise<PaymentOutcome> {
    const started = await this.#start(signedIn, idempotencyKey, 'offline', body.registration)
    if (started.kind === 'repeat') return started.outcome
    const { context, attempt } = started
    return this.#settle(attempt, errorCodes.system, () =>
      this.#complete(context, attempt, 'registeredOffline'),
    )
  }

  /**
   * The common checks of every execution, in order, then the attempt for the key. A key that has
   * an attempt is a repeat: it gets that attempt's outcome, whatever else it carries.
   */
  async #start(
    signedIn: SignedIn,
    idempotencyKey: string,
    kind: AttemptKind,
    registration: PaymentRegistration,
    beforeChecks?: () => Promise<void>,
  ): Promise<Started> {
    const context = await this.#context(signedIn)
    const existing = await findAttempt(this.#db, context.applicationId, idempotencyKey)
    if (existing !== undefined && existing.kind !== kind) {
      throw stepNotOpen(`the key belongs to a ${existing.kind} payment`)
    }
    if (context.status === 'applied') {
      if (existing?.status === 'succeeded') {
        return { kind: 'repeat', outcome: await this.#outcomeOf(existing) }
      }
      throw new AppError(errorCodes.alreadyApplied, { message: 'the application is applied' })
    }
    if (existing !== undefined) return { kind: 'repeat', outcome: await this.#outcomeOf(existing) }
    await beforeChecks?.()
    this.#requireAllSteps(context)
    await this.options.renewals?.checkCompletion(context.applicationId)
    if (paymentRoute(context.applyInfo.basicInfo.pymntMethod) !== kind) {
      throw stepNotOpen(`the group does not pay by ${kind}`)
    }
    if (!isSameRegistration(registration, registrationOf(context.applyInfo))) {
      throw new AppError(errorCodes.applicationVersionConflict, {
        message: 'the payment registration differs from the application',
      })
    }
    if (!this.#isRecruiting(context)) {
      if (kind === 'card') await this.#cancelWaitingCardPayments(context.applicationId)
      throw new AppError(deadlineCodes[kind], { message: 'outside the recruitment windows' })
    }
    const now = this.#now()
    const attempt = await insertAttempt(this.#db, {
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
    const other = await findAttempt(this.#db, context.applicationId, idempotencyKey)
    if (other === undefined) throw new Error('payment attempt vanished')
    return { kind: 'repeat', outcome: await this.#outcomeOf(other) }
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

  /** Checks again before the money moves, and captures; any refusal cancels at the provider. */
  async #captureCard(
    signedIn: SignedIn,
    attempt: AttemptRow,
    paymentId: string,
    registration: PaymentRegistration,
  ): Promise<PaymentOutcome> {
    const context = await this.#context(signedIn)
    const refusal =
      this.#refusalBeforeCapture(context, attempt, registration) ??
      (await this.#renewalRefusal(context.applicationId))
    if (refusal !== undefined) {
      await this.#cancelQuietly(paymentId)
      throw await this.#fail(attempt, refusal.code, refusal.message, 'cancelled')
    }
    let isCaptured = false
    try {
      const result = await this.#provider.capturePayment(paymentId)
      if (result.kind === 'refused') {
        if (result.code === 'authentication_required') {
          // The applicant came back without finishing 3-D Secure.
          await this.#cancelQuietly(paymentId)
          throw await this.#fail(attempt, errorCodes.threeDSecureFailed, '3-D Secure not done')
        }
        throw await this.#fail(
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
        throw await this.#fail(attempt, errorCodes.cardSystemError, 'capture did not answer')
      }
    }
    try {
      return await this.#complete(context, attempt, 'cardCaptured')
    } catch (error) {
      if (!(error instanceof AppError) || error.errorCode !== errorCodes.renewalNotPossible) {
        throw error
      }
      // A renewal that stopped being completable between the check and the capture (the job at
      // the fix date, ADR 0016): the money moved, the agency refunds it.
      throw await this.#fail(
        attempt,
        errorCodes.notCompletedContactAgency,
        `payment ${paymentId} captured for a renewal no longer completable: refund it`,
      )
    }
  }

  #refusalBeforeCapture(
    context: Context,
    attempt: AttemptRow,
    registration: PaymentRegistration,
  ): { code: string; message: string } | undefined {
    if (context.status === 'applied') {
      return { code: errorCodes.alreadyApplied, message: 'applied by another payment' }
    }
    if (!this.#isRecruiting(context)) {
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
    for (const waiting of await listThreeDSecureAttempts(this.#db, applicationId)) {
      if (!(await claimThreeDSecureAttempt(this.#db, waiting.id))) continue
      if (waiting.providerReference !== null) await this.#cancelQuietly(waiting.providerReference)
      await finishAttempt(this.#db, waiting.id, {
        status: 'cancelled',
        errorCode: deadlineCodes.card,
        now: this.#now(),
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

  /** Runs an attempt's work; whatever happens, the attempt does not stay `processing`. */
  async #settle(
    attempt: AttemptRow,
    unavailableCode: string,
    work: () => Promise<PaymentOutcome>,
  ): Promise<PaymentOutcome> {
    try {
      return await work()
    } catch (error) {
      const refusal =
        error instanceof AppError
          ? error
          : error instanceof ProviderUnavailableError
            ? paymentError(unavailableCode, `the provider did not answer: ${error.message}`)
            : undefined
      await finishAttempt(this.#db, attempt.id, {
        status: 'failed',
        errorCode: refusal?.errorCode ?? errorCodes.system,
        now: this.#now(),
      })
      throw refusal ?? error
    }
  }

  /** Ends an attempt with a refusal and gives the error to throw. */
  async #fail(
    attempt: AttemptRow,
    errorCode: string,
    message: string,
    status: 'failed' | 'cancelled' = 'failed',
  ): Promise<AppError> {
    await finishAttempt(this.#db, attempt.id, { status, errorCode, now: this.#now() })
    return paymentError(errorCode, message)
  }

  /** A repeat: the outcome of the key's attempt, waiting while it is being processed. */
  async #outcomeOf(attempt: AttemptRow): Promise<PaymentOutcome> {
    const deadline = Date.now() + POLL_LIMIT_MS
    let current = attempt
    while (current.status === 'processing') {
      if (Date.now() >= deadline) {
        throw new AppError(errorCodes.paymentInProgress, { message: 'the first request runs on' })
      }
      await sleep(POLL_INTERVAL_MS)
      const reread = await findAttemptById(this.#db, current.id)
      if (reread === undefined) throw new Error('payment attempt vanished')
      current = reread
    }
    switch (current.status) {
      case 'succeeded':
        return { result: 'completed', completion: await this.#completionOf(current.applicationId) }
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

  // -------------------------------------------------------------------------------------------
  // Completion

  /**
   * One transaction: the attempt succeeded, the application applied (its number, date, amount
   * and status pattern, SPEC §4), the virtual account, the completion mail. The mail is tried
   * right after the commit; a refused recipient is recorded (SPEC §8.4 "Mail not sent").
   */
  async #complete(
    context: Context,
    attempt: AttemptRow,
    event: PaymentEvent,
    account?: IssuedVirtualAccount,
  ): Promise<PaymentOutcome> {
    const now = this.#now()
    const messageId = await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const row = await findApplicationById(tx, attempt.applicationId, { forUpdate: true })
      if (row?.applyInfo == null || row.applyInfoOption == null) {
        throw new Error('application without its state')
      }
      if (row.status === 'applied') return undefined
      const isRenewal = (await this.options.renewals?.completeInTx(tx, row.id, now)) ?? false
      const accountRow =
        account === undefined ? undefined : await this.#saveAccount(tx, row.id, account, now)
      const state = { applyInfo: row.applyInfo, applyInfoOption: row.applyInfoOption }
      const applied = await this.#markApplied(tx, row.id, state, attempt, event, now)
      const completion = completionOf(applied.applyInfo, applied.applyInfoOption, accountRow)
      const isFinished = await finishAttempt(tx, attempt.id, {
        status: 'succeeded',
        outcome: { result: 'completed', completion },
        ...(account === undefined ? {} : { providerReference: account.id }),
        now,
      })
      if (!isFinished) throw new Error('payment attempt ended meanwhile')
      const mail = completionMail({
        groupName: context.product.group.groupNameKanji,
        groupPfPolicyHolderNo: completion.groupPfPolicyHolderNo,
        myPage:
          context.product.group.policyHolderPageUseDiv === '1'
            ? {
                userId: completion.userId,
                url: `${this.options.publicBaseUrl()}${myPageLoginHref({ groupPfCode: row.groupPfCode, urlKey: row.urlKey })}`,
              }
            : null,
        applicationDate: completion.applicationDate,
        invoiceAmount: completion.invoiceAmount,
        pymntMethod: completion.pymntMethod,
        pymntCount: context.product.group.pymntCount,
        virtualAccount: completion.virtualAccount,
        payeeAccntInfo: completion.payeeAccntInfo,
        agencyContact: context.branch.refFreeField,
        isRenewal,
      })
      const agentMail = context.branch.agentMail.trim()
      if (agentMail !== '') {
        // the agency's copy (SPEC §3.4 agentMail): delivered by the job, never blocking this
        const copy = agencyCompletionMail({
          groupName: context.product.group.groupNameKanji,
          groupPfBranchNo: row.groupPfBranchNo,
          groupPfPolicyHolderNo: completion.groupPfPolicyHolderNo,
          applicationDate: completion.applicationDate,
          invoiceAmount: completion.invoiceAmount,
          pymntMethod: completion.pymntMethod,
        })
        await enqueueMail(tx, { ...copy, recipient: agentMail }, now)
      }
      return enqueueMail(tx, { ...mail, recipient: completion.policyHolderEmailAddress }, now)
    })
    if (messageId === undefined) {
      if (event === 'cardCaptured') {
        // Captured after another payment completed the application: the agency refunds it.
        const reference = (await findAttemptById(this.#db, attempt.id))?.providerReference
        throw await this.#fail(
          attempt,
          errorCodes.notCompletedContactAgency,
          `payment ${reference ?? '?'} captured for an application applied before: refund it`,
        )
      }
      throw await this.#fail(attempt, errorCodes.alreadyApplied, 'applied by another payment')
    }
    const delivery = await this.options.deliverMail(messageId).catch(() => 'retrying' as const)
    if (delivery === 'refused') await this.#recordMailError(attempt.applicationId)
    return { result: 'completed', completion: await this.#completionOf(attempt.applicationId) }
  }

  async #saveAccount(
    tx: Database,
    applicationId: string,
    account: IssuedVirtualAccount,
    now: Date,
  ): Promise<VirtualAccountRow> {
    const row: VirtualAccountRow = {
      id: randomUUID(),
      applicationId,
      providerAccountId: account.id,
      bankName: account.bankName,
      bankCode: account.bankCode,
      branchName: account.branchName,
      branchCode: account.branchCode,
      accountType: account.accountType,
      accountNumber: account.accountNumber,
      accountHolder: account.accountHolder,
      amount: account.amount,
      dueDate: account.dueDate,
      paidAmount: 0,
      depositStatus: 'awaiting',
      createdAt: now,
      updatedAt: now,
    }
    await insertVirtualAccount(tx, row)
    return row
  }

  /** The application's completion writes, with a policy holder number free in its product. */
  async #markApplied(
    tx: Database,
    applicationId: string,
    row: { applyInfo: ApplyInfo; applyInfoOption: ApplyInfoOption },
    attempt: AttemptRow,
    event: PaymentEvent,
    now: Date,
  ): Promise<{ applyInfo: ApplyInfo; applyInfoOption: ApplyInfoOption }> {
    const next = this.options.newPolicyHolderNo ?? newPolicyHolderNo
    const { basicInfo } = row.applyInfo
    for (let tries = 0; tries < 5; tries += 1) {
      const number = next()
      const applyInfo: ApplyInfo = {
        ...row.applyInfo,
        basicInfo: {
          ...basicInfo,
          groupPfPolicyHolderNo: number,
          statusPattern: statusPatternAfter(basicInfo.statusPattern, event),
          applicationDate: toBusinessDate(now),
        },
      }
      const applyInfoOption: ApplyInfoOption = {
        ...row.applyInfoOption,
        invoiceAmount: attempt.amount,
        policyHolderNumber: number,
      }
      try {
        // A savepoint: on PostgreSQL a failed statement would otherwise end the transaction.
        await tx.transaction(async (savepoint) => {
          await markApplied(savepoint, applicationId, {
            groupPfPolicyHolderNo: number,
            applyInfo,
            applyInfoOption,
            now,
          })
        })
        return { applyInfo, applyInfoOption }
      } catch (error) {
        if (!isUniqueViolation(error, POLICY_HOLDER_NO_CONSTRAINT)) throw error
      }
    }
    throw new Error('no free policy holder number after 5 tries')
  }

  async #recordMailError(applicationId: string): Promise<void> {
    await this.#db.transaction(async (txn) => {
      const tx = txn as unknown as Database
      const row = await findApplicationById(tx, applicationId, { forUpdate: true })
      if (row?.applyInfoOption == null) return
      await updateApplyInfo(
        tx,
        applicationId,
        { applyInfoOption: { ...row.applyInfoOption, isExistApplyCompMailError: true } },
        this.#now(),
      )
    })
  }

  async #completionOf(applicationId: string): Promise<Completion> {
    const row = await findApplicationById(this.#db, applicationId)
    if (row?.applyInfo == null || row.applyInfoOption == null) {
      throw new Error('applied application without its state')
    }
    const account = await findVirtualAccountOfApplication(this.#db, applicationId)
    return completionOf(row.applyInfo, row.applyInfoOption, account)
  }

  // -------------------------------------------------------------------------------------------
  // POST /paymentNotifications/deposit/

  /**
   * The provider's signed deposit notification: checked against the raw body, kept whatever it
   * matches (an unknown account is kept for an operator), recorded once per notification id,
   * and reconciled with the account and the application's status pattern in one transaction.
   */
  async receiveDeposit(rawBody: string, signature: string | undefined): Promise<DepositAnswer> {
    const now = this.#now()
    const isSigned = verifyDepositSignature(
      this.options.settings.webhookSecret,
      signature,
      rawBody,
      Math.floor(now.getTime() / 1000),
      SIGNATURE_TOLERANCE_SECONDS,
    )
    if (!isSigned) {
      throw new AppError(errorCodes.depositNotificationRejected, {
        message: 'deposit notification signature refused',
      })
    }
    let json: unknown
    try {
      json = JSON.parse(rawBody)
    } catch {
      throw new AppError(errorCodes.validationFailed, { message: 'notification is not JSON' })
    }
    const parsed = depositNotificationSchema.safeParse(json)
    if (!parsed.success) {
      throw new AppError(errorCodes.validationFailed, {
        message: 'notification does not match its schema',
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: t('error.APFV0001'),
        })),
      })
    }
    const notification = parsed.data
    return this.#db.transaction(async (txn): Promise<DepositAnswer> => {
      const tx = txn as unknown as Database
      const account = await lockVirtualAccountByNumber(tx, notification.accountNumber)
      const paidAmount = (account?.paidAmount ?? 0) + notification.amount
      const outcome: DepositOutcome =
        account === undefined
          ? 'unknownAccount'
          : (depositStatus(account.amount, paidAmount) as 'paid' | 'underpaid' | 'overpaid')
      const isNew = await insertDepositNotification(tx, {
        id: notification.id,
        accountNumber: notification.accountNumber,
        amount: notification.amount,
        depositedAt: new Date(notification.depositedAt),
        depositorName: notification.depositorName ?? null,
        virtualAccountId: account?.id ?? null,
        outcome,
        receivedAt: now,
      })
      if (!isNew) return { received: true, duplicate: true }
      if (account !== undefined && outcome !== 'unknownAccount') {
        await recordDepositOnAccount(tx, account.id, { paidAmount, depositStatus: outcome, now })
        await this.#applyDeposit(tx, account.applicationId, {
          event: depositEvents[outcome],
          amount: account.amount,
          paidAmount,
          outcome,
          now,
        })
      }
      return { received: true, outcome }
    })
  }

  /**
   * A reconciled deposit on the application, in the notification's transaction: its status pattern
   * moves on (SPEC §4), and the applicant is mailed paid, short or over (issue #23 point 17).
   * One read of the application, locked, serves both.
   */
  async #applyDeposit(
    tx: Database,
    applicationId: string,
    deposit: {
      event: PaymentEvent
      amount: number
      paidAmount: number
      outcome: DepositMailInput['outcome']
      now: Date
    },
  ): Promise<void> {
    const row = await findApplicationById(tx, applicationId, { forUpdate: true })
    if (row?.applyInfo == null) return
    const { basicInfo } = row.applyInfo
    const statusPattern = statusPatternAfter(basicInfo.statusPattern, deposit.event)
    if (statusPattern !== basicInfo.statusPattern) {
      await updateApplyInfo(
        tx,
        applicationId,
        { applyInfo: { ...row.applyInfo, basicInfo: { ...basicInfo, statusPattern } } },
        deposit.now,
      )
    }
    const group = await findGroupPfInfo(tx, {
      groupPfCode: row.groupPfCode,
      groupPfCodeInceptionDateYm: row.groupPfCodeInceptionDateYm,
    })
    const branch = await findBranch(tx, {
      groupPfCode: row.groupPfCode,
      groupPfBranchNo: row.groupPfBranchNo,
    })
    const mail = depositMail({
      groupName: group?.groupNameKanji ?? '',
      groupPfPolicyHolderNo: row.groupPfPolicyHolderNo ?? basicInfo.groupPfPolicyHolderNo ?? '',
      amount: deposit.amount,
      paidAmount: deposit.paidAmount,
      outcome: deposit.outcome,
      agencyContact: branch?.refFreeField ?? '',
    })
    await enqueueMail(tx, { ...mail, recipient: basicInfo.policyHolderEmailAddress }, deposit.now)
  }

  // -------------------------------------------------------------------------------------------

  async #context(signedIn: SignedIn): Promise<Context> {
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
  #requireAllSteps(context: Context): void {
    if (context.progress.nextStep !== PAYMENT_STEP) {
      throw stepNotOpen(`payment is not open (next step ${context.progress.nextStep})`)
    }
  }

  /** SPEC §4, §9: inside a recruitment window by the product's clock. */
  #isRecruiting(context: Context): boolean {
    return recruitmentPhase(this.#now(), context.product.group) !== 'closed'
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
    this.#puzzleSecret ??= loadOrCreate(this.#db, 'puzzle-signing').then(
      (secret) => secret.toString('base64'),
      (error: unknown) => {
        this.#puzzleSecret = undefined
        throw error
      },
    )
    return this.#puzzleSecret
  }
}
