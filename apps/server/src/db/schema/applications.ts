import { sql, type SQL } from 'drizzle-orm'
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

// ぁ–ゖ and ゝゞ sit exactly 0x60 below their katakana (as in roster/normalise.ts).
const HIRAGANA = Array.from({ length: 0x3096 - 0x3041 + 1 }, (_, index) =>
  String.fromCharCode(0x3041 + index),
).join('')
const KATAKANA = Array.from({ length: 0x30f6 - 0x30a1 + 1 }, (_, index) =>
  String.fromCharCode(0x30a1 + index),
).join('')

/**
 * The SQL of a name's search key: what normaliseAuthItem (roster/normalise.ts) makes of it, in
 * immutable SQL functions so that a generated column can hold it: NFKC, white space removed,
 * hiragana as katakana, NFKC again (ワ + ゛ composes only as katakana), Latin upper case.
 */
function searchKey(expression: string): SQL {
  const compact = `regexp_replace(normalize(${expression}, NFKC), '[[:space:]]', '', 'g')`
  const katakana = `translate(normalize(${compact}, NFKC), '${HIRAGANA}ゝゞ', '${KATAKANA}ヽヾ')`
  return sql.raw(`upper(normalize(${katakana}, NFKC))`)
}

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
    /**
     * when staff marked the applied application processed (issue #20 point 5, ADR 0027): the
     * insurer has taken it up. Money is told by statusPattern; a 110 becomes 210 (SPEC §4).
     */
    processedAt: instant(),
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
    // The back office's search keys (issue #20 point 5, ADR 0027), kept by the database from
    // applyInfo on every write: generated columns, so no writer can forget them and the rows that
    // were there before got them when the column was added. The names are normalised as the
    // roster's three items are (roster/normalise.ts: NFKC, no spaces, hiragana as katakana).
    /** SPEC §4 statusPattern (basicInfo) */
    statusPattern: text().generatedAlwaysAs(sql`(apply_info -> 'basicInfo' ->> 'statusPattern')`),
    /** SPEC §3.3 pymntMethod (basicInfo) */
    pymntMethod: text().generatedAlwaysAs(sql`(apply_info -> 'basicInfo' ->> 'pymntMethod')`),
    searchNameKana: text().generatedAlwaysAs(
      searchKey(`(apply_info -> 'policyHolderInfo' ->> 'policyHolderNameKana')`),
    ),
    searchNameKanji: text().generatedAlwaysAs(
      searchKey(`(apply_info -> 'policyHolderInfo' ->> 'policyHolderNameKanji')`),
    ),
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
    // the back office's search (ADR 0027): a product year newest first, every year newest first,
    // a name's prefix and its order (the name columns are COLLATE "C" in migration 0014, so one
    // plain btree serves LIKE 'prefix%' and ORDER BY), a state
    index('applications_product_applied_ix').on(
      table.groupPfCode,
      table.groupPfCodeInceptionDateYm,
      table.appliedAt.desc().nullsLast(),
      table.id.desc(),
    ),
    index('applications_applied_ix').on(table.appliedAt.desc().nullsLast(), table.id.desc()),
    index('applications_updated_ix').on(table.updatedAt.desc(), table.id.desc()),
    index('applications_search_kana_ix').on(table.searchNameKana, table.id),
    index('applications_search_kanji_ix').on(table.searchNameKanji),
    // counts over many rows read these indexes only (the rows themselves are large): a scope's
    // branches, a state and the payment's inputs
    index('applications_branch_ix').on(table.groupPfCode, table.groupPfBranchNo),
    index('applications_state_ix').on(
      table.status,
      table.statusPattern,
      table.pymntMethod,
      table.groupPfCode,
      table.groupPfBranchNo,
      table.id,
    ),
    unique('applications_policy_holder_no_uq').on(
      table.groupPfCode,
      table.groupPfCodeInceptionDateYm,
      table.groupPfPolicyHolderNo,
    ),
  ],
)

/**
 * The events of an application's life (issue #20 point 5, ADR 0027): submitted (the completion),
 * processed and cancelled (staff, with their note or reason). The back office's history.
 */
export const applicationStatusEvents = pgTable(
  'application_status_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    at: instant().notNull(),
    /** submitted | processed | cancelled */
    event: text().notNull(),
    /** the staff member who acted; null for the applicant's own completion */
    staffId: uuid(),
    /** the processing note or the cancellation reason (staff only; never mailed) */
    note: text(),
  },
  (table) => [
    check(
      'application_status_events_event',
      sql`${table.event} in ('submitted', 'processed', 'cancelled')`,
    ),
    index('application_status_events_application_ix').on(table.applicationId, table.at),
  ],
)

/**
 * When the applicant saved a step (issue #21 point 5, ADR 0033): append-only, written by the
 * application module with the step's save. The participation dashboard's funnel reads it. The step
 * and the time only: nothing of what was entered.
 */
export const applicationStepEvents = pgTable(
  'application_step_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: text().$type<ApplicationStep>().notNull(),
    at: instant().notNull(),
  },
  (table) => [index('application_step_events_application_ix').on(table.applicationId, table.step)],
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
