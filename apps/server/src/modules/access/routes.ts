import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmVerificationApi,
  verificationLinkStatusApi,
  errorBodySchema,
  sendVerificationMailApi,
  sessionInfoApi,
  verifyByIdApi,
  verifyByItemApi,
} from '@app/shared'

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
  423: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
}

/** Applicant access (issue #5): verifyUser, the verification mail, its link, the session. */
export const accessRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // Answers that carry tokens or personal data are never stored by a cache on the way.
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store')
    return payload
  })

  app.post(
    verifyByIdApi.path,
    {
      schema: {
        summary: '本人確認（初回登録ID・パスワード、authenticationType "1"）',
        tags: ['access'],
        body: verifyByIdApi.body,
        response: { 200: verifyByIdApi.response, ...refusals },
      },
    },
    (request) => app.access.verifyById(request.body, request.ip),
  )

  app.post(
    verifyByItemApi.path,
    {
      schema: {
        summary: '本人確認（三項目認証、authenticationType "2"）',
        tags: ['access'],
        body: verifyByItemApi.body,
        response: { 200: verifyByItemApi.response, ...refusals },
      },
    },
    (request) => app.access.verifyByItem(request.body, request.ip),
  )

  app.post(
    sendVerificationMailApi.path,
    {
      schema: {
        summary: '確認メールの送信（メールアドレスとマイページのパスワード）',
        tags: ['access'],
        body: sendVerificationMailApi.body,
        response: { 200: sendVerificationMailApi.response, ...refusals },
      },
    },
    (request) => app.access.sendVerificationMail(request.body, request.ip),
  )

  app.post(
    confirmVerificationApi.path,
    {
      schema: {
        summary: '確認メールのURL: パスワードを確かめ、アカウントとセッションを開く',
        tags: ['access'],
        body: confirmVerificationApi.body,
        response: { 200: confirmVerificationApi.response, ...refusals },
      },
    },
    (request) => app.access.confirmVerification(request.body, request.ip),
  )

  app.post(
    verificationLinkStatusApi.path,
    {
      schema: {
        summary: '確認メールのURLがまだ使えるか（パスワードを尋ねる前に）',
        tags: ['access'],
        body: verificationLinkStatusApi.body,
        response: { 200: verificationLinkStatusApi.response, ...refusals },
      },
    },
    (request) => app.access.verificationLinkStatus(request.body.token, request.ip),
  )

  app.get(
    sessionInfoApi.path,
    {
      schema: {
        summary: 'ログイン中の利用者 (SPEC §7.5)',
        tags: ['access'],
        security: [{ bearer: [] }],
        response: { 200: sessionInfoApi.response, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      const application = await app.access.applicationOf(signedIn.accountId)
      return {
        userId: signedIn.userId,
        groupPfCode: signedIn.groupPfCode,
        expiresAt: signedIn.expiresAt.toISOString(),
        application,
      }
    },
  )

  app.put(
    sessionInfoApi.path,
    {
      schema: {
        summary: 'セッションの延長（「延長する」）',
        tags: ['access'],
        security: [{ bearer: [] }],
        response: { 200: sessionInfoApi.extendResponse, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      return app.sessions.extend(signedIn)
    },
  )

  app.delete(
    sessionInfoApi.path,
    {
      schema: {
        summary: 'ログアウト（サーバーのセッションを終える）',
        tags: ['access'],
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      await app.sessions.end(signedIn)
      return reply.status(204).send(null)
    },
  )
  done()
}
