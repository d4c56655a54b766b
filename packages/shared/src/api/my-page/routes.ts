import { route } from '../endpoint.ts'
import { sessionInfoPath } from '../access/session.ts'

// My-page (issue #8, ADR 0015): the light half of my-page/endpoints.ts (ADR 0022). Every call
// names the my-page link (groupPfCode + urlKey, SPEC §2.2); a signed-in call works only on the
// signed-in policy holder's own records, and a link of another group answers 404.

/** Sign-in step 1 (ID, password, the four consents); the second step's code follows */
export const start2FARoute = route('POST', '/start2FA/')
/** Send (or send again) the sign-in code by mail, SMS or voice for a sign-in attempt */
export const sendLoginCodeRoute = route('POST', '/authcodeMail/')
/** Sign-in step 2: the code → a my-page session */
export const verifyLoginCodeRoute = route('POST', sessionInfoPath)
/** My-page information (home): the policy holder and the contracts by coverage period */
export const myPageInfoRoute = route('GET', '/policyHolderInfo/')
/** The contract of one coverage period (checkContractInfo) */
export const contractInfoRoute = route('GET', '/policyHolderInfo/contract/')
/** A short-lived signed URL of the 加入者証 PDF of one coverage period */
export const certificateRoute = route('POST', '/policyHolderCertificate/')
/** The certificate URL's target: the PDF itself */
export const certificateFileRoute = route('GET', '/files/certificate/*')
/** A mail change started: a code to the new address */
export const startMailChangeRoute = route('POST', '/mailAddress/')
/** The code → the address changes */
export const finishMailChangeRoute = route('PUT', '/mailAddress/')
/** The password changed (signed in: the current one and a new one) */
export const changePasswordRoute = route('PUT', '/password/')
/** Forgotten password: a code to the registered address */
export const startPasswordResetRoute = route('POST', '/passwordReset/')
/** The code and a new password */
export const finishPasswordResetRoute = route('PUT', '/passwordReset/')
/** The ID sent again to the registered address (the same answer whether or not it exists) */
export const idReNotificationRoute = route('POST', '/idReNotificationMail/')
/** A phone number to register (telephone authentication) */
export const startPhoneRegistrationRoute = route('POST', '/tmpPhoneNumber/')
/** The registration code sent to that number by SMS or voice */
export const sendPhoneCodeRoute = route('POST', '/tmpPhoneNumber/code/')
/** The code → the number registered */
export const finishPhoneRegistrationRoute = route('PUT', '/tmpPhoneNumber/')
