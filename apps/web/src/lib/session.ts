import type { EntryLink } from '@app/shared/api/access/endpoints'
import { readJson, writeJson, type KeyValueStorage } from './browser-storage.ts'
import { MY_PAGE_STATE_KEY } from './my-page-steps.ts'

// The signed-in session in this tab (SPEC §6, PRODUCT.md "Sessions"): the server keeps the session;
// the browser keeps its short-lived token, sent as `Authorization: Bearer`, and when it ends unless
// used again. Both live in sessionStorage, so a reload keeps them and another tab does not see them.

/** sessionStorage key of the signed session token (a plain string, read by the api-client). */
export const SESSION_TOKEN_KEY = 'sessionToken'
/** sessionStorage key of what the browser knows about the session (JSON, StoredSessionInfo). */
export const SESSION_INFO_KEY = 'sessionInfo'

/**
 * What opened the session (the server's session purpose): the enrolment's verification link, or
 * the my-page sign-in with its second step. The my-page accepts only its own (ADR 0015).
 */
export type SessionPurpose = 'application' | 'myPage'

export interface StoredSessionInfo {
  /** ISO 8601: the session ends then unless it is used or extended */
  expiresAt: string
  /** the my-page ID */
  userId: string
  groupPfCode: string
  /** the enrolment link the session was opened on, when it was opened on one */
  link: EntryLink | null
  /** absent for a session of the enrolment's verification link (stored before there were two) */
  purpose?: SessionPurpose
}

export interface StoredSession extends StoredSessionInfo {
  sessionToken: string
}

const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

/** Called after every change of the stored session (sign-in, a refreshed token, sign-out). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function readInfo(storage: KeyValueStorage | undefined): StoredSessionInfo | undefined {
  const value = readJson(storage, SESSION_INFO_KEY)
  if (typeof value !== 'object' || value === null) return undefined
  const { expiresAt, userId, groupPfCode, link, purpose } = value as Partial<StoredSessionInfo>
  if (!isText(expiresAt) || !isText(groupPfCode) || typeof userId !== 'string') return undefined
  const info: StoredSessionInfo = { expiresAt, userId, groupPfCode, link: link ?? null }
  if (purpose === 'application' || purpose === 'myPage') info.purpose = purpose
  return info
}

export function readSessionToken(storage: KeyValueStorage | undefined): string | undefined {
  try {
    const token = storage?.getItem(SESSION_TOKEN_KEY)
    return isText(token) ? token : undefined
  } catch {
    return undefined
  }
}

/** The session of this tab, whether or not it has ended since. */
export function readSession(storage: KeyValueStorage | undefined): StoredSession | undefined {
  const sessionToken = readSessionToken(storage)
  const info = readInfo(storage)
  return sessionToken === undefined || info === undefined ? undefined : { ...info, sessionToken }
}

export function storeSession(storage: KeyValueStorage | undefined, session: StoredSession): void {
  const { sessionToken, ...info } = session
  try {
    storage?.setItem(SESSION_TOKEN_KEY, sessionToken)
  } catch {
    // storage refused: the session lasts as long as this page, as the guards will then say
  }
  writeJson(storage, SESSION_INFO_KEY, info)
  notify()
}

/**
 * A refreshed token and its end (the server slides the session on use). Ignored when no session
 * is stored: an answer arriving after sign-out must not sign the applicant in again.
 */
export function refreshSession(
  storage: KeyValueStorage | undefined,
  sessionToken: string,
  expiresAt: string,
): void {
  const current = readSession(storage)
  if (current === undefined) return
  if (current.sessionToken === sessionToken && current.expiresAt === expiresAt) return
  storeSession(storage, { ...current, sessionToken, expiresAt })
}

export function clearSession(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(SESSION_TOKEN_KEY)
    storage?.removeItem(SESSION_INFO_KEY)
  } catch {
    // nothing stored
  }
  notify()
}

/** Sign-out: the session and the my-page's steps in progress (a new mail address, an attempt). */
export function clearSessionAndMyPageState(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(MY_PAGE_STATE_KEY)
  } catch {
    // nothing stored
  }
  clearSession(storage)
}

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/

/**
 * An ISO 8601 instant as the server sends it (`z.iso.datetime()`), in epoch milliseconds; undefined
 * when it is not one. Read field by field: `new Date(string)` parses differently across engines.
 */
export function parseInstant(value: string): number | undefined {
  const match = ISO_INSTANT.exec(value)
  if (match === null) return undefined
  const [, year, month, day, hour, minute, second, fraction, zone, sign, offsetHour, offsetMinute] =
    match
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second ?? '0'),
    Number((fraction ?? '0').padEnd(3, '0').slice(0, 3)),
  )
  if (zone === 'Z') return utc
  const offset = (Number(offsetHour) * 60 + Number(offsetMinute)) * 60_000
  return sign === '+' ? utc - offset : utc + offset
}

/**
 * The end the server gave as "seconds from now", on this browser's clock (ISO 8601). The stored
 * `expiresAt` of a session or a ticket is always this: the server's absolute time would be wrong
 * here whenever the two clocks differ.
 */
export function localExpiry(expiresInSeconds: number, now: number): string {
  return new Date(now + expiresInSeconds * 1000).toISOString()
}

/** The session's end in epoch milliseconds; undefined when it cannot be read. */
export function sessionDeadline(session: Pick<StoredSessionInfo, 'expiresAt'>): number | undefined {
  return parseInstant(session.expiresAt)
}

/** What opened a stored session; a session stored without a purpose is the enrolment's. */
export function purposeOf(session: Pick<StoredSessionInfo, 'purpose'>): SessionPurpose {
  return session.purpose ?? 'application'
}

/**
 * Whether this tab holds a session of the group that has not ended (the guards); with `purpose`,
 * only a session opened that way (the my-page pages need the my-page sign-in).
 */
export function hasSessionFor(
  storage: KeyValueStorage | undefined,
  groupPfCode: string | undefined,
  now: number,
  purpose?: SessionPurpose,
): boolean {
  const session = readSession(storage)
  if (session === undefined || groupPfCode === undefined) return false
  if (purpose !== undefined && purposeOf(session) !== purpose) return false
  const deadline = sessionDeadline(session)
  return session.groupPfCode === groupPfCode && deadline !== undefined && deadline > now
}
