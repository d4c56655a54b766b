import {
  fillPath,
  type Endpoint,
  type EndpointParams,
  type EndpointQuery,
  type Route,
} from '@app/shared/api/endpoint'
import type { Query } from './api-client.ts'

// A file the API answers (a CSV, an export), fetched with the session's Authorization header as
// any call is, then handed to the browser as a download. Route-based as callEndpoint
// (ADR 0022): no module spells the path.

export interface DownloadedFile {
  blob: Blob
  /** the answer's Content-Disposition, for the file's name */
  disposition: string | null
}

/** A client that can fetch a path's answer as bytes. */
export interface BlobClient {
  getBlob(path: string, query?: Query): Promise<DownloadedFile>
}

type Present<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] }
export type DownloadInput<E extends Endpoint> = Present<{
  params: EndpointParams<E>
  query: EndpointQuery<E>
}>

/** Fetches a GET endpoint's file: `downloadEndpoint<typeof auditLogCsvApi>(api, route, { query })`. */
export function downloadEndpoint<E extends Endpoint>(
  client: BlobClient,
  endpointRoute: Route<'GET', E['path']>,
  input: DownloadInput<E>,
): Promise<DownloadedFile>
export function downloadEndpoint(
  client: BlobClient,
  endpointRoute: Route,
  input: { params?: Readonly<Record<string, string | number>>; query?: Query },
): Promise<DownloadedFile> {
  return client.getBlob(fillPath(endpointRoute.path, input.params), input.query)
}

/** The file name of a Content-Disposition (filename* first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition === null) return fallback
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // a malformed name: the plain one below, or the fallback
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? fallback
}

/** Hands bytes to the browser as a download of that name. */
export function saveFile(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob)
  const link = doc.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  doc.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
