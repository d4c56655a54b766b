import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { addressApi } from '@app/shared/api/application/endpoints'
import { registerEndpoint } from '../../lib/register-endpoint.ts'
import { lookupAddress } from './address-lookup.ts'

/**
 * 郵便番号から住所 (SPEC §7.6 /address/). Signed-in applicants only, so the server is not an open
 * lookup service. Nothing found is an empty list: the browser then asks for the address by hand
 * (SPEC §8.4 "Address lookup failed").
 */
export const addressRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  registerEndpoint(
    app,
    addressApi,
    {
      summary: '郵便番号から住所',
      tags: ['application'],
      refusals: [400, 401],
      guard: app.sessions.applicant,
    },
    async ({ query }) => ({ addressArray: await lookupAddress(query.zipCode) }),
  )
  done()
}
