import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify'
import type {} from '@fastify/rate-limit'
import { AppError } from '@app/shared'
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/client.ts'
import type { PaymentProviderSettings } from '../modules/payment/provider-settings.ts'
import type { SafeHtml } from '../modules/pamphlet/html.ts'
import {
  challengePagePolicy,
  renderChallengePage,
  renderFinishedPage,
  renderMessagePage,
} from './challenge-page.ts'
import { ID_PATTERNS } from './ids.ts'
import {
  answerChallenge,
  cancelPayment,
  capturePayment,
  CHALLENGE_MAX_FAILURES,
  challengeState,
  createPayment,
  getPayment,
  listPayments,
  type ProviderAnswer,
} from './payments.ts'
import { ProviderError, providerErrorBody, providerErrorBodySchema } from './provider-error.ts'
import {
  challengeFormSchema,
  dailyReportQuerySchema,
  dailyReportSchema,
  depositBodySchema,
  refundBodySchema,
  refundListSchema,
  refundSchema,
  depositResponseSchema,
  IDEMPOTENCY_KEY,
  nextOutcomeBodySchema,
  nextOutcomeSchema,
  paymentAnswerSchema,
  paymentBodySchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentParamsSchema,
  paymentViewSchema,
  storedCardChargeBodySchema,
  storedCardChargeSchema,
  storedCardDeletedSchema,
  storedCardParamsSchema,
  tokenBodySchema,
  tokenResponseSchema,
  virtualAccountBodySchema,
  virtualAccountSchema,
} from './schemas.ts'
import { createRefund, dailyReport, listRefunds } from './refunds.ts'
import { chargeStoredCard, removeStoredCard, setNextOutcome } from './stored-cards.ts'
import { createToken } from './tokens.ts'
import { issueVirtualAccount, recordDeposit } from './virtual-accounts.ts'

// The sandbox payment provider (issue #7, ADR 0014; docs/payment.md). It runs in this process
// under its own prefix, but the product reaches it only over HTTP, as it would a real provider:
// its own error bodies, keys, error handler and pages. Nothing here is logged but the path.

export interface SandboxPaymentOptions {
  db: Database
  clock: Clock
  settings: PaymentProviderSettings
  /** where deposit notifications are posted (the product's /api/paymentNotifications/deposit/) */
  webhookUrl: () => string
}

/** The token endpoint takes four short fields: anything bigger is not a card. */
const TOKEN_BODY_LIMIT = 2048
const FORM_BODY_LIMIT = 2048
/** Card-testing guard: token requests per client address and minute. */
const TOKEN_RATE_LIMIT = 60
const CHALLENGE_PATH = '/challenge/:id'

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/** Compares two secrets in constant time (hashes first, so lengths do not leak either). */
function isSameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected))
}

function codeForFrameworkError(error: FastifyError): { statusCode: number; code: string } {
  const statusCode = error.statusCode ?? 500
  if (statusCode === 413) return { statusCode, code: 'payload_too_large' }
  if (statusCode === 415) return { statusCode, code: 'unsupported_media_type' }
  if (statusCode === 429) return { statusCode, code: 'rate_limited' }
  if (statusCode === 404) return { statusCode, code: 'not_found' }
  return { statusCode: 400, code: 'invalid_request' }
}

function sendAnswer(reply: FastifyReply, answer: ProviderAnswer): FastifyReply {
  return reply.status(answer.statusCode).send(answer.body)
}

