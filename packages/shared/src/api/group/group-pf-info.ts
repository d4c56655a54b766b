import * as z from 'zod/mini'
import { PREMIUM_BASES } from '../../rules/premium-basis.ts'

// Wire shapes of the group product (SPEC §3.3) and its branch (§3.4). The spec names the record
// and a few of its fields; the rest are named here in the spec's style and listed in
// docs/glossary.md. Dates stay YYYYMMDD strings, times HHMM, codes strings (SPEC §9).

const yyyymmdd = z.string().check(z.regex(/^\d{8}$/, 'YYYYMMDD'))
const yyyymm = z.string().check(z.regex(/^\d{6}$/, 'YYYYMM'))
const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3])[0-5]\d$/, 'HHMM'))
/** "1" yes / "2" no, the spec's convention for flags (e.g. other-insurance flag default 2). */
const flag = z.enum(['1', '2'])
const text = (max: number) => z.string().check(z.maxLength(max))
const line = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))

/** A reference to an image held by the server's file storage (logo, top image). */
export const imageRefSchema = z.strictObject({
  /** storage key, served at /api/groupImages/{fileId} */
  fileId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  /** 代替テキスト */
  alt: line(200),
})
export type ImageRef = z.infer<typeof imageRefSchema>

/** 補償単位 (unit): up to 20 per product (SPEC §3.3, §9). */
export const unitInfoSchema = z.strictObject({
  /** ユニット番号 1–20 */
  unitNo: z.int().check(z.minimum(1), z.maximum(20)),
  /** 補償種類コード (cvrgeInfo.unitArray[].unitTypeCd) */
  unitTypeCd: z.string().check(z.regex(/^[A-Za-z0-9]{1,10}$/)),
  /** 補償名 */
  coverageName: line(100),
  /** 表示名 */
  displayName: line(100),
  /** "1" プラン, anything else オプション (SPEC §3.3) */
  coverageTypeFlg: z.string().check(z.regex(/^\d$/)),
  /** 関連ユニット: for an option, the plans it may be added to (empty: any plan) */
  relatedUnitNo: z.array(z.int().check(z.minimum(1), z.maximum(20))),
  /** 同時加入できないユニット (conflicting units, SPEC §8.4) */
  conflictUnitNo: z.array(z.int().check(z.minimum(1), z.maximum(20))),
  /** 団体コード of the unit */
  groupCd: z.string().check(z.regex(/^[A-Za-z0-9]{1,20}$/)),
  /** 保険料 (yen per payment period), per insured person or for the unit as a whole */
  unitPremium: z.int().check(z.nonnegative()),
  /** what unitPremium is the price of (rules/premium-basis.ts); absent in older data: per person */
  premiumBasis: z._default(z.enum(PREMIUM_BASES), 'perInsured'),
})
export type UnitInfo = z.infer<typeof unitInfoSchema>

export const premiumSampleSchema = z.strictObject({
  /** e.g. 「30代・本人のみ」 */
  label: line(100),
  description: text(400),
  /** 保険料 (yen) */
  premium: z.int().check(z.nonnegative()),
  /** 「月払」「年払」 */
  premiumUnit: line(20),
})

export const announcementSchema = z.strictObject({
  /** 掲載日 YYYYMMDD */
  date: yyyymmdd,
  title: line(200),
  /** group-supplied rich text: always rendered through the allow-list sanitiser */
  bodyHtml: text(10_000),
})

export const featureSchema = z.strictObject({ title: line(100), description: text(1000) })
export const accidentCaseSchema = z.strictObject({
  title: line(100),
  description: text(1000),
  /** 支払保険金 (yen), when the case states one */
  paidAmount: z.nullable(z.int().check(z.nonnegative())),
})
export const coverageOutlineSchema = z.strictObject({
  /** 区分名: e.g. 「傷害」 */
  category: line(100),
  itemArray: z
    .array(z.strictObject({ label: line(100), content: text(2000) }))
    .check(z.maxLength(30)),
})
export const faqSchema = z.strictObject({ question: line(500), answer: text(4000) })
export const applicationGuideSchema = z.strictObject({ title: line(100), description: text(2000) })

/** 必要書類: type "1" not used, "2" required, "3" optional (SPEC §4 prepares slots for "2"/"3"). */
export const requiredDocsTypeSchema = z.enum(['1', '2', '3'])
export const requiredDocSchema = z.strictObject({
  name: line(100),
  description: text(2000),
  /** 様式ファイル (format file) offered for download, when the group supplies one */
  formatFileId: z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))),
})

export const pymntMethodSchema = z.enum(['1', '3', '4'])
export const authenticationTypeSchema = z.enum(['1', '2'])

