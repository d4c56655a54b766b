import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { sessionTokenSchema } from '../access/endpoints.ts'
import { enteredPasswordSchema, mailAddressSchema, newPasswordSchema } from '../access/fields.ts'
import {
  adminGroupsRoute,
  agencyListRoute,
  applicationDetailRoute,
  auditLogCsvRoute,
  auditLogRoute,
  cancelApplicationRoute,
  changeHolderMailRoute,
  createExportRoute,
  documentLinkRoute,
  enrolmentInfoRoute,
  enrolmentPasskeyOptionsRoute,
  enrolmentTotpOptionsRoute,
  enrolPasskeyRoute,
  enrolPasswordRoute,
  exportFileRoute,
  exportListRoute,
  findMembersRoute,
  inviteStaffRoute,
  markProcessedRoute,
  noticeAnswersRoute,
  passkeySignInOptionsRoute,
  passkeySignInRoute,
  passwordSignInRoute,
  reissueEnrolmentRoute,
  reissueFirstEntryPasswordRoute,
  resendCompletionMailRoute,
  resendVerificationMailRoute,
  searchApplicationsRoute,
  staffListRoute,
  staffMeRoute,
  staffSignOutRoute,
  unlockMemberRoute,
  updateStaffRoute,
} from './routes.ts'

// The back office's endpoints (issue #20, ADR 0026; routes in ./routes.ts). Refusals use the
// catalogue's codes (errors.ts): no staff session 401 ADMA0001; a role that may not 403 ADMA0002;
// a record outside the scope (or none) 404 ADMN0001; a state the action does not start from 409
// ADMC0001; sign-in failed 401 ADMA0003; locked 423 ADMA0004 with Retry-After; an enrolment link
// used or past its 24 hours 410 ADMA0005. Wire names of the spec (groupPfCode, statusPattern …)
// are kept as they are.

const id = z.string().check(z.regex(/^[0-9a-f-]{36}$/))
const isoInstant = z.iso.datetime()
/** YYYYMMDD (SPEC §5 dates on the wire) */
const yyyymmdd = z.string().check(z.regex(/^\d{8}$/))
const yearMonth = z.string().check(z.regex(/^\d{6}$/))
const code = z.string().check(z.minLength(1), z.maxLength(32))
/** Staff sign-in and enrolment tokens: random, base64url, the server keeps only the hash. */
const linkToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/))
/** A typed reason (point 4: notice answers and documents are shown only after one). */
export const reasonSchema = z.string().check(z.trim(), z.minLength(2), z.maxLength(500))
/** A six-digit TOTP code. */
export const totpCodeSchema = z.string().check(z.regex(/^\d{6}$/))
/** A page of a list: 1-based, at most 100 rows. */
const page = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1)
const pageSize = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50)

// ── Staff identity ─────────────────────────────────────────────────────────────────────────

export const staffRoleSchema = z.enum([
  'insurerAdmin',
  'insurerOperator',
  'agencyStaff',
  'auditor',
  'groupContact',
])
export type StaffRoleName = z.infer<typeof staffRoleSchema>

/** A WebAuthn options or response object, passed through as @simplewebauthn makes it. */
const webAuthnJson = z.record(z.string(), z.unknown())

/** A staff session: the token (sent as Authorization: Bearer) and its two ends. */
export const staffSessionSchema = z.extend(sessionTokenSchema, {
  /** ISO 8601: 8 hours after sign-in, whatever the use */
  absoluteExpiresAt: isoInstant,
})
export type StaffSession = z.infer<typeof staffSessionSchema>

export const enrolmentInfoApi = defineEndpoint(enrolmentInfoRoute, {
  body: z.strictObject({ token: linkToken }),
  response: z.strictObject({
    name: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    expiresAt: isoInstant,
  }),
})

export const enrolmentPasskeyOptionsApi = defineEndpoint(enrolmentPasskeyOptionsRoute, {
  body: z.strictObject({ token: linkToken }),
  response: z.strictObject({ options: webAuthnJson }),
})

