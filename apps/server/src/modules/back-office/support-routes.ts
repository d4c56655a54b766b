import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Admin from '@app/shared/api/admin/endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// Holder and applicant support (issue #20 point 6, ADR 0028): thin routes over the support
// service, for the roles with supportMembers. Nothing of a body (reasons, addresses) and never
// the re-issued password is logged.

const tags = ['admin']

export const supportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const support = app.memberSupport
  const guard = app.staffSessions.may('supportMembers')
  const refusals = [401, 403, 404, 409] as const

  registerEndpoint(
    app,
    Admin.findMembersApi,
    { summary: '加入者・申込者の検索（会員番号）', tags, refusals: [401, 403], guard },
    async ({ who, query }) => ({ members: await support.findMembers(who, query) }),
  )

  registerEndpoint(
    app,
    Admin.unlockMemberApi,
    { summary: 'ロックの解除', tags, refusals, guard },
    async ({ who, params, body }) => ({
      unlocked: await support.unlock(who, params.memberId, body.reason),
    }),
  )

  registerEndpoint(
    app,
    Admin.resendVerificationMailApi,
    { summary: '確認メールの再送', tags, refusals: [...refusals, 429, 502], guard },
    async ({ who, params, body }) => {
      await support.resendVerificationMail(who, params.memberId, body.reason)
      return { done: true as const }
    },
  )

  registerEndpoint(
    app,
    Admin.resendCompletionMailApi,
    { summary: '申込完了メールの再送', tags, refusals, guard },
    async ({ who, params, body }) => {
      await support.resendCompletionMail(who, params.memberId, body.reason)
      return { done: true as const }
    },
  )

  registerEndpoint(
    app,
    Admin.reissueFirstEntryPasswordApi,
    { summary: '初回登録パスワードの再発行（一度だけ表示）', tags, refusals, guard },
    async ({ who, params, body }) =>
      support.reissueFirstEntryPassword(who, params.memberId, body.reason),
  )

  registerEndpoint(
    app,
    Admin.changeHolderMailApi,
    { summary: '加入者のメールアドレス変更', tags, refusals, guard },
    async ({ who, params, body }) => {
      await support.changeHolderMail(who, params.memberId, body)
      return { done: true as const }
    },
  )

  done()
}
