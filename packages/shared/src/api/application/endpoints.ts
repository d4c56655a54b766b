import * as z from 'zod/mini'
import type { $ZodShape } from 'zod/v4/core'
import { PREMIUM_BASES } from '../../rules/premium-basis.ts'
import { consentReferenceSchema } from '../access/endpoints.ts'
import { defineEndpoint } from '../endpoint.ts'
import type { ApplicationStep } from '../../rules/application-steps.ts'
import {
  addInsuredRoute,
  addressRoute,
  confirmInsuredRoute,
  downloadUrlRoute,
  editInsuredRoute,
  fileDownloadRoute,
  fileUploadRoute,
  mainCoverageTypesRoute,
  removeInsuredRoute,
  removeRequiredDocRoute,
  saveStepRoute,
  specifiedCoverageTypesRoute,
  uploadUrlRoute,
} from './routes.ts'
import { applyInfoRoute } from './current-route.ts'
import {
  applicationViewSchema,
  insuredInputSchema,
  maintenanceManagerInputSchema,
  policyHolderDivSchema,
  policyHolderInputSchema,
  selectTypeInputSchema,
} from './apply-info.ts'

// The application's endpoints (issue #6, ADR 0012). Each write carries the `version` of the state
// it was based on: a stale page or a second tab gets 409 APFC0001 instead of overwriting newer
// answers. A write to a step that is not open yet gets 409 APFD0001 (SPEC §2.5). Every answer to
// a write is the whole ApplicationView.

const version = z.number().check(z.int(), z.minimum(0))
const withVersion = <T extends $ZodShape>(shape: T) => z.strictObject({ version, ...shape })

export const versionBodySchema = withVersion({})
export const consentBodySchema = withVersion({
  consentArray: z.array(consentReferenceSchema).check(z.maxLength(10)),
})

/** PUT /applyInfo/{step}: the body of each step */
export const stepBodySchemas = {
  entryTerms: consentBodySchema,
  selectPolicyHolderDiv: withVersion({ policyHolderDiv: policyHolderDivSchema }),
  selectCategory: withVersion({
    planUnitNo: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
  }),
  selectType: z.extend(selectTypeInputSchema, { version }),
  inputPolicyHolderInfo: withVersion({ policyHolderInfo: policyHolderInputSchema }),
  registerMaintenanceManager: withVersion({
    maintenanceManagerInfo: maintenanceManagerInputSchema,
  }),
  /** completes the step: every unit's insured persons registered and confirmed */
  registerInsuredInfo: versionBodySchema,
  noticeMatters: withVersion({
    answers: z.record(
      z.string().check(z.regex(/^[A-Za-z0-9_]{1,30}$/)),
      z.union([z.string().check(z.maxLength(2000)), z.array(z.string().check(z.maxLength(20)))]),
    ),
  }),
  /** completes the step: every required slot has a file */
  noticeMattersDoc: versionBodySchema,
  checkPolicyHolderInfo: versionBodySchema,
  pamphletImportantNotes: consentBodySchema,
} as const

/** POST /applyInfo/insured/{unitNo} (add) and PUT …/{unitNo}/{insrdId} (edit) */
export const insuredBodySchema = withVersion({ insrdInfo: insuredInputSchema })
/** PUT /applyInfo/insured/{unitNo}/confirm: 「この内容で確定する」 for one unit */
export const insuredConfirmBodySchema = versionBodySchema
/** DELETE …/{insrdId}?version=N and DELETE /applyInfo/requiredDocs/{fileId}?version=N */
export const versionQuerySchema = z.strictObject({
  version: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)),
})

export const applicationResponseSchema = applicationViewSchema

/** A unit as the coverage screens show it. */
export const coverageUnitSchema = z.strictObject({
  unitNo: z.number(),
  displayName: z.string(),
  coverageName: z.string(),
  coverageTypeFlg: z.string(),
  unitPremium: z.number(),
  premiumBasis: z.enum(PREMIUM_BASES),
})
export type CoverageUnit = z.infer<typeof coverageUnitSchema>

/** GET /mainCoverageTypes/: the plans */
export const mainCoverageTypesResponseSchema = z.strictObject({
  planArray: z.array(coverageUnitSchema),
})
/** GET /specifiedCoverageTypes/?planUnitNo=N: the options that may be added to that plan */
export const specifiedCoverageTypesQuerySchema = z.strictObject({
  planUnitNo: z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform(Number)),
})
export const specifiedCoverageTypesResponseSchema = z.strictObject({
  optionArray: z.array(coverageUnitSchema),
})

/** GET /address/?zipCode=1000001 (offline postal data with its readings, STACK.md) */
export const addressQuerySchema = z.strictObject({
  zipCode: z.string().check(z.regex(/^\d{7}$/)),
})
export const addressResponseSchema = z.strictObject({
  /** empty when nothing is found: the browser says "enter the address manually" (SPEC §8.4) */
  addressArray: z.array(
    z.strictObject({
      prefecture: z.string(),
      city: z.string(),
      /** 町域; '' when the code names a whole city */
      town: z.string(),
      /** the readings in full-width katakana, for policyHolderAddressKana (onlyFullKatakana) */
      prefectureKana: z.string(),
      cityKana: z.string(),
      townKana: z.string(),
    }),
  ),
})

