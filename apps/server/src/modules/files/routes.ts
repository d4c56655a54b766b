import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { maxUploadBytes } from '@app/shared'
import * as Files from '@app/shared/api/application/endpoints'
import { fileDownloadRoute, fileUploadRoute } from '@app/shared/api/application/routes'
import { withoutSignedToken } from '../../lib/api-url.ts'
import { registerEndpoint, withoutSignIn } from '../../lib/register-endpoint.ts'
import { sendBytes } from '../../lib/send.ts'

const tags = ['files']
const refusals = [400, 401, 403, 404, 409, 429]
/** The signed URLs' targets: the token decides, so no session and their own refusals. */
const urlRefusals = [400, 409, 410, 413, 415]

/** A request path for the log: a signed file URL is a capability, so its token is left out. */
export const withoutFileToken = withoutSignedToken([fileUploadRoute, fileDownloadRoute])

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
  const signedIn = (summary: string) => ({
    summary,
    tags,
    refusals,
    guard: app.sessions.applicant,
  })

  registerEndpoint(
    app,
    Files.uploadUrlApi,
    signedIn('必要書類のアップロード用の署名付きURL（1ファイル・1回・10分）'),
    async ({ who, body }) => {
      const signed = await app.files.issueUploadUrl(who, body)
      return { uploadUrl: signed.url, expiresAt: signed.expiresAt }
    },
  )

  // The upload takes the file's bytes as they are: its own parser, only here, and 2 MB at most
  // (a larger body is refused with 413 before anything is read into the store).
  app.register((upload, _uploadOptions, uploadDone) => {
    upload.removeAllContentTypeParsers()
    upload.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: maxUploadBytes },
      (_request, body, parsed) => {
        parsed(null, body)
      },
    )
    registerEndpoint(
      upload,
      Files.fileUploadApi,
      {
        summary: '署名付きURLへのファイルの送信（本文はファイルのバイト列）',
        tags,
        refusals: urlRefusals,
        guard: withoutSignIn,
        route: { bodyLimit: maxUploadBytes },
      },
      async ({ params, request }) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        return app.files.receiveUpload(params['*'], bytes)
      },
    )
    uploadDone()
  })

  registerEndpoint(
    app,
    Files.downloadUrlApi,
    signedIn('アップロード済みの書類を開く署名付きURL（5分）'),
    async ({ who, body }) => {
      const signed = await app.files.issueDownloadUrl(who, body.fileId)
      return { downloadUrl: signed.url, expiresAt: signed.expiresAt }
    },
  )

  registerEndpoint(
    app,
    Files.fileDownloadApi,
    {
      summary: '署名付きURLの先: 書類のバイト列（添付ファイルとして）',
      tags,
      refusals: [410],
      guard: withoutSignIn,
    },
    async ({ params, request, reply }) => {
      const download = await app.files.openDownload(params['*'])
      // A back-office link (issue #20 point 5, ADR 0027): the download is audited as the staff's.
      if (download.staffId !== null) {
        await app.audit.record({
          actorKind: 'staff',
          actorId: download.staffId,
          clientAddress: request.ip,
          action: 'document.downloaded',
          recordKind: 'application',
          recordId: download.applicationId,
          details: { fileId: download.fileId },
        })
      }
      void reply
        .header('content-disposition', contentDisposition(download.fileName))
        .header('x-content-type-options', 'nosniff')
        // whatever the file holds, a browser that opens it anyway runs nothing from it
        .header('content-security-policy', "default-src 'none'; sandbox")
      return sendBytes(reply, download.contentType, download.bytes)
    },
  )

  registerEndpoint(
    app,
    Files.removeRequiredDocApi,
    signedIn('必要書類の削除（version は申込情報の版）'),
    ({ who, params, query }) => app.files.deleteFile(who, params.fileId, query.version),
  )
  done()
}