export const enrolPasskeyApi = defineEndpoint(enrolPasskeyRoute, {
  body: z.strictObject({ token: linkToken, response: webAuthnJson }),
  response: staffSessionSchema,
})

export const enrolmentTotpOptionsApi = defineEndpoint(enrolmentTotpOptionsRoute, {
  body: z.strictObject({ token: linkToken }),
  response: z.strictObject({
    /** base32, to type into an authenticator app */
    secret: z.string(),
    /** otpauth://totp/… for a QR code */
    otpauthUrl: z.string(),
  }),
})

export const enrolPasswordApi = defineEndpoint(enrolPasswordRoute, {
  body: z.strictObject({ token: linkToken, password: newPasswordSchema, totpCode: totpCodeSchema }),
  response: staffSessionSchema,
})

export const passkeySignInOptionsApi = defineEndpoint(passkeySignInOptionsRoute, {
  response: z.strictObject({ challengeId: id, options: webAuthnJson }),
})

export const passkeySignInApi = defineEndpoint(passkeySignInRoute, {
  body: z.strictObject({ challengeId: id, response: webAuthnJson }),
  response: staffSessionSchema,
})

export const passwordSignInApi = defineEndpoint(passwordSignInRoute, {
  body: z.strictObject({
    email: mailAddressSchema,
    password: enteredPasswordSchema,
    totpCode: totpCodeSchema,
  }),
  response: staffSessionSchema,
})

export const staffSignOutApi = defineEndpoint(staffSignOutRoute, { status: 204 })

export const staffMeApi = defineEndpoint(staffMeRoute, {
  response: z.strictObject({
    staffId: id,
    name: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    /** agency staff: their agency */
    agency: z.nullable(z.strictObject({ agentCd: z.string(), agentName: z.string() })),
    expiresAt: isoInstant,
    absoluteExpiresAt: isoInstant,
  }),
})

// ── Staff management ───────────────────────────────────────────────────────────────────────

export const staffMemberSchema = z.strictObject({
  staffId: id,
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  agentCd: z.nullable(z.string()),
  /** a group's contact person (issue #21 point 6): their group */
  groupPfCode: z.nullable(z.string()),
  status: z.enum(['invited', 'active', 'disabled']),
  /** how they can sign in */
  hasPasskey: z.boolean(),
  hasPasswordTotp: z.boolean(),
  createdAt: isoInstant,
})
export type StaffMember = z.infer<typeof staffMemberSchema>

export const staffListApi = defineEndpoint(staffListRoute, {
  response: z.strictObject({ staff: z.array(staffMemberSchema) }),
})

const staffNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))

/** An enrolment link, shown once to the inviter (it is also mailed to the invitee). */
export const enrolmentLinkSchema = z.strictObject({
  enrolmentUrl: z.string(),
  expiresAt: isoInstant,
})

export const inviteStaffApi = defineEndpoint(inviteStaffRoute, {
  body: z.strictObject({
    email: mailAddressSchema,
    name: staffNameSchema,
    role: staffRoleSchema,
    /** required for agencyStaff, refused for the other roles */
    agentCd: z.nullable(code),
    /** required for groupContact, refused for the other roles (issue #21 point 6) */
    groupPfCode: z.optional(z.nullable(code)),
  }),
  response: z.extend(enrolmentLinkSchema, { member: staffMemberSchema }),
  status: 201,
})

export const updateStaffApi = defineEndpoint(updateStaffRoute, {
  params: z.strictObject({ staffId: id }),
  body: z.strictObject({
    role: staffRoleSchema,
    agentCd: z.nullable(code),
    /** required for groupContact, refused for the other roles (issue #21 point 6) */
    groupPfCode: z.optional(z.nullable(code)),
    status: z.enum(['active', 'disabled']),
  }),
  response: staffMemberSchema,
})

