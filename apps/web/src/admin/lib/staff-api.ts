import { SESSION_EXPIRES_IN_HEADER, SESSION_TOKEN_HEADER } from '@app/shared/api/access/session'
import { errorBodySchema } from '@app/shared/error-body'
import type { ErrorBody } from '@app/shared/errors'
import {
  ApiError,
  buildUrl,
  gzipJson,
  retryAfterOf,
  type ApiClient,
  type Query,
  type RequestOptions,
} from '@/lib/api-client.ts'
import type { KeyValueStorage } from '@/lib/browser-storage.ts'
import type { BlobClient } from '@/lib/download-endpoint.ts'
import { localExpiry } from '@/lib/session.ts'
import { clearStaffSession, readStaffToken, refreshStaffSession } from './staff-session.ts'
import { adminErrorCodes } from '@app/shared/api/admin/errors'

// The console's API client (issue #20): the applicant app's (lib/api-client.ts) with the staff
// token. It sends the staff session's token as `Authorization: Bearer`, keeps the refreshed token
// the server answers with (x-session-token, x-session-expires-in), and on 401 ADMA0001 forgets
// the session and tells the console, which goes to the sign-in screen.

const UNKNOWN_ERROR_CODE = 'XPFF0001'

export interface StaffApiOptions {
  baseUrl: string
  fetch?: typeof fetch
  storage: KeyValueStorage | undefined
  /** the server no longer knows the session (401 ADMA0001) */
  onSessionEnded: () => void
}

export type StaffApiClient = ApiClient & BlobClient

async function errorBodyOf(response: Response): Promise<ErrorBody> {
  try {
    const parsed = errorBodySchema.safeParse(await response.json())
    if (parsed.success) return parsed.data
  } catch {
    // not JSON
  }
  return { errorCode: UNKNOWN_ERROR_CODE }
}

export function createStaffApiClient(options: StaffApiOptions): StaffApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const { storage } = options

  function headers(extra: Record<string, string>): Headers {
    const result = new Headers({ Accept: 'application/json', ...extra })
    const token = readStaffToken(storage)
    if (token !== undefined) result.set('Authorization', `Bearer ${token}`)
    return result
  }

  async function answer(url: string, init: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await doFetch(url, init)
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error
      throw new ApiError(0, { errorCode: UNKNOWN_ERROR_CODE })
    }
    const signedIn = new Headers(init.headers).has('Authorization')
    if (signedIn) {
      const token = response.headers.get(SESSION_TOKEN_HEADER)
      const expiresIn = Number(response.headers.get(SESSION_EXPIRES_IN_HEADER) ?? Number.NaN)
      if (token && Number.isInteger(expiresIn) && expiresIn >= 0) {
        refreshStaffSession(storage, token, localExpiry(expiresIn, Date.now()))
      }
    }
    if (!response.ok) {
      const body = await errorBodyOf(response)
      if (response.status === 401 && body.errorCode === adminErrorCodes.staffSession) {
        clearStaffSession(storage)
        options.onSessionEnded()
      }
      throw new ApiError(response.status, body, retryAfterOf(response))
    }
    return response
  }

  async function json<T>(url: string, init: RequestInit): Promise<T> {
    const response = await answer(url, init)
    if (response.status === 204) return undefined as T
    const text = await response.text()
    return (text === '' ? undefined : JSON.parse(text)) as T
  }

  const signal = (requestOptions: RequestOptions | undefined) => requestOptions?.signal ?? null

  return {
    get(path, query, requestOptions) {
      return json(buildUrl(options.baseUrl, path, query), {
        method: 'GET',
        headers: headers({}),
        signal: signal(requestOptions),
      })
    },
    async post(path, body, requestOptions) {
      return json(buildUrl(options.baseUrl, path), {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
        body: await gzipJson(body ?? {}),
        signal: signal(requestOptions),
      })
    },
    put(path, body, requestOptions) {
      const extra: Record<string, string> = {}
      if (requestOptions?.contentType) extra['Content-Type'] = requestOptions.contentType
      return json(buildUrl(options.baseUrl, path), {
        method: 'PUT',
        headers: headers(extra),
        body: body ?? null,
        signal: signal(requestOptions),
      })
    },
    delete(path, query: Query | undefined, requestOptions) {
      return json(buildUrl(options.baseUrl, path, query), {
        method: 'DELETE',
        headers: headers({}),
        signal: signal(requestOptions),
      })
    },
    async getBlob(path, query) {
      const response = await answer(buildUrl(options.baseUrl, path, query), {
        method: 'GET',
        headers: headers({ Accept: '*/*' }),
      })
      return {
        blob: await response.blob(),
        disposition: response.headers.get('content-disposition'),
      }
    },
  }
}
