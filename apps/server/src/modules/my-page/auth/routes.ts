import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as MyPage from '@app/shared/api/my-page/endpoints'
import { registerEndpoint, withoutSignIn } from '../../../lib/register-endpoint.ts'

// My-page sign-in and credentials (issue #8, ADR 0015): thin routes over MyPageAuthService.
// Nothing of a body (IDs, passwords, codes, tokens, addresses, numbers) is logged.

const tags = ['my-page']
const refusals = [400, 401, 404, 410, 423, 429, 502]

export const myPageAuthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = app.myPageAuth
  /** A call made before signing in: the service gets the body and the client's address. */
  const beforeSignIn = (summary: string) => ({ summary, tags, refusals, guard: withoutSignIn })
  /** A signed-in call: a my-page session of the link's group (401 E0003, 404 APFA1003). */
  const signedIn = (summary: string) => ({
    summary,
    tags,
    refusals,
    guard: app.myPageAccess.holder,
  })

  registerEndpoint(
    app,
    MyPage.start2FAApi,
    beforeSignIn('サインイン1段階目: ID・パスワード・規約への同意'),
    ({ body, request }) => service.start2FA(body, request.ip),
  )
  registerEndpoint(
    app,
    MyPage.sendLoginCodeApi,
    beforeSignIn('サインインの認証コードを送る（メール・SMS・音声）'),
    ({ body, request }) => service.sendLoginCode(body, request.ip),
  )
  registerEndpoint(
    app,
    MyPage.verifyLoginCodeApi,
    beforeSignIn('サインイン2段階目: 認証コードでセッションを開く'),
    ({ body, request }) => service.verifyLoginCode(body, request.ip),
  )
  registerEndpoint(
    app,
    MyPage.startPasswordResetApi,
    beforeSignIn('パスワードの再設定: IDと登録のメールアドレス'),
    ({ body, request }) => service.startPasswordReset(body, request.ip),
  )
  registerEndpoint(
    app,
    MyPage.finishPasswordResetApi,
    beforeSignIn('パスワードの再設定: 認証コードと新しいパスワード'),
    ({ body, request }) => service.finishPasswordReset(body, request.ip),
  )
  registerEndpoint(
    app,
    MyPage.idReNotificationApi,
    beforeSignIn('IDの再通知（答えはいつも同じ）'),
    ({ body, request }) => service.idReNotification(body, request.ip),
  )
  registerEndpoint(
    app,
    MyPage.startMailChangeApi,
    signedIn('メールアドレスの変更: 新しいアドレスへ認証コード'),
    ({ who, body }) => service.startMailChange(who, body),
  )
  registerEndpoint(
    app,
    MyPage.finishMailChangeApi,
    signedIn('メールアドレスの変更: 認証コードで確定'),
    ({ who, body }) => service.finishMailChange(who, body),
  )
  registerEndpoint(
    app,
    MyPage.changePasswordApi,
    signedIn('パスワードの変更（今のパスワードと新しいパスワード）'),
    ({ who, body }) => service.changePassword(who, body),
  )
  registerEndpoint(
    app,
    MyPage.startPhoneRegistrationApi,
    signedIn('電話番号認証の登録: 電話番号'),
    ({ who, body }) => service.startPhoneRegistration(who, body),
  )
  registerEndpoint(
    app,
    MyPage.sendPhoneCodeApi,
    signedIn('電話番号認証の登録: 認証コードをSMSか音声で'),
    ({ who, body }) => service.sendPhoneCode(who, body),
  )
  registerEndpoint(
    app,
    MyPage.finishPhoneRegistrationApi,
    signedIn('電話番号認証の登録: 認証コードで確定'),
    ({ who, body }) => service.finishPhoneRegistration(who, body),
  )
  done()
}
