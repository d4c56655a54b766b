import { z } from 'zod'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import {
  AppError,
  errorBodySchema,
  errorCodes,
  groupPfInfoApi,
  itemDefinitionsApi,
} from '@app/shared'
import { sendBytes, sendPreparedJson } from '../../lib/send.ts'
import { findImage } from './group-repository.ts'

const errorResponses = { 400: errorBodySchema, 404: errorBodySchema }

/** Group information (SPEC §7.1), item definitions (§7.2) and the group's images. */
export const groupRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.route({
    method: groupPfInfoApi.method,
    url: groupPfInfoApi.path,
    attachValidation: true,
    schema: {
      summary: '団体情報取得 (SPEC §7.1)',
      tags: ['group'],
      querystring: groupPfInfoApi.querystring,
      response: { 200: groupPfInfoApi.response, ...errorResponses },
    },
    handler: async (request, reply) => {
      // A malformed link is the invalid-URL error (SPEC §2.6), not a field error.
      if (request.validationError !== undefined) throw new AppError(errorCodes.invalidUrl)
      const prepared = await app.groupService.groupPfInfo(request.query, app.clock.now())
      return sendPreparedJson(request, reply, prepared)
    },
  })

  app.route({
    method: itemDefinitionsApi.method,
    url: itemDefinitionsApi.path,
    attachValidation: true,
    schema: {
      summary: '項目定義取得 (SPEC §7.2)',
      tags: ['group'],
      querystring: itemDefinitionsApi.querystring,
      response: { 200: itemDefinitionsApi.response, ...errorResponses },
    },
    handler: async (request, reply) => {
      if (request.validationError !== undefined) throw new AppError(errorCodes.invalidUrl)
      const prepared = await app.groupService.itemDefinitions(request.query, app.clock.now())
      return sendPreparedJson(request, reply, prepared)
    },
  })

  app.route({
    method: 'GET',
    url: '/groupImages/:fileId',
    schema: {
      summary: '団体の画像（ロゴ・トップ画像）',
      tags: ['group'],
      params: z.strictObject({ fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
      response: { 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      const image = await findImage(app.db, request.params.fileId)
      if (image === undefined) throw new AppError(errorCodes.apiNotFound)
      // fileId is a hash of the bytes, so the content under a name never changes.
      void reply.header('cache-control', 'public, max-age=31536000, immutable')
      if (image.contentType === 'image/svg+xml') {
        void reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        )
      }
      return sendBytes(reply, image.contentType, image.bytes)
    },
  })
  done()
}
