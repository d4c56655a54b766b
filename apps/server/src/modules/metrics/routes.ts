import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AppError, errorCodes } from '@app/shared'
import type { Metrics } from './metrics.ts'

// GET /metrics for Prometheus (issue #19 point 6), outside /api and its rate limit: only with the
// bearer token METRICS_TOKEN (without it the path is not served at all). Every answered request of
// the process is counted by its route template and timed.

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/metrics'

function isToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '', 'utf8')
  const expected = Buffer.from(token, 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
    done()
  })
  if (token === undefined) return
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!isToken(request.headers.authorization, token)) {
      throw new AppError(errorCodes.session, { message: 'metrics token missing or wrong' })
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics())
  })
}
