import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from '../columns.ts'
import { rosterMembers } from './roster.ts'

// Owned by modules/access (issue #18): applicant access (issue #5, ADR 0010): accounts,
// verification links and sessions. Secrets are stored only as hashes.

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
