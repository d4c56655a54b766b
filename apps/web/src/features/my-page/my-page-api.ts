import type {
  certificateApi,
  changePasswordApi,
  ChangePasswordBody,
  CodeSent,
  ContractInfo,
  contractInfoApi,
  finishMailChangeApi,
  FinishMailChangeBody,
  finishPasswordResetApi,
  FinishPasswordResetBody,
  finishPhoneRegistrationApi,
  FinishPhoneRegistrationBody,
  idReNotificationApi,
  IdReNotificationBody,
  MyPageInfo,
  myPageInfoApi,
  MyPageLink,
  sendLoginCodeApi,
  SendLoginCodeBody,
  sendPhoneCodeApi,
  SendPhoneCodeBody,
  start2FAApi,
  Start2FABody,
  Start2FAResponse,
  startMailChangeApi,
  StartMailChangeBody,
  startPasswordResetApi,
  StartPasswordResetBody,
  startPhoneRegistrationApi,
  StartPhoneRegistrationBody,
  verifyLoginCodeApi,
  VerifyLoginCodeBody,
  VerifyLoginCodeResponse,
} from '@app/shared/api/my-page/endpoints'
import {
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
} from '@app/shared/api/my-page/routes'
import type { endSessionApi } from '@app/shared/api/access/endpoints'
import { endSessionRoute } from '@app/shared/api/access/session'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import type * as z from 'zod/mini'
import type { ApiClient } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'

// The my-page calls (issue #8, ADR 0015): thin wrappers over the API client, typed by the shared
// contract. Only its types are imported: no schema reaches the bundle through here (ADR 0011).

export type StartMailChangeResponse = EndpointResponse<typeof startMailChangeApi>
export type StartPasswordResetResponse = EndpointResponse<typeof startPasswordResetApi>
export type StartPhoneRegistrationResponse = EndpointResponse<typeof startPhoneRegistrationApi>
export type FinishPhoneRegistrationResponse = EndpointResponse<typeof finishPhoneRegistrationApi>

/** POST /start2FA/: the ID, the password and the four consents open a sign-in attempt. */
export function start2FA(api: ApiClient, body: Start2FABody): Promise<Start2FAResponse> {
  return callEndpoint<typeof start2FAApi>(api, start2FARoute, { body: body })
}

/** POST /authcodeMail/: the sign-in's code (again) by mail, SMS or voice. */
export function sendLoginCode(api: ApiClient, body: SendLoginCodeBody): Promise<CodeSent> {
  return callEndpoint<typeof sendLoginCodeApi>(api, sendLoginCodeRoute, { body: body })
}

/** POST /sessionInfo/: the sign-in's code opens a my-page session. */
export function verifyLoginCode(
  api: ApiClient,
  body: VerifyLoginCodeBody,
): Promise<VerifyLoginCodeResponse> {
  return callEndpoint<typeof verifyLoginCodeApi>(api, verifyLoginCodeRoute, { body: body })
}

/** DELETE /sessionInfo/: sign-out. */
export function endSession(api: ApiClient): Promise<null> {
  return callEndpoint<typeof endSessionApi>(api, endSessionRoute, {})
}

/** GET /policyHolderInfo/: the policy holder and the contracts (home). */
export function fetchMyPageInfo(api: ApiClient, link: MyPageLink): Promise<MyPageInfo> {
  return callEndpoint<typeof myPageInfoApi>(api, myPageInfoRoute, { query: link })
}

/** GET /policyHolderInfo/contract/: the contract of one coverage period. */
export function fetchContractInfo(
  api: ApiClient,
  query: z.input<(typeof contractInfoApi)['querystring']>,
  signal?: AbortSignal,
): Promise<ContractInfo> {
  return callEndpoint<typeof contractInfoApi>(api, contractInfoRoute, { query: query }, { signal })
}

/** POST /policyHolderCertificate/: a short-lived URL of the 加入者証 PDF. */
export function requestCertificate(
  api: ApiClient,
  body: z.input<(typeof certificateApi)['body']>,
): Promise<EndpointResponse<typeof certificateApi>> {
  return callEndpoint<typeof certificateApi>(api, certificateRoute, { body: body })
}

/** POST /mailAddress/: a code to the new address. */
export function startMailChange(
  api: ApiClient,
  body: StartMailChangeBody,
): Promise<StartMailChangeResponse> {
  return callEndpoint<typeof startMailChangeApi>(api, startMailChangeRoute, { body: body })
}

/** PUT /mailAddress/: the code changes the address. */
export function finishMailChange(
  api: ApiClient,
  body: FinishMailChangeBody,
): Promise<EndpointResponse<typeof finishMailChangeApi>> {
  return callEndpoint<typeof finishMailChangeApi>(api, finishMailChangeRoute, { body: body })
}

/** PUT /password/: the password change on home. */
export function changePassword(
  api: ApiClient,
  body: ChangePasswordBody,
): Promise<EndpointResponse<typeof changePasswordApi>> {
  return callEndpoint<typeof changePasswordApi>(api, changePasswordRoute, { body: body })
}

/** POST /passwordReset/: the ID and the registered address; a code if both match. */
export function startPasswordReset(
  api: ApiClient,
  body: StartPasswordResetBody,
): Promise<StartPasswordResetResponse> {
  return callEndpoint<typeof startPasswordResetApi>(api, startPasswordResetRoute, { body: body })
}

/** PUT /passwordReset/: the code and the new password. */
export function finishPasswordReset(
  api: ApiClient,
  body: FinishPasswordResetBody,
): Promise<EndpointResponse<typeof finishPasswordResetApi>> {
  return callEndpoint<typeof finishPasswordResetApi>(api, finishPasswordResetRoute, { body: body })
}

/** POST /idReNotificationMail/: the ID to the address, if it is registered. */
export function sendIdReNotification(
  api: ApiClient,
  body: IdReNotificationBody,
): Promise<EndpointResponse<typeof idReNotificationApi>> {
  return callEndpoint<typeof idReNotificationApi>(api, idReNotificationRoute, { body: body })
}

/** POST /tmpPhoneNumber/: the number to register. */
export function startPhoneRegistration(
  api: ApiClient,
  body: StartPhoneRegistrationBody,
): Promise<StartPhoneRegistrationResponse> {
  return callEndpoint<typeof startPhoneRegistrationApi>(api, startPhoneRegistrationRoute, {
    body: body,
  })
}

/** POST /tmpPhoneNumber/code/: the registration's code by SMS or voice. */
export function sendPhoneCode(api: ApiClient, body: SendPhoneCodeBody): Promise<CodeSent> {
  return callEndpoint<typeof sendPhoneCodeApi>(api, sendPhoneCodeRoute, { body: body })
}

/** PUT /tmpPhoneNumber/: the code registers the number. */
export function finishPhoneRegistration(
  api: ApiClient,
  body: FinishPhoneRegistrationBody,
): Promise<FinishPhoneRegistrationResponse> {
  return callEndpoint<typeof finishPhoneRegistrationApi>(api, finishPhoneRegistrationRoute, {
    body: body,
  })
}
