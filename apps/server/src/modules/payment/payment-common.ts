import {
  AppError,
  errorCodes,
  t,
  type ApplicationProgress,
  type ApplyInfo,
  type ApplyInfoOption,
  type GroupPfInfoBranchNo,
} from '@app/shared'
import { type PaymentRegistration } from '@app/shared/api/payment/payment'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import type { ApplicationService } from '../application/application-service.ts'
import { type Product } from '../application/apply-info-state.ts'
import type { GroupService } from '../group/group-service.ts'
import type { DeliveryOutcome } from '../mail/delivery.ts'
import { type ServerKeys } from '../security/secrets.ts'
import {
  findAttempt,
  finishAttempt,
  insertAttempt,
  type AttemptKind,
  type AttemptRow,
  type PayingAttemptKind,
} from './payment-repository.ts'
import { type PaymentProvider } from './provider.ts'
import type { PaymentProviderSettings } from './provider-settings.ts'

// What every part of payment shares (issue #7, ADR 0014; split by what it does in issue #18):
// the options, the application as payment sees it, and the refusals.

/** The options every payment part is built from (app.ts builds them once). */
export interface PaymentOptions {
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
  /**
   * called once a deposit notification is kept (after its commit): nudges the reconciliation job
   * (issue #21 point 3); tests leave it out and run the job themselves
   */
  onDepositReceived?: () => void
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

/** A processing attempt older than this belongs to a process that stopped: it blocks no other. */
export const STALE_ATTEMPT_MS = 2 * 60_000

/** SPEC §8.3: the deadline passed, and what it cancels. */
export const deadlineCodes: Record<PayingAttemptKind, string> = {
  card: errorCodes.deadlinePassedCreditCancelled,
  virtualAccount: errorCodes.deadlinePassedVAccountCancelled,
  offline: errorCodes.recruitmentClosed,
}

/** The application as payment sees it. */
export interface PaymentContext {
  applicationId: string
  status: 'draft' | 'applied'
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  progress: ApplicationProgress
  product: Product
  branch: GroupPfInfoBranchNo
}

/** A payment refusal; a provider system error (ESOE…) is shown with its code (SPEC §8.4). */
export function paymentError(errorCode: string, message: string): AppError {
  return new AppError(errorCode, {
    message,
    userMessage: /^ESOE\d{4}$/.test(errorCode)
      ? t('payment.providerError', { code: errorCode })
      : undefined,
  })
}

export function stepNotOpen(message: string): AppError {
  return new AppError(errorCodes.stepNotOpen, { message })
}

/** SPEC §7.4: the registration the server holds for an application. */
export function registrationOf(applyInfo: ApplyInfo): PaymentRegistration {
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

export function isSameRegistration(given: PaymentRegistration, held: PaymentRegistration): boolean {
  return (Object.keys(held) as (keyof PaymentRegistration)[]).every(
    (key) => given[key] === held[key],
  )
}

/** Ends an attempt with a refusal and gives the error to throw. */
export async function failAttempt(
  db: Database,
  attempt: AttemptRow,
  refusal: { errorCode: string; message: string; status?: 'failed' | 'cancelled'; now: Date },
): Promise<AppError> {
  const { errorCode, message, status = 'failed', now } = refusal
  await finishAttempt(db, attempt.id, { status, errorCode, now })
  return paymentError(errorCode, message)
}

/** What every payment part reads: its options, the database and the product's clock. */
export class PaymentPart {
  protected readonly options: PaymentOptions

  constructor(options: PaymentOptions) {
    this.options = options
  }

  protected get db(): Database {
    return this.options.db
  }

  protected now(): Date {
    return this.options.clock.now()
  }
}

/**
 * The attempt of a my-page execution (an invoice's payment, a card change): a new one for the
 * key, or the one the key already has (a repeat). Another key's attempt of the application still
 * processing refuses it (APFY0001): two never run at the provider at once.
 */
export async function startKeyedAttempt(
  db: Database,
  values: {
    applicationId: string
    kind: AttemptKind
    idempotencyKey: string
    amount: number
    now: Date
  },
): Promise<{ kind: 'new' | 'repeat'; attempt: AttemptRow }> {
  const attempt = await insertAttempt(db, {
    ...values,
    busySince: new Date(values.now.getTime() - STALE_ATTEMPT_MS),
  })
  if (attempt === 'busy') {
    throw new AppError(errorCodes.paymentInProgress, {
      message: `another ${values.kind} attempt of the application is processing`,
    })
  }
  if (attempt !== 'repeat') return { kind: 'new', attempt }
  const other = await findAttempt(db, values.applicationId, values.idempotencyKey)
  if (other === undefined) throw new Error('payment attempt vanished')
  return { kind: 'repeat', attempt: other }
}

/**
 * A repeat's answer for an attempt that has not succeeded: the 3-D Secure page it waits for, or
 * its refusal (still processing: APFY0001).
 */
export function unfinishedOutcome(attempt: AttemptRow): {
  result: 'threeDSecure'
  redirectUrl: string
} {
  switch (attempt.status) {
    case 'processing':
      throw new AppError(errorCodes.paymentInProgress, { message: 'the first request runs on' })
    case 'threeDSecure': {
      const outcome = attempt.outcome as { redirectUrl?: unknown } | null
      return {
        result: 'threeDSecure',
        redirectUrl: typeof outcome?.redirectUrl === 'string' ? outcome.redirectUrl : '',
      }
    }
    case 'succeeded':
      throw new Error('a succeeded attempt has an outcome of its own')
    case 'failed':
    case 'cancelled':
      throw paymentError(
        attempt.errorCode ?? errorCodes.system,
        `the key's attempt ended ${attempt.status}`,
      )
  }
}
