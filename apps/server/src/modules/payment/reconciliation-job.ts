import { IntervalJob } from '../../lib/interval-job.ts'
import type { DepositReconciliation } from './deposit-reconciliation.ts'

// The reconciliation job (issue #21 point 3, ADR 0031): reconciles the deposit notifications the
// webhook kept. Nudged right after a webhook's commit, and on an interval (a nudge lost with a
// process that stopped is caught there). Runs in this process are chained, one after the other;
// runs in other processes take other rows (FOR UPDATE SKIP LOCKED).

export interface ReconciliationJobOptions {
  deposits: DepositReconciliation
  /** seconds between runs; 0: only when nudged */
  intervalSeconds: number
  log: { error: (object: object, message: string) => void }
}

export class ReconciliationJob {
  readonly #deposits: DepositReconciliation
  readonly #log: ReconciliationJobOptions['log']
  readonly #interval: IntervalJob
  #chain: Promise<unknown> = Promise.resolve()

  constructor(options: ReconciliationJobOptions) {
    this.#deposits = options.deposits
    this.#log = options.log
    this.#interval = new IntervalJob(options.intervalSeconds, async () => {
      await this.runNow().catch((error: unknown) => {
        this.#log.error({ err: error }, 'reconciliation job failed')
      })
    })
  }

  /**
   * A run after any run of this process still going (so a caller sees every notification kept
   * before the call reconciled); how many it reconciled.
   */
  runNow(): Promise<number> {
    const run = this.#chain.then(
      () => this.#runUntilDrained(),
      () => this.#runUntilDrained(),
    )
    this.#chain = run.catch(() => undefined)
    return run
  }

  /** A run soon, its failure logged (the webhook's nudge after its commit). */
  nudge(): void {
    this.runNow().catch((error: unknown) => {
      this.#log.error({ err: error }, 'reconciliation job failed')
    })
  }

  start(): void {
    this.#interval.start()
  }

  /** Stops the timer and waits for the runs in progress. */
  async stop(): Promise<void> {
    await this.#interval.stop()
    await this.#chain
  }

  async #runUntilDrained(): Promise<number> {
    let total = 0
    for (;;) {
      const done = await this.#deposits.reconcileDue()
      total += done
      if (done === 0) return total
    }
  }
}
