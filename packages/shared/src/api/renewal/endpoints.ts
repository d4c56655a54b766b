import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { renewalInfoRoute, renewalProcedureRoute, stopUpdateRoute } from './routes.ts'
import {
  cvrgeInfoSchema,
  insuredPersonSchema,
  policyHolderInfoStateSchema,
} from '../application/apply-info.ts'
import { myPageLinkSchema } from '../my-page/endpoints.ts'
import { renewalStates } from '../../rules/renewal.ts'

// Renewal (issue #9, SPEC §3.7, §4, §8.3, §8.4; ADR 0016). The contract is named by the my-page
// link and its coverage period; the server finds it among the signed-in holder's own applied
// contracts (404 APFH0001 otherwise) and decides every transition with rules/renewal.ts:
// 409 APFA2029 renewal not possible (renewed already, stopped, past the deadline, no next year),
// 409 APFA2031 the stop asked for on or after the renewal fix date.

const ymSchema = z.string().check(z.regex(/^\d{6}$/))
const yyyymmdd = z.string().check(z.regex(/^\d{8}$/))

/** The contract to renew: the my-page link and the contract's coverage period. */
export const renewalTargetSchema = z.extend(myPageLinkSchema, {
  groupPfCodeInceptionDateYm: ymSchema,
})
export type RenewalTarget = z.infer<typeof renewalTargetSchema>

/** SPEC §3.7 cvrgeContent: the premium and the units of a coverage year. */
export const cvrgeContentSchema = z.strictObject({
  totalPremium: z.number(),
  unitArray: cvrgeInfoSchema.shape.unitArray,
})
export type CvrgeContent = z.infer<typeof cvrgeContentSchema>

/** SPEC §3.7 the previous-year record: status, policyHolderInfo, insrdInfoArray, cvrgeContent. */
export const preRenewPolicyHolderInfoSchema = z.strictObject({
  status: z.strictObject({
    /** last year's 加入者番号 */
    preRenewSerialNo: z.string(),
    groupPfCodeInceptionDateYm: ymSchema,
    /** SPEC §4 status pattern of last year's contract */
    statusPattern: z.string(),
    inceptionDate: z.nullable(z.string()),
    expiryDate: z.nullable(z.string()),
  }),
  policyHolderInfo: policyHolderInfoStateSchema,
  insrdInfoArray: z.array(insuredPersonSchema),
  cvrgeContent: cvrgeContentSchema,
  /** unit number → display name in last year's product */
  unitNames: z.record(z.string(), z.string()),
})
export type PreRenewPolicyHolderInfo = z.infer<typeof preRenewPolicyHolderInfoSchema>

/** Next year's product (the year switch's target, SPEC §4) and the terms an auto-renewal takes. */
export const nextYearSchema = z.strictObject({
  groupPfCodeInceptionDateYm: ymSchema,
  groupInceptionDate: yyyymmdd,
  groupExpiryDate: yyyymmdd,
  /** the enrolment link of next year's product (same branch and URL key) */
  groupPfBranchNo: z.string(),
  urlKey: z.string(),
  /** last year's units at next year's premiums; null when a unit no longer exists */
  autoRenewCvrgeContent: z.nullable(cvrgeContentSchema),
  /** unit number → display name in next year's product */
  unitNames: z.record(z.string(), z.string()),
  /** SPEC §3.3 payment count of next year's product (what one premium amount is for) */
  pymntCount: z.number(),
})
export type NextYear = z.infer<typeof nextYearSchema>

/** SPEC §3.7 renewal state of one contract (the values ADR 0016 fixes). */
export const renewalInfoSchema = z.strictObject({
  groupPfCode: z.string(),
  groupPfPolicyHolderNo: z.string(),
  subMailAddress: z.nullable(z.string()),
  state: z.enum(renewalStates),
  renewedBy: z.nullable(z.enum(['procedure', 'auto'])),
  /** "1" renewed, "2" auto-renewal stopped, "3" not renewed yet, "4" no longer renewable */
  renewSttsDiv: z.enum(['1', '2', '3', '4']),
  /** "1" the procedure can start, "2" it can be resumed, "3" none */
  renewalProcedureButtonAndTextStatus: z.enum(['1', '2', '3']),
  canStopAutoRenewal: z.boolean(),
  /** YYYYMMDD: the procedure opens on the day the contract's cover begins; null otherwise */
  procedureOpensOn: z.nullable(yyyymmdd),
  /** SPEC §3.3 of the contract's product year */
  groupPfAutoRenewFlg: z.string(),
  renewalFixDate: z.nullable(yyyymmdd),
  /** SPEC §3.3 payment count of the contract's product (what one premium amount is for) */
  pymntCount: z.number(),
  /** when the holder stopped auto-renewal (ISO instant), or null */
  autoRenewStoppedAt: z.nullable(z.iso.datetime()),
  preRenewPolicyHolderInfo: preRenewPolicyHolderInfoSchema,
  /** last year's insured persons without the items that do not carry over (SPEC §3.7, §4) */
  insuredInfoWithoutPreRenewNotCopy: z.array(insuredPersonSchema),
  nextYear: z.nullable(nextYearSchema),
  /** the coverage period of the renewed contract, once renewed */
  renewedGroupPfCodeInceptionDateYm: z.nullable(ymSchema),
})
export type RenewalInfo = z.infer<typeof renewalInfoSchema>

/** autoRenewCheck, autoRenewStopCheck, renewalProcedure → GET /renewalInfo/?target. */
export const renewalInfoApi = defineEndpoint(renewalInfoRoute, {
  querystring: renewalTargetSchema,
  response: renewalInfoSchema,
})

/**
 * autoRenewStopCheck → POST /stopUpdate/ (→ autoRenewStopComplete). Stops the auto-renewal;
 * a started procedure's draft is cancelled with it. On or after the fix date 409 APFA2031;
 * renewed already, stopped already or not an auto-renewing product 409 APFA2029.
 */
export const stopUpdateApi = defineEndpoint(stopUpdateRoute, {
  body: renewalTargetSchema,
  response: renewalInfoSchema,
})

/**
 * renewalProcedure → POST /renewalProcedure/: starts the procedure (or resumes the one started)
 * with a draft application on next year's product (SPEC §4: the insured register status and the
 * invoice amount reset, the preRenewCopyFlg items carried over, notice matters not). The browser
 * then runs the application steps at next year's enrolment link. 409 APFA2029 when not possible.
 */
export const renewalProcedureApi = defineEndpoint(renewalProcedureRoute, {
  body: renewalTargetSchema,
  response: z.strictObject({
    groupPfCode: z.string(),
    groupPfCodeInceptionDateYm: ymSchema,
    groupPfBranchNo: z.string(),
    urlKey: z.string(),
  }),
})
export type RenewalProcedureStarted = z.infer<typeof renewalProcedureApi.response>
