import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type {
  removeRequiredDocApi,
  uploadUrlApi,
  uploadUrlBodySchema,
} from '@app/shared/api/application/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import {
  fileUploadRoute,
  removeRequiredDocRoute,
  uploadUrlRoute,
} from '@app/shared/api/application/routes'
import type * as z from 'zod/mini'
import type { ApiClient } from '@/lib/api-client.ts'
import { callEndpoint } from '@/lib/call-endpoint.ts'

// The required documents' uploads (PRODUCT.md "Files", issue #6): a signed URL to upload to, the
// upload itself, and removing a file. Typed by the shared endpoints (ADR 0022); apart from the
// application's other calls, which every step loads, as only noticeMattersDoc uploads.

export type UploadUrlBody = z.input<typeof uploadUrlBodySchema>
export type UploadUrlResponse = EndpointResponse<typeof uploadUrlApi>

/** POST /uploadNecessaryDocsUrl/: a one-time signed upload URL for one slot. */
export function requestUploadUrl(api: ApiClient, body: UploadUrlBody): Promise<UploadUrlResponse> {
  return callEndpoint<typeof uploadUrlApi>(api, uploadUrlRoute, { body })
}

/** The upload route's fixed part: '/files/upload/' (the route ends in its token). */
const uploadPathPrefix = fileUploadRoute.path.slice(0, -1)

/**
 * The path to give the API client for a signed upload URL. The server answers with the URL as
 * the browser sees it ('/api/files/upload/…', under the API's base), while the client puts its
 * base in front of a relative path: keep the part from '/files/upload/'. A full URL of another
 * origin is passed as it is (the client sends no session token there).
 */
export function uploadPathOf(uploadUrl: string): string {
  if (/^https?:\/\//.test(uploadUrl)) return uploadUrl
  const index = uploadUrl.indexOf(uploadPathPrefix)
  return index < 0 ? uploadUrl : uploadUrl.slice(index)
}

/**
 * PUT {uploadUrl}: the file's bytes; the answer is the application with the file added. The URL
 * is the server's signed URL, not a route the browser fills in.
 */
export function uploadFile(
  api: ApiClient,
  uploadUrl: string,
  file: Blob,
): Promise<ApplicationView> {
  return api.put<ApplicationView>(uploadPathOf(uploadUrl), file, {
    contentType: 'application/octet-stream',
  })
}

/** DELETE /applyInfo/requiredDocs/{fileId}?version=N */
export function removeRequiredDoc(
  api: ApiClient,
  fileId: string,
  version: number,
): Promise<ApplicationView> {
  return callEndpoint<typeof removeRequiredDocApi>(api, removeRequiredDocRoute, {
    params: { fileId },
    query: { version },
  })
}
