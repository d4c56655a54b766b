import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { accounts } from './access.ts'
import { applications } from './applications.ts'
import { instant } from '../columns.ts'

// Owned by modules/renewal (issue #18): the only module that writes these tables.

// Renewal (issue #9, SPEC §3.7; ADR 0016): the renewal state of one contract (last year's
// applied application). No row means "open". Every transition locks the row (FOR UPDATE) and is
// decided by @app/shared/rules/renewal; the unique renewedApplicationId and the partial unique
// applications.preApplicationId make a second renewal of the same contract impossible.

export const renewals = pgTable(
  'renewals',
  {
    /** the contract being renewed (last year's applied application) */
    preApplicationId: uuid()
      .primaryKey()
      .references(() => applications.id, { onDelete: 'restrict' }),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    groupPfCode: text().notNull(),
    /** the contract's coverage year */
    groupPfCodeInceptionDateYm: text().notNull(),
    /** rules/renewal.ts RenewalState */
    state: text().notNull().default('open'),
    renewedBy: text(),
    /** the draft of a started renewal procedure (next year's product) */
    procedureApplicationId: uuid().references(() => applications.id, { onDelete: 'restrict' }),
    /** next year's applied application, once renewed */
    renewedApplicationId: uuid().references(() => applications.id, { onDelete: 'restrict' }),
    autoRenewStoppedAt: instant(),
    renewedAt: instant(),
    /** the renewal notice before the fix date was queued (once) */
    noticeMailedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('renewals_state', sql`${table.state} in ('open', 'inProcedure', 'stopped', 'renewed')`),
    check(
      'renewals_renewed',
      sql`(${table.state} = 'renewed') = (${table.renewedApplicationId} is not null and ${table.renewedBy} in ('procedure', 'auto'))`,
    ),
    unique('renewals_renewed_application_uq').on(table.renewedApplicationId),
    index('renewals_account_ix').on(table.accountId),
  ],
)