export const reissueEnrolmentApi = defineEndpoint(reissueEnrolmentRoute, {
  params: z.strictObject({ staffId: id }),
  response: enrolmentLinkSchema,
})

export const agencyListApi = defineEndpoint(agencyListRoute, {
  response: z.strictObject({
    agencies: z.array(z.strictObject({ agentCd: z.string(), agentName: z.string() })),
  }),
})

// ── Applications ───────────────────────────────────────────────────────────────────────────

export const adminGroupsApi = defineEndpoint(adminGroupsRoute, {
  response: z.strictObject({
    groups: z.array(
      z.strictObject({
        groupPfCode: z.string(),
        groupPfCodeInceptionDateYm: z.string(),
        groupNameKanji: z.string(),
        branches: z.array(
          z.strictObject({
            groupPfBranchNo: z.string(),
            sectionName: z.string(),
            agentCd: z.string(),
            agentName: z.string(),
          }),
        ),
      }),
    ),
  }),
})

/** What the back office calls an application's state: the row's status, and 210 once processed. */
export const adminApplicationStatusSchema = z.enum(['draft', 'applied', 'processed', 'cancelled'])
export type AdminApplicationStatus = z.infer<typeof adminApplicationStatusSchema>
/** The money side (shared rules/payment.ts depositStatus, and the card's capture). */
export const adminPaymentStatusSchema = z.enum(['unpaid', 'paid', 'underpaid', 'overpaid', 'none'])
export const applicationSortSchema = z.enum(['appliedAt', 'updatedAt', 'memberCode', 'nameKana'])

export const searchApplicationsApi = defineEndpoint(searchApplicationsRoute, {
  querystring: z.strictObject({
    groupPfCode: z.optional(code),
    groupPfCodeInceptionDateYm: z.optional(yearMonth),
    groupPfBranchNo: z.optional(code),
    status: z.optional(adminApplicationStatusSchema),
    statusPattern: z.optional(z.enum(['110', '210', '211', '220', '330'])),
    paymentStatus: z.optional(adminPaymentStatusSchema),
    appliedFrom: z.optional(yyyymmdd),
    appliedTo: z.optional(yyyymmdd),
    memberCode: z.optional(z.string().check(z.maxLength(64))),
    /** kana or kanji, normalised as the roster is (prefix of the family + given name) */
    name: z.optional(z.string().check(z.maxLength(100))),
    sort: z._default(applicationSortSchema, 'appliedAt'),
    order: z._default(z.enum(['asc', 'desc']), 'desc'),
    page,
    pageSize,
  }),
  response: z.strictObject({
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    rows: z.array(
      z.strictObject({
        applicationId: id,
        groupPfCode: z.string(),
        groupPfCodeInceptionDateYm: z.string(),
        groupPfBranchNo: z.string(),
        memberCode: z.string(),
        nameKanji: z.nullable(z.string()),
        nameKana: z.nullable(z.string()),
        status: adminApplicationStatusSchema,
        statusPattern: z.nullable(z.string()),
        paymentStatus: adminPaymentStatusSchema,
        appliedAt: z.nullable(isoInstant),
        updatedAt: isoInstant,
      }),
    ),
  }),
})

const applicationParams = z.strictObject({ applicationId: id })
/** Every change names the version it read (409 APFC0001 otherwise), as the applicant's do. */
const version = z.number().check(z.int(), z.minimum(0))

/** One labelled value of a step, as the applicant confirmed it (label in Japanese). */
const labelledValue = z.strictObject({ itemCode: z.string(), label: z.string(), value: z.string() })

