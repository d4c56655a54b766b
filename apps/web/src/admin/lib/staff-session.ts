import type { KeyValueStorage } from '@/lib/browser-storage.ts'
import { readJson, writeJson } from '@/lib/browser-storage.ts'
import { localExpiry, parseInstant } from '@/lib/session.ts'

// The staff session of this tab (issue #20, PRODUCT.md "Staff"): the token, sent as
// `Authorization: Bearer`, and when the session ends, in sessionStorage under keys of its own,
// apart from an applicant's or a holder's session (lib/session.ts).

/** sessionStorage key of the staff session token. */
export const STAFF_TOKEN_KEY = 'adminStaffToken'
/** sessionStorage key of the session's ends (JSON, StaffSessionInfo). */
export const STAFF_SESSION_KEY = 'adminStaffSession'

export interface StaffSessionInfo {
  /** ISO 8601 on this browser's clock: the end unless used (15 idle minutes) */
  expiresAt: string
  /** ISO 8601 on this browser's clock: 8 hours after sign-in, whatever the use */
  absoluteExpiresAt: string
}

const listeners = new Set<() => void>()

/** Called after every change of the stored staff session. */
export function subscribeStaffSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function notify(): void {
  for (const listener of listeners) listener()
}

export function readStaffToken(storage: KeyValueStorage | undefined): string | undefined {
  try {
    const token = storage?.getItem(STAFF_TOKEN_KEY)
    return typeof token === 'string' && token !== '' ? token : undefined
  } catch {
    return undefined
  }
}

export function readStaffSession(
  storage: KeyValueStorage | undefined,
): StaffSessionInfo | undefined {
  const value = readJson(storage, STAFF_SESSION_KEY)
  if (typeof value !== 'object' || value === null) return undefined
  const { expiresAt, absoluteExpiresAt } = value as Partial<StaffSessionInfo>
  if (typeof expiresAt !== 'string' || typeof absoluteExpiresAt !== 'string') return undefined
  return { expiresAt, absoluteExpiresAt }
}

/**
 * A new session (sign-in, enrolment): the token and its ends, counted on this browser's clock.
 * The server's instants are on its clock, which may differ from this one (a PC's clock is often
 * off; a demo server's is pinned), so only the seconds it gives are used: the idle end is
 * `expiresInSeconds` from now, the absolute end as far after it as the server says.
 */
export function storeStaffSession(
  storage: KeyValueStorage | undefined,
  session: {
    sessionToken: string
    expiresAt: string
    expiresInSeconds: number
    absoluteExpiresAt: string
  },
  now: number,
): void {
  try {
    storage?.setItem(STAFF_TOKEN_KEY, session.sessionToken)
  } catch {
    // storage refused: the session lasts as long as this page
  }
  const idleEnd = parseInstant(session.expiresAt)
  const absoluteEnd = parseInstant(session.absoluteExpiresAt)
  const afterIdleEnd =
    idleEnd === undefined || absoluteEnd === undefined ? 0 : Math.max(absoluteEnd - idleEnd, 0)
  writeJson(storage, STAFF_SESSION_KEY, {
    expiresAt: localExpiry(session.expiresInSeconds, now),
    absoluteExpiresAt: localExpiry(session.expiresInSeconds + afterIdleEnd / 1000, now),
  } satisfies StaffSessionInfo)
  notify()
}

/** The server slid the session: its new token and end. Ignored after sign-out. */
export function refreshStaffSession(
  storage: KeyValueStorage | undefined,
  sessionToken: string,
  expiresAt: string,
): void {
  const info = readStaffSession(storage)
  if (info === undefined || readStaffToken(storage) === undefined) return
  try {
    storage?.setItem(STAFF_TOKEN_KEY, sessionToken)
  } catch {
    return
  }
  writeJson(storage, STAFF_SESSION_KEY, { ...info, expiresAt } satisfies StaffSessionInfo)
  notify()
}

export function clearStaffSession(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(STAFF_TOKEN_KEY)
    storage?.removeItem(STAFF_SESSION_KEY)
  } catch {
    // nothing stored
  }
  notify()
}

/** When the session ends (the sooner of its two ends), in epoch milliseconds. */
export function staffSessionDeadline(info: StaffSessionInfo): number | undefined {
  const idle = parseInstant(info.expiresAt)
  const absolute = parseInstant(info.absoluteExpiresAt)
  if (idle === undefined || absolute === undefined) return undefined
  return Math.min(idle, absolute)
}
