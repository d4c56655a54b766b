import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { ApplicationStep, ApplyInfo, ApplyInfoOption } from '@app/shared'
import { groupPfInfos } from './groups.ts'

// Applicant access (issue #5, ADR 0010): the roster, accounts, verification links, sessions,
// and the counters behind lockout and rate limits. Secrets are stored only as hashes.

const instant = () => timestamp({ withTimezone: true })
const createdAt = () => instant().notNull().defaultNow()

/**
 * 名簿 (PRODUCT.md "Group data"): the members eligible to apply to one group product.
 * authenticationType "1": firstEntryId + the argon2id hash of the initial password.
 * authenticationType "2": the normalised values of the items with authItemCd "1", "2", "3".
 */
export const rosterMembers = pgTable(
  'roster_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    /** the group's own number for the member (staff number, member number), unique per product */
    memberCode: text().notNull(),
    firstEntryId: text(),
    passwordHash: text(),
    authItem1: text(),
    authItem2: text(),
    authItem3: text(),
    /** set for a member who renews: their policy holder number of the previous year */
    preYearPolicyHolderNo: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    foreignKey({
      name: 'roster_members_product_fk',
      columns: [table.groupPfCode, table.groupPfCodeInceptionDateYm],
      foreignColumns: [groupPfInfos.groupPfCode, groupPfInfos.groupPfCodeInceptionDateYm],
    }).onDelete('cascade'),
    unique('roster_members_member_code_uq').on(
      table.groupPfCode,
      table.groupPfCodeInceptionDateYm,
      table.memberCode,
    ),
    unique('roster_members_first_entry_id_uq').on(table.firstEntryId),
    index('roster_members_auth_items_ix').on(
      table.groupPfCode,
      table.groupPfCodeInceptionDateYm,
      table.authItem1,
      table.authItem2,
      table.authItem3,
    ),
  ],
)

/** The my-page account (PRODUCT.md "People and how they sign in"); userId is the my-page ID. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().notNull(),
    rosterMemberId: uuid()
      .notNull()
      .references(() => rosterMembers.id, { onDelete: 'restrict' }),
    groupPfCode: text().notNull(),
    mailAddress: text().notNull(),
    passwordHash: text().notNull(),
    mailVerifiedAt: instant().notNull(),
    /** telephone authentication (issue #8): the registered number, digits only */
    phoneNumber: text(),
    phoneVerifiedAt: instant(),
    /** SPEC §3.6 authTypeForLogin: how the sign-in code is sent ('mail' or 'telephone') */
    authTypeForLogin: text().notNull().default('mail'),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    unique('accounts_user_id_uq').on(table.userId),
    unique('accounts_roster_member_uq').on(table.rosterMemberId),
    check('accounts_auth_type_for_login', sql`${table.authTypeForLogin} in ('mail', 'telephone')`),
    index('accounts_group_mail_ix').on(table.groupPfCode, table.mailAddress),
  ],
)

/** A sent verification mail: the link's token hash, the chosen password's hash, 1 hour (§9). */
export const mailVerifications = pgTable(
  'mail_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    rosterMemberId: uuid()
      .notNull()
      .references(() => rosterMembers.id, { onDelete: 'cascade' }),
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    groupPfBranchNo: text().notNull(),
    urlKey: text().notNull(),
    mailAddress: text().notNull(),
    passwordHash: text().notNull(),
    /** SHA-256 of the link's token: the token itself is only in the mail */
    tokenHash: text().notNull(),
    /** the consents given before the application existed, with the server's time (ADR 0009) */
    consents: jsonb().$type<StoredConsent[]>().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('mail_verifications_token_hash_uq').on(table.tokenHash),
    index('mail_verifications_member_ix').on(table.rosterMemberId, table.createdAt),
  ],
)

export interface StoredConsent {
  documentId: string
  version: string
  agreedAt: string
}

/** Server-side sessions (PRODUCT.md "Sessions"): the token names the row, the row decides. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * 'application': opened by the verification mail's link, for the enrolment pages;
     * 'myPage': opened by the my-page sign-in with its second step (issue #8, ADR 0015).
     */
    purpose: text().notNull().default('application'),
    createdAt: createdAt(),
    lastSeenAt: instant().notNull(),
    expiresAt: instant().notNull(),
    endedAt: instant(),
  },
  (table) => [
    index('sessions_account_ix').on(table.accountId),
    check('sessions_purpose', sql`${table.purpose} in ('application', 'myPage')`),
  ],
)

