import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import {
  certificateFileRoute,
  certificateRoute,
  changePasswordRoute,
  contractInfoRoute,
  finishMailChangeRoute,
  finishPasswordResetRoute,
  finishPhoneRegistrationRoute,
  idReNotificationRoute,
  myPageInfoRoute,
  sendLoginCodeRoute,
  sendPhoneCodeRoute,
  start2FARoute,
  startMailChangeRoute,
  startPasswordResetRoute,
  startPhoneRegistrationRoute,
  verifyLoginCodeRoute,
} from './routes.ts'
import { virtualAccountSchema } from '../payment/virtual-account.ts'
import { itemDefinitionSchema } from '../group/item-definition.ts'
import { policyDocumentIds } from '../../documents/types.ts'
import { sessionTokenSchema } from '../access/endpoints.ts'
import { enteredPasswordSchema, mailAddressSchema, newPasswordSchema } from '../access/fields.ts'
import {
  oneTimeCodeSchema,
  phoneNumberSchema,
  userIdSchema,
  newPasswordConfirmationSchema,
  withConfirmation,
} from './fields.ts'
import {
  cvrgeInfoSchema,
  insuredPersonSchema,
  policyHolderInfoStateSchema,
} from '../application/apply-info.ts'

// My-page (issue #8, SPEC §2.2, §3.6, §6, §8.4; PRODUCT.md "People and how they sign in";
// ADR 0015). Sign-in is two steps: ID + password (+ the four consents) opens a sign-in attempt,
// then a 6-digit code sent by mail, or by SMS or voice once a phone is registered, opens a
// my-page session. Every one-time code is bound to the attempt that asked for it: the browser
// holds the attempt's token (never the code's) and sends both. An attempt token that is unknown,
// of another purpose, or (signed in) of another account answers 404 APFL0016; an attempt or code
// past its time 410 APFL0014; an attempt voided by the 5th wrong code 423 APFL0015.

const routeParam = z.string().check(z.maxLength(64))

/** The my-page link (SPEC §2.2 /myp/{groupPfCode}/{urlKey}/): every call names it. */
export const myPageLinkSchema = z.strictObject({
  groupPfCode: routeParam,
  urlKey: routeParam,
})
export type MyPageLink = z.infer<typeof myPageLinkSchema>

/** An opaque attempt token (random, 256 bits, base64url); the server keeps only its hash. */
export const attemptTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/))

/** seconds until an end (see SESSION_EXPIRES_IN_HEADER) */
const expiresInSeconds = z.number().check(z.int(), z.minimum(0))

/** An attempt handed to the browser: its token and when it ends. */
export const attemptSchema = z.strictObject({
  attemptToken: attemptTokenSchema,
  /** ISO 8601: when the attempt ends (ATTEMPT_MINUTES) */
  expiresAt: z.iso.datetime(),
  expiresInSeconds,
})
export type Attempt = z.infer<typeof attemptSchema>

/** A code sent: where to (masked: m***@example.jp, *******5678) and until when it works. */
export const codeSentSchema = z.strictObject({
  channel: z.enum(['mail', 'sms', 'voice']),
  maskedDestination: z.string(),
  /** ISO 8601: when the code stops working (ONE_TIME_CODE_MINUTES) */
  codeExpiresAt: z.iso.datetime(),
  codeExpiresInSeconds: expiresInSeconds,
})
export type CodeSent = z.infer<typeof codeSentSchema>

/** SPEC §8.4 "My-page login": the four policies, each agreed to in the version shown. */
export const policyConsentSchema = z.strictObject({
  documentId: z.enum(policyDocumentIds),
  version: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
})

/** How the policy holder receives the sign-in code (SPEC §3.6 authTypeForLogin). */
export const authTypeForLoginSchema = z.enum(['mail', 'telephone'])
export type AuthTypeForLogin = z.infer<typeof authTypeForLoginSchema>
/** SMS or voice guidance (SPEC §3.6 authTypeForRegister, and the telephone sign-in's choice). */
export const telephoneChannelSchema = z.enum(['sms', 'voice'])
export type TelephoneChannel = z.infer<typeof telephoneChannelSchema>

