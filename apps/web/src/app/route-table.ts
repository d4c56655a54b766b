import type { LayoutName } from '../components/layout/page-shell.tsx'
import type { ScreenTitleKey } from '../components/screen-title-key.ts'
import type { ScreenModule } from '../lib/screen-module.ts'

// The single route table of SPEC §2.1-2.3. A later issue builds a screen by replacing its module
// (the `load` target); guards and layouts stay declared here. ADR 0003.

export type Area = 'ent' | 'myp' | 'pamphlet' | 'system'

/** SPEC §2.5 initialisation guards; each names a step in app/guards.ts. */
export type InitialisationName = 'payment' | 'completeApplication' | 'myPageHome'

/**
 * What a page needs besides the flow: a session of the link's group (the enrolment pages after
 * the verification mail, issue #5), or the entry ticket verifyUser gave for this link; on my-page
 * (issue #8) a my-page session of the link's group, or — on the telephone pages — one only when
 * the flow in progress registers a phone (flowType telephoneRegister, SPEC §3.6).
 */
export type AccessRequirement = 'session' | 'entryTicket' | 'myPageSession' | 'myPageTelephone'

export interface ScreenGuard {
  /** SPEC §2.5: only reachable through the flow */
  blockDirectAccess: boolean
  requires?: AccessRequirement
  initialisation?: InitialisationName
  /** SPEC §2.5: when false, the page is 404 */
  isValid?: (params: Readonly<Record<string, string | undefined>>) => boolean
}

export interface ScreenDefinition {
  area: Area
  /** the page name, as pageNameOf() gives it (SPEC §2.7) */
  page: string
  /** route path below the area's base path ('' for the area's own page) */
  segment: string
  titleKey: ScreenTitleKey
  layout: LayoutName
  guard: ScreenGuard
  load: () => Promise<ScreenModule>
  /**
   * A landing page, rendered on the server as complete HTML and then hydrated (issue #22, ADR
   * 0036): `module` is `load`'s target as the build manifest names it (relative to apps/web), so
   * the server can preload its chunk.
   */
  serverRendered?: { module: string }
}

export const areaBasePaths = {
  ent: 'ent/:groupPfCode/:groupPfCodeInceptionDateYm/:groupPfBranchNo/:urlKey',
  myp: 'myp/:groupPfCode/:urlKey',
  pamphlet: 'pamphlet/:groupPfCode/:groupPfCodeInceptionDateYm/:groupPfBranchNo/:urlKey',
  system: 'systemTermsOfServiceAndPolicies',
} as const satisfies Record<Area, string>

const open: ScreenGuard = { blockDirectAccess: false }
const inFlow: ScreenGuard = { blockDirectAccess: true }
/** Enrolment after the verification mail's link, and the renewal pages: signed in. */
const signedIn: ScreenGuard = { blockDirectAccess: true, requires: 'session' }
/** My-page after the sign-in (issue #8): a my-page session of the link's group. */
const myPageSignedIn: ScreenGuard = { blockDirectAccess: true, requires: 'myPageSession' }
/** telephoneAuthSelect and verifyTelephoneAuth serve the sign-in and, signed in, a registration. */
const myPageTelephone: ScreenGuard = { blockDirectAccess: true, requires: 'myPageTelephone' }

/** registerInsuredInfo/{unitNo}: a unit number 1–20 (SPEC §3.3, §9), written without zeros. */
export function isUnitNo(value: string | undefined): boolean {
  return value !== undefined && /^(?:[1-9]|1[0-9]|20)$/.test(value)
}

