import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { StaffRole } from '@app/shared/rules/staff-permissions'
import { createdAt, instant } from '../columns.ts'

// Owned by modules/staff (issue #20 point 2, 3; ADR 0026): the back office's people, how they
// sign in, and the agencies that scope agency staff. Secrets are stored only as hashes, or (the
// TOTP seed, which must be read back) sealed with the installation's key.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

export type { StaffRole }

/**
 * 代理店: the branch's agency (SPEC §3.4 agentCd/agentName; refFreeField is its contact text)
 * made a record. Agency staff see the groups and branches whose agentCd is theirs.
 */
export const agencies = pgTable('agencies', {
  agentCd: text().primaryKey(),
  agentName: text().notNull(),
  /** the contact text the branches carry in refFreeField */
  contact: text().notNull().default(''),
  createdAt: createdAt(),
  updatedAt: createdAt(),
})

/**
 * A staff member. status: invited (an enrolment link is out) → active → disabled. `roleVersion`
 * grows with every change of role, scope or status: a session opened under another version ends.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** lower-cased; the sign-in name */
    email: text().notNull(),
    name: text().notNull(),
    /** the five roles (shared rules/staff-permissions.ts) */
    role: text().$type<StaffRole>().notNull(),
    /** agency staff only: the agency whose branches they see */
    agentCd: text().references(() => agencies.agentCd, { onDelete: 'restrict' }),
    /**
     * a group's contact person (団体担当者, issue #21 point 6) only: the group whose products (every
     * product year) they see. No foreign key: group products are keyed by code and year.
     */
    groupPfCode: text(),
    status: text().notNull().default('invited'),
    /** argon2id; null for staff who sign in by passkey only */
    passwordHash: text(),
    /** the TOTP seed sealed with the installation's key (never the plain seed) */
    totpSecretSealed: text(),
    /** the last TOTP time step accepted: a code is usable once */
    totpLastStep: bigint({ mode: 'number' }),
    roleVersion: integer().notNull().default(0),
    invitedBy: uuid().references((): AnyPgColumn => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    unique('staff_accounts_email_uq').on(table.email),
    check(
      'staff_accounts_role',
      sql`${table.role} in ('insurerAdmin', 'insurerOperator', 'agencyStaff', 'auditor', 'groupContact')`,
    ),
    check('staff_accounts_status', sql`${table.status} in ('invited', 'active', 'disabled')`),
    check(
      'staff_accounts_agency',
      sql`(${table.role} = 'agencyStaff') = (${table.agentCd} is not null)`,
    ),
    check(
      'staff_accounts_group',
      sql`(${table.role} = 'groupContact') = (${table.groupPfCode} is not null)`,
    ),
  ],
)

/** A passkey (WebAuthn credential) of a staff member. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    /** the credential id, base64url */
    credentialId: text().primaryKey(),
    staffId: uuid()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    publicKey: bytea().notNull(),
    signCount: bigint({ mode: 'number' }).notNull().default(0),
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastUsedAt: instant(),
  },
  (table) => [index('staff_passkeys_staff_ix').on(table.staffId)],
)

/**
 * A one-time link (24 h): the enrolment of an invited member (a passkey, or a password + TOTP),
 * from the CLI or the console. Only the token's SHA-256 is kept.
 */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: uuid()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (table) => [unique('staff_enrolments_token_hash_uq').on(table.tokenHash)],
)

/**
 * A WebAuthn challenge handed to a browser (registration or sign-in), usable once for 5 minutes;
 * or the first half of a password + TOTP sign-in waiting for its code.
 */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text().notNull(),
    /** the staff member it was handed to (null: a discoverable-credential sign-in) */
    staffId: uuid().references(() => staffAccounts.id, { onDelete: 'cascade' }),
    challenge: text().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'staff_challenges_purpose',
      sql`${table.purpose} in ('registration', 'authentication', 'totp')`,
    ),
  ],
)

/**
 * A staff session (PRODUCT.md "Staff"): separate from applicant and holder sessions. It ends after
 * 15 idle minutes, 8 hours after it opened, at sign-out, or when the member's role changes.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    staffId: uuid()
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** the member's roleVersion when it opened */
    roleVersion: integer().notNull(),
    /** passkey | password-totp */
    method: text().notNull(),
    createdAt: createdAt(),
    lastSeenAt: instant().notNull(),
    idleExpiresAt: instant().notNull(),
    absoluteExpiresAt: instant().notNull(),
    endedAt: instant(),
  },
  (table) => [
    index('staff_sessions_staff_ix').on(table.staffId),
    check('staff_sessions_method', sql`${table.method} in ('passkey', 'password-totp')`),
  ],
)
