import { z } from 'zod'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { errorBodySchema, errorCodes } from '@app/shared'
import { errorBody } from '../../plugins/error-handler.ts'

/** `/healthz`: the process answers. `/readyz`: the database answers too (PRODUCT.md "Shape"). */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({ status: 'ok' as const }),
  )
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping()
        return { status: 'ready' as const }
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable')
        return reply.status(503).send(errorBody(errorCodes.system))
      }
    },
  )
  done()
}
