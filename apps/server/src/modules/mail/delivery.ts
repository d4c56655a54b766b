import { createTransport, type NodemailerError, type Transporter } from 'nodemailer'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import type { JobObserver, MailObserver } from '../metrics/metrics.ts'
import {
  OutboxTelephoneProvider,
  TelephoneSendError,
  type TelephoneProvider,
} from '../telephone/telephone-provider.ts'
import {
  claimDueMessages,
  claimMessage,
  findMessageStatus,
  markFailed,
  markSent,
  maskExpiredSecretRows,
  scheduleRetry,
  type OutboxMessage,
} from './outbox-repository.ts'

// The delivery job of PRODUCT.md "Messages": any process may run it, and a claim written in the
// row (claimed_until) makes sure one message is tried by one process at a time. Mail goes by
// SMTP (or stays in the outbox); SMS and voice rows (issue #8) go to the telephone provider and
// never to SMTP.

/**
 * `sent`: handed to the relay (or, with no relay, to the outbox page). `retrying`: not sent yet,
 * tried again later. `refused`: will never be sent: the relay refused the recipient or the
 * message for good, or every attempt failed.
 */
export type DeliveryOutcome = 'sent' | 'retrying' | 'refused'

/** Where log lines go; a Fastify or pino logger fits. Only ids and codes are ever logged. */
export interface MailLog {
  info(data: object, message: string): void
  warn(data: object, message: string): void
  error(data: object, message: string): void
}

export interface MailDeliveryOptions {
  db: Database
  clock: Clock
  /** smtp:// or smtps:// relay; undefined: the outbox page is the mailbox */
  smtpUrl: string | undefined
  mailFrom: string
  log: MailLog
  /** how often `start()` looks for due mail (MAIL_POLL_SECONDS) */
  pollSeconds?: number
  /** where `sms` and `voice` rows go; default: the embedded provider (the outbox is the phone) */
  telephone?: TelephoneProvider
  /** told of each run and each message handled (the metrics, modules/metrics) */
  observer?: JobObserver & MailObserver
}

const CLAIM_MS = 60_000
/** An attempt is cut off well inside its claim, so no other process takes the row mid-send. */
const ATTEMPT_MS = 45_000
const BATCH_SIZE = 20
/** The last attempt: after it fails the message is given up (status failed). */
export const MAX_ATTEMPTS = 8
const FIRST_RETRY_MS = 30_000
const LONGEST_RETRY_MS = 60 * 60_000

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** The wait after the given number of failed attempts: 30 s, doubling, at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS)
}

interface Failure {
  /** the relay refused the recipient or the message for good: trying again cannot help */
  isRefusal: boolean
  /** reply code or error code, and the SMTP command: `550 RCPT TO`, `ECONNREFUSED CONN` */
  summary: string
}

const REFUSAL_COMMANDS = new Set(['RCPT TO', 'DATA'])

/** The provider's code only: its text may repeat the number. */
function describeTelephoneFailure(error: unknown): Failure {
  if (error instanceof TelephoneSendError) {
    return { isRefusal: error.permanent, summary: error.code.replace(/[^A-Za-z0-9_]/g, '') }
  }
  return { isRefusal: false, summary: 'TELEPHONE ERROR' }
}

/** Only codes and command names: a relay's reply text often repeats the address. */
function describeFailure(error: unknown): Failure {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as NodemailerError
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined
  const command = typeof failure.command === 'string' ? failure.command : undefined
  const code =
    responseCode === undefined
      ? [failure.originalCode, failure.code].find((value) => typeof value === 'string')
      : String(responseCode)
  const parts = [code ?? 'ERROR', command]
    .filter((part) => part !== undefined)
    .map((part) => part.replace(/[^A-Za-z0-9_ ]/g, '').slice(0, 32))
  return {
    // nodemailer marks 5xx as permanent except 503 (a broken command sequence, worth a retry)
    isRefusal: failure.permanent === true && command !== undefined && REFUSAL_COMMANDS.has(command),
    summary: parts.join(' '),
  }
}

function errorSummary(error: unknown): { name: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error }
  const code = (error as NodeJS.ErrnoException).code
  return typeof code === 'string' ? { name: error.name, code } : { name: error.name }
}

export class MailDelivery {
  readonly #db: Database
  readonly #clock: Clock
  readonly #mailFrom: string
  readonly #log: MailLog
  readonly #pollMs: number
  readonly #transporter: Transporter | undefined
  readonly #telephone: TelephoneProvider
  readonly #observer: (JobObserver & MailObserver) | undefined
  #timer: NodeJS.Timeout | undefined
  #run: Promise<void> | undefined
  #isStarted = false

  constructor(options: MailDeliveryOptions) {
    this.#db = options.db
    this.#clock = options.clock
    this.#mailFrom = options.mailFrom
    this.#log = options.log
    this.#pollMs = (options.pollSeconds ?? 5) * 1000
    this.#telephone = options.telephone ?? new OutboxTelephoneProvider()
    this.#observer = options.observer
    // Options in the URL's query string (?connectionTimeout=…) override these defaults.
    this.#transporter =
      options.smtpUrl === undefined
        ? undefined
        : createTransport({
            url: options.smtpUrl,
            ...SMTP_TIMEOUTS,
            disableFileAccess: true,
            disableUrlAccess: true,
          })
  }

