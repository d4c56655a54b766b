import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core'
import type { GroupPfInfo, ImageRef, ItemDefinition, PremiumBasis } from '@app/shared'
import { createdAt, yyyymmdd } from '../columns.ts'

// Owned by modules/group (issue #18): the only module that writes these tables.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

/** 団体商品情報 (SPEC §3.3). Scalar fields are columns; presentation blocks are typed JSON. */
export const groupPfInfos = pgTable(
  'group_pf_infos',
  {
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    groupPfAutoRenewFlg: text().notNull(),
    renewalFixDate: yyyymmdd(),
    groupInceptionDate: yyyymmdd().notNull(),
    groupInceptionTime: text().notNull(),
    groupExpiryDate: yyyymmdd().notNull(),
    groupExpiryTime: text().notNull(),
    halfwayPymntInceptionDate: yyyymmdd(),
    detailManagementDiv1: text().notNull(),
    detailManagementDiv2: text().notNull(),
    authenticationType: text().notNull(),
    recruitDiv: text().notNull(),
    sectionCd: text().notNull(),
    sectionName: text().notNull(),
    agentCd: text().notNull(),
    agentName: text().notNull(),
    groupCd: text().notNull(),
    groupNameKana: text().notNull(),
    groupNameKanji: text().notNull(),
    atOnceRecruitStartDate: yyyymmdd(),
    atOnceRecruitEndDate: yyyymmdd(),
    halfwayRecruitStartDate: yyyymmdd(),
    halfwayRecruitEndDate: yyyymmdd(),
    themeColor: text().notNull(),
    logoImage: jsonb().$type<ImageRef | null>(),
    topImage: jsonb().$type<ImageRef | null>(),
    premiumSampleArray: jsonb().$type<GroupPfInfo['premiumSampleArray']>().notNull(),
    announcementArray: jsonb().$type<GroupPfInfo['announcementArray']>().notNull(),
    otherAnnouncementHtml: text(),
    featureArray: jsonb().$type<GroupPfInfo['featureArray']>().notNull(),
    accidentCaseArray: jsonb().$type<GroupPfInfo['accidentCaseArray']>().notNull(),
    coverageOutlineArray: jsonb().$type<GroupPfInfo['coverageOutlineArray']>().notNull(),
    faqArray: jsonb().$type<GroupPfInfo['faqArray']>().notNull(),
    applicationGuideArray: jsonb().$type<GroupPfInfo['applicationGuideArray']>().notNull(),
    referenceInfoArray: jsonb().$type<GroupPfInfo['referenceInfoArray']>().notNull(),
    requiredDocsArray: jsonb().$type<GroupPfInfo['requiredDocsArray']>().notNull(),
    requiredDocsType1: text().notNull(),
    requiredDocsType2: text().notNull(),
    requiredDocsType3: text().notNull(),
    accidentAcceptanceInfo: text().notNull(),
    certificateComment: text().notNull(),
    renewalFlg: text().notNull(),
    /** SPEC §6: "1" the my-page is used, "2" not (issue #17 point 14) */
    policyHolderPageUseDiv: text().notNull().default('1'),
    systemRevisionNotice: text(),
    pymntMethod: text().notNull(),
    payeeAccntDisplayDiv: text().notNull(),
    payeeAccntInfo: text(),
    pymntCount: smallint().notNull(),
    closingDay: smallint(),
    shopId: text().notNull(),
    consignorCd: text().notNull(),
    consignorName: text().notNull(),
    additionalCost: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    primaryKey({
      name: 'group_pf_infos_pk',
      columns: [table.groupPfCode, table.groupPfCodeInceptionDateYm],
    }),
    check('group_pf_infos_pymnt_method', sql`${table.pymntMethod} in ('1', '3', '4')`),
    check('group_pf_infos_authentication_type', sql`${table.authenticationType} in ('1', '2')`),
  ],
)

