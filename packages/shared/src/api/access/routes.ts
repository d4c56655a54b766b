import { route } from '../endpoint.ts'

// Applicant access (issue #5, ADR 0010): the light half of access/endpoints.ts (ADR 0022). The
// paths are the spec's fragments (§7.6). The session's routes are in session.ts, which the web
// app's first download needs.

/** 初回登録IDによる本人確認 */
export const verifyByIdRoute = route('POST', '/policyHolderInfoById/')
/** 三項目認証 */
export const verifyByItemRoute = route('POST', '/policyHolderInfoByItem/')
/** 確認メールの送信 */
export const sendVerificationMailRoute = route('POST', '/mainMail/')
/** 確認メールのURLを開いた先 */
export const confirmVerificationRoute = route('POST', '/policyHolderInfoByMail/')
/** {token}: whether the mail link can still be used, before the password is asked */
export const verificationLinkStatusRoute = route('POST', '/policyHolderInfoByMail/status/')
