import { vi } from 'vitest'

// A fetch stand-in for the screens' POST, PUT and DELETE calls (createTestServices({ fetch })).

export interface RecordedRequest {
  method: string
  url: string
  headers: Headers
  /** the JSON body, gunzipped (SPEC §7.3) */
  body: unknown
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  if (status === 204) return new Response(null, { status, headers })
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

async function readBody(init: RequestInit): Promise<unknown> {
  if (init.body === undefined || init.body === null) return undefined
  const stream = new Response(init.body).body
  if (stream === null) return undefined
  const isGzip = new Headers(init.headers).get('Content-Encoding') === 'gzip'
  const text = await new Response(
    isGzip ? stream.pipeThrough(new DecompressionStream('gzip')) : stream,
  ).text()
  return text === '' ? undefined : (JSON.parse(text) as unknown)
}

/**
 * A fetch that answers from `respond` (by method and path below /api) and records each request.
 * Responses are created per call, so the same answer can be given twice.
 */
export function mockFetch(respond: (method: string, path: string) => Response) {
  const requests: RecordedRequest[] = []
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init.method ?? 'GET'
    requests.push({ method, url, headers: new Headers(init.headers), body: await readBody(init) })
    return respond(method, url.replace(/^\/api/, ''))
  })
  return { fetch, requests }
}
