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
import { finishAttempt, type AttemptRow, type PayingAttemptKind } from './payment-repository.ts'
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
