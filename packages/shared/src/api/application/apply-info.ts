import * as z from 'zod/mini'
import { applicationSteps, PAYMENT_STEP } from '../../rules/application-steps.ts'
import { fieldSchema } from '../../rules/field-schema.ts'
import { consentDocumentIds } from '../../documents/types.ts'
import type { Issue } from '../../errors.ts'
import { t } from '../../messages/application.ts'
import { contractTypeSchema } from './select-type.ts'
import { PREMIUM_BASES } from '../../rules/premium-basis.ts'

// The application state (SPEC §3.1 applyInfo, §3.2 applyInfoOption, §3.8 policy-holder fields)
// as the server stores it and sends it, and the bodies of the steps that write it (issue #6,
// ADR 0012). Wire names are the spec's; the few it does not name follow its style.

const code = z.string().check(z.maxLength(20))
const nullableText = (max: number) => z.nullable(z.string().check(z.maxLength(max)))
const stepSchema = z.enum(applicationSteps)

/** An answer to an item definition: text or one choice code, or several codes (checkbox). */
export const itemAnswerSchema = z.union([
  z.string().check(z.maxLength(2000)),
  z.array(z.string().check(z.maxLength(20))).check(z.maxLength(50)),
])
/** Answers keyed by itemCode; each is checked against its item's rules (rules/item-answers.ts). */
export const itemAnswersSchema = z.record(
  z.string().check(z.regex(/^[A-Za-z0-9_]{1,30}$/)),
  itemAnswerSchema,
)
export type ItemAnswers = z.infer<typeof itemAnswersSchema>

/** 個人・法人の別 (SPEC §3.8 default "1"): "1" 個人, "2" 法人. */
export const policyHolderDivSchema = z.enum(['1', '2'])
export type PolicyHolderDiv = z.infer<typeof policyHolderDivSchema>
/** 性別 (SPEC §3.8 default "1"): "1" 男性, "2" 女性. */
export const sexSchema = z.enum(['1', '2'])
/** 他の保険契約の有無 (SPEC §3.8 default "2"): "1" あり, "2" なし. */
export const otherInsuranceFlgSchema = z.enum(['1', '2'])

// ---------------------------------------------------------------------------------------------
// Step bodies: what the applicant enters. Empty strings stand for "not entered".

/**
 * inputPolicyHolderInfo (SPEC §3.8). The rules that depend on another field (personal or
 * corporate, the other-insurance details, one telephone number) are in policyHolderIssues, which
 * the browser runs through policyHolderInfoSchema(div) and the server runs itself.
 */
export const policyHolderInputSchema = z.strictObject({
  policyHolderNameKana: fieldSchema('required', 'onlyFullKatakana', ['max', { max: 60 }]),
  policyHolderNameKanji: fieldSchema('required', 'gaiji', 'onlyFull', ['max', { max: 60 }]),
  policyHolderBirthDate: fieldSchema('yearMonthDate'),
  policyHolderSex: z.enum(['1', '2', '']),
  policyHolderZipCd: fieldSchema('required', 'zipCode'),
  policyHolderAddressKanji: fieldSchema('required', 'gaiji', 'onlyFull', ['max', { max: 200 }]),
  policyHolderAddressKana: fieldSchema('required', 'onlyFullKatakana', ['max', { max: 200 }]),
  homeTelNo: fieldSchema('telNo'),
  mobileTelNo: fieldSchema('telNo'),
  faxNo: fieldSchema('telNo'),
  otherInsuranceFlg: otherInsuranceFlgSchema,
  otherInsuranceCompanyName: fieldSchema('gaiji', ['max', { max: 100 }]),
  otherInsuranceType: fieldSchema('gaiji', ['max', { max: 100 }]),
  otherInsuranceExpiryDate: fieldSchema('yearMonthDate'),
  otherInsurancePymntLimit: fieldSchema('onlyNumeric', ['max', { max: 12 }]),
  itemAnswers: itemAnswersSchema,
})
export type PolicyHolderInput = z.infer<typeof policyHolderInputSchema>

/** The cross-field rules of inputPolicyHolderInfo, as issues on the field that must change. */
export function policyHolderIssues(div: PolicyHolderDiv, value: PolicyHolderInput): Issue[] {
  const issues: Issue[] = []
  const required = (path: keyof PolicyHolderInput, present: boolean) => {
    if (!present) issues.push({ path, message: t('validation.required') })
  }
  if (div === '1') {
    required('policyHolderBirthDate', value.policyHolderBirthDate !== '')
    required('policyHolderSex', value.policyHolderSex !== '')
  }
  if (value.homeTelNo === '' && value.mobileTelNo === '') {
    issues.push({
      path: 'homeTelNo',
      message: t(
        div === '2'
          ? 'application.validation.oneTelNo.corporate'
          : 'application.validation.oneTelNo',
      ),
    })
  }
  if (value.otherInsuranceFlg === '1') {
    required('otherInsuranceCompanyName', value.otherInsuranceCompanyName !== '')
    required('otherInsuranceType', value.otherInsuranceType !== '')
    required('otherInsuranceExpiryDate', value.otherInsuranceExpiryDate !== '')
    required('otherInsurancePymntLimit', value.otherInsurancePymntLimit !== '')
  }
  return issues
}

