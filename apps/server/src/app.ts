import { randomUUID } from 'node:crypto'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, errorCodes } from '@app/shared'
import type { Clock } from './clock.ts'
import type { Database, DatabaseHandle } from './db/client.ts'
import type { Config, TrustProxy } from './env.ts'
import { API_PREFIX } from './lib/api-url.ts'
import { registerMetrics } from './modules/metrics/routes.ts'
import { BackgroundTasks } from './lib/background.ts'
import { loggableError, loggableErrorField } from './lib/log-error.ts'
import { accessRoutes } from './modules/access/routes.ts'
import { applicationRoutes } from './modules/application/routes.ts'
import { addressRoutes } from './modules/address/routes.ts'
import { fileRoutes, withoutFileToken } from './modules/files/routes.ts'
import { groupRoutes } from './modules/group/routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { mailPlugin } from './modules/mail/plugin.ts'
import { pamphletRoutes } from './modules/pamphlet/routes.ts'
import { SANDBOX_PREFIX } from './modules/payment/provider-settings.ts'
import { paymentRoutes } from './modules/payment/routes.ts'
import { invoiceRoutes } from './modules/payment/invoice-routes.ts'
import { myPageRoutes } from './modules/my-page/plugin.ts'
import { withoutCertificateToken } from './modules/my-page/contract/routes.ts'
import { renewalRoutes } from './modules/renewal/routes.ts'
import { sandboxPaymentRoutes } from './sandbox/routes.ts'
import { registerMaintenanceGate } from './modules/system/maintenance.ts'
import { maintenanceRoutes } from './modules/system/maintenance-routes.ts'
import { noticeRoutes } from './modules/notices/routes.ts'
import { entryGroupOf, renderNoticeBanner } from './modules/notices/notice-banner.ts'
import { floodGuardStore } from './modules/security/flood-guard-store.ts'
import { registerErrorHandling } from './plugins/error-handler.ts'
import { registerInputTextCheck } from './plugins/input-text.ts'
import { contentSecurityPolicy, registerSecurityHeaders } from './plugins/security.ts'
import { createLandingRenderer } from './plugins/landing-render.ts'
import { insertBeforeRoot, registerSpa } from './plugins/spa.ts'
import { staffRoutes } from './modules/staff/routes.ts'
import { supportRoutes } from './modules/back-office/support-routes.ts'
import { moneyRoutes } from './modules/payment/money-routes.ts'
import { auditRoutes } from './modules/audit/routes.ts'
import { exportRoutes } from './modules/export/routes.ts'
import { backOfficeRoutes } from './modules/back-office/routes.ts'
import { participationRoutes } from './modules/participation/routes.ts'
import { setupRoutes } from './modules/back-office/setup-routes.ts'
import { buildServices, type Services } from './services.ts'

// zod's Japanese messages are only a safety net behind our own catalogue (STYLE.md §4).
z.config(z.locales.ja())

declare module 'fastify' {
  /** the services of the composition root (services.ts), one decoration each */
  interface FastifyInstance extends Services {
    config: Config
    db: Database
    database: DatabaseHandle
    clock: Clock
    /** work run after an answer is sent, so that its time does not show (issue #17 point 8) */
    background: BackgroundTasks
    /** every route as registered, hidden ones included (the fuzz test walks it) */
    routeTable: RegisteredRoute[]
  }
}

export interface RegisteredRoute {
  method: string
  url: string
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined
}

export interface BuildAppOptions {
  config: Config
  database: DatabaseHandle
  clock: Clock
  /** pino options, or false for silence (tests) */
  logger?: FastifyServerOptions['logger']
  /** the product's own logger options, written to this stream (tests of what is logged) */
  logStream?: { write(line: string): void }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

/** Never log personal data: only the method, the path (no query string) and the request id. */
function loggerOptions(
  config: Config,
  stream?: BuildAppOptions['logStream'],
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream === undefined ? {} : { stream }),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: withoutCertificateToken(withoutFileToken(request.url.split('?')[0] ?? '')),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      // an error's class, code, SQL text and stack frames; never parameters or quoted values
      ...errorSerializers,
    },
  }
}

const errorSerializers: Record<string, (value: unknown) => unknown> = {
  err: loggableError,
  error: loggableErrorField,
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count becomes proxy-addr's own rule (the n hops nearest
 * the server are proxies), since Fastify's types know only addresses, booleans and functions.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust
  return (_address, hop) => hop < trust
}

