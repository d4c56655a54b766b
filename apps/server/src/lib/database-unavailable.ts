// Issue #17 point 7: while the database cannot be reached (a restart, a failover, a network
// cut), the API answers 503 APFS0002 with Retry-After instead of 500 E9999; the pool replaces its
// connections by itself and the next request after the outage is served as usual.

/** SQLSTATE classes and codes that mean "no database right now", not "this statement is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]$|53300$)/
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
])
/** node-postgres, pg-pool and PGlite say it in words only */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed)/

export const DATABASE_RETRY_AFTER_SECONDS = 10

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)) return true
    if (UNAVAILABLE_ERRNO.has(code)) return true
  }
  if (UNAVAILABLE_MESSAGE.test(error.message)) return true
  return isDatabaseUnavailable(error.cause, depth + 1)
}