/** ユニット (SPEC §3.3: up to 20 per product). */
export const groupPfUnits = pgTable(
  'group_pf_units',
  {
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    unitNo: smallint().notNull(),
    unitTypeCd: text().notNull(),
    coverageName: text().notNull(),
    displayName: text().notNull(),
    coverageTypeFlg: text().notNull(),
    relatedUnitNo: smallint().array().notNull(),
    conflictUnitNo: smallint().array().notNull(),
    groupCd: text().notNull(),
    unitPremium: integer().notNull(),
    /** per insured person or for the whole unit (shared rules/premium-basis.ts, ADR 0019) */
    premiumBasis: text().$type<PremiumBasis>().notNull().default('perInsured'),
  },
  (table) => [
    primaryKey({
      name: 'group_pf_units_pk',
      columns: [table.groupPfCode, table.groupPfCodeInceptionDateYm, table.unitNo],
    }),
    foreignKey({
      name: 'group_pf_units_product_fk',
      columns: [table.groupPfCode, table.groupPfCodeInceptionDateYm],
      foreignColumns: [groupPfInfos.groupPfCode, groupPfInfos.groupPfCodeInceptionDateYm],
    }).onDelete('cascade'),
    check('group_pf_units_unit_no', sql`${table.unitNo} between 1 and 20`),
    check('group_pf_units_premium_basis', sql`${table.premiumBasis} in ('perInsured', 'perUnit')`),
  ],
)

/** 団体商品情報（支店） (SPEC §3.4), keyed by groupPfCode + groupPfBranchNo. */
export const groupPfBranches = pgTable(
  'group_pf_branches',
  {
    groupPfCode: text().notNull(),
    groupPfBranchNo: text().notNull(),
    sectionName: text().notNull(),
    sectionCd: text().notNull(),
    agentName: text().notNull(),
    agentCd: text().notNull(),
    agentMail: text().notNull(),
    landingPageUrl: text(),
    contactRef: text().notNull(),
    accidentRef: text().notNull(),
    agentRefTitle: text().notNull(),
    agentRefOtherInfo: text().notNull(),
    sectionRefTitle: text().notNull(),
    sectionRefOtherInfo: text().notNull(),
    refFreeField: text().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    primaryKey({
      name: 'group_pf_branches_pk',
      columns: [table.groupPfCode, table.groupPfBranchNo],
    }),
  ],
)

/** 項目定義 (SPEC §3.5), per group product. */
export const itemDefinitions = pgTable(
  'item_definitions',
  {
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    itemCode: text().notNull(),
    itemName: text().notNull(),
    supportText: text().notNull(),
    inputType: text().notNull(),
    itemClass: text().notNull(),
    category: text().notNull(),
    relatedUnitNo: smallint().array().notNull(),
    displayOrder: integer().notNull(),
    applicationDispDisplayFlg: text().notNull(),
    preRenewCopyFlg: text().notNull(),
    authItemCd: text(),
    ruleArray: text().array().notNull().$type<ItemDefinition['ruleArray']>(),
    choiceArray: jsonb().$type<ItemDefinition['choiceArray']>().notNull(),
    blockingAnswerArray: text().array().notNull(),
  },
  (table) => [
    primaryKey({
      name: 'item_definitions_pk',
      columns: [table.groupPfCode, table.groupPfCodeInceptionDateYm, table.itemCode],
    }),
    foreignKey({
      name: 'item_definitions_product_fk',
      columns: [table.groupPfCode, table.groupPfCodeInceptionDateYm],
      foreignColumns: [groupPfInfos.groupPfCode, groupPfInfos.groupPfCodeInceptionDateYm],
    }).onDelete('cascade'),
  ],
)

/** A group link: product + branch + urlKey (PRODUCT.md "Group data"). */
export const groupLinks = pgTable(
  'group_links',
  {
    groupPfCode: text().notNull(),
    groupPfCodeInceptionDateYm: text().notNull(),
    groupPfBranchNo: text().notNull(),
    urlKey: text().notNull(),
    isDemo: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({
      name: 'group_links_pk',
      columns: [table.groupPfCode, table.urlKey, table.groupPfCodeInceptionDateYm],
    }),
    unique('group_links_product_branch').on(
      table.groupPfCode,
      table.groupPfCodeInceptionDateYm,
      table.groupPfBranchNo,
      table.urlKey,
    ),
    foreignKey({
      name: 'group_links_product_fk',
      columns: [table.groupPfCode, table.groupPfCodeInceptionDateYm],
      foreignColumns: [groupPfInfos.groupPfCode, groupPfInfos.groupPfCodeInceptionDateYm],
    }).onDelete('cascade'),
    foreignKey({
      name: 'group_links_branch_fk',
      columns: [table.groupPfCode, table.groupPfBranchNo],
      foreignColumns: [groupPfBranches.groupPfCode, groupPfBranches.groupPfBranchNo],
    }).onDelete('cascade'),
    check('group_links_url_key', sql`${table.urlKey} ~ '^[A-Za-z0-9]{10}$'`),
  ],
)

/** Images a group supplies (logo, top image), content-addressed by fileId. */
export const groupImages = pgTable('group_images', {
  fileId: text().primaryKey(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  createdAt: createdAt(),
})