  /**
   * Claims one message and tries it now, whatever its next attempt time: the request that wrote
   * the mail calls this after its transaction commits, to tell the user at once when the relay
   * refuses the address (SPEC §8.4 "Verification mail sending failed").
   */
  async deliver(id: string): Promise<DeliveryOutcome> {
    const now = this.#clock.now()
    const claimed = await claimMessage(this.#db, id, now, new Date(now.getTime() + CLAIM_MS))
    if (claimed !== undefined) return this.#attempt(claimed)
    const status = await findMessageStatus(this.#db, id)
    if (status === undefined) throw new Error(`outbox message ${id} does not exist`)
    if (status === 'sent') return 'sent'
    if (status === 'failed') return 'refused'
    // pending, and another process holds the claim: it reports the result
    return 'retrying'
  }

  /**
   * Claims up to 20 due messages in one statement and tries each. `SKIP LOCKED` lets processes
   * running this at the same moment take different rows; a claimed row then stays out of every
   * other claim until it is done or its claim lapses. Returns how many messages it tried.
   */
  async runDue(): Promise<number> {
    const now = this.#clock.now()
    await this.maskExpiredSecrets(now)
    const claimed = await claimDueMessages(
      this.#db,
      now,
      new Date(now.getTime() + CLAIM_MS),
      BATCH_SIZE,
    )
    claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
    for (const message of claimed) await this.#attempt(message)
    return claimed.length
  }

  /**
   * Masks every secret past its validity; a message still waiting to go is given up (a code or
   * link nobody can use any more). Each run of the job starts with it. Returns how many.
   */
  async maskExpiredSecrets(now: Date): Promise<number> {
    return maskExpiredSecretRows(this.#db, now)
  }

  /** Runs the job every `pollSeconds`; a run never starts before the previous one ended. */
  start(): void {
    if (this.#isStarted) return
    this.#isStarted = true
    this.#schedule()
  }

  /** Stops the timer and waits for a run in progress, so the database can be closed after. */
  async stop(): Promise<void> {
    this.#isStarted = false
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.#run
    this.#transporter?.close()
  }

  #schedule(): void {
    this.#timer = setTimeout(() => {
      this.#run = this.#runUntilDrained()
    }, this.#pollMs)
    this.#timer.unref()
  }

  async #runUntilDrained(): Promise<void> {
    try {
      // a full batch means more may be due: go on without waiting for the next tick
      let handled = BATCH_SIZE
      while (this.#isStarted && handled === BATCH_SIZE) handled = await this.runDue()
      this.#observer?.jobRan('mail', 'ok')
    } catch (error) {
      this.#log.error({ error: errorSummary(error) }, 'mail delivery run failed')
      this.#observer?.jobRan('mail', 'failed')
    } finally {
      this.#run = undefined
      if (this.#isStarted) this.#schedule()
    }
  }

  async #attempt(message: OutboxMessage): Promise<DeliveryOutcome> {
    const outcome = await this.#send(message)
    this.#observer?.mailHandled(
      message.channel,
      outcome === 'refused' ? 'failed' : outcome === 'retrying' ? 'retry' : 'sent',
    )
    return outcome
  }

  async #send(message: OutboxMessage): Promise<DeliveryOutcome> {
    const attempts = message.attempts + 1
    const channel = message.channel
    if (channel === 'sms' || channel === 'voice') {
      try {
        await this.#telephone.send(channel, message.recipient, message.textBody)
      } catch (error) {
        return this.#recordFailure(message, attempts, describeTelephoneFailure(error))
      }
      return this.#recordSent(message, attempts, this.#telephone.transport)
    }
    try {
      if (this.#transporter !== undefined) {
        await this.#transporter.sendMail({
          from: this.#mailFrom,
          to: message.recipient,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody ?? undefined,
          // RFC 3834: tells auto-responders (out-of-office) not to answer a no-reply mail
          headers: { 'Auto-Submitted': 'auto-generated' },
          signal: AbortSignal.timeout(ATTEMPT_MS),
        })
      }
    } catch (error) {
      return this.#recordFailure(message, attempts, describeFailure(error))
    }
    return this.#recordSent(message, attempts, this.#transporter === undefined ? 'outbox' : 'smtp')
  }

  async #recordSent(
    message: OutboxMessage,
    attempts: number,
    transport: string,
  ): Promise<DeliveryOutcome> {
    const context = { messageId: message.id, template: message.template, channel: message.channel }
    await markSent(this.#db, message.id, {
      attempts,
      transport,
      sentAt: this.#clock.now(),
      keepSecrets: transport === 'outbox',
    })
    this.#log.info(
      { ...context, transport, attempts },
      message.channel === 'mail' ? 'mail sent' : `${message.channel} sent`,
    )
    return 'sent'
  }

  async #recordFailure(
    message: OutboxMessage,
    attempts: number,
    failure: Failure,
  ): Promise<DeliveryOutcome> {
    const context = { messageId: message.id, template: message.template, attempts }
    const now = this.#clock.now()
    if (failure.isRefusal || attempts >= MAX_ATTEMPTS) {
      await markFailed(this.#db, message.id, { attempts, lastError: failure.summary })
      this.#log.warn(
        { ...context, error: failure.summary },
        failure.isRefusal ? 'mail refused by the relay' : 'mail given up after the last attempt',
      )
      return 'refused'
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts))
    await scheduleRetry(this.#db, message.id, {
      attempts,
      nextAttemptAt,
      lastError: failure.summary,
    })
    this.#log.warn(
      { ...context, error: failure.summary, nextAttemptAt: nextAttemptAt.toISOString() },
      'mail not sent: will retry',
    )
    return 'retrying'
  }
}
