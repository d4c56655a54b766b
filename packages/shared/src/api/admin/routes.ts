import { route } from '../endpoint.ts'

// The back office (issue #20, ADR 0026): the light half of admin/endpoints.ts (ADR 0022). Every
// route is under /api/admin/ and answers only a staff session (401 ADMA0001 otherwise), except the
// sign-in and enrolment steps. A record outside the staff member's scope answers 404 ADMN0001; a
// route the role may not use answers 403 ADMA0002.

// ── Staff identity (point 2) ────────────────────────────────────────────────────────────────
/** The enrolment link's page: who is being enrolled (the token in the body, never in a URL) */
export const enrolmentInfoRoute = route('POST', '/admin/enrolment/')
/** Enrolment by passkey, step 1: the registration options */
export const enrolmentPasskeyOptionsRoute = route('POST', '/admin/enrolment/passkey/options/')
/** Enrolment by passkey, step 2: the authenticator's answer → a staff session */
export const enrolPasskeyRoute = route('POST', '/admin/enrolment/passkey/')
/** Enrolment by password + TOTP, step 1: a fresh TOTP seed to put in an authenticator app */
export const enrolmentTotpOptionsRoute = route('POST', '/admin/enrolment/totp/options/')
/** Enrolment by password + TOTP, step 2: the chosen password and a first code → a session */
export const enrolPasswordRoute = route('POST', '/admin/enrolment/password/')
/** Sign-in by passkey, step 1: the authentication options (a discoverable credential) */
export const passkeySignInOptionsRoute = route('POST', '/admin/signIn/passkey/options/')
/** Sign-in by passkey, step 2: the assertion → a staff session */
export const passkeySignInRoute = route('POST', '/admin/signIn/passkey/')
/** Sign-in by mail address, password and TOTP code → a staff session */
export const passwordSignInRoute = route('POST', '/admin/signIn/password/')
/** Sign-out: the session ends on the server */
export const staffSignOutRoute = route('POST', '/admin/signOut/')
/** The signed-in staff member, their role and scope, and when the session ends */
export const staffMeRoute = route('GET', '/admin/me/')

// ── Staff management (insurer administrator) ─────────────────────────────────────────────
/** Every staff member */
export const staffListRoute = route('GET', '/admin/staff/')
/** Invite a staff member: an enrolment link (24 h) shown to the inviter */
export const inviteStaffRoute = route('POST', '/admin/staff/')
/** Change a member's role, agency or status (their sessions end) */
export const updateStaffRoute = route('PUT', '/admin/staff/{staffId}')
/** A new enrolment link for a member (the old ones stop working) */
export const reissueEnrolmentRoute = route('POST', '/admin/staff/{staffId}/enrolment/')
/** The agencies (for the invitation form) */
export const agencyListRoute = route('GET', '/admin/agencies/')

// ── Applications (point 5) ───────────────────────────────────────────────────────────────
/** The group products and branches in the staff member's scope (the search's filters) */
export const adminGroupsRoute = route('GET', '/admin/groups/')
/** Search, paged and sorted on the server */
export const searchApplicationsRoute = route('GET', '/admin/applications/')
/** One application's detail (its view is audited) */
export const applicationDetailRoute = route('GET', '/admin/applications/{applicationId}')
/** The notice answers (告知), behind a typed reason (audited) */
export const noticeAnswersRoute = route('POST', '/admin/applications/{applicationId}/notice/')
/** A short-lived link to one required document, behind a typed reason (audited) */
export const documentLinkRoute = route(
  'POST',
  '/admin/applications/{applicationId}/documents/{fileId}/link/',
)
/** Mark processed (statusPattern 110 → 210) with a note */
export const markProcessedRoute = route('POST', '/admin/applications/{applicationId}/processed/')
/** Cancel with a reason; the applicant is told by mail */
export const cancelApplicationRoute = route('POST', '/admin/applications/{applicationId}/cancel/')

// ── Holder and applicant support (point 6) ───────────────────────────────────────────────
/** Roster members of a group product by member code (support starts here) */
export const findMembersRoute = route('GET', '/admin/members/')
/** Unlock the member's sign-in, identity check and verification locks */
export const unlockMemberRoute = route('POST', '/admin/members/{memberId}/unlock/')
/** Send the verification mail again (a new link to the address the member gave) */
export const resendVerificationMailRoute = route(
  'POST',
  '/admin/members/{memberId}/verificationMail/',
)
/** Send the completion mail of the member's application again */
export const resendCompletionMailRoute = route('POST', '/admin/members/{memberId}/completionMail/')
/** A new first-entry password, shown once to the staff member */
export const reissueFirstEntryPasswordRoute = route(
  'POST',
  '/admin/members/{memberId}/firstEntryPassword/',
)
/** Change the policy holder's mail address on their request */
export const changeHolderMailRoute = route('PUT', '/admin/members/{memberId}/mailAddress/')

// ── Audit log (point 4) ──────────────────────────────────────────────────────────────────
/** The audit log, filtered and paged (newest first) */
export const auditLogRoute = route('GET', '/admin/audit/')
/** The same filter as a CSV file (UTF-8 with BOM, CRLF) */
export const auditLogCsvRoute = route('GET', '/admin/audit/csv/')

// ── Export to the core system (point 7) ──────────────────────────────────────────────────
/** The export batches of the group products in scope */
export const exportListRoute = route('GET', '/admin/exports/')
/** A new batch: everything applied since the product's last export */
export const createExportRoute = route('POST', '/admin/exports/')
/** A batch's file, again (audited) */
export const exportFileRoute = route('GET', '/admin/exports/{batchId}/file/')
