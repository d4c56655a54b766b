import { foreignKey, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns.ts'
import { groupPfInfos } from './groups.ts'

// Owned by modules/roster (issue #18): the only module that writes these tables.

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
    // the back office finds a member code across products (issue #20 point 5, ADR 0027)
    index('roster_members_member_code_ix').on(table.memberCode),
    index('roster_members_auth_items_ix').on(
      table.groupPfCode,
      table.groupPfCodeInceptionDateYm,
      table.authItem1,
      table.authItem2,
      table.authItem3,
    ),
  ],
)