/**
 * login → POST /start2FA/. Wrong ID or password: 401 APFL0011 (the same answer for an unknown ID,
 * an ID of another group, and a wrong password); locked: 423 APFL0012 with Retry-After; a consent
 * missing: 400 APFV0001 with an issue on `consents`. With authTypeForLogin "mail" the code is
 * mailed at once (`codeSent`); with "telephone" nothing is sent yet: the browser goes to
 * telephoneAuthSelect (flowType telephoneLogin) and asks POST /authcodeMail/ for SMS or voice.
 */
export const start2FAApi = defineEndpoint(start2FARoute, {
  body: z.extend(myPageLinkSchema, {
    userId: userIdSchema,
    password: enteredPasswordSchema,
    consents: z.array(policyConsentSchema).check(z.maxLength(10)),
  }),
  response: z.extend(attemptSchema, {
    authTypeForLogin: authTypeForLoginSchema,
    /** the registered phone, masked, when authTypeForLogin is "telephone" (SPEC §3.6) */
    maskedPhoneNumber: z.nullable(z.string()),
    /** the mailed code, when authTypeForLogin is "mail" */
    codeSent: z.nullable(codeSentSchema),
  }),
})
export type Start2FABody = z.infer<typeof start2FAApi.body>
export type Start2FAResponse = z.infer<typeof start2FAApi.response>

/**
 * POST /authcodeMail/: send the sign-in code (again) for an attempt; a new code voids the last.
 * "sms" or "voice" only for a registered phone. Errors: the attempt ended 410 APFL0014; SMS
 * unavailable on the number 400 APFT0001; sending failed 502 APFT0002; mail refused 502 APFM0002;
 * SMS or voice where telephone authentication is not offered 404 APFT0003;
 * more than 5 codes per attempt 429 APFR0001.
 */
export const sendLoginCodeApi = defineEndpoint(sendLoginCodeRoute, {
  body: z.strictObject({
    attemptToken: attemptTokenSchema,
    channel: z.enum(['mail', 'sms', 'voice']),
  }),
  response: codeSentSchema,
})
export type SendLoginCodeBody = z.infer<typeof sendLoginCodeApi.body>

/**
 * loginCode / verifyTelephoneAuth (flowType telephoneLogin) → POST /sessionInfo/: the code opens a
 * my-page session. Wrong code 400 APFL0013; code or attempt expired 410 APFL0014; the 5th wrong
 * code voids the attempt 423 APFL0015 (sign in again).
 */
export const verifyLoginCodeApi = defineEndpoint(verifyLoginCodeRoute, {
  body: z.strictObject({
    attemptToken: attemptTokenSchema,
    code: oneTimeCodeSchema,
  }),
  response: z.extend(sessionTokenSchema, {
    userId: z.string(),
    groupPfCode: z.string(),
  }),
})
export type VerifyLoginCodeBody = z.infer<typeof verifyLoginCodeApi.body>
export type VerifyLoginCodeResponse = z.infer<typeof verifyLoginCodeApi.response>

/** A coverage period (one group product year, SPEC §3.3 groupPfCodeInceptionDateYm). */
export const coveragePeriodSchema = z.strictObject({
  groupPfCodeInceptionDateYm: z.string().check(z.regex(/^\d{6}$/)),
  /** YYYYMMDD, from the application (SPEC §4 policy inception), or null when not fixed */
  inceptionDate: z.nullable(z.string()),
  /** YYYYMMDD */
  expiryDate: z.nullable(z.string()),
})
export type CoveragePeriod = z.infer<typeof coveragePeriodSchema>

/**
 * One instalment of a contract paid in instalments (issue #24): paid, due, being charged (card),
 * invoiced (transfer: its account mailed, awaiting the deposit), or failed (refused for the last
 * time, or not deposited by its due date).
 */
export const instalmentStateSchema = z.strictObject({
  seq: z.int(),
  /** YYYYMM: the first month it covers */
  coversMonth: z.string(),
  /** YYYYMMDD: when it is (or was) charged, or by when it is transferred; a declined one: its next try */
  dueDate: z.string(),
  amount: z.int(),
  status: z.enum(['paid', 'due', 'charging', 'invoiced', 'failed']),
  /** a refused try before: it is tried again on dueDate */
  isRetry: z.boolean(),
  /** a transferred instalment not paid yet: the account it is paid into (ADR 0039); else null */
  transferAccount: z.nullable(virtualAccountSchema),
})
export type InstalmentState = z.infer<typeof instalmentStateSchema>

