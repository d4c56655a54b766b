/**
 * A background job in the server process (renewals, retention): `run` every `intervalSeconds`
 * (0: never), one run at a time; the run reports its own failures. The timer does not keep the
 * process alive, and `stop` waits for a run in progress, so the database can be closed after.
 */
export class IntervalJob {
  readonly #intervalSeconds: number
  readonly #run: () => Promise<void>
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined

  constructor(intervalSeconds: number, run: () => Promise<void>) {
    this.#intervalSeconds = intervalSeconds
    this.#run = run
  }

  start(): void {
    if (this.#intervalSeconds <= 0 || this.#timer !== undefined) return
    this.#timer = setInterval(() => {
      if (this.#running !== undefined) return
      this.#running = this.#run().finally(() => {
        this.#running = undefined
      })
    }, this.#intervalSeconds * 1000)
    this.#timer.unref()
  }

  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer)
    this.#timer = undefined
    await this.#running
  }
}
