import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AppError,
  capyStatusPath,
  depositNotificationPath,
  errorBodySchema,
  errorCodes,
  executePaymentCreditPath,
  executePaymentCreditReturnPath,
  executePaymentVAccountPath,
  paymentInfoPath,
  t,
} from '@app/shared'
import {
  executePaymentCreditBodySchema,
  executePaymentCreditReturnBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  PAYMENT_SIGNATURE_HEADER,
  paymentInfoSchema,
  paymentOutcomeSchema,
  paymentRegistrationBodySchema,
  puzzleChallengeSchema,
} from '@app/shared/api/payment/payment'

// Payment and completion (issue #7, ADR 0014): thin routes over the payment parts (payment-services.ts). Everything but
// the provider's deposit notification works on the signed-in applicant's own application; no id
// in a URL or body names an application. Nothing of the bodies (card tokens, puzzles, personal
// data) or of the Idempotency-Key is logged.

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
}
const security = [{ bearer: [] }]
const tags = ['payment']
const keyDescription =
  'Idempotency-Key header (16–64 of A–Z a–z 0–9 _ -), made by the browser once per payment: a ' +
  'repeat gets the first answer; a repeat of a request still running waits for it (409 APFY0001 ' +
  'after 10 s).'

const depositAnswerSchema = z.union([
  z.strictObject({
    received: z.literal(true),
    outcome: z.enum(['paid', 'underpaid', 'overpaid', 'unknownAccount']),
  }),
  z.strictObject({ received: z.literal(true), duplicate: z.literal(true) }),
])

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
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store')
    return payload
  })

  app.get(
    paymentInfoPath,
    {
      schema: {
        summary: 'お支払い情報（支払方法・金額・カードの設定）、申込済みなら完了の内容',
        tags,
        security,
        response: { 200: paymentInfoSchema, ...refusals },
      },
    },
    async (request, reply) =>
      app.payments.attempts.paymentInfo(await app.sessions.require(request, reply)),
  )

  app.post(
    paymentInfoPath,
    {
      schema: {
        summary: '団体扱（pymntMethod "4"）の申込の登録 (SPEC §7.4)',
        description: keyDescription,
        tags,
        security,
        body: paymentRegistrationBodySchema,
        response: { 200: paymentOutcomeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request)
      const signedIn = await app.sessions.require(request, reply)
      return app.payments.offline.registerOffline(signedIn, key, request.body)
    },
  )

  app.get(
    capyStatusPath,
    {
      schema: {
        summary: 'カード決済前のパズル（ALTCHA）: 5分有効・1回限り',
        tags,
        security,
        response: { 200: puzzleChallengeSchema, ...refusals },
      },
    },
    async (request, reply) =>
      app.payments.card.newPuzzle(await app.sessions.require(request, reply)),
  )

  app.post(
    executePaymentCreditPath,
    {
      schema: {
        summary: 'クレジットカード決済（カードトークンと解いたパズル）',
        description: keyDescription,
        tags,
        security,
        body: executePaymentCreditBodySchema,
        response: { 200: paymentOutcomeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request)
      const signedIn = await app.sessions.require(request, reply)
      return app.payments.card.executeCredit(signedIn, key, request.body)
    },
  )

  app.post(
    executePaymentCreditReturnPath,
    {
      schema: {
        summary: '3Dセキュアの画面から戻った後の決済の完了（同じ Idempotency-Key）',
        description: keyDescription,
        tags,
        security,
        body: executePaymentCreditReturnBodySchema,
        response: { 200: paymentOutcomeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request)
      const signedIn = await app.sessions.require(request, reply)
      return app.payments.card.returnFromThreeDSecure(signedIn, key, request.body)
    },
  )

  app.post(
    executePaymentVAccountPath,
    {
      schema: {
        summary: '振込口座（バーチャル口座）の発行と申込の完了',
        description: keyDescription,
        tags,
        security,
        body: paymentRegistrationBodySchema,
        response: { 200: paymentOutcomeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request)
      const signedIn = await app.sessions.require(request, reply)
      return app.payments.virtualAccount.executeVirtualAccount(signedIn, key, request.body)
    },
  )

  // The signature covers the body's bytes as sent, so this route alone keeps the raw string.
  await app.register((webhook, _options, done) => {
    webhook.removeContentTypeParser('application/json')
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, body)
      },
    )
    webhook.post(
      depositNotificationPath,
      {
        schema: {
          summary: '決済代行会社からの入金通知（署名付き、セッションなし）',
          description: `The ${PAYMENT_SIGNATURE_HEADER} header signs the raw body: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>, 5 minutes' tolerance.`,
          tags,
          response: { 200: depositAnswerSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const header = request.headers[PAYMENT_SIGNATURE_HEADER]
        const raw = typeof request.body === 'string' ? request.body : ''
        return app.payments.deposits.receiveDeposit(
          raw,
          typeof header === 'string' ? header : undefined,
        )
      },
    )
    done()
  })
}