/** What the holder is shown of a card the provider keeps (issue #24): never more. */
export const shownCardSchema = z.strictObject({
  brand: z.string(),
  last4: z.string(),
  /** MM */
  expiryMonth: z.string(),
  /** YYYY */
  expiryYear: z.string(),
})
export type ShownCard = z.infer<typeof shownCardSchema>

export const premiumPaymentsSchema = z.strictObject({
  /** card: charged to the card the provider keeps; transfer: each to an account mailed (ADR 0039) */
  method: z.enum(['card', 'transfer']),
  /** 「初回 2,280円（2027年1月分）、以降毎月26日に 2,280円（2027年12月分まで）」 */
  planText: z.string(),
  card: z.nullable(shownCardSchema),
  instalments: z.array(instalmentStateSchema),
})
export type PremiumPayments = z.infer<typeof premiumPaymentsSchema>

/** One contract on home: its period, its state, what can be done next. */
export const contractSummarySchema = z.strictObject({
  coveragePeriod: coveragePeriodSchema,
  groupPfName: z.string(),
  groupPfPolicyHolderNo: z.string(),
  /** SPEC §4 status pattern (110, 210, 211, 220, 330); the screen says it in words */
  statusPattern: z.string(),
  pymntMethod: z.string(),
  /** SPEC §3.3 payment count of the contract's product: totalPremium is one of these payments */
  pymntCount: z.number(),
  totalPremium: z.number(),
  /** YYYYMMDD */
  applicationDate: z.string(),
  /**
   * The contract's renewal (issue #9, SPEC §3.7, ADR 0016); null when the contract has been
   * renewed into a later year shown beside it, or its product has no renewal at all.
   */
  renewal: z.nullable(
    z.strictObject({
      /** "1" renewed, "2" auto-renewal stopped, "3" not renewed yet, "4" no longer renewable */
      renewSttsDiv: z.enum(['1', '2', '3', '4']),
      /** "1" the procedure can start, "2" it can be resumed, "3" none */
      renewalProcedureButtonAndTextStatus: z.enum(['1', '2', '3']),
      /** SPEC §3.3 auto-renew flag "1" with a fix date: the contract renews by itself */
      isAutoRenewing: z.boolean(),
      /** YYYYMMDD, or null */
      renewalFixDate: z.nullable(z.string()),
      /**
       * YYYYMMDD: the procedure opens on this day, the contract's cover not having begun yet
       * (issue #23 point 19); null otherwise
       */
      procedureOpensOn: z.nullable(z.string()),
    }),
  ),
  actions: z.strictObject({
    certificate: z.boolean(),
    /** renewalProcedure is offered (renewalProcedureButtonAndTextStatus "1" or "2") */
    renewal: z.boolean(),
    /** autoRenewCheck (what will renew, on what terms) is offered */
    autoRenewCheck: z.boolean(),
    /** autoRenewStopCheck is offered (before the fix date, not stopped, not renewed) */
    stopAutoRenewal: z.boolean(),
  }),
})
export type ContractSummary = z.infer<typeof contractSummarySchema>

/**
 * home (SPEC §2.5 "my-page home fetches my-page information") → GET /policyHolderInfo/?link.
 * Contracts newest period first. No session or not a my-page session: 401 E0003.
 */
export const myPageInfoApi = defineEndpoint(myPageInfoRoute, {
  querystring: myPageLinkSchema,
  response: z.strictObject({
    userId: z.string(),
    /** 漢字氏名 (or the corporate name), from the latest contract */
    policyHolderName: z.string(),
    mailAddress: z.string(),
    authTypeForLogin: authTypeForLoginSchema,
    /** the registered phone, masked; null when none */
    maskedPhoneNumber: z.nullable(z.string()),
    /**
     * telephone authentication is offered (issue #19 point 3): false in production without an
     * SMS/voice provider; home then shows no telephone registration and sign-in goes by mail
     */
    telephoneAuthOffered: z.boolean(),
    contracts: z.array(contractSummarySchema),
  }),
})
export type MyPageInfo = z.infer<typeof myPageInfoApi.response>

