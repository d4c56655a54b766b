import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { AppError, errorCodes, t } from '@app/shared'
import * as CardChange from '@app/shared/api/my-page/card-change'
import * as Invoice from '@app/shared/api/my-page/invoice'
import { idempotencyKeySchema } from '@app/shared/api/payment/payment'
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/api/payment/routes'
import { registerEndpoint } from '../../lib/register-endpoint.ts'

// The invoice of an auto-renewed contract (issue #21 point 4, ADR 0032) and the card change of a
// monthly contract (issue #24 point 4, ADR 0038): thin routes over InvoicePayment and CardChange. The my-page's guard (a my-page session of the link's group); the contract is
// the signed-in holder's own, found by the session, never named by the request. Nothing of the
// bodies (card tokens, puzzles) or of the Idempotency-Key is logged.

const refusals = [400, 401, 402, 403, 404, 409, 429, 500, 502, 503]
const tags = ['my-page']

function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER])
  if (!parsed.success) {
    throw new AppError(errorCodes.validationFailed, {
      message: 'missing or malformed Idempotency-Key',
      issues: [{ path: IDEMPOTENCY_KEY_HEADER, message: t('error.APFV0001') }],
    })
  }
  return parsed.data
}

export const invoiceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { invoices, cardChange } = app.payments
  const holder = (summary: string) => ({ summary, tags, refusals, guard: app.myPageAccess.holder })
  const execution = (summary: string) => ({
    ...holder(summary),
    description:
      'Idempotency-Key header as the payment executions: a repeat gets the first answer.',
    guard: async (request: FastifyRequest, reply: FastifyReply) => {
      const key = idempotencyKeyOf(request)
      return { key, holder: await app.myPageAccess.holder(request, reply) }
    },
  })

  registerEndpoint(
    app,
    Invoice.invoiceApi,
    holder('自動更新されたご契約の保険料のご請求（金額・状態・振込口座）'),
    ({ who }) => invoices.invoice(who),
  )
  registerEndpoint(
    app,
    Invoice.invoicePuzzleApi,
    holder('ご請求のカード決済前のパズル（ALTCHA）: 5分有効・1回限り'),
    ({ who }) => invoices.newPuzzle(who),
  )
  registerEndpoint(
    app,
    Invoice.payInvoiceByCardApi,
    execution('ご請求のクレジットカード決済（カードトークンと解いたパズル）'),
    ({ who, body }) => invoices.payByCard(who.holder, who.key, body),
  )
  registerEndpoint(
    app,
    Invoice.invoiceThreeDSecureApi,
    execution('3Dセキュアの画面から戻った後のご請求の決済の完了（同じ Idempotency-Key）'),
    ({ who }) => invoices.returnFromThreeDSecure(who.holder, who.key),
  )
  registerEndpoint(
    app,
    Invoice.invoiceVirtualAccountApi,
    execution('ご請求の振込口座（バーチャル口座）の発行'),
    ({ who }) => invoices.issueVirtualAccount(who.holder, who.key),
  )
  registerEndpoint(
    app,
    CardChange.cardChangeApi,
    holder('月払のご契約のお支払いカード（下4桁・有効期限）と変更の状態'),
    ({ who, query }) => cardChange.view(who, query.groupPfCodeInceptionDateYm),
  )
  registerEndpoint(
    app,
    CardChange.cardChangePuzzleApi,
    holder('カード変更の前のパズル（ALTCHA）: 5分有効・1回限り'),
    ({ who, query }) => cardChange.newPuzzle(who, query.groupPfCodeInceptionDateYm),
  )
  registerEndpoint(
    app,
    CardChange.changeCardApi,
    execution('お支払いカードの変更（カードトークンと解いたパズル。0円の確認で、代金は取らない）'),
    ({ who, body }) => cardChange.change(who.holder, who.key, body),
  )
  registerEndpoint(
    app,
    CardChange.cardChangeThreeDSecureApi,
    execution('3Dセキュアの画面から戻った後のカード変更の完了（同じ Idempotency-Key）'),
    ({ who, body }) =>
      cardChange.returnFromThreeDSecure(who.holder, who.key, body.groupPfCodeInceptionDateYm),
  )
  done()
}
