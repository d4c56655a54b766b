import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { jsonb } from 'drizzle-orm/pg-core'
import { accounts, type StoredConsent } from './access.ts'
import { instant } from '../columns.ts'

// Owned by modules/my-page (issue #18): the only module that writes these tables.

// My-page (issue #8, ADR 0015): the attempts behind every one-time code. PRODUCT.md "One-time
// codes": 6 digits stored only as a keyed hash, valid 10 minutes, single use, bound to the attempt
// that asked for it, void after 5 wrong tries.

/**
 * One sign-in, mail change, password reset or phone registration in progress. The browser holds
 * the attempt's token; the row keeps its SHA-256 and the current code's keyed hash.
 * A password reset for an ID and address that match nothing still gets a row (accountId null),
 * so that it answers exactly like a real one and every code is simply wrong.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text().notNull(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    /** the link's group the attempt was made on */
    groupPfCode: text().notNull(),
    /** the link's urlKey: names the branch whose agency contact the attempt's mails give */
    urlKey: text(),
    /**
     * sign-in: the four policies agreed to (SPEC §8.4 "My-page login"), each version with the
     * server's time; the account's latest login attempt holds what it last agreed to (ADR 0015)
     */
    consents: jsonb().$type<StoredConsent[]>(),
    /** SHA-256 of the attempt token handed to the browser */
    tokenHash: text().notNull(),
    /** the new mail address (mailChange) or phone number (phoneRegister); null otherwise */
    destination: text(),
    /** the keyed hash of the code last sent; null until one is sent */
    codeHash: text(),
    /** 'mail', 'sms' or 'voice': how the last code went */
    channel: text(),
    codeExpiresAt: instant(),
    codesSent: integer().notNull().default(0),
    wrongTries: integer().notNull().default(0),
    expiresAt: instant().notNull(),
    /** the code was accepted: the attempt is done */
    usedAt: instant(),
    /** void: 5 wrong codes, or replaced by a newer attempt of the same purpose */
    voidedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    unique('auth_attempts_token_hash_uq').on(table.tokenHash),
    index('auth_attempts_account_ix').on(table.accountId, table.purpose),
    check(
      'auth_attempts_purpose',
      sql`${table.purpose} in ('login', 'mailChange', 'passwordReset', 'phoneRegister')`,
    ),
    check(
      'auth_attempts_channel',
      sql`${table.channel} is null or ${table.channel} in ('mail', 'sms', 'voice')`,
    ),
  ],
)