/** Where this process listens, for links in mail when PUBLIC_BASE_URL is not set. */
function listeningBaseUrl(app: FastifyInstance): string {
  const address = app.server.address()
  if (address === null || typeof address === 'string') return 'http://localhost'
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${address.port}`
}

/** plugins → modules → error handler; tests import this and use `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, clock } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow clients (issue #17 point 6): Node checks the limits every quarter of the shorter one.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(config.timeouts.headersMs, config.timeouts.requestMs) / 4,
      ),
    },
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>()

  const routeTable: RegisteredRoute[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      routeTable.push({ method, url: route.url, schema: route.schema })
    }
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('db', database.db)
  app.decorate('clock', clock)
  const background = new BackgroundTasks((error) => {
    app.log.error({ err: error }, 'background task failed')
  })
  app.decorate('background', background)
  app.addHook('onClose', () => background.settled())
  const publicBaseUrl = () => config.publicBaseUrl ?? listeningBaseUrl(app)
  const services = await buildServices({
    config,
    db: database.db,
    clock,
    log: app.log,
    background,
    publicBaseUrl,
    listeningBaseUrl: () => listeningBaseUrl(app),
  })
  for (const [name, service] of Object.entries(services)) app.decorate(name, service)
  registerErrorHandling(app)
  registerSecurityHeaders(app, config)
  registerMetrics(app, services.metrics, config.metricsToken)
  registerInputTextCheck(app)
  // Decompresses gzip request bodies (SPEC §7.3); bodyLimit then applies to the inflated size.
  await app.register(compress, { global: true, threshold: 1024, requestEncodings: ['gzip'] })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '団体保険 Web加入・加入者マイページ API',
        description:
          'Group insurance enrolment and policy-holder portal API (generated from the route schemas).',
        version: '0.1.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          // PRODUCT.md "Sessions": the signed session token from sessionStorage (SPEC §6)
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })

  await app.register(healthRoutes)
  await mailPlugin(app, services.mailDelivery)
  const {
    renewalJob,
    followUpJob,
    instalmentJob,
    retentionJob,
    reconciliationJob,
    maintenance,
    paymentSettings,
  } = services
  app.addHook('onReady', (done) => {
    reconciliationJob.start()
    renewalJob.start()
    followUpJob.start()
    instalmentJob.start()
    retentionJob.start()
    done()
  })
  app.addHook('onClose', () => reconciliationJob.stop())
  app.addHook('onClose', () => renewalJob.stop())
  app.addHook('onClose', () => followUpJob.stop())
  app.addHook('onClose', () => instalmentJob.stop())
  app.addHook('onClose', () => retentionJob.stop())
  registerMaintenanceGate(app, maintenance, clock)
  // A flood guard per client address on the API; secret checks get their own, stricter limits.
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // counted in the database: one limit across every process (flood-guard-store.ts)
    store: floodGuardStore({ db: database.db }),
    allowList: (request) => !request.url.startsWith(`${API_PREFIX}/`),
  })
  await app.register(
    async (api) => {
      await api.register(groupRoutes)
      await api.register(accessRoutes)
      await api.register(applicationRoutes)
      await api.register(fileRoutes)
      await api.register(addressRoutes)
      await api.register(paymentRoutes)
      await api.register(invoiceRoutes)
      await api.register(myPageRoutes)
      await api.register(renewalRoutes)
      await api.register(staffRoutes)
      await api.register(supportRoutes)
      await api.register(moneyRoutes)
      await api.register(auditRoutes)
      await api.register(exportRoutes)
      await api.register(backOfficeRoutes)
      await api.register(maintenanceRoutes)
      await api.register(noticeRoutes)
      await api.register(participationRoutes)
      await api.register(setupRoutes)
      // Not in production unless API_DOCS=on: the document maps every route for a prober.
      if (config.apiDocs) api.get('/docs', { schema: { hide: true } }, () => app.swagger())
      // A route, not the not-found handler, so unknown paths get the same body decoding
      // (a gzip POST included), rate limit and error body as every other API call.
      api.all('/*', { schema: { hide: true } }, () => {
        throw new AppError(errorCodes.apiNotFound)
      })
    },
    { prefix: API_PREFIX },
  )
  // The sandbox payment provider (ADR 0014): a provider of its own, reached over HTTP only.
  if (config.payment.sandbox) {
    await app.register(sandboxPaymentRoutes, {
      prefix: SANDBOX_PREFIX,
      db: database.db,
      clock,
      settings: paymentSettings,
      webhookUrl: () => `${listeningBaseUrl(app)}/api/paymentNotifications/deposit/`,
    })
  }
  // The pamphlet's /app path is a server page, never the SPA's index.html (ADR 0008).
  await app.register(pamphletRoutes, { maintenance, notices: services.noticeBoard })
  // A group's notices on its entry URLs, before the app's root (issue #21 point 7, ADR 0034).
  // Landing pages rendered on the server (issue #22, ADR 0036), with a group's notices before
  // the app's root on its entry URLs (issue #21 point 7, ADR 0034).
  const landing = createLandingRenderer({
    app,
    webDistDir: config.webDistDir,
    ssrDistDir: config.webSsrDistDir,
    now: () => clock.now().getTime(),
    isClosed: () => maintenance.isActive(clock.now()),
    log: app.log,
  })
  await registerSpa(app, config.webDistDir, config.adminDistDir, async (request, built) => {
    const rendered = await landing.render(request, built)
    const html = rendered?.html ?? built
    const groupPfCode = entryGroupOf(request.url.split('?')[0] ?? '')
    const banner =
      groupPfCode === undefined
        ? ''
        : renderNoticeBanner(await services.noticeBoard.current(groupPfCode, clock.now())).value
    if (rendered === undefined && banner === '') return undefined
    return {
      html: banner === '' ? html : insertBeforeRoot(html, banner),
      headers:
        rendered === undefined
          ? undefined
          : {
              'content-security-policy': contentSecurityPolicy(config, {
                styleNonce: rendered.styleNonce,
              }),
            },
    }
  })
  return app
}