/**
 * checkContractInfo → GET /policyHolderInfo/contract/?link&groupPfCodeInceptionDateYm. A period
 * without a contract of this policy holder (or another person's): 404 APFH0001 (SPEC §8.4 "the
 * contract for the specified coverage period cannot be displayed").
 */
export const contractInfoApi = defineEndpoint(contractInfoRoute, {
  querystring: z.extend(myPageLinkSchema, {
    groupPfCodeInceptionDateYm: z.string().check(z.regex(/^\d{6}$/)),
  }),
  response: z.strictObject({
    summary: contractSummarySchema,
    /** the application's own wire names (SPEC §3.1) */
    policyHolderInfo: policyHolderInfoStateSchema,
    insrdInfoArray: z.array(insuredPersonSchema),
    cvrgeInfo: cvrgeInfoSchema,
    /** unit number → display name, for the insured persons and the coverage */
    unitNames: z.record(z.string(), z.string()),
    /**
     * The contract year's item definitions: the policy holder's and insured persons' item answers
     * are shown under their names, as on the confirmation screen (issue #23 point 22).
     */
    itemDefinitionArray: z.array(itemDefinitionSchema),
    /**
     * The premium instalment by instalment (issue #24, ADR 0038 and 0039): the schedule in words,
     * the card the provider keeps (brand, last 4, expiry: nothing else) or, by transfer, each unpaid
     * instalment's account, and each instalment's state; null for a contract without instalments
     * (paid once, or through the group).
     */
    premiumPayments: z.nullable(premiumPaymentsSchema),
  }),
})
export type ContractInfo = z.infer<typeof contractInfoApi.response>

/** POST /policyHolderCertificate/: a signed URL of the PDF, valid CERTIFICATE_URL_SECONDS. */
export const certificateApi = defineEndpoint(certificateRoute, {
  body: z.extend(myPageLinkSchema, {
    groupPfCodeInceptionDateYm: z.string().check(z.regex(/^\d{6}$/)),
  }),
  response: z.strictObject({
    /** absolute path under the API base: /api/files/certificate/{token} */
    url: z.string(),
    expiresAt: z.iso.datetime(),
  }),
})
/** GET /files/certificate/{token}: the PDF as an attachment; the token is the rest of the path. */
export const certificateFileApi = defineEndpoint(certificateFileRoute, {
  params: z.strictObject({ '*': z.string().check(z.maxLength(2048)) }),
})

/**
 * mailChange → POST /mailAddress/: a code to the new address. The same address as now: 400
 * APFV0001 with an issue on newMailAddress; the relay refused the new address: 502 APFM0002.
 * mailChangeCode → PUT /mailAddress/: the code → the address changes and the old address is told.
 * Wrong 400 APFL0013, expired 410 APFL0014, 5th wrong 423 APFL0015 (start again).
 */
export const startMailChangeApi = defineEndpoint(startMailChangeRoute, {
  body: z.extend(myPageLinkSchema, { newMailAddress: mailAddressSchema }),
  response: z.extend(attemptSchema, { codeSent: codeSentSchema }),
})
export type StartMailChangeBody = z.infer<typeof startMailChangeApi.body>

export const finishMailChangeApi = defineEndpoint(finishMailChangeRoute, {
  body: z.extend(myPageLinkSchema, {
    attemptToken: attemptTokenSchema,
    code: oneTimeCodeSchema,
  }),
  response: z.strictObject({ mailAddress: z.string() }),
})
export type FinishMailChangeBody = z.infer<typeof finishMailChangeApi.body>

/**
 * Password change on home → PUT /password/. New equals current 400 APFL0017; current wrong 400
 * APFL0018; more than 5 tries in 10 minutes 429 APFL0019 ("pressed many times"). Other sessions
 * of the account end.
 */
export const changePasswordApi = defineEndpoint(changePasswordRoute, {
  body: withConfirmation(
    z.extend(myPageLinkSchema, {
      currentPassword: enteredPasswordSchema,
      newPassword: newPasswordSchema,
      newPasswordConfirmation: newPasswordConfirmationSchema,
    }),
  ),
  response: z.strictObject({}),
})
export type ChangePasswordBody = z.infer<typeof changePasswordApi.body>

