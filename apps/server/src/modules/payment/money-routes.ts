import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import * as Money from '@app/shared/api/admin/money'
import { isInstalmentItemKey } from '@app/shared/api/admin/money'
import { AdminError, adminErrorCodes } from '@app/shared/api/admin/errors'
import { staffMay } from '@app/shared/rules/staff-permissions'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// The reconciliation desk (issue #21 point 3, ADR 0031): thin routes over the money desk, for the
// roles with reconcileMoney; the monthly instalments not collected (issue #24) for the roles with
// followInstalments (the agency too). Nothing of a body (notes, reasons) is logged.

const tags = ['admin']

export const moneyRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const desk = app.moneyDesk
  const guard = app.staffSessions.may('reconcileMoney')
  const instalmentGuard = app.staffSessions.may('followInstalments')
  const refusals = [401, 403, 404, 409] as const

  registerEndpoint(
    app,
    Money.moneyDepositsApi,
    { summary: '入金（バーチャル口座）の一覧（状態別）', tags, refusals: [401, 403], guard },
    async ({ who, query }) => ({ items: await desk.listDeposits(who, query.state) }),
  )

  registerEndpoint(
    app,
    Money.moneyCardsApi,
    {
      summary: '確認が必要なカード決済の一覧（二重売上・申込未完了の売上）',
      tags,
      refusals: [401, 403],
      guard,
    },
    async ({ who, query }) => ({ items: await desk.listCards(who, query.state) }),
  )

  registerEndpoint(
    app,
    Money.moneyInstalmentsApi,
    {
      summary: '月払保険料の未収の一覧（3回失敗・再試行中）',
      tags,
      refusals: [401, 403],
      guard: instalmentGuard,
    },
    async ({ who, query }) => ({ items: await desk.listInstalments(who, query.state) }),
  )

  registerEndpoint(
    app,
    Money.matchDepositApi,
    { summary: '口座不明の入金を申込に手で消し込む', tags, refusals, guard },
    async ({ who, params, body }) => ({
      outcome: await desk.matchDeposit(who, params.notificationId, body),
    }),
  )

  registerEndpoint(
    app,
    Money.requestShortfallApi,
    { summary: '不足額の入金依頼（メモと申込者へのメール）', tags, refusals, guard },
    async ({ who, params, body }) => {
      await desk.requestShortfall(who, params.notificationId, body.note)
      return { done: true as const }
    },
  )

  registerEndpoint(
    app,
    Money.refundMoneyItemApi,
    { summary: '返金（超過入金の超過分・二重売上の全額）', tags, refusals, guard },
    async ({ who, params, body }) => desk.refund(who, params.itemKey, body.reason),
  )

  registerEndpoint(
    app,
    Money.resolveMoneyItemApi,
    {
      summary: '対応済みにする（メモ付き。3回失敗した月払保険料は followInstalments でも）',
      tags,
      refusals,
      guard: instalmentGuard,
    },
    async ({ who, params, body }) => {
      // a deposit or card item is the reconciliation desk's alone
      if (!isInstalmentItemKey(params.itemKey) && !staffMay(who.role, 'reconcileMoney')) {
        throw new AdminError(adminErrorCodes.staffForbidden, {
          message: 'role may not reconcileMoney',
        })
      }
      await desk.resolve(who, params.itemKey, body.note)
      return { done: true as const }
    },
  )

  registerEndpoint(
    app,
    Money.moneyTotalsApi,
    { summary: '日次の合計（団体別）と決済代行会社の数字', tags, refusals: [401, 403, 409], guard },
    async ({ who, query }) => desk.totals(who, query.from, query.to),
  )

  done()
}
