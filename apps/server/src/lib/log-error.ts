import { AppError } from '@app/shared'

// What of an error may be logged (issue #17 point 3; DEVELOPERS.md: never log parameters or
// personal data). A failed SQL statement is logged as its class, its SQLSTATE code, the names the
// database gives (constraint, table, column) and the SQL text with its placeholders: never its
// parameters and never the database's message, which quotes values ("invalid input syntax for
// type uuid: …", "Key (first_entry_id)=(…) already exists"). Node's own errors quote what they
// were given ("Received '…'"), so an error with a code keeps its code only. A stack is logged
// as its frames, without the message on its first line.

export interface LoggedError {
  type: string
  code?: string
  message?: string
  sql?: string
  constraint?: string
  table?: string
  column?: string
  stack?: string
  cause?: LoggedError
}

const MAX_MESSAGE = 300
const MAX_DEPTH = 3

function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined
  const lines = stack.split('\n').filter((line) => /^\s+at /.test(line))
  return lines.length === 0 ? undefined : lines.join('\n')
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** SQLSTATE codes: five characters of digits and capitals (pg and PGlite errors). */
function isDatabaseError(error: Error & Record<string, unknown>): boolean {
  return typeof error['code'] === 'string' && /^[0-9A-Z]{5}$/.test(error['code'])
}

export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error }
  const fields = error as Error & Record<string, unknown>
  const logged: LoggedError = { type: error.constructor.name || error.name }
  const code = text(fields['code'])
  if (code !== undefined) logged.code = code
  if (typeof fields['query'] === 'string' && 'params' in fields) {
    // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"
    logged.sql = fields['query'].slice(0, 2_000)
  } else if (isDatabaseError(fields)) {
    for (const key of ['constraint', 'table', 'column'] as const) {
      const name = text(fields[key])
      if (name !== undefined) logged[key] = name
    }
  } else if (code === undefined || error instanceof AppError) {
    logged.message = error.message.slice(0, MAX_MESSAGE)
  }
  const stack = frames(error.stack)
  if (stack !== undefined) logged.stack = stack
  if (error.cause !== undefined && depth < MAX_DEPTH) {
    logged.cause = loggableError(error.cause, depth + 1)
  }
  return logged
}

/**
 * The logger's serializer for the `error` key: an Error as `loggableError` gives it; anything
 * else as it is, since code that logs a value there has already reduced it to what may be
 * logged (the delivery job's `554 RCPT TO`, its `{ name, code }` summaries).
 */
export function loggableErrorField(value: unknown): unknown {
  return value instanceof Error ? loggableError(value) : value
}
