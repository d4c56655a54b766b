import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import {
  confirmVerificationRoute,
  sendVerificationMailRoute,
  verificationLinkStatusRoute,
  verifyByIdRoute,
  verifyByItemRoute,
} from './routes.ts'
import { endSessionRoute, extendSessionRoute, sessionInfoRoute } from './session.ts'
import { consentDocumentIds } from '../../documents/types.ts'
import { fieldSchema } from '../../rules/field-schema.ts'
import {
  enteredPasswordSchema,
  firstEntryIdSchema,
  firstEntryPasswordSchema,
  mailAddressSchema,
  newPasswordSchema,
} from './fields.ts'
import { t } from '../../messages/fields.ts'

// Applicant access (issue #5, ADR 0010): verifyUser (SPEC §2.1, §6), the verification mail and
// its link, and the session (PRODUCT.md "People and how they sign in"). The paths are the
// spec's fragments (§7.6): /policyHolderInfoById/ (first-entry ID), /policyHolderInfoByItem/
// (three items), /mainMail/ (the verification mail), /policyHolderInfoByMail/ (the link),
// /sessionInfo/ (§7.5 current user).

const routeParam = z.string().check(z.maxLength(64))

/** The group link the applicant came through (SPEC §2.1 base path). */
export const entryLinkSchema = z.strictObject({
  urlKey: routeParam,
  groupPfCode: routeParam,
  groupPfCodeInceptionDateYm: routeParam,
  groupPfBranchNo: routeParam,
})
export type EntryLink = z.infer<typeof entryLinkSchema>

/** A consent given in the browser: which document and version. The server adds its own time. */
export const consentReferenceSchema = z.strictObject({
  documentId: z.enum(consentDocumentIds),
  version: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
})
export type ConsentReference = z.infer<typeof consentReferenceSchema>

/** 初回登録ID: issued by the roster import, 10 upper-case letters and digits. */
export const FIRST_ENTRY_ID_LENGTH = 10
/** 初期パスワード: issued by the roster import, 12 letters and digits. */
export const INITIAL_PASSWORD_LENGTH = 12
/** How long the ticket from verifyUser to sendVerificationMail lasts. */
export const ENTRY_TICKET_MINUTES = 30
/** SPEC §9: the verification mail's link is valid 1 hour. */
export const VERIFICATION_LINK_MINUTES = 60

/** seconds until an end (see SESSION_EXPIRES_IN_HEADER in session.ts) */
const expiresInSeconds = z.number().check(z.int(), z.minimum(0))

const consents = z.array(consentReferenceSchema).check(z.maxLength(10))

/** What verifyUser hands to sendVerificationMail: a signed, short-lived ticket. */
export const entryTicketSchema = z.strictObject({
  entryToken: z.string().check(z.minLength(1), z.maxLength(4096)),
  /** ISO 8601 */
  expiresAt: z.iso.datetime(),
  /** the same end, as seconds from the answer (see SESSION_EXPIRES_IN_HEADER) */
  expiresInSeconds,
  /**
   * the member has a half-done application: the mail resumes it, and the password chosen now
   * replaces the one set before (issue #23 point 14: said, not done silently)
   */
  isResuming: z.boolean(),
})
export type EntryTicket = z.infer<typeof entryTicketSchema>

/** 初回登録IDによる本人確認 (authenticationType "1"). */
export const verifyByIdApi = defineEndpoint(verifyByIdRoute, {
  body: z.extend(entryLinkSchema, {
    firstEntryId: firstEntryIdSchema,
    firstEntryPassword: firstEntryPasswordSchema,
    consents,
  }),
  response: entryTicketSchema,
})
export type VerifyByIdBody = z.infer<typeof verifyByIdApi.body>

