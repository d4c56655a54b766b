import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { errorBodySchema } from '@app/shared'
import * as MyPage from '@app/shared/api/my-page/endpoints'
import type { MyPageSignedIn } from './my-page-auth-service.ts'

// My-page sign-in and credentials (issue #8, ADR 0015): thin routes over MyPageAuthService.
// Every body is checked by the contract's schema, every answer by its response schema; answers
// are never cached on the way; nothing of a body (IDs, passwords, codes, tokens, addresses,
// numbers) is logged.

/** An endpoint of the contract (packages/shared/src/api/my-page/endpoints.ts). */
interface Contract<Body, Answer> {
  method: 'POST' | 'PUT'
  path: string
  body: z.ZodMiniType<Body>
  response: z.ZodMiniType<Answer>
}

/** What each route does, for the OpenAPI document (method and path). */
const summaries: Readonly<Record<string, string>> = {
  [`POST ${MyPage.start2FAApi.path}`]: 'サインイン1段階目: ID・パスワード・規約への同意',
  [`POST ${MyPage.sendLoginCodeApi.path}`]: 'サインインの認証コードを送る（メール・SMS・音声）',
  [`POST ${MyPage.verifyLoginCodeApi.path}`]: 'サインイン2段階目: 認証コードでセッションを開く',
  [`POST ${MyPage.startPasswordResetApi.path}`]: 'パスワードの再設定: IDと登録のメールアドレス',
  [`PUT ${MyPage.finishPasswordResetApi.path}`]: 'パスワードの再設定: 認証コードと新しいパスワード',
  [`POST ${MyPage.idReNotificationApi.path}`]: 'IDの再通知（答えはいつも同じ）',
  [`POST ${MyPage.startMailChangeApi.path}`]: 'メールアドレスの変更: 新しいアドレスへ認証コード',
  [`PUT ${MyPage.finishMailChangeApi.path}`]: 'メールアドレスの変更: 認証コードで確定',
  [`PUT ${MyPage.changePasswordApi.path}`]: 'パスワードの変更（今のパスワードと新しいパスワード）',
  [`POST ${MyPage.startPhoneRegistrationApi.path}`]: '電話番号認証の登録: 電話番号',
  [`POST ${MyPage.sendPhoneCodeApi.path}`]: '電話番号認証の登録: 認証コードをSMSか音声で',
  [`PUT ${MyPage.finishPhoneRegistrationApi.path}`]: '電話番号認証の登録: 認証コードで確定',
}
const summaryOf = (api: { method: string; path: string }) => summaries[`${api.method} ${api.path}`]

const refusalStatuses = [400, 401, 404, 410, 423, 429, 502]

/** The answer's schema under its status, and the error body under every refusal's. */
function responses(answer: z.ZodMiniType, status: number): Record<number, z.ZodMiniType> {
  const schemas: Record<number, z.ZodMiniType> = { [status]: answer }
  for (const refusal of refusalStatuses) schemas[refusal] = errorBodySchema
  return schemas
}

export const myPageAuthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = app.myPageAuth

  // Answers carry tokens and personal data: no cache on the way may keep them.
  app.addHook('onSend', (_request, reply, payload, next) => {
    void reply.header('cache-control', 'no-store')
    next(null, payload)
  })

  function register<Body, Answer>(
    api: Contract<Body, Answer>,
    options: { isSignedIn: boolean; status?: number },
    answer: (body: Body, request: FastifyRequest, reply: FastifyReply) => Promise<Answer>,
  ): void {
    const status = options.status ?? 200
    app.route({
      method: api.method,
      url: api.path,
      schema: {
        summary: summaryOf(api),
        tags: ['my-page'],
        ...(options.isSignedIn ? { security: [{ bearer: [] }] } : {}),
        body: api.body,
        response: responses(api.response, status),
      },
      handler: async (request, reply) =>
        reply.status(status).send(await answer(request.body as Body, request, reply)),
    })
  }

  /** A call made before signing in: the service gets the body and the client's address. */
  const beforeSignIn = <Body, Answer>(
    api: Contract<Body, Answer>,
    handle: (body: Body, clientAddress: string) => Promise<Answer>,
    status = 200,
  ) => register(api, { isSignedIn: false, status }, (body, request) => handle(body, request.ip))

  /** A signed-in call: a my-page session of the link's group (401 E0003, 404 APFA1003). */
  const signedIn = <Body extends MyPage.MyPageLink, Answer>(
    api: Contract<Body, Answer>,
    handle: (holder: MyPageSignedIn, body: Body) => Promise<Answer>,
  ) =>
    register(api, { isSignedIn: true }, async (body, request, reply) =>
      handle(await app.myPageAccess.requireSignedIn(request, reply, body), body),
    )

  beforeSignIn(MyPage.start2FAApi, (body, ip) => service.start2FA(body, ip))
  beforeSignIn(MyPage.sendLoginCodeApi, (body, ip) => service.sendLoginCode(body, ip))
  beforeSignIn(MyPage.verifyLoginCodeApi, (body, ip) => service.verifyLoginCode(body, ip))
  beforeSignIn(MyPage.startPasswordResetApi, (body, ip) => service.startPasswordReset(body, ip))
  beforeSignIn(MyPage.finishPasswordResetApi, (body, ip) => service.finishPasswordReset(body, ip))
  beforeSignIn(MyPage.idReNotificationApi, (body, ip) => service.idReNotification(body, ip), 202)
  signedIn(MyPage.startMailChangeApi, (holder, body) => service.startMailChange(holder, body))
  signedIn(MyPage.finishMailChangeApi, (holder, body) => service.finishMailChange(holder, body))
  signedIn(MyPage.changePasswordApi, (holder, body) => service.changePassword(holder, body))
  signedIn(MyPage.startPhoneRegistrationApi, (who, body) =>
    service.startPhoneRegistration(who, body),
  )
  signedIn(MyPage.sendPhoneCodeApi, (holder, body) => service.sendPhoneCode(holder, body))
  signedIn(MyPage.finishPhoneRegistrationApi, (who, body) =>
    service.finishPhoneRegistration(who, body),
  )
  done()
}