/** POST /uploadNecessaryDocsUrl/: a one-time signed upload URL for one slot (PRODUCT.md "Files") */
export const uploadUrlBodySchema = z.strictObject({
  slot: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  fileName: z.string().check(z.minLength(1), z.maxLength(255)),
  size: z.number().check(z.int(), z.minimum(1)),
})
export const uploadUrlResponseSchema = z.strictObject({
  /** PUT the file's bytes here, once, before expiresAt */
  uploadUrl: z.string(),
  expiresAt: z.iso.datetime(),
})
/** PUT /files/upload/{token}: the answer once the file is stored */
export const uploadResponseSchema = applicationViewSchema

/** POST /downloadPresigned/: a short-lived signed URL to read an uploaded file back */
export const downloadUrlBodySchema = z.strictObject({
  fileId: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
})
export const downloadUrlResponseSchema = z.strictObject({
  downloadUrl: z.string(),
  expiresAt: z.iso.datetime(),
})

// ---------------------------------------------------------------------------------------------
// The endpoints (ADR 0022): each route of routes.ts with what it takes and answers.

/** A unit's number in a path: 1 to 20. */
const unitParams = z.strictObject({
  unitNo: z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform(Number)),
})
const insuredParams = z.extend(unitParams, {
  insrdId: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
})
/** A signed URL's token: the rest of the path. The token's own checks decide; this bounds work. */
const signedTokenParams = z.strictObject({ '*': z.string().check(z.maxLength(2048)) })

export const applyInfoApi = defineEndpoint(applyInfoRoute, { response: applicationResponseSchema })

const stepEndpoint = <const S extends ApplicationStep>(step: S) =>
  defineEndpoint(saveStepRoute(step), {
    body: stepBodySchemas[step],
    response: applicationResponseSchema,
  })

/** PUT /applyInfo/{step}, one endpoint per step: the body is the step's (stepBodySchemas). */
export const saveStepApis = {
  entryTerms: stepEndpoint('entryTerms'),
  selectPolicyHolderDiv: stepEndpoint('selectPolicyHolderDiv'),
  selectCategory: stepEndpoint('selectCategory'),
  selectType: stepEndpoint('selectType'),
  inputPolicyHolderInfo: stepEndpoint('inputPolicyHolderInfo'),
  registerMaintenanceManager: stepEndpoint('registerMaintenanceManager'),
  registerInsuredInfo: stepEndpoint('registerInsuredInfo'),
  noticeMatters: stepEndpoint('noticeMatters'),
  noticeMattersDoc: stepEndpoint('noticeMattersDoc'),
  checkPolicyHolderInfo: stepEndpoint('checkPolicyHolderInfo'),
  pamphletImportantNotes: stepEndpoint('pamphletImportantNotes'),
} as const satisfies Record<ApplicationStep, unknown>
/** Any step's endpoint: what the browser's generic save is typed by. */
export type SaveStepApi = (typeof saveStepApis)[ApplicationStep]

export const addInsuredApi = defineEndpoint(addInsuredRoute, {
  params: unitParams,
  body: insuredBodySchema,
  response: applicationResponseSchema,
})
export const confirmInsuredApi = defineEndpoint(confirmInsuredRoute, {
  params: unitParams,
  body: insuredConfirmBodySchema,
  response: applicationResponseSchema,
})
export const editInsuredApi = defineEndpoint(editInsuredRoute, {
  params: insuredParams,
  body: insuredBodySchema,
  response: applicationResponseSchema,
})
export const removeInsuredApi = defineEndpoint(removeInsuredRoute, {
  params: insuredParams,
  querystring: versionQuerySchema,
  response: applicationResponseSchema,
})
export const mainCoverageTypesApi = defineEndpoint(mainCoverageTypesRoute, {
  response: mainCoverageTypesResponseSchema,
})
export const specifiedCoverageTypesApi = defineEndpoint(specifiedCoverageTypesRoute, {
  querystring: specifiedCoverageTypesQuerySchema,
  response: specifiedCoverageTypesResponseSchema,
})
export const addressApi = defineEndpoint(addressRoute, {
  querystring: addressQuerySchema,
  response: addressResponseSchema,
})
export const uploadUrlApi = defineEndpoint(uploadUrlRoute, {
  body: uploadUrlBodySchema,
  response: uploadUrlResponseSchema,
})
/** The body is the file's bytes (application/octet-stream, 2 MB at most). */
export const fileUploadApi = defineEndpoint(fileUploadRoute, {
  params: signedTokenParams,
  response: uploadResponseSchema,
})
export const downloadUrlApi = defineEndpoint(downloadUrlRoute, {
  body: downloadUrlBodySchema,
  response: downloadUrlResponseSchema,
})
/** The answer is the file's bytes, as an attachment. */
export const fileDownloadApi = defineEndpoint(fileDownloadRoute, { params: signedTokenParams })
export const removeRequiredDocApi = defineEndpoint(removeRequiredDocRoute, {
  params: z.strictObject({ fileId: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) }),
  querystring: versionQuerySchema,
  response: applicationResponseSchema,
})