/** 団体商品情報 (SPEC §3.3), keyed by groupPfCode + groupPfCodeInceptionDateYm. */
export const groupPfInfoSchema = z.strictObject({
  // Identity and dates
  groupPfCode: z.string().check(z.regex(/^[A-Za-z0-9]{1,20}$/)),
  groupPfCodeInceptionDateYm: yyyymm,
  /** 自動更新 "1" on / "2" off */
  groupPfAutoRenewFlg: flag,
  /** 更新確定日 (renewal fix date) */
  renewalFixDate: z.nullable(yyyymmdd),
  groupInceptionDate: yyyymmdd,
  groupInceptionTime: hhmm,
  groupExpiryDate: yyyymmdd,
  groupExpiryTime: hhmm,
  /** 中途加入の始期日 */
  halfwayPymntInceptionDate: z.nullable(yyyymmdd),
  // Classification
  detailManagementDiv1: text(10),
  detailManagementDiv2: text(10),
  authenticationType: authenticationTypeSchema,
  recruitDiv: text(10),
  sectionCd: text(20),
  sectionName: text(100),
  agentCd: text(20),
  agentName: text(100),
  groupCd: text(20),
  groupNameKana: line(200),
  groupNameKanji: line(200),
  // Recruitment windows (SPEC §4)
  atOnceRecruitStartDate: z.nullable(yyyymmdd),
  atOnceRecruitEndDate: z.nullable(yyyymmdd),
  halfwayRecruitStartDate: z.nullable(yyyymmdd),
  halfwayRecruitEndDate: z.nullable(yyyymmdd),
  // Units (SPEC §9: up to 20)
  unitInfoArray: z.array(unitInfoSchema).check(z.minLength(1), z.maxLength(20)),
  // Presentation
  /** テーマカラー #RRGGBB */
  themeColor: z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/)),
  logoImage: z.nullable(imageRefSchema),
  topImage: z.nullable(imageRefSchema),
  premiumSampleArray: z.array(premiumSampleSchema).check(z.maxLength(10)),
  announcementArray: z.array(announcementSchema).check(z.maxLength(20)),
  /** その他お知らせ (SPEC §9: 1) */
  otherAnnouncementHtml: z.nullable(text(10_000)),
  featureArray: z.array(featureSchema).check(z.length(3)),
  accidentCaseArray: z.array(accidentCaseSchema).check(z.length(3)),
  coverageOutlineArray: z.array(coverageOutlineSchema).check(z.length(5)),
  faqArray: z.array(faqSchema).check(z.maxLength(50)),
  applicationGuideArray: z.array(applicationGuideSchema).check(z.length(5)),
  /** 参照情報: four blocks of 【label】content lines (SPEC §5.3) */
  referenceInfoArray: z.array(text(4000)).check(z.length(4)),
  // Documents (SPEC §9: 3 slots)
  requiredDocsArray: z.array(requiredDocSchema).check(z.length(3)),
  requiredDocsType1: requiredDocsTypeSchema,
  requiredDocsType2: requiredDocsTypeSchema,
  requiredDocsType3: requiredDocsTypeSchema,
  // Other
  accidentAcceptanceInfo: text(4000),
  certificateComment: text(2000),
  /** 更新商品 "1" this product is a renewal year / "2" first year */
  renewalFlg: flag,
  /**
   * 加入者ページ利用区分 (SPEC §6 "policy-holder-page use division"): "1" the group's policy
   * holders use the my-page, "2" they do not (no my-page link, ID or sign-in for the group).
   */
  policyHolderPageUseDiv: flag,
  /** システム改修のお知らせ */
  systemRevisionNotice: z.nullable(text(4000)),
  // Payment settings
  pymntMethod: pymntMethodSchema,
  /** 振込先口座表示区分 "1" display / "2" not (SPEC §3.1 default 2) */
  payeeAccntDisplayDiv: flag,
  payeeAccntInfo: z.nullable(text(1000)),
  /** 払込回数 */
  pymntCount: z.int().check(z.minimum(1), z.maximum(12)),
  /** 締日 (day of month, 1–31) */
  closingDay: z.nullable(z.int().check(z.minimum(1), z.maximum(31))),
  shopId: text(50),
  consignorCd: text(20),
  consignorName: text(100),
  /** 付加費用 (yen) */
  additionalCost: z.int().check(z.nonnegative()),
})
export type GroupPfInfo = z.infer<typeof groupPfInfoSchema>

/** 団体商品情報（支店） (SPEC §3.4), keyed by groupPfCode + groupPfBranchNo. */
export const groupPfInfoBranchNoSchema = z.strictObject({
  groupPfBranchNo: z.string().check(z.regex(/^\d{5}$/)),
  sectionName: text(100),
  sectionCd: text(20),
  agentName: text(100),
  agentCd: text(20),
  /** 代理店メールアドレス */
  agentMail: z.string().check(z.maxLength(254)),
  /** ランディングページ URL (https only) */
  landingPageUrl: z.nullable(z.string().check(z.maxLength(2000), z.regex(/^https:\/\/[^\s]+$/))),
  /** 連絡先 */
  contactRef: text(2000),
  /** 事故の連絡先 */
  accidentRef: text(2000),
  agentRefTitle: text(100),
  agentRefOtherInfo: text(2000),
  sectionRefTitle: text(100),
  sectionRefOtherInfo: text(2000),
  /** 代理店連絡先の自由記述: shown in the contact box of error screens (SPEC §1, §2.9) */
  refFreeField: text(2000),
})
export type GroupPfInfoBranchNo = z.infer<typeof groupPfInfoBranchNoSchema>
