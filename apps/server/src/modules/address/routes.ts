import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import {
  addressPath,
  addressQuerySchema,
  addressResponseSchema,
  errorBodySchema,
} from '@app/shared'
import { lookupAddress } from './address-lookup.ts'

/**
 * 郵便番号から住所 (SPEC §7.6 /address/). Signed-in applicants only, so the server is not an open
 * lookup service. Nothing found is an empty list: the browser then asks for the address by hand
 * (SPEC §8.4 "Address lookup failed").
 */
export const addressRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store')
    return payload
  })

  app.get(
    addressPath,
    {
      schema: {
        summary: '郵便番号から住所',
        tags: ['application'],
        security: [{ bearer: [] }],
        querystring: addressQuerySchema,
        response: { 200: addressResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      await app.sessions.require(request, reply)
      return { addressArray: await lookupAddress(request.query.zipCode) }
    },
  )
  done()
}
