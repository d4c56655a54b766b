import type {
  certificateApi,
  ChangePasswordBody,
  CodeSent,
  ContractInfo,
  contractInfoApi,
  FinishMailChangeBody,
  finishMailChangeApi,
  FinishPasswordResetBody,
  FinishPhoneRegistrationBody,
  finishPhoneRegistrationApi,
  IdReNotificationBody,
  idReNotificationApi,
  MyPageInfo,
  MyPageLink,
  SendLoginCodeBody,
  SendPhoneCodeBody,
  Start2FABody,
  Start2FAResponse,
  StartMailChangeBody,
  startMailChangeApi,
  StartPasswordResetBody,
  startPasswordResetApi,
  StartPhoneRegistrationBody,
  startPhoneRegistrationApi,
  VerifyLoginCodeBody,
  VerifyLoginCodeResponse,
} from '@app/shared/api/my-page/endpoints'
import {
  authCodePath,
  certificatePath,
  contractInfoPath,
  idReNotificationPath,
  mailAddressPath,
  myPageInfoPath,
  passwordPath,
  passwordResetPath,
  sessionInfoPath,
  start2FAPath,
  tmpPhoneNumberCodePath,
  tmpPhoneNumberPath,
} from '@app/shared/api/paths'
import type * as z from 'zod/mini'
import type { ApiClient } from '@/lib/api-client.ts'

// The my-page calls (issue #8, ADR 0015): thin wrappers over the API client, typed by the shared
// contract. Only its types are imported: no schema reaches the bundle through here (ADR 0011).

type Output<Api extends { response: z.ZodMiniType }> = z.output<Api['response']>

export type StartMailChangeResponse = Output<typeof startMailChangeApi>
export type StartPasswordResetResponse = Output<typeof startPasswordResetApi>
export type StartPhoneRegistrationResponse = Output<typeof startPhoneRegistrationApi>
export type FinishPhoneRegistrationResponse = Output<typeof finishPhoneRegistrationApi>

function putJson<T>(api: ApiClient, path: string, body: unknown): Promise<T> {
  return api.put<T>(path, JSON.stringify(body), { contentType: 'application/json' })
}

/** POST /start2FA/: the ID, the password and the four consents open a sign-in attempt. */
export function start2FA(api: ApiClient, body: Start2FABody): Promise<Start2FAResponse> {
  return api.post(start2FAPath, body)
}

/** POST /authcodeMail/: the sign-in's code (again) by mail, SMS or voice. */
export function sendLoginCode(api: ApiClient, body: SendLoginCodeBody): Promise<CodeSent> {
  return api.post(authCodePath, body)
}

/** POST /sessionInfo/: the sign-in's code opens a my-page session. */
export function verifyLoginCode(
  api: ApiClient,
  body: VerifyLoginCodeBody,
): Promise<VerifyLoginCodeResponse> {
  return api.post(sessionInfoPath, body)
}

/** DELETE /sessionInfo/: sign-out. */
export function endSession(api: ApiClient): Promise<void> {
  return api.delete(sessionInfoPath)
}

/** GET /policyHolderInfo/: the policy holder and the contracts (home). */
export function fetchMyPageInfo(api: ApiClient, link: MyPageLink): Promise<MyPageInfo> {
  return api.get(myPageInfoPath, link)
}

/** GET /policyHolderInfo/contract/: the contract of one coverage period. */
export function fetchContractInfo(
  api: ApiClient,
  query: z.input<(typeof contractInfoApi)['query']>,
  signal?: AbortSignal,
): Promise<ContractInfo> {
  return api.get(contractInfoPath, query, { signal })
}

/** POST /policyHolderCertificate/: a short-lived URL of the 加入者証 PDF. */
export function requestCertificate(
  api: ApiClient,
  body: z.input<(typeof certificateApi)['body']>,
): Promise<Output<typeof certificateApi>> {
  return api.post(certificatePath, body)
}

/** POST /mailAddress/: a code to the new address. */
export function startMailChange(
  api: ApiClient,
  body: StartMailChangeBody,
): Promise<StartMailChangeResponse> {
  return api.post(mailAddressPath, body)
}

/** PUT /mailAddress/: the code changes the address. */
export function finishMailChange(
  api: ApiClient,
  body: FinishMailChangeBody,
): Promise<Output<typeof finishMailChangeApi>> {
  return putJson(api, mailAddressPath, body)
}

/** PUT /password/: the password change on home. */
export function changePassword(api: ApiClient, body: ChangePasswordBody): Promise<void> {
  return putJson(api, passwordPath, body)
}

/** POST /passwordReset/: the ID and the registered address; a code if both match. */
export function startPasswordReset(
  api: ApiClient,
  body: StartPasswordResetBody,
): Promise<StartPasswordResetResponse> {
  return api.post(passwordResetPath, body)
}

/** PUT /passwordReset/: the code and the new password. */
export function finishPasswordReset(api: ApiClient, body: FinishPasswordResetBody): Promise<void> {
  return putJson(api, passwordResetPath, body)
}

/** POST /idReNotificationMail/: the ID to the address, if it is registered. */
export function sendIdReNotification(
  api: ApiClient,
  body: IdReNotificationBody,
): Promise<Output<typeof idReNotificationApi>> {
  return api.post(idReNotificationPath, body)
}

/** POST /tmpPhoneNumber/: the number to register. */
export function startPhoneRegistration(
  api: ApiClient,
  body: StartPhoneRegistrationBody,
): Promise<StartPhoneRegistrationResponse> {
  return api.post(tmpPhoneNumberPath, body)
}

/** POST /tmpPhoneNumber/code/: the registration's code by SMS or voice. */
export function sendPhoneCode(api: ApiClient, body: SendPhoneCodeBody): Promise<CodeSent> {
  return api.post(tmpPhoneNumberCodePath, body)
}

/** PUT /tmpPhoneNumber/: the code registers the number. */
export function finishPhoneRegistration(
  api: ApiClient,
  body: FinishPhoneRegistrationBody,
): Promise<FinishPhoneRegistrationResponse> {
  return putJson(api, tmpPhoneNumberPath, body)
}