function sendPage(
  reply: FastifyReply,
  statusCode: number,
  render: (nonce: string) => SafeHtml,
  returnUrl?: string,
): FastifyReply {
  const nonce = randomBytes(16).toString('base64')
  return reply
    .status(statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', challengePagePolicy(nonce, returnUrl))
    .send(render(nonce).value)
}

const hidden = { hide: true }
const errorResponses = { '4xx': providerErrorBodySchema, '5xx': providerErrorBodySchema }

export const sandboxPaymentRoutes: FastifyPluginAsync<SandboxPaymentOptions> = (
  plugin,
  options,
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>()
  const { db, clock, settings } = options
  const deps = { db, clock, settings }
  const challengeRoute = `${app.prefix}${CHALLENGE_PATH}`
  const pagePath = (id: string) => `${app.prefix}/challenge/${id}`
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // the app's own refusals (the input check of issue #17 point 4) carry `status`
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500)
    if (request.routeOptions.url === challengeRoute) {
      if (status >= 500) request.log.error({ err: error }, 'sandbox page failed')
      return sendPage(reply, status >= 500 ? 500 : 400, (nonce) =>
        renderMessagePage('badRequest', nonce),
      )
    }
    if (error instanceof AppError && status < 500) {
      const fields = (error.issues ?? []).map((issue) => issue.path || '(body)')
      return reply.status(400).send({
        error: { code: 'invalid_request', message: `Invalid fields: ${fields.join(', ')}.` },
      })
    }
    if (error instanceof ProviderError) {
      return reply.status(error.statusCode).send(providerErrorBody(error.code))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map(
        (issue) => issue.instancePath.replace(/^\//, '') || '(body)',
      )
      return reply.status(400).send({
        error: { code: 'invalid_request', message: `Invalid fields: ${fields.join(', ')}.` },
      })
    }
    if (isResponseSerializationError(error) || (error.statusCode ?? 500) >= 500) {
      request.log.error({ err: error }, 'sandbox provider failed')
      return reply.status(500).send(providerErrorBody('internal_error'))
    }
    const { statusCode, code } = codeForFrameworkError(error)
    return reply.status(statusCode).send(providerErrorBody(code))
  })

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(providerErrorBody('not_found')),
  )

  // Fastify has no parser for HTML forms; this one serves the 3-D Secure page only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )

  /** Server-to-provider calls: `Authorization: Bearer <secret key>`. */
  const requireSecretKey: onRequestHookHandler = (request, _reply, done) => {
    const header = request.headers.authorization
    const match = header === undefined ? null : /^Bearer (\S+)$/.exec(header)
    const isAuthorized = match?.[1] !== undefined && isSameSecret(match[1], settings.secretKey)
    done(isAuthorized ? undefined : new ProviderError(401, 'unauthorized'))
  }
  const idempotencyKeyOf = (request: FastifyRequest): string => {
    const key = request.headers['idempotency-key']
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
      throw new ProviderError(400, 'missing_idempotency_key')
    }
    return key
  }
  /** Checked before the body, so a missing key is reported as such, whatever the body. */
  const requireIdempotencyKey: onRequestHookHandler = (request, _reply, done) => {
    try {
      idempotencyKeyOf(request)
      done()
    } catch (error) {
      done(error as ProviderError)
    }
  }

  app.post(
    '/v1/tokens',
    {
      bodyLimit: TOKEN_BODY_LIMIT,
      config: {
        // The global limiter leaves paths outside /api alone; this one counts every request.
        rateLimit: { max: TOKEN_RATE_LIMIT, timeWindow: '1 minute', allowList: [] },
      },
      schema: {
        ...hidden,
        body: tokenBodySchema,
        response: { 201: tokenResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { publishableKey, ...card } = request.body
      if (publishableKey === undefined || !isSameSecret(publishableKey, settings.publishableKey)) {
        throw new ProviderError(401, 'unauthorized')
      }
      return reply.status(201).send(await createToken(db, clock.now(), card))
    },
  )

  app.post(
    '/v1/payments',
    {
      onRequest: [requireSecretKey, requireIdempotencyKey],
      schema: {
        ...hidden,
        body: paymentBodySchema,
        response: { 200: paymentAnswerSchema, 402: paymentAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await createPayment(deps, idempotencyKeyOf(request), request.body)),
  )

  app.get(
    '/v1/payments',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema, ...errorResponses },
      },
    },
    async (request) => listPayments(db, request.query.orderId),
  )

  app.get(
    '/v1/payments/:id',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        params: paymentParamsSchema,
        response: { 200: paymentViewSchema, ...errorResponses },
      },
    },
    async (request) => getPayment(db, request.params.id),
  )

  app.post(
    '/v1/payments/:id/capture',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        params: paymentParamsSchema,
        response: { 200: paymentAnswerSchema, 402: paymentAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await capturePayment(deps, request.params.id)),
  )

  app.post(
    '/v1/payments/:id/cancel',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        params: paymentParamsSchema,
        response: { 200: paymentAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => sendAnswer(reply, await cancelPayment(deps, request.params.id)),
  )

  // Stored cards (issue #24): merchant-initiated charges of a card kept at a payment
  app.post(
    '/v1/stored-cards/:id/charges',
    {
      onRequest: [requireSecretKey, requireIdempotencyKey],
      schema: {
        ...hidden,
        params: storedCardParamsSchema,
        body: storedCardChargeBodySchema,
        response: { 200: storedCardChargeSchema, 402: paymentAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await chargeStoredCard(deps, idempotencyKeyOf(request), request.params.id, request.body),
      ),
  )

  app.delete(
    '/v1/stored-cards/:id',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        params: storedCardParamsSchema,
        response: { 200: storedCardDeletedSchema, ...errorResponses },
      },
    },
    async (request) => removeStoredCard(deps, request.params.id),
  )

  // Testing only (as deposits stand for a bank transfer): what the card's next charges do, so
  // that a browser test can have month 3 declined and its retry approved.
  app.post(
    '/v1/stored-cards/:id/next-outcome',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        params: storedCardParamsSchema,
        body: nextOutcomeBodySchema,
        response: { 200: nextOutcomeSchema, ...errorResponses },
      },
    },
    async (request) => setNextOutcome(db, request.params.id, request.body.outcome),
  )

  // Refunds and the day's figures (issue #21 point 3, ADR 0031)
  app.post(
    '/v1/refunds',
    {
      onRequest: [requireSecretKey, requireIdempotencyKey],
      schema: {
        ...hidden,
        body: refundBodySchema,
        response: { 200: refundSchema, 201: refundSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await createRefund(deps, idempotencyKeyOf(request), request.body)),
  )

  app.get(
    '/v1/payments/:id/refunds',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        params: paymentParamsSchema,
        response: { 200: refundListSchema, ...errorResponses },
      },
    },
    async (request) => listRefunds(db, request.params.id),
  )

  app.get(
    '/v1/reports/daily',
    {
      onRequest: requireSecretKey,
      schema: {
        ...hidden,
        querystring: dailyReportQuerySchema,
        response: { 200: dailyReportSchema, ...errorResponses },
      },
    },
    async (request) => dailyReport(db, request.query.date),
  )

  app.post(
    '/v1/virtual-accounts',
    {
      onRequest: [requireSecretKey, requireIdempotencyKey],
      schema: {
        ...hidden,
        body: virtualAccountBodySchema,
        response: { 200: virtualAccountSchema, 201: virtualAccountSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await issueVirtualAccount(deps, idempotencyKeyOf(request), request.body)),
  )

  // No key: a customer's transfer needs none, and the CLI cannot know the generated one. The
  // sandbox is off in production unless SANDBOX_PAYMENT=on.
  app.post(
    '/v1/virtual-accounts/deposits',
    {
      schema: {
        ...hidden,
        body: depositBodySchema,
        response: { 201: depositResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordDeposit({ ...deps, webhookUrl: options.webhookUrl }, request.body)),
  )

  app.get(CHALLENGE_PATH, { schema: hidden }, async (request, reply) => {
    const { id } = request.params as { id: string }
    const state = ID_PATTERNS.pay.test(id) ? await challengeState(db, id) : undefined
    if (state === undefined || state.kind === 'notFound') {
      return sendPage(reply, 404, (nonce) => renderMessagePage('notFound', nonce))
    }
    if (state.kind === 'finished') {
      // Reached again (the browser's back button from the merchant's page after the challenge,
      // or a second tab): a real issuer's page would not offer the challenge again; it sends the
      // browser on to the merchant's return address, whose page knows what became of the payment.
      return reply.header('cache-control', 'no-store').redirect(state.returnUrl, 303)
    }
    return sendPage(
      reply,
      200,
      (nonce) =>
        renderChallengePage(
          {
            action: pagePath(id),
            amount: state.amount,
            // after a wrong password (redirected here): the error and the tries left
            ...(state.failures > 0
              ? { remainingTries: CHALLENGE_MAX_FAILURES - state.failures }
              : {}),
          },
          nonce,
        ),
      state.returnUrl,
    )
  })

  app.post(CHALLENGE_PATH, { schema: hidden }, async (request, reply) => {
    const { id } = request.params as { id: string }
    if (!ID_PATTERNS.pay.test(id)) {
      return sendPage(reply, 404, (nonce) => renderMessagePage('notFound', nonce))
    }
    const form = challengeFormSchema.safeParse(request.body)
    if (!form.success) {
      return sendPage(reply, 400, (nonce) => renderMessagePage('badRequest', nonce))
    }
    const result = await answerChallenge(deps, id, form.data.action, form.data.password ?? '')
    switch (result.kind) {
      case 'notFound':
        return sendPage(reply, 404, (nonce) => renderMessagePage('notFound', nonce))
      case 'finished':
        return sendPage(reply, 200, (nonce) => renderFinishedPage(result.returnUrl, nonce))
      case 'returned':
        return reply.header('cache-control', 'no-store').redirect(result.returnUrl, 303)
      case 'wrongPassword':
        // Post/Redirect/Get: the page asking again is a GET, so that no POST stays in the
        // history and the browser's back from the merchant's completion never offers to send the
        // form again (issue #23 point 5, SPEC §2.7).
        return reply.header('cache-control', 'no-store').redirect(pagePath(id), 303)
    }
  })
  return Promise.resolve()
}