// Layouts (ADR 0003): screens where the user enters or sees personal or contract data use
// common-encryption, and so does every step of the application, each a part of one form that
// holds them (issue #23 point 21); terms and explanatory documents outside the application use
// common; my-page home has no top margin.
export const screens: readonly ScreenDefinition[] = [
  // Enrolment (SPEC §2.1)
  {
    area: 'ent',
    page: 'applyLinkGuide',
    segment: 'applyLinkGuide',
    titleKey: 'screen.applyLinkGuide.title',
    layout: 'common',
    guard: inFlow,
    load: () => import('../features/entry/screens/apply-link-guide.tsx'),
  },
  {
    area: 'ent',
    page: 'autoRenewCheck',
    segment: 'autoRenewCheck',
    titleKey: 'screen.autoRenewCheck.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/renewal/screens/auto-renew-check.tsx'),
  },
  {
    area: 'ent',
    page: 'autoRenewStopCheck',
    segment: 'autoRenewStopCheck',
    titleKey: 'screen.autoRenewStopCheck.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/renewal/screens/auto-renew-stop-check.tsx'),
  },
  {
    area: 'ent',
    page: 'autoRenewStopComplete',
    segment: 'autoRenewStopComplete',
    titleKey: 'screen.autoRenewStopComplete.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/renewal/screens/auto-renew-stop-complete.tsx'),
  },
  {
    area: 'ent',
    page: 'checkPolicyHolderInfo',
    segment: 'checkPolicyHolderInfo',
    titleKey: 'screen.checkPolicyHolderInfo.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/check-policy-holder-info.tsx'),
  },
  {
    area: 'ent',
    page: 'completeApplication',
    segment: 'completeApplication',
    titleKey: 'screen.completeApplication.title',
    layout: 'common-encryption',
    guard: { ...signedIn, initialisation: 'completeApplication' },
    load: () => import('../features/payment/screens/complete-application.tsx'),
  },
  {
    area: 'ent',
    page: 'entryTerms',
    segment: 'entryTerms',
    titleKey: 'screen.entryTerms.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/entry-terms.tsx'),
  },
  {
    area: 'ent',
    page: 'inputPolicyHolderInfo',
    segment: 'inputPolicyHolderInfo',
    titleKey: 'screen.inputPolicyHolderInfo.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/input-policy-holder-info.tsx'),
  },
  {
    area: 'ent',
    page: 'noticeMatters',
    segment: 'noticeMatters',
    titleKey: 'screen.noticeMatters.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/notice-matters.tsx'),
  },
  {
    area: 'ent',
    page: 'noticeMattersDoc',
    segment: 'noticeMattersDoc',
    titleKey: 'screen.noticeMattersDoc.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/notice-matters-doc.tsx'),
  },
  {
    area: 'ent',
    page: 'pamphletImportantNotes',
    segment: 'pamphletImportantNotes',
    titleKey: 'screen.pamphletImportantNotes.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/pamphlet-important-notes.tsx'),
  },
  {
    area: 'ent',
    page: 'payment',
    segment: 'payment',
    titleKey: 'screen.payment.title',
    layout: 'common-encryption',
    guard: { ...signedIn, initialisation: 'payment' },
    load: () => import('../features/payment/screens/payment.tsx'),
  },
  {
    area: 'ent',
    page: 'registerInsuredInfo',
    segment: 'registerInsuredInfo',
    titleKey: 'screen.registerInsuredInfo.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/register-insured-info.tsx'),
  },
  {
    area: 'ent',
    page: 'registerInsuredInfo',
    segment: 'registerInsuredInfo/:unitNo',
    titleKey: 'screen.registerInsuredInfoUnit.title',
    layout: 'common-encryption',
    guard: { ...signedIn, isValid: (params) => isUnitNo(params.unitNo) },
    load: () => import('../features/application/screens/register-insured-info-unit.tsx'),
  },
  {
    area: 'ent',
    page: 'registerMaintenanceManager',
    segment: 'registerMaintenanceManager',
    titleKey: 'screen.registerMaintenanceManager.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/register-maintenance-manager.tsx'),
  },
  {
    area: 'ent',
    page: 'renewalProcedure',
    segment: 'renewalProcedure',
    titleKey: 'screen.renewalProcedure.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/renewal/screens/renewal-procedure.tsx'),
  },
  {
    area: 'ent',
    page: 'selectCategory',
    segment: 'selectCategory',
    titleKey: 'screen.selectCategory.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/select-category.tsx'),
  },
  {
    area: 'ent',
    page: 'selectPolicyHolderDiv',
    segment: 'selectPolicyHolderDiv',
    titleKey: 'screen.selectPolicyHolderDiv.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/select-policy-holder-div.tsx'),
  },
  {
    area: 'ent',
    page: 'selectType',
    segment: 'selectType',
    titleKey: 'screen.selectType.title',
    layout: 'common-encryption',
    guard: signedIn,
    load: () => import('../features/application/screens/select-type.tsx'),
  },
  {
    area: 'ent',
    page: 'sendVerificationMail',
    segment: 'sendVerificationMail',
    titleKey: 'screen.sendVerificationMail.title',
    layout: 'common-encryption',
    guard: { blockDirectAccess: true, requires: 'entryTicket' },
    load: () => import('../features/entry/screens/send-verification-mail.tsx'),
  },
  {
    area: 'ent',
    page: 'termsOfService',
    segment: 'termsOfService',
    titleKey: 'screen.termsOfService.title',
    layout: 'common',
    guard: open,
    load: () => import('../features/entry/screens/terms-of-service.tsx'),
    serverRendered: { module: 'src/features/entry/screens/terms-of-service.tsx' },
  },
  {
    area: 'ent',
    page: 'verifyUser',
    segment: 'verifyUser',
    titleKey: 'screen.verifyUser.title',
    layout: 'common-encryption',
    guard: open,
    load: () => import('../features/entry/screens/verify-user.tsx'),
  },

  // My-page (SPEC §2.2)
  {
    area: 'myp',
    page: 'checkContractInfo',
    segment: 'checkContractInfo',
    titleKey: 'screen.checkContractInfo.title',
    layout: 'common-encryption',
    guard: myPageSignedIn,
    load: () => import('../features/my-page/screens/check-contract-info.tsx'),
  },
  {
    area: 'myp',
    page: 'home',
    segment: 'home',
    titleKey: 'screen.home.title',
    layout: 'common-encryption-with-margin-top-none',
    guard: { ...myPageSignedIn, initialisation: 'myPageHome' },
    load: () => import('../features/my-page/screens/home.tsx'),
  },
  {
    area: 'myp',
    page: 'idReNotification',
    segment: 'idReNotification',
    titleKey: 'screen.idReNotification.title',
    layout: 'common-encryption',
    guard: open,
    load: () => import('../features/my-page/screens/id-re-notification.tsx'),
  },
  {
    // issue #21 point 4 (ADR 0032): the invoice of an auto-renewed contract, paid here
    area: 'myp',
    page: 'invoice',
    segment: 'invoice',
    titleKey: 'screen.invoice.title',
    layout: 'common-encryption',
    // opened from the invoice mail's link, and again on the way back from 3-D Secure
    guard: { blockDirectAccess: false, requires: 'myPageSession' },
    load: () => import('../features/payment/screens/invoice.tsx'),
  },
  {
    // issue #24 point 4 (ADR 0038): a monthly contract's card, changed here
    area: 'myp',
    page: 'changeCard',
    segment: 'changeCard',
    titleKey: 'screen.changeCard.title',
    layout: 'common-encryption',
    // opened from the contract screen, and again on the way back from 3-D Secure
    guard: { blockDirectAccess: false, requires: 'myPageSession' },
    load: () => import('../features/payment/screens/change-card.tsx'),
  },
  {
    area: 'myp',
    page: 'idReNotificationComplete',
    segment: 'idReNotificationComplete',
    titleKey: 'screen.idReNotificationComplete.title',
    layout: 'common-encryption',
    guard: inFlow,
    load: () => import('../features/my-page/screens/id-re-notification-complete.tsx'),
  },
  {
    area: 'myp',
    page: 'login',
    segment: 'login',
    titleKey: 'screen.login.title',
    layout: 'common-encryption',
    guard: open,
    load: () => import('../features/my-page/screens/login.tsx'),
    serverRendered: { module: 'src/features/my-page/screens/login.tsx' },
  },
  {
    area: 'myp',
    page: 'loginCode',
    segment: 'loginCode',
    titleKey: 'screen.loginCode.title',
    layout: 'common-encryption',
    guard: inFlow,
    load: () => import('../features/my-page/screens/login-code.tsx'),
  },
  {
    area: 'myp',
    page: 'logout',
    segment: 'logout',
    titleKey: 'screen.logout.title',
    layout: 'common-encryption',
    guard: inFlow,
    load: () => import('../features/my-page/screens/logout.tsx'),
  },
  {
    area: 'myp',
    page: 'mailChange',
    segment: 'mailChange',
    titleKey: 'screen.mailChange.title',
    layout: 'common-encryption',
    guard: myPageSignedIn,
    load: () => import('../features/my-page/screens/mail-change.tsx'),
  },
  {
    area: 'myp',
    page: 'mailChangeCode',
    segment: 'mailChangeCode',
    titleKey: 'screen.mailChangeCode.title',
    layout: 'common-encryption',
    // SPEC §2.5: opens without coming through the flow, but the code changes a signed-in
    // holder's address, so it still needs the my-page session.
    guard: { blockDirectAccess: false, requires: 'myPageSession' },
    load: () => import('../features/my-page/screens/mail-change-code.tsx'),
  },
  {
    area: 'myp',
    page: 'mailChangeComplete',
    segment: 'mailChangeComplete',
    titleKey: 'screen.mailChangeComplete.title',
    layout: 'common-encryption',
    guard: myPageSignedIn,
    load: () => import('../features/my-page/screens/mail-change-complete.tsx'),
  },
  {
    area: 'myp',
    page: 'passwordReset',
    segment: 'passwordReset',
    titleKey: 'screen.passwordReset.title',
    layout: 'common-encryption',
    guard: inFlow,
    load: () => import('../features/my-page/screens/password-reset.tsx'),
  },
  {
    area: 'myp',
    page: 'passwordResetCode',
    segment: 'passwordResetCode',
    titleKey: 'screen.passwordResetCode.title',
    layout: 'common-encryption',
    guard: open,
    load: () => import('../features/my-page/screens/password-reset-code.tsx'),
  },
  {
    area: 'myp',
    page: 'passwordResetComplete',
    segment: 'passwordResetComplete',
    titleKey: 'screen.passwordResetComplete.title',
    layout: 'common-encryption',
    guard: inFlow,
    load: () => import('../features/my-page/screens/password-reset-complete.tsx'),
  },
  {
    area: 'myp',
    page: 'phoneNumberRegistrationComplete',
    segment: 'phoneNumberRegistrationComplete',
    titleKey: 'screen.phoneNumberRegistrationComplete.title',
    layout: 'common-encryption',
    guard: myPageSignedIn,
    load: () => import('../features/my-page/screens/phone-number-registration-complete.tsx'),
  },
  {
    area: 'myp',
    page: 'startRegisterTelephoneAuth',
    segment: 'startRegisterTelephoneAuth',
    titleKey: 'screen.startRegisterTelephoneAuth.title',
    layout: 'common-encryption',
    guard: myPageSignedIn,
    load: () => import('../features/my-page/screens/start-register-telephone-auth.tsx'),
  },
  {
    area: 'myp',
    page: 'telephoneAuthSelect',
    segment: 'telephoneAuthSelect',
    titleKey: 'screen.telephoneAuthSelect.title',
    layout: 'common-encryption',
    guard: myPageTelephone,
    load: () => import('../features/my-page/screens/telephone-auth-select.tsx'),
  },
  {
    area: 'myp',
    page: 'verifyTelephoneAuth',
    segment: 'verifyTelephoneAuth',
    titleKey: 'screen.verifyTelephoneAuth.title',
    layout: 'common-encryption',
    guard: myPageTelephone,
    load: () => import('../features/my-page/screens/verify-telephone-auth.tsx'),
  },

  // Public pages (SPEC §2.3)
  {
    area: 'pamphlet',
    page: 'pamphlet',
    segment: '',
    titleKey: 'screen.pamphlet.title',
    layout: 'pamphlet',
    guard: open,
    load: () => import('../features/pamphlet/pamphlet-screen.tsx'),
  },
  {
    area: 'system',
    page: 'systemTermsOfServiceAndPolicies',
    segment: '',
    titleKey: 'screen.systemTermsOfServiceAndPolicies.title',
    layout: 'common',
    guard: open,
    load: () => import('../features/system-terms/system-terms-screen.tsx'),
    serverRendered: { module: 'src/features/system-terms/system-terms-screen.tsx' },
  },
]

/**
 * SPEC §2.1 lists these under registerInsuredInfo. In the original they are code modules of
 * that screen (an interaction helper and form models), not pages: they are registered so the
 * addresses resolve, and they answer with the 404 page (ADR 0003).
 */
export const notFoundHelperSegments = [
  'registerInsuredInfo/interaction/Interaction',
  'registerInsuredInfo/model/FormElements',
  'registerInsuredInfo/model/InsuredInfo',
  'registerInsuredInfo/model/InsuredInfoForEdit',
  'registerInsuredInfo/model/InsuredInfoList',
] as const
