import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { AppError, errorCodes } from '@app/shared'
import * as Group from '@app/shared/api/group/endpoints'
import { registerEndpoint, withoutSignIn } from '../../lib/register-endpoint.ts'
import { sendBytes, sendPreparedJson } from '../../lib/send.ts'
import { findImage } from './group-repository.ts'

const tags = ['group']
const refusals = [400, 404]

/** Group information (SPEC §7.1), item definitions (§7.2) and the group's images. */
export const groupRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // Public and the same for every applicant of the link: no session, and no `no-store`.
  const publicCall = (summary: string) => ({
    summary,
    tags,
    refusals,
    guard: withoutSignIn,
    cacheControl: false as const,
    route: { attachValidation: true },
  })

  registerEndpoint(
    app,
    Group.groupPfInfoApi,
    publicCall('団体情報取得 (SPEC §7.1)'),
    async ({ query, request, reply }) => {
      // A malformed link is the invalid-URL error (SPEC §2.6), not a field error.
      if (request.validationError !== undefined) throw new AppError(errorCodes.invalidUrl)
      const prepared = await app.groupService.groupPfInfo(query, app.clock.now())
      return sendPreparedJson(request, reply, prepared)
    },
  )
  registerEndpoint(
    app,
    Group.itemDefinitionsApi,
    publicCall('項目定義取得 (SPEC §7.2)'),
    async ({ query, request, reply }) => {
      if (request.validationError !== undefined) throw new AppError(errorCodes.invalidUrl)
      const prepared = await app.groupService.itemDefinitions(query, app.clock.now())
      return sendPreparedJson(request, reply, prepared)
    },
  )
  registerEndpoint(
    app,
    Group.groupImageApi,
    {
      summary: '団体の画像（ロゴ・トップ画像）',
      tags,
      refusals: [404],
      guard: withoutSignIn,
      cacheControl: false,
    },
    async ({ params, reply }) => {
      const image = await findImage(app.db, params.fileId)
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
  )
  done()
}
