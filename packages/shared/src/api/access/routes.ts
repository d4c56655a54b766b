import { route } from '../endpoint.ts'

// Applicant access (issue #5, ADR 0010): the light half of access/endpoints.ts (ADR 0022). The
// paths are the spec's fragments (§7.6).

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

/** SPEC §7.5 current user; the my-page's second sign-in step POSTs to it too */
export const sessionInfoPath = '/sessionInfo/'
/** SPEC §7.5: who is signed in */
export const sessionInfoRoute = route('GET', sessionInfoPath)
/** 「延長する」: the session extended */
export const extendSessionRoute = route('PUT', sessionInfoPath)
/** sign-out: the server's session ended */
export const endSessionRoute = route('DELETE', sessionInfoPath)
