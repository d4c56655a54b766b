import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Admin from '@app/shared/api/admin/endpoints'
import { registerEndpoint, withoutSignIn } from '../../lib/register-endpoint.ts'
import { findAgency } from './staff-repository.ts'
import { staffActor } from './staff-scope.ts'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'

// Staff identity (issue #20 point 2, ADR 0026): thin routes over the staff services. Nothing of a
// body (addresses, passwords, codes, tokens, WebAuthn answers) is logged.

const tags = ['admin']

export const staffRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const sessions = app.staffSessions
  const identity = app.staffIdentity
  const enrolmentRefusals = [400, 410, 429]
  const signInRefusals = [400, 401, 423, 429]
  const manageStaff = sessions.may('manageStaff')
  const managementRefusals = [401, 403]

  // ── Enrolment (the one-time link's token in the body) ───────────────────────────────────

  registerEndpoint(
    app,
    Admin.enrolmentInfoApi,
    {
      summary: 'スタッフ登録リンクの確認',
      tags,
      refusals: enrolmentRefusals,
      guard: withoutSignIn,
    },
    ({ body, request }) => identity.enrolmentInfo(body.token, request.ip),
  )

  registerEndpoint(
    app,
    Admin.enrolmentPasskeyOptionsApi,
    {
      summary: 'パスキー登録の準備',
      tags,
      refusals: enrolmentRefusals,
      guard: withoutSignIn,
    },
    ({ body, request }) => identity.passkeyRegistrationOptions(body.token, request.ip),
  )

  registerEndpoint(
    app,
    Admin.enrolPasskeyApi,
    { summary: 'パスキーの登録', tags, refusals: enrolmentRefusals, guard: withoutSignIn },
    ({ body, request }) => identity.enrolPasskey(body.token, body.response, request.ip),
  )

  registerEndpoint(
    app,
    Admin.enrolmentTotpOptionsApi,
    {
      summary: '確認コード（認証アプリ）の設定の準備',
      tags,
      refusals: enrolmentRefusals,
      guard: withoutSignIn,
    },
    ({ body, request }) => identity.totpOptions(body.token, request.ip),
  )

  registerEndpoint(
    app,
    Admin.enrolPasswordApi,
    {
      summary: 'パスワードと確認コードの登録',
      tags,
      refusals: enrolmentRefusals,
      guard: withoutSignIn,
    },
    ({ body, request }) => identity.enrolPassword(body, request.ip),
  )

  // ── Sign-in ───────────────────────────────────────────────────────────────────────────────

  registerEndpoint(
    app,
    Admin.passkeySignInOptionsApi,
    { summary: 'パスキーでのサインインの準備', tags, refusals: [429], guard: withoutSignIn },
    ({ request }) => identity.passkeySignInOptions(request.ip),
  )

  registerEndpoint(
    app,
    Admin.passkeySignInApi,
    {
      summary: 'パスキーでのサインイン',
      tags,
      refusals: signInRefusals,
      guard: withoutSignIn,
    },
    ({ body, request }) => identity.passkeySignIn(body, request.ip),
  )

  registerEndpoint(
    app,
    Admin.passwordSignInApi,
    {
      summary: 'パスワードと確認コードでのサインイン',
      tags,
      refusals: signInRefusals,
      guard: withoutSignIn,
    },
    ({ body, request }) => identity.passwordSignIn(body, request.ip),
  )

  // ── Staff management (insurer administrator) ───────────────────────────────────────────

  registerEndpoint(
    app,
    Admin.staffListApi,
    { summary: 'スタッフの一覧', tags, refusals: managementRefusals, guard: manageStaff },
    async () => ({ staff: await identity.list() }),
  )

  registerEndpoint(
    app,
    Admin.inviteStaffApi,
    {
      summary: 'スタッフの招待',
      tags,
      refusals: [400, ...managementRefusals, 409],
      guard: manageStaff,
    },
    ({ who, body }) => identity.addMember(body, { kind: 'staff', principal: who }),
  )

  registerEndpoint(
    app,
    Admin.updateStaffApi,
    {
      summary: 'スタッフの役割・代理店・状態の変更',
      tags,
      refusals: [400, ...managementRefusals, 404, 409],
      guard: manageStaff,
    },
    ({ who, params, body }) => identity.update(who, params.staffId, body),
  )

  registerEndpoint(
    app,
    Admin.reissueEnrolmentApi,
    {
      summary: 'スタッフ登録リンクの再発行',
      tags,
      refusals: [...managementRefusals, 404, 409],
      guard: manageStaff,
    },
    ({ who, params }) => identity.reissueEnrolment(who, params.staffId),
  )

  registerEndpoint(
    app,
    Admin.agencyListApi,
    { summary: '代理店の一覧', tags, refusals: managementRefusals, guard: manageStaff },
    async () => ({ agencies: await identity.agencies() }),
  )

  // ── The signed-in member ─────────────────────────────────────────────────────────────────

  registerEndpoint(
    app,
    Admin.staffMeApi,
    { summary: 'サインイン中のスタッフ', tags, refusals: [401], guard: sessions.staff },
    async ({ who }) => {
      const agency = who.agentCd === null ? undefined : await findAgency(app.db, who.agentCd)
      if (who.agentCd !== null && agency === undefined) {
        throw new AdminError(adminErrorCodes.staffForbidden, {
          message: 'agency of staff not found',
        })
      }
      return {
        staffId: who.staffId,
        name: who.name,
        email: who.email,
        role: who.role,
        agency: agency ?? null,
        expiresAt: who.idleExpiresAt.toISOString(),
        absoluteExpiresAt: who.absoluteExpiresAt.toISOString(),
      }
    },
  )

  registerEndpoint(
    app,
    Admin.staffSignOutApi,
    { summary: 'サインアウト', tags, refusals: [401], guard: sessions.staff },
    async ({ who, reply }) => {
      await sessions.end(who)
      await app.audit.record({
        ...staffActor(who),
        action: 'staff.signedOut',
        recordKind: 'staff',
        recordId: who.staffId,
      })
      return reply.status(204).send()
    },
  )

  done()
}
