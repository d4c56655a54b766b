import { SESSION_EXPIRES_IN_HEADER, SESSION_TOKEN_HEADER } from '@app/shared/api/access/session'
import { errorCodes, readErrorBody, type ErrorBody } from '@app/shared/errors'
import type { KeyValueStorage } from './browser-storage.ts'
import { clearSession, localExpiry, readSessionToken, refreshSession } from './session.ts'

export { SESSION_TOKEN_KEY } from './session.ts'

/** The browser's default error code when a failure carries none (SPEC §4 "unknown error"). */
const UNKNOWN_ERROR_CODE = 'XPFF0001'

/** A non-2xx answer (or no answer at all: status 0) from the API. */
export class ApiError extends Error {
  readonly status: number
  readonly body: ErrorBody
  /** Retry-After in seconds: a refusal that ends by itself (a lockout, a rate limit) */
  readonly retryAfterSeconds: number | undefined

  constructor(status: number, body: ErrorBody, retryAfterSeconds?: number) {
    super(`API ${status} ${body.errorCode}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** Retry-After as a number of seconds (the form our API sends), else undefined. */
export function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : undefined
}

export type Query = Readonly<Record<string, string | number | undefined>>

export interface RequestOptions {
  signal?: AbortSignal | undefined
}

export interface ApiClient {
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>
  /** The JSON body is gzip-compressed (SPEC §7.3). */
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>
  /** The body is sent as given (SPEC §7.3), e.g. a file to a signed upload URL; or none. */
  put<T>(
    path: string,
    body?: BodyInit,
    options?: RequestOptions & { contentType?: string },
  ): Promise<T>
  delete<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>
}

export interface ApiClientOptions {
  baseUrl: string
  fetch?: typeof fetch
  /** where the session token is read from, and a refreshed one written to (lib/session.ts) */
  storage?: KeyValueStorage | undefined
  isDev?: boolean
}

const ABSOLUTE_URL = /^https?:\/\//

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = ABSOLUTE_URL.test(path) ? '' : baseUrl.replace(/\/+$/, '')
  const suffix = base === '' || path.startsWith('/') ? path : `/${path}`
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(name, String(value))
  }
  const queryString = search.toString()
  return queryString === '' ? `${base}${suffix}` : `${base}${suffix}?${queryString}`
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    length += value.byteLength
  }
  const result = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    result.set(chunk, offset)
    offset += chunk.byteLength
  }
  return result
}

/** JSON text → gzip bytes with the browser's CompressionStream (SPEC §7.3). */
export async function gzipJson(value: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
  return readAll(source.pipeThrough(new CompressionStream('gzip')))
}

async function parseErrorBody(response: Response): Promise<ErrorBody> {
  try {
    const body = readErrorBody(await response.json())
    if (body !== undefined) return body
  } catch {
    // not JSON (a proxy's HTML page, an empty body): fall through to the default code
  }
  return { errorCode: UNKNOWN_ERROR_CODE }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const storage = options.storage

  // The identity token goes with every call to our API (SPEC §6), never to another origin's
  // address a caller passes in full (a signed upload URL).
  function headers(path: string, extra: Record<string, string>): Headers {
    const result = new Headers({ Accept: 'application/json', ...extra })
    const token = readSessionToken(storage)
    if (token !== undefined && !ABSOLUTE_URL.test(path)) {
      result.set('Authorization', `Bearer ${token}`)
    }
    return result
  }

  // The server slides the session on every signed-in call and answers with the new token and
  // its end: keep them, or the next call would carry a token that has already been replaced.
  function keepRefreshedSession(response: Response): void {
    const token = response.headers.get(SESSION_TOKEN_HEADER)
    const expiresIn = Number(response.headers.get(SESSION_EXPIRES_IN_HEADER) ?? Number.NaN)
    if (token && Number.isInteger(expiresIn) && expiresIn >= 0) {
      refreshSession(storage, token, localExpiry(expiresIn, Date.now()))
    }
  }

  async function send<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response
    try {
      response = await doFetch(url, init)
    } catch (error) {
      if (isAbort(error)) throw error
      // No answer at all (offline, DNS, CORS): treated as an unknown error.
      throw new ApiError(0, { errorCode: UNKNOWN_ERROR_CODE })
    }
    const isSignedInCall = new Headers(init.headers).has('Authorization')
    if (isSignedInCall) keepRefreshedSession(response)
    if (!response.ok) {
      const body = await parseErrorBody(response)
      // The server no longer knows the session (ended, or signed out elsewhere): forget it too.
      if (isSignedInCall && response.status === 401 && body.errorCode === errorCodes.session) {
        clearSession(storage)
      }
      throw new ApiError(response.status, body, retryAfterOf(response))
    }
    if (response.status === 204) return undefined as T
    const text = await response.text()
    return (text === '' ? undefined : JSON.parse(text)) as T
  }

  return {
    get(path, query, requestOptions) {
      return send(buildUrl(options.baseUrl, path, query), {
        method: 'GET',
        headers: headers(path, {}),
        signal: requestOptions?.signal ?? null,
      })
    },
    async post(path, body, requestOptions) {
      const url = buildUrl(options.baseUrl, path)
      if (options.isDev) console.debug('[api] POST', url, body)
      return send(url, {
        method: 'POST',
        headers: headers(path, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
        body: await gzipJson(body),
        signal: requestOptions?.signal ?? null,
      })
    },
    put(path, body, requestOptions) {
      const extra: Record<string, string> = {}
      if (requestOptions?.contentType) extra['Content-Type'] = requestOptions.contentType
      return send(buildUrl(options.baseUrl, path), {
        method: 'PUT',
        headers: headers(path, extra),
        body: body ?? null,
        signal: requestOptions?.signal ?? null,
      })
    },
    delete(path, query, requestOptions) {
      return send(buildUrl(options.baseUrl, path, query), {
        method: 'DELETE',
        headers: headers(path, {}),
        signal: requestOptions?.signal ?? null,
      })
    },
  }
}