export const applicationDetailApi = defineEndpoint(applicationDetailRoute, {
  params: applicationParams,
  response: z.strictObject({
    applicationId: id,
    version,
    groupPfCode: z.string(),
    groupPfCodeInceptionDateYm: z.string(),
    groupPfBranchNo: z.string(),
    groupNameKanji: z.string(),
    memberId: id,
    memberCode: z.string(),
    userId: z.nullable(z.string()),
    status: adminApplicationStatusSchema,
    statusPattern: z.nullable(z.string()),
    paymentStatus: adminPaymentStatusSchema,
    groupPfPolicyHolderNo: z.nullable(z.string()),
    appliedAt: z.nullable(isoInstant),
    /** the steps' data without the notice answers (those are behind the reason prompt) */
    policyHolder: z.array(labelledValue),
    coverage: z.strictObject({
      totalPremium: z.nullable(z.number()),
      units: z.array(z.strictObject({ unitNo: z.number(), displayName: z.string() })),
    }),
    insured: z.array(
      z.strictObject({ unitNo: z.number(), insrdId: z.string(), items: z.array(labelledValue) }),
    ),
    consents: z.array(
      z.strictObject({ documentId: z.string(), version: z.string(), agreedAt: isoInstant }),
    ),
    history: z.array(
      z.strictObject({
        at: isoInstant,
        /** submitted, processed, cancelled, payment …, as the audit log and payments record it */
        event: z.string(),
        note: z.nullable(z.string()),
      }),
    ),
    payments: z.array(
      z.strictObject({
        kind: z.string(),
        status: z.string(),
        amount: z.number(),
        at: isoInstant,
      }),
    ),
    mails: z.array(z.strictObject({ kind: z.string(), status: z.string(), at: isoInstant })),
    documents: z.array(
      z.strictObject({ fileId: z.string(), slot: z.string(), fileName: z.string() }),
    ),
    /** whether there are notice answers to show behind the reason prompt */
    hasNoticeAnswers: z.boolean(),
  }),
})
export type ApplicationDetail = z.infer<typeof applicationDetailApi.response>

export const noticeAnswersApi = defineEndpoint(noticeAnswersRoute, {
  params: applicationParams,
  body: z.strictObject({ reason: reasonSchema }),
  response: z.strictObject({
    answers: z.array(
      z.strictObject({
        /** null: an answer of the policy holder's step; else the insured person's */
        insrdId: z.nullable(z.string()),
        unitNo: z.nullable(z.number()),
        itemCode: z.string(),
        question: z.string(),
        answer: z.string(),
      }),
    ),
  }),
})

export const documentLinkApi = defineEndpoint(documentLinkRoute, {
  params: z.strictObject({ applicationId: id, fileId: z.string().check(z.maxLength(100)) }),
  body: z.strictObject({ reason: reasonSchema }),
  response: z.strictObject({ url: z.string(), expiresAt: isoInstant }),
})

const applicationState = z.strictObject({
  status: adminApplicationStatusSchema,
  statusPattern: z.nullable(z.string()),
  version,
})

export const markProcessedApi = defineEndpoint(markProcessedRoute, {
  params: applicationParams,
  body: z.strictObject({ note: z.string().check(z.trim(), z.maxLength(500)), version }),
  response: applicationState,
})

export const cancelApplicationApi = defineEndpoint(cancelApplicationRoute, {
  params: applicationParams,
  body: z.strictObject({ reason: reasonSchema, version }),
  response: applicationState,
})

// ── Support ────────────────────────────────────────────────────────────────────────────────

const memberParams = z.strictObject({ memberId: id })