/**
 * passwordReset → POST /passwordReset/ (not signed in): the ID and the registered mail address.
 * Always the same answer (an attempt and a masked address of what was typed), so nobody learns
 * whether an ID exists; the code goes out only when both match an account of the link's group.
 * passwordResetCode → PUT /passwordReset/: the code and the new password. Wrong 400 APFL0013,
 * expired 410 APFL0014, 5th wrong 423 APFL0015. Every session of the account ends.
 */
export const startPasswordResetApi = defineEndpoint(startPasswordResetRoute, {
  body: z.extend(myPageLinkSchema, {
    userId: userIdSchema,
    mailAddress: mailAddressSchema,
  }),
  response: z.extend(attemptSchema, { codeSent: codeSentSchema }),
})
export type StartPasswordResetBody = z.infer<typeof startPasswordResetApi.body>

export const finishPasswordResetApi = defineEndpoint(finishPasswordResetRoute, {
  body: withConfirmation(
    z.extend(myPageLinkSchema, {
      attemptToken: attemptTokenSchema,
      code: oneTimeCodeSchema,
      newPassword: newPasswordSchema,
      newPasswordConfirmation: newPasswordConfirmationSchema,
    }),
  ),
  response: z.strictObject({}),
})
export type FinishPasswordResetBody = z.infer<typeof finishPasswordResetApi.body>

/**
 * idReNotification → POST /idReNotificationMail/ (not signed in): the registered mail address.
 * Always 202 with the same body; the ID is mailed only to an address registered in the group.
 */
export const idReNotificationApi = defineEndpoint(idReNotificationRoute, {
  status: 202,
  body: z.extend(myPageLinkSchema, { mailAddress: mailAddressSchema }),
  response: z.strictObject({ maskedDestination: z.string() }),
})
export type IdReNotificationBody = z.infer<typeof idReNotificationApi.body>

/**
 * startRegisterTelephoneAuth → POST /tmpPhoneNumber/ (signed in): the number to register.
 * `smsAvailable` is false for a number that cannot take SMS (a landline: voice guidance only).
 * The three registration calls answer 404 APFT0003 where telephone authentication is not offered.
 */
export const startPhoneRegistrationApi = defineEndpoint(startPhoneRegistrationRoute, {
  body: z.extend(myPageLinkSchema, { phoneNumber: phoneNumberSchema }),
  response: z.extend(attemptSchema, {
    maskedPhoneNumber: z.string(),
    smsAvailable: z.boolean(),
  }),
})
export type StartPhoneRegistrationBody = z.infer<typeof startPhoneRegistrationApi.body>

/**
 * telephoneAuthSelect (flowType telephoneRegister) → POST /tmpPhoneNumber/code/: send the code by
 * SMS or voice. SMS to a number without SMS 400 APFT0001; sending failed 502 APFT0002.
 */
export const sendPhoneCodeApi = defineEndpoint(sendPhoneCodeRoute, {
  body: z.extend(myPageLinkSchema, {
    attemptToken: attemptTokenSchema,
    channel: telephoneChannelSchema,
  }),
  response: codeSentSchema,
})
export type SendPhoneCodeBody = z.infer<typeof sendPhoneCodeApi.body>

/**
 * verifyTelephoneAuth (flowType telephoneRegister) → PUT /tmpPhoneNumber/: the code → the phone
 * is registered and becomes the sign-in's second step (authTypeForLogin "telephone"). Wrong 400
 * APFL0013, expired 410 APFL0014, 5th wrong 423 APFL0015.
 */
export const finishPhoneRegistrationApi = defineEndpoint(finishPhoneRegistrationRoute, {
  body: z.extend(myPageLinkSchema, {
    attemptToken: attemptTokenSchema,
    code: oneTimeCodeSchema,
  }),
  response: z.strictObject({
    maskedPhoneNumber: z.string(),
    authTypeForLogin: authTypeForLoginSchema,
  }),
})
export type FinishPhoneRegistrationBody = z.infer<typeof finishPhoneRegistrationApi.body>
