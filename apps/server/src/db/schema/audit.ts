import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { instant } from '../columns.ts'

// Owned by modules/audit (issue #20 point 4): the append-only, tamper-evident audit log.

/** Who acted: a staff member, an applicant, a policy holder, or a job of the system. */
export const auditActorKinds = ['staff', 'applicant', 'holder', 'system'] as const
export type AuditActorKind = (typeof auditActorKinds)[number]

/**
 * One entry per audited act, never changed: a trigger (migration 0011) refuses UPDATE, DELETE and
 * TRUNCATE, whatever the role. Each entry holds the hash of the one before it (by `seq`), so a
 * row changed or removed behind the trigger's back breaks the chain (`npm run audit-verify`).
 * `actorId`, `recordId` and `details` hold ids and codes only, never a name or a mail address.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** the chain's order; identity values may skip (a rolled-back append), never repeat */
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** server time (set by the service to the millisecond, so that the hash covers it exactly) */
    at: instant().notNull().defaultNow(),
    actorKind: text({ enum: auditActorKinds }).notNull(),
    actorId: text(),
    action: text().notNull(),
    recordKind: text(),
    recordId: text(),
    /** the client's address as the server saw it (auditors need it; logged nowhere else) */
    clientAddress: text(),
    reason: text(),
    details: jsonb().$type<AuditDetails>(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (table) => [
    check(
      'audit_log_actor_kind',
      sql`${table.actorKind} in ('staff', 'applicant', 'holder', 'system')`,
    ),
    index('audit_log_record').on(table.recordKind, table.recordId),
    index('audit_log_actor').on(table.actorKind, table.actorId),
  ],
)

/** Ids and codes only (no personal data): flat values, so that the hash's serialisation is fixed. */
export type AuditDetails = Record<string, string | number | boolean | null>