export const findMembersApi = defineEndpoint(findMembersRoute, {
  querystring: z.strictObject({
    groupPfCode: code,
    groupPfCodeInceptionDateYm: yearMonth,
    memberCode: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
  response: z.strictObject({
    members: z.array(
      z.strictObject({
        memberId: id,
        memberCode: z.string(),
        groupPfCode: z.string(),
        groupPfCodeInceptionDateYm: z.string(),
        /** authenticationType "1": the member signs in first with a first-entry ID */
        firstEntryId: z.nullable(z.string()),
        userId: z.nullable(z.string()),
        /** masked (m***@example.jp): the staff member confirms it with the caller */
        maskedMailAddress: z.nullable(z.string()),
        applicationId: z.nullable(id),
        applicationStatus: z.nullable(adminApplicationStatusSchema),
        locked: z.boolean(),
        /** a verification mail waiting to be used */
        pendingVerification: z.boolean(),
      }),
    ),
  }),
})

const reasonBody = z.strictObject({ reason: reasonSchema })
const done = z.strictObject({ done: z.literal(true) })

export const unlockMemberApi = defineEndpoint(unlockMemberRoute, {
  params: memberParams,
  body: reasonBody,
  response: z.strictObject({ unlocked: z.number() }),
})

export const resendVerificationMailApi = defineEndpoint(resendVerificationMailRoute, {
  params: memberParams,
  body: reasonBody,
  response: done,
})

export const resendCompletionMailApi = defineEndpoint(resendCompletionMailRoute, {
  params: memberParams,
  body: reasonBody,
  response: done,
})

export const reissueFirstEntryPasswordApi = defineEndpoint(reissueFirstEntryPasswordRoute, {
  params: memberParams,
  body: reasonBody,
  /** shown once to the staff member, never stored in the clear */
  response: z.strictObject({ firstEntryId: z.string(), password: z.string() }),
})

export const changeHolderMailApi = defineEndpoint(changeHolderMailRoute, {
  params: memberParams,
  body: z.strictObject({ mailAddress: mailAddressSchema, reason: reasonSchema }),
  response: done,
})

// ── Audit log ──────────────────────────────────────────────────────────────────────────────

const auditFilter = {
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
  actorKind: z.optional(z.enum(['staff', 'applicant', 'holder', 'system'])),
  actorId: z.optional(z.string().check(z.maxLength(100))),
  action: z.optional(z.string().check(z.maxLength(100))),
  recordKind: z.optional(z.string().check(z.maxLength(100))),
  recordId: z.optional(z.string().check(z.maxLength(100))),
}

export const auditEntrySchema = z.strictObject({
  seq: z.number(),
  at: isoInstant,
  actorKind: z.string(),
  actorId: z.nullable(z.string()),
  action: z.string(),
  recordKind: z.nullable(z.string()),
  recordId: z.nullable(z.string()),
  clientAddress: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  details: z.nullable(
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  ),
})

export const auditLogApi = defineEndpoint(auditLogRoute, {
  querystring: z.strictObject({ ...auditFilter, page, pageSize }),
  response: z.strictObject({
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    entries: z.array(auditEntrySchema),
  }),
})

export const auditLogCsvApi = defineEndpoint(auditLogCsvRoute, {
  querystring: z.strictObject(auditFilter),
})

// ── Export ─────────────────────────────────────────────────────────────────────────────────

export const exportBatchSchema = z.strictObject({
  batchId: id,
  groupPfCode: z.string(),
  groupPfCodeInceptionDateYm: z.string(),
  encoding: z.enum(['cp932', 'utf8bom']),
  applicationCount: z.number(),
  rowCount: z.number(),
  createdAt: isoInstant,
  /** characters outside CP932 that were reported (never silently replaced) */
  unmappable: z.array(z.string()),
})

export const exportListApi = defineEndpoint(exportListRoute, {
  querystring: z.strictObject({
    groupPfCode: z.optional(code),
    groupPfCodeInceptionDateYm: z.optional(yearMonth),
  }),
  response: z.strictObject({ batches: z.array(exportBatchSchema) }),
})

export const createExportApi = defineEndpoint(createExportRoute, {
  body: z.strictObject({
    groupPfCode: code,
    groupPfCodeInceptionDateYm: yearMonth,
    encoding: z.enum(['cp932', 'utf8bom']),
  }),
  response: exportBatchSchema,
  status: 201,
})

export const exportFileApi = defineEndpoint(exportFileRoute, {
  params: z.strictObject({ batchId: id }),
})