/** The browser's schema for inputPolicyHolderInfo: the field rules and the cross-field ones. */
export function policyHolderInfoSchema(div: PolicyHolderDiv) {
  return policyHolderInputSchema.check((payload) => {
    for (const issue of policyHolderIssues(div, payload.value)) {
      payload.issues.push({
        code: 'custom',
        path: [issue.path],
        message: issue.message,
        input: payload.value,
      })
    }
  })
}

/** registerInsuredInfo/{unitNo}: one insured person (被保険者). */
export const insuredInputSchema = z.strictObject({
  insrdNameKana: fieldSchema('required', 'onlyFullKatakana', ['max', { max: 60 }]),
  insrdNameKanji: fieldSchema('required', 'gaiji', 'onlyFull', ['max', { max: 60 }]),
  insrdBirthDate: fieldSchema('required', 'yearMonthDate'),
  insrdSex: z.enum(['1', '2'], { error: () => t('validation.required') }),
  itemAnswers: itemAnswersSchema,
})
export type InsuredInput = z.infer<typeof insuredInputSchema>

/** registerMaintenanceManager: the corporate policy holder's 担当者 (ADR 0012). */
export const maintenanceManagerInputSchema = z.strictObject({
  maintenanceManagerNameKana: fieldSchema('required', 'onlyFullKatakana', ['max', { max: 60 }]),
  maintenanceManagerNameKanji: fieldSchema('required', 'gaiji', 'onlyFull', ['max', { max: 60 }]),
  maintenanceManagerDepartment: fieldSchema('gaiji', ['max', { max: 100 }]),
  maintenanceManagerTelNo: fieldSchema('required', 'telNo'),
  maintenanceManagerMailAddress: fieldSchema('required', 'email'),
})
export type MaintenanceManagerInput = z.infer<typeof maintenanceManagerInputSchema>

export { contractTypeSchema, selectTypeInputSchema, type SelectTypeInput } from './select-type.ts'

// ---------------------------------------------------------------------------------------------
// Stored state (SPEC §3.1, §3.2), as GET /applyInfo/ returns it

/** A file uploaded to a required-document slot (PRODUCT.md "Files"). */
export const fileRefSchema = z.strictObject({
  fileId: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
  fileName: z.string().check(z.maxLength(255)),
  size: z.number().check(z.int(), z.minimum(0)),
  /** ISO 8601 */
  uploadedAt: z.iso.datetime(),
})
export type FileRef = z.infer<typeof fileRefSchema>

const fileSlot = z.nullable(z.array(fileRefSchema))

export const basicInfoSchema = z.strictObject({
  userId: z.string(),
  policyHolderEmailAddress: z.string(),
  groupPfCode: z.string(),
  groupPfCodeInceptionDateYm: z.string(),
  groupPfBranchNo: z.string(),
  groupPfPolicyHolderNo: z.nullable(z.string()),
  statusPattern: z.enum(['110', '210', '211', '220', '330']),
  pymntMethod: z.enum(['1', '3', '4']),
  payeeAccntDisplayDiv: z.enum(['1', '2']),
  payeeAccntInfo: nullableText(1000),
  recruitFormat: z.enum(['1', '2']),
  entryDiv: code,
  preYearEntryDiv: z.nullable(code),
  preYearPolicyHolderNo: z.nullable(z.string()),
  customerNo: z.nullable(z.string()),
  webAccntEntryStts: z.nullable(code),
  accntEntrySttsMemo: nullableText(1000),
  /** YYYYMMDD, set when the application completes */
  applicationDate: z.nullable(z.string()),
  custNo: z.nullable(z.string()),
  subMailAddress: z.nullable(z.string()),
})

// The stored fields are '' until inputPolicyHolderInfo is saved: the field rules belong to the
// step's body (policyHolderInputSchema), not to the state the application starts with (SPEC §4).
const storedText = z.string().check(z.maxLength(2000))

