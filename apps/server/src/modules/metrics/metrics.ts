import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/client.ts'
import { countOutbox } from '../mail/outbox-records.ts'
import { countAttemptsByOutcome } from '../payment/payment-records.ts'

// Operability (issue #19 point 6): Prometheus metrics of one process. Counters and histograms
// count what this process did (requests, job runs, mail outcomes); the gauges read the shared
// database when scraped (outbox backlog, payment outcomes), so every process reports the same
// truth for those. A route is named by its template (`/api/applyInfo/insured/:unitNo`), never by
// the URL a client sent: no token, ID or personal data becomes a label.

export type JobName = 'mail' | 'renewal' | 'retention' | 'followUp' | 'instalments'
export type JobOutcome = 'ok' | 'failed'

/** What a job tells the metrics after each run. */
export interface JobObserver {
  jobRan(job: JobName, outcome: JobOutcome): void
}

/** What the mail delivery tells the metrics after each message it handled. */
export interface MailObserver {
  mailHandled(channel: string, outcome: 'sent' | 'retry' | 'failed'): void
}

export class Metrics implements JobObserver, MailObserver {
  readonly registry = new Registry()
  readonly #requests: Counter<'method' | 'route' | 'status'>
  readonly #duration: Histogram<'method' | 'route'>
  readonly #jobRuns: Counter<'job' | 'outcome'>
  readonly #mail: Counter<'channel' | 'outcome'>

  constructor(options: { db: Database; clock: Clock }) {
    const registers = [this.registry]
    this.#requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    })
    this.#duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route template',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    })
    this.#jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'Background job runs in this process, by job and outcome',
      labelNames: ['job', 'outcome'],
      registers,
    })
    this.#mail = new Counter({
      name: 'mail_deliveries_total',
      help: 'Outbox messages handled by this process, by channel and outcome',
      labelNames: ['channel', 'outcome'],
      registers,
    })
    const { db, clock } = options
    new Gauge({
      name: 'outbox_messages',
      help: 'Outbox messages in the database: pending, due now, failed for good',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = await countOutbox(db, clock.now())
        this.set({ state: 'pending' }, counts.pending)
        this.set({ state: 'due' }, counts.due)
        this.set({ state: 'failed' }, counts.failed)
      },
    })
    new Gauge({
      name: 'payment_attempts',
      help: 'Payment attempts in the database, by kind and status',
      labelNames: ['kind', 'status'],
      registers,
      async collect() {
        this.reset()
        for (const row of await countAttemptsByOutcome(db)) {
          this.set({ kind: row.kind, status: row.status }, row.count)
        }
      },
    })
  }

  requestAnswered(method: string, route: string, status: number, seconds: number): void {
    this.#requests.inc({ method, route, status: String(status) })
    this.#duration.observe({ method, route }, seconds)
  }

  jobRan(job: JobName, outcome: JobOutcome): void {
    this.#jobRuns.inc({ job, outcome })
  }

  mailHandled(channel: string, outcome: 'sent' | 'retry' | 'failed'): void {
    this.#mail.inc({ channel, outcome })
  }
}
