import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  applicationResponseSchema,
  downloadPresignedPath,
  downloadUrlBodySchema,
  downloadUrlResponseSchema,
  errorBodySchema,
  fileDownloadPath,
  fileUploadPath,
  maxUploadBytes,
  requiredDocsPath,
  uploadNecessaryDocsUrlPath,
  uploadResponseSchema,
  uploadUrlBodySchema,
  uploadUrlResponseSchema,
  versionQuerySchema,
} from '@app/shared'
import { sendBytes } from '../../lib/send.ts'

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}
const urlRefusals = {
  400: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
}

// A signed token is longer than the router's 100-character limit on a `:param`, so the routes
// take the rest of the path (`*`). The token's own checks (signature, audience, expiry) decide;
// this only bounds the work.
const tokenParams = z.strictObject({ '*': z.string().max(2048) })
const fileIdParams = z.strictObject({ fileId: z.string().regex(/^[0-9a-f-]{36}$/) })

const SIGNED_FILE_PATH = new RegExp(`^(/api(?:${fileUploadPath}|${fileDownloadPath})).+$`)

/** A request path for the log: a signed file URL is a capability, so its token is left out. */
export function withoutFileToken(path: string): string {
  return path.replace(SIGNED_FILE_PATH, '$1…')
}

/** RFC 8187 ext-value: UTF-8, percent-encoded, including the characters encodeURIComponent keeps. */
function contentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename*=UTF-8''${encoded}`
}

/**
 * Required documents (PRODUCT.md "Files", ADR 0012): the signed upload and download URLs, their
 * destinations, and deleting a file. File names and contents are never logged.
 */
export const fileRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store')
    return payload
  })

  app.post(
    uploadNecessaryDocsUrlPath,
    {
      schema: {
        summary: '必要書類のアップロード用の署名付きURL（1ファイル・1回・10分）',
        tags: ['files'],
        security: [{ bearer: [] }],
        body: uploadUrlBodySchema,
        response: { 200: uploadUrlResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      const signed = await app.files.issueUploadUrl(signedIn, request.body)
      return { uploadUrl: signed.url, expiresAt: signed.expiresAt }
    },
  )

  // The upload takes the file's bytes as they are: its own parser, only here, and 2 MB at most
  // (a larger body is refused with 413 before anything is read into the store).
  app.register((plugin, _uploadOptions, uploadDone) => {
    const upload = plugin.withTypeProvider<ZodTypeProvider>()
    upload.removeAllContentTypeParsers()
    upload.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: maxUploadBytes },
      (_request, body, parsed) => {
        parsed(null, body)
      },
    )
    upload.put(
      `${fileUploadPath}*`,
      {
        bodyLimit: maxUploadBytes,
        schema: {
          summary: '署名付きURLへのファイルの送信（本文はファイルのバイト列）',
          tags: ['files'],
          params: tokenParams,
          response: { 200: uploadResponseSchema, ...urlRefusals },
        },
      },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        return app.files.receiveUpload(request.params['*'], bytes)
      },
    )
    uploadDone()
  })

  app.post(
    downloadPresignedPath,
    {
      schema: {
        summary: 'アップロード済みの書類を開く署名付きURL（5分）',
        tags: ['files'],
        security: [{ bearer: [] }],
        body: downloadUrlBodySchema,
        response: { 200: downloadUrlResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      const signed = await app.files.issueDownloadUrl(signedIn, request.body.fileId)
      return { downloadUrl: signed.url, expiresAt: signed.expiresAt }
    },
  )

  app.get(
    `${fileDownloadPath}*`,
    {
      schema: {
        summary: '署名付きURLの先: 書類のバイト列（添付ファイルとして）',
        tags: ['files'],
        params: tokenParams,
        response: { 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      const download = await app.files.openDownload(request.params['*'])
      void reply
        .header('content-disposition', contentDisposition(download.fileName))
        .header('x-content-type-options', 'nosniff')
        // whatever the file holds, a browser that opens it anyway runs nothing from it
        .header('content-security-policy', "default-src 'none'; sandbox")
      return sendBytes(reply, download.contentType, download.bytes)
    },
  )

  app.delete(
    `${requiredDocsPath}:fileId`,
    {
      schema: {
        summary: '必要書類の削除（version は申込情報の版）',
        tags: ['files'],
        security: [{ bearer: [] }],
        params: fileIdParams,
        querystring: versionQuerySchema,
        response: { 200: applicationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const signedIn = await app.sessions.require(request, reply)
      return app.files.deleteFile(signedIn, request.params.fileId, request.query.version)
    },
  )
  done()
}