export const policyHolderInfoStateSchema = z.strictObject({
  policyHolderDiv: z.nullable(policyHolderDivSchema),
  policyHolderInceptionDate: z.string(),
  policyHolderInceptionTime: z.string(),
  policyHolderExpiryDate: z.string(),
  policyHolderExpiryTime: z.string(),
  policyHolderNameKana: storedText,
  policyHolderNameKanji: storedText,
  policyHolderBirthDate: storedText,
  policyHolderSex: z.enum(['1', '2', '']),
  policyHolderZipCd: storedText,
  policyHolderAddressKanji: storedText,
  policyHolderAddressKana: storedText,
  homeTelNo: storedText,
  mobileTelNo: storedText,
  faxNo: storedText,
  otherInsuranceFlg: otherInsuranceFlgSchema,
  otherInsuranceCompanyName: storedText,
  otherInsuranceType: storedText,
  otherInsuranceExpiryDate: storedText,
  otherInsurancePymntLimit: storedText,
  itemAnswers: itemAnswersSchema,
})
export type PolicyHolderInfoState = z.infer<typeof policyHolderInfoStateSchema>

export const cvrgeInfoSchema = z.strictObject({
  totalPremium: z.number(),
  initTotalPremium: z.number(),
  unitArray: z.array(
    z.strictObject({
      unit: z.number(),
      unitTypeCd: z.string(),
      unitPremium: z.number(),
      /** rules/premium-basis.ts; absent in applications saved before it: per insured person */
      premiumBasis: z.optional(z.enum(PREMIUM_BASES)),
    }),
  ),
  /** the plan chosen on selectCategory, or null */
  planUnitNo: z.nullable(z.number()),
  contractType: z.nullable(contractTypeSchema),
})
export type CvrgeInfo = z.infer<typeof cvrgeInfoSchema>

export const insuredPersonSchema = z.extend(insuredInputSchema, {
  /** this person's id within the application */
  insrdId: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
  /** the unit the person is insured under (SPEC §3.1 "each carrying a unit") */
  unit: z.number(),
})
export type InsuredPerson = z.infer<typeof insuredPersonSchema>

export const applyInfoSchema = z.strictObject({
  urlKey: z.string(),
  basicInfo: basicInfoSchema,
  policyHolderInfo: policyHolderInfoStateSchema,
  cvrgeInfo: cvrgeInfoSchema,
  requiredDocsInfo: z.strictObject({
    file1Array: fileSlot,
    file2Array: fileSlot,
    file3Array: fileSlot,
  }),
  insrdInfoArray: z.array(insuredPersonSchema),
  /** 告知事項の回答 (itemClass 030), keyed by itemCode */
  noticeMatterInfo: z.strictObject({ answers: itemAnswersSchema }),
  maintenanceManagerInfo: z.nullable(maintenanceManagerInputSchema),
})
export type ApplyInfo = z.infer<typeof applyInfoSchema>

/** insuredRegisterStatus per unit (SPEC §3.2, §4): "0" 未登録, "1" 未確定, "2" 確定済み (rules/insured.ts). */
export const insuredRegisterStatusSchema = z.enum(['0', '1', '2'])
export type InsuredRegisterStatus = z.infer<typeof insuredRegisterStatusSchema>

export const applyInfoOptionSchema = z.strictObject({
  sendMailFlg: z.enum(['0', '1']),
  invoiceAmount: z.nullable(z.number()),
  policyHolderNumber: z.nullable(z.string()),
  /** keyed by unit number */
  insuredRegisterStatus: z.record(
    z.string().check(z.regex(/^\d{1,2}$/)),
    insuredRegisterStatusSchema,
  ),
  isExistApplyCompMailError: z.boolean(),
  applyDiv: code,
  periodDiv: code,
  groupPfAutoRenewNa: code,
  nextGroupPfCodeInceptionDateYm: z.nullable(z.string()),
  nextGroupPfInceptionDate: z.nullable(z.string()),
})
export type ApplyInfoOption = z.infer<typeof applyInfoOptionSchema>

export const applicationProgressSchema = z.strictObject({
  stepArray: z.array(stepSchema),
  completedStepArray: z.array(stepSchema),
  nextStep: z.union([stepSchema, z.literal(PAYMENT_STEP)]),
})

/** GET /applyInfo/ and the answer to every write: the state, its version and where it stands. */
export const applicationViewSchema = z.strictObject({
  /** the optimistic-lock version: each write sends the version it was based on */
  version: z.number().check(z.int(), z.minimum(0)),
  /** draft while the steps are worked through; applied once payment completed it (issue #7):
   * an applied application's steps are no longer written (409 APFA2002) */
  applicationStatus: z.enum(['draft', 'applied']),
  applyInfo: applyInfoSchema,
  applyInfoOption: applyInfoOptionSchema,
  progress: applicationProgressSchema,
  /** the consents recorded with the application, with the server's time */
  consentArray: z.array(
    z.strictObject({
      documentId: z.enum(consentDocumentIds),
      version: z.string(),
      agreedAt: z.iso.datetime(),
    }),
  ),
})
export type ApplicationView = z.infer<typeof applicationViewSchema>
