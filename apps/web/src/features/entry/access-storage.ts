import type { EntryTicket } from '@app/shared/api/access/endpoints'
import { readJson, writeJson, type KeyValueStorage } from '@/lib/browser-storage.ts'
import { parseInstant } from '@/lib/session.ts'

// What the applicant-access screens keep in this tab's sessionStorage between steps (issue #5):
// the entry ticket verifyUser hands to sendVerificationMail, and the token of the verification
// mail's link once it has been taken out of the address bar. Both belong to one link (linkKey).

/** sessionStorage key of the entry ticket: `{ link, entryToken, expiresAt }` (StoredEntryTicket). */
export const ENTRY_TICKET_KEY = 'entryTicket'
/** sessionStorage key of the mail link's token: `{ link, token }` (StoredVerificationToken). */
export const VERIFICATION_TOKEN_KEY = 'verificationLinkToken'

export interface StoredEntryTicket extends Omit<EntryTicket, 'expiresInSeconds'> {
  /** the link (linkKey) the applicant verified on */
  link: string
}

export interface StoredVerificationToken {
  link: string
  token: string
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/** The ticket for this link, while it is valid (ENTRY_TICKET_MINUTES after verifyUser). */
export function readEntryTicket(
  storage: KeyValueStorage | undefined,
  link: string,
  now: number,
): StoredEntryTicket | undefined {
  const value = readJson(storage, ENTRY_TICKET_KEY)
  if (typeof value !== 'object' || value === null) return undefined
  const ticket = value as Partial<StoredEntryTicket>
  if (ticket.link !== link || !isText(ticket.entryToken) || !isText(ticket.expiresAt)) {
    return undefined
  }
  const deadline = parseInstant(ticket.expiresAt)
  if (deadline === undefined || deadline <= now) return undefined
  return {
    link,
    entryToken: ticket.entryToken,
    expiresAt: ticket.expiresAt,
    isResuming: ticket.isResuming === true,
  }
}

export function storeEntryTicket(
  storage: KeyValueStorage | undefined,
  ticket: StoredEntryTicket,
): void {
  writeJson(storage, ENTRY_TICKET_KEY, ticket)
}

export function clearEntryTicket(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(ENTRY_TICKET_KEY)
  } catch {
    // nothing stored
  }
}

export function readVerificationToken(
  storage: KeyValueStorage | undefined,
  link: string,
): string | undefined {
  const value = readJson(storage, VERIFICATION_TOKEN_KEY)
  if (typeof value !== 'object' || value === null) return undefined
  const stored = value as Partial<StoredVerificationToken>
  return stored.link === link && isText(stored.token) ? stored.token : undefined
}

export function storeVerificationToken(
  storage: KeyValueStorage | undefined,
  stored: StoredVerificationToken,
): void {
  writeJson(storage, VERIFICATION_TOKEN_KEY, stored)
}

export function clearVerificationToken(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(VERIFICATION_TOKEN_KEY)
  } catch {
    // nothing stored
  }
}
