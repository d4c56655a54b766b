import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError, errorCodes, t } from '@app/shared'
import * as Payment from '@app/shared/api/payment/payment'
import { idempotencyKeySchema } from '@app/shared/api/payment/payment'
import { IDEMPOTENCY_KEY_HEADER, PAYMENT_SIGNATURE_HEADER } from '@app/shared/api/payment/routes'
import { registerEndpoint, withoutSignIn } from '../../lib/register-endpoint.ts'

// Payment and completion (issue #7, ADR 0014): thin routes over the payment parts (payment-services.ts). Everything but
// the provider's deposit notification works on the signed-in applicant's own application; no id
// in a URL or body names an application. Nothing of the bodies (card tokens, puzzles, personal
// data) or of the Idempotency-Key is logged.

const refusals = [400, 401, 402, 403, 404, 409, 429, 500, 502, 503]
const tags = ['payment']
const keyDescription =
  'Idempotency-Key header (16–64 of A–Z a–z 0–9 _ -), made by the browser once per payment: a ' +
  'repeat gets the first answer; a repeat of a request still running waits for it (409 APFY0001 ' +
  'after 10 s).'

/** The execution's Idempotency-Key, or 400 APFV0001. */
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

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app
  const signedIn = (summary: string) => ({
    summary,
    tags,
    refusals,
    guard: app.sessions.applicant,
  })
  /** An execution: the Idempotency-Key is read (or 400) before the session is. */
  const execution = (summary: string) => ({
    ...signedIn(summary),
    description: keyDescription,
    guard: async (request: FastifyRequest, reply: FastifyReply) => {
      const key = idempotencyKeyOf(request)
      return { key, applicant: await app.sessions.require(request, reply) }
    },
  })

  registerEndpoint(
    app,
    Payment.paymentInfoApi,
    signedIn('お支払い情報（支払方法・金額・カードの設定）、申込済みなら完了の内容'),
    ({ who }) => payments.attempts.paymentInfo(who),
  )
  registerEndpoint(
    app,
    Payment.registerPaymentApi,
    execution('団体扱（pymntMethod "4"）の申込の登録 (SPEC §7.4)'),
    ({ who, body }) => payments.offline.registerOffline(who.applicant, who.key, body),
  )
  registerEndpoint(
    app,
    Payment.capyStatusApi,
    signedIn('カード決済前のパズル（ALTCHA）: 5分有効・1回限り'),
    ({ who }) => payments.card.newPuzzle(who),
  )
  registerEndpoint(
    app,
    Payment.executePaymentCreditApi,
    execution('クレジットカード決済（カードトークンと解いたパズル）'),
    ({ who, body }) => payments.card.executeCredit(who.applicant, who.key, body),
  )
  registerEndpoint(
    app,
    Payment.executePaymentCreditReturnApi,
    execution('3Dセキュアの画面から戻った後の決済の完了（同じ Idempotency-Key）'),
    ({ who, body }) => payments.card.returnFromThreeDSecure(who.applicant, who.key, body),
  )
  registerEndpoint(
    app,
    Payment.executePaymentVAccountApi,
    execution('振込口座（バーチャル口座）の発行と申込の完了'),
    ({ who, body }) => payments.virtualAccount.executeVirtualAccount(who.applicant, who.key, body),
  )

  // The signature covers the body's bytes as sent, so this route alone keeps the raw string.
  await app.register((webhook, _options, done) => {
    webhook.removeContentTypeParser('application/json')
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, parsed) => {
        parsed(null, body)
      },
    )
    registerEndpoint(
      webhook,
      Payment.depositNotificationApi,
      {
        summary: '決済代行会社からの入金通知（署名付き、セッションなし）',
        description: `The ${PAYMENT_SIGNATURE_HEADER} header signs the raw body: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>, 5 minutes' tolerance.`,
        tags,
        refusals: [400, 401],
        guard: withoutSignIn,
      },
      async ({ request }) => {
        const header = request.headers[PAYMENT_SIGNATURE_HEADER]
        const raw = typeof request.body === 'string' ? request.body : ''
        return payments.deposits.receiveDeposit(
          raw,
          typeof header === 'string' ? header : undefined,
        )
      },
    )
    done()
  })
}
