import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { ApplicationStep, ApplyInfo, ApplyInfoOption } from '@app/shared'
import { createdAt, instant } from '../columns.ts'
import { accounts } from './access.ts'
import { rosterMembers } from './roster.ts'

// Owned by modules/application (issue #18): its repository is the only writer of these tables.

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
