// Work that must not show in an answer's timing (issue #17 point 8): whether a password-reset
// code or an ID reminder is mailed depends on the address being registered, so the lookup and
// the outbox write run after the answer is on its way, and both answers take the same path.
// `settled` lets shutdown (and tests) wait for what is still running.

export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>()
  readonly #onError: (error: unknown) => void

  constructor(onError: (error: unknown) => void) {
    this.#onError = onError
  }

  /** Runs `task` once the current request's answer has been handed to the socket. */
  later(task: () => Promise<void>): void {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch(this.#onError)
      .finally(() => this.#running.delete(run))
    this.#running.add(run)
  }

  /** Resolves when every task queued so far (and any they queued) has finished. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running])
  }
}