/** The application (SPEC §3.1 applyInfo) as far as access needs it; #6 fills in the rest. */
export const applications = pgTable(
  'applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    rosterMemberId: uuid()
      .notNull()
      .references(() => rosterMembers.id, { onDelete: 'restrict' }),
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    groupPfBranchNo: text().notNull(),
    urlKey: text().notNull(),
    /**
     * draft while the applicant works through the steps; applied once completed; cancelled: a
     * renewal procedure's draft given up when its auto-renewal was stopped or the renewal job
     * renewed the contract on last year's terms (issue #9, ADR 0016)
     */
    status: text().notNull().default('draft'),
    /** a renewal (issue #9): last year's applied application this one renews */
    preApplicationId: uuid().references((): AnyPgColumn => applications.id, {
      onDelete: 'restrict',
    }),
    groupPfPolicyHolderNo: text(),
    appliedAt: instant(),
    /** SPEC §3.1 applyInfo, set when the application starts (issue #6, ADR 0012) */
    applyInfo: jsonb().$type<ApplyInfo>(),
    /** SPEC §3.2 applyInfoOption */
    applyInfoOption: jsonb().$type<ApplyInfoOption>(),
    /** the steps done (rules/application-steps.ts) */
    completedSteps: jsonb().$type<ApplicationStep[]>().notNull().default([]),
    /** optimistic lock: every write names the version it read (409 APFC0001 otherwise) */
    version: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    check('applications_status', sql`${table.status} in ('draft', 'applied', 'cancelled')`),
    // one live application per account and product year (a renewal adds next year's)
    uniqueIndex('applications_account_year_uq')
      .on(table.accountId, table.groupPfCode, table.groupPfCodeInceptionDateYm)
      .where(sql`${table.status} <> 'cancelled'`),
    // a contract is renewed at most once, however many processes try (ADR 0016)
    uniqueIndex('applications_pre_application_uq')
      .on(table.preApplicationId)
      .where(sql`${table.status} <> 'cancelled'`),
    index('applications_member_ix').on(table.rosterMemberId),
    unique('applications_policy_holder_no_uq').on(
      table.groupPfCode,
      table.groupPfCodeInceptionDateYm,
      table.groupPfPolicyHolderNo,
    ),
  ],
)

/** Consents stored with the application, each with the server's time (ADR 0009). */
export const applicationConsents = pgTable(
  'application_consents',
  {
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    documentId: text().notNull(),
    version: text().notNull(),
    agreedAt: instant().notNull(),
  },
  (table) => [
    primaryKey({
      name: 'application_consents_pk',
      columns: [table.applicationId, table.documentId],
    }),
  ],
)

/**
 * Lockout (PRODUCT.md): per subject (a keyed hash of what was tried), the wrong tries in a row
 * and the time before which every try is refused.
 */
export const authLockouts = pgTable('auth_lockouts', {
  subjectKey: text().primaryKey(),
  failures: integer().notNull().default(0),
  lockedUntil: instant(),
  updatedAt: instant().notNull(),
})

/** Fixed-window counters for rate limits that every process shares. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucketKey: text().notNull(),
    windowStart: instant().notNull(),
    hits: integer().notNull(),
  },
  (table) => [
    primaryKey({ name: 'rate_limit_hits_pk', columns: [table.bucketKey, table.windowStart] }),
  ],
)

/** Keys generated once per installation (token signing, keyed hashes), shared by all processes. */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
})

/** A file uploaded to a required-document slot (PRODUCT.md "Files", SPEC §3.3 three slots). */
export const applicationFiles = pgTable(
  'application_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    slot: integer().notNull(),
    /** the name the applicant's file had (shown back to them, never used as a path) */
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    /** random name in the file store, outside the web root */
    storageKey: text().notNull(),
    sha256: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('application_files_slot', sql`${table.slot} between 1 and 3`),
    unique('application_files_storage_key_uq').on(table.storageKey),
    index('application_files_application_ix').on(table.applicationId),
  ],
)

/** A one-time signed upload URL (PRODUCT.md "Files"): its token names this row, used once. */
export const uploadTickets = pgTable(
  'upload_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    slot: integer().notNull(),
    fileName: text().notNull(),
    /** the size announced when the URL was asked for; the upload must match it */
    size: integer().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (table) => [check('upload_tickets_slot', sql`${table.slot} between 1 and 3`)],
)