/** 三項目認証 (authenticationType "2"): answers keyed by the items' itemCode. */
export const verifyByItemApi = defineEndpoint(verifyByItemRoute, {
  body: z.extend(entryLinkSchema, {
    authItems: z.record(
      z.string().check(z.regex(/^[A-Za-z0-9_]{1,30}$/)),
      z.string().check(z.maxLength(200)),
    ),
    consents,
  }),
  response: entryTicketSchema,
})
export type VerifyByItemBody = z.infer<typeof verifyByItemApi.body>

/** 確認メールの送信: the mail address and the chosen my-page password. */
export const sendVerificationMailApi = defineEndpoint(sendVerificationMailRoute, {
  body: z
    .strictObject({
      entryToken: z.string().check(z.minLength(1), z.maxLength(4096)),
      policyHolderEmailAddress: mailAddressSchema,
      password: newPasswordSchema,
      passwordConfirmation: fieldSchema('required', ['max', { max: 128 }]),
    })
    .check((payload) => {
      const { password, passwordConfirmation } = payload.value
      if (passwordConfirmation !== '' && password !== passwordConfirmation) {
        payload.issues.push({
          code: 'custom',
          path: ['passwordConfirmation'],
          message: t('validation.passwordConfirmation'),
          input: passwordConfirmation,
        })
      }
    }),
  response: z.strictObject({
    /** ISO 8601: when the link stops working (1 hour, SPEC §9) */
    expiresAt: z.iso.datetime(),
  }),
})
export type SendVerificationMailBody = z.infer<typeof sendVerificationMailApi.body>

/** The session a successful sign-in opens (PRODUCT.md "Sessions"). */
export const sessionTokenSchema = z.strictObject({
  sessionToken: z.string().check(z.minLength(1), z.maxLength(4096)),
  /** ISO 8601: when the session ends unless used or extended */
  expiresAt: z.iso.datetime(),
  /** the same end, as seconds from the answer (see SESSION_EXPIRES_IN_HEADER) */
  expiresInSeconds,
})
export type SessionToken = z.infer<typeof sessionTokenSchema>

/** 確認メールのURLを開いた先: the link's token and the password chosen before the mail. */
export const confirmVerificationApi = defineEndpoint(confirmVerificationRoute, {
  body: z.strictObject({
    token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/)),
    password: enteredPasswordSchema,
  }),
  response: z.extend(sessionTokenSchema, {
    /** the my-page ID (PRODUCT.md): shown on completion and mailed */
    userId: z.string(),
    link: entryLinkSchema,
  }),
})
export type ConfirmVerificationBody = z.infer<typeof confirmVerificationApi.body>
export type ConfirmVerificationResponse = z.infer<typeof confirmVerificationApi.response>

/**
 * Whether the verification mail's link can still be used (issue #23 point 14): a used or expired
 * link says so when it opens, before a password is typed. The token goes in the body, as for
 * confirmVerificationApi, so that it stays out of request logs. Anything not usable (unknown,
 * used, expired) answers the same `usable: false`.
 */
export const verificationLinkStatusApi = defineEndpoint(verificationLinkStatusRoute, {
  body: z.strictObject({ token: confirmVerificationApi.body.shape.token }),
  response: z.strictObject({
    usable: z.boolean(),
    /** a usable link that resumes a half-done application (issue #23 point 14) */
    isResuming: z.boolean(),
  }),
})

/** SPEC §7.5 current-user lookup. */
export const sessionInfoApi = defineEndpoint(sessionInfoRoute, {
  response: z.strictObject({
    userId: z.string(),
    groupPfCode: z.string(),
    expiresAt: z.iso.datetime(),
    /** the application in progress or applied, when the account has one */
    application: z.nullable(z.extend(entryLinkSchema, { status: z.enum(['draft', 'applied']) })),
  }),
})
/** 「延長する」: the session extended, with its new token and end. */
export const extendSessionApi = defineEndpoint(extendSessionRoute, { response: sessionTokenSchema })
/** Sign-out: the server forgets the session (204). */
export const endSessionApi = defineEndpoint(endSessionRoute, { response: z.null(), status: 204 })
export type SessionInfo = z.infer<typeof sessionInfoApi.response>
