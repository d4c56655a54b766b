import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Access from '@app/shared/api/access/endpoints'
import { registerEndpoint, withoutSignIn } from '../../lib/register-endpoint.ts'

const tags = ['access']
const refusals = [400, 401, 403, 404, 409, 410, 423, 429, 502]

/** Applicant access (issue #5): verifyUser, the verification mail, its link, the session. */
export const accessRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const beforeSignIn = (summary: string) => ({ summary, tags, refusals, guard: withoutSignIn })
  const signedIn = (summary: string) => ({
    summary,
    tags,
    refusals: [401],
    guard: app.sessions.applicant,
  })

  registerEndpoint(
    app,
    Access.verifyByIdApi,
    beforeSignIn('本人確認（初回登録ID・パスワード、authenticationType "1"）'),
    ({ body, request }) => app.access.verifyById(body, request.ip),
  )
  registerEndpoint(
    app,
    Access.verifyByItemApi,
    beforeSignIn('本人確認（三項目認証、authenticationType "2"）'),
    ({ body, request }) => app.access.verifyByItem(body, request.ip),
  )
  registerEndpoint(
    app,
    Access.sendVerificationMailApi,
    beforeSignIn('確認メールの送信（メールアドレスとマイページのパスワード）'),
    ({ body, request }) => app.access.sendVerificationMail(body, request.ip),
  )
  registerEndpoint(
    app,
    Access.confirmVerificationApi,
    beforeSignIn('確認メールのURL: パスワードを確かめ、アカウントとセッションを開く'),
    ({ body, request }) => app.access.confirmVerification(body, request.ip),
  )
  registerEndpoint(
    app,
    Access.verificationLinkStatusApi,
    beforeSignIn('確認メールのURLがまだ使えるか（パスワードを尋ねる前に）'),
    ({ body, request }) => app.access.verificationLinkStatus(body.token, request.ip),
  )

  registerEndpoint(
    app,
    Access.sessionInfoApi,
    signedIn('ログイン中の利用者 (SPEC §7.5)'),
    async ({ who }) => ({
      userId: who.userId,
      groupPfCode: who.groupPfCode,
      expiresAt: who.expiresAt.toISOString(),
      application: await app.access.applicationOf(who.accountId),
    }),
  )
  registerEndpoint(
    app,
    Access.extendSessionApi,
    signedIn('セッションの延長（「延長する」）'),
    ({ who }) => app.sessions.extend(who),
  )
  registerEndpoint(
    app,
    Access.endSessionApi,
    signedIn('ログアウト（サーバーのセッションを終える）'),
    async ({ who }) => {
      await app.sessions.end(who)
      return null
    },
  )
  done()
}
