import { createHash } from 'node:crypto'

// The audit log's chain (issue #20 point 4): each entry's hash covers its fields and the hash of
// the entry before it, so changing, removing or reordering an entry breaks every later link.

/** The first entry's `prevHash`. */
export const GENESIS_HASH = '0'.repeat(64)

/** Who acted (the table's check constraint lists the same four). */
export type AuditActorKind = 'staff' | 'applicant' | 'holder' | 'system'

/** Ids and codes only (no personal data), flat, so that the serialisation is fixed. */
export type AuditDetails = Record<string, string | number | boolean | null>

/** What a caller records; `at`, `prevHash` and `hash` are the log's own. */
export interface AuditEntryInput {
  actorKind: AuditActorKind
  /** an account or staff id, never a name or a mail address; null for the system */
  actorId?: string | null
  /** what was done: `consent.given`, `application.submitted`, `application.viewed`, … */
  action: string
  recordKind?: string | null
  recordId?: string | null
  /** the client's address as the server saw it */
  clientAddress?: string | null
  /** the reason the actor gave */
  reason?: string | null
  details?: AuditDetails | null
}

/** The fields the hash covers (not `seq`: identity values may skip, the chain is the order). */
export interface HashedFields {
  at: Date
  actorKind: AuditActorKind
  actorId: string | null
  action: string
  recordKind: string | null
  recordId: string | null
  clientAddress: string | null
  reason: string | null
  details: AuditDetails | null
  prevHash: string
}

/** `details` with its keys sorted (jsonb does not keep the order they were written in). */
function canonicalDetails(
  details: AuditDetails | null,
): [string, string | number | boolean | null][] | null {
  if (details === null) return null
  return Object.keys(details)
    .sort()
    .map((key) => [key, details[key] ?? null])
}

/** sha256 (hex) over a JSON array of the fields in a fixed order, versioned. */
export function entryHash(fields: HashedFields): string {
  const canonical = JSON.stringify([
    'audit-v1',
    fields.at.toISOString(),
    fields.actorKind,
    fields.actorId,
    fields.action,
    fields.recordKind,
    fields.recordId,
    fields.clientAddress,
    fields.reason,
    canonicalDetails(fields.details),
    fields.prevHash,
  ])
  return createHash('sha256').update(canonical, 'utf8').digest('hex')
}
