// The IPC protocol between run.ts and a benchmark server child, and the child's side of the
// life cycle: it announces itself once listening, answers the parent's questions, and exits when
// the parent is gone (the IPC channel closes even when the parent dies from SIGKILL, so no child
// outlives a run).

/** child → parent */
export type ChildMessage =
  | { type: 'ready'; port: number; details: Record<string, unknown> }
  | { type: 'failed'; message: string }
  /** process.cpuUsage() of the child, in microseconds */
  | { type: 'cpu-usage'; user: number; system: number }
  | { type: 'body-set' }

/** parent → child */
export type ParentMessage =
  | { type: 'cpu-usage' }
  /** the bodies the raw server answers on /same-body and /same-body-gzip, base64 (IPC is JSON) */
  | { type: 'set-body'; bodyBase64: string; gzipBase64: string }

function isMessage<T extends { type: string }>(types: readonly string[]) {
  return (value: unknown): value is T =>
    typeof value === 'object' &&
    value !== null &&
    types.includes(String((value as { type?: unknown }).type))
}

export const isChildMessage = isMessage<ChildMessage>(['ready', 'failed', 'cpu-usage', 'body-set'])
const isParentMessage = isMessage<ParentMessage>(['cpu-usage', 'set-body'])

function send(message: ChildMessage): void {
  if (process.send === undefined) {
    // Started by hand (not by run.ts): say it on stdout instead.
    process.stdout.write(`${JSON.stringify(message)}\n`)
    return
  }
  process.send(message)
}

export function announceReady(port: number, details: Record<string, unknown> = {}): void {
  send({ type: 'ready', port, details })
}

/**
 * Runs `start`; on failure reports it and exits 1. `stop` runs once, on SIGTERM, SIGINT or the
 * parent going away, then the process exits (a stuck stop is cut short after 5 s).
 * `onSetBody` receives the parent's 'set-body' requests, decoded (raw server only).
 */
export function runChild(options: {
  start: () => Promise<void>
  stop: () => Promise<void>
  onSetBody?: (bodies: { body: Buffer; gzip: Buffer }) => void
}): void {
  let stopping = false
  const shutdown = (code: number) => {
    if (stopping) return
    stopping = true
    const force = setTimeout(() => process.exit(code === 0 ? 1 : code), 5_000)
    force.unref()
    options
      .stop()
      .catch((error: unknown) => {
        process.stderr.write(`bench child: stop failed: ${String(error)}\n`)
      })
      .finally(() => process.exit(code))
  }
  process.once('SIGTERM', () => shutdown(0))
  process.once('SIGINT', () => shutdown(0))
  process.once('disconnect', () => shutdown(0))
  process.on('message', (message: unknown) => {
    if (!isParentMessage(message)) return
    if (message.type === 'cpu-usage') {
      send({ type: 'cpu-usage', ...process.cpuUsage() })
    } else if (options.onSetBody !== undefined) {
      options.onSetBody({
        body: Buffer.from(message.bodyBase64, 'base64'),
        gzip: Buffer.from(message.gzipBase64, 'base64'),
      })
      send({ type: 'body-set' })
    }
  })
  options.start().catch((error: unknown) => {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
    try {
      send({ type: 'failed', message })
    } catch {
      process.stderr.write(`${message}\n`)
    }
    shutdown(1)
  })
}
