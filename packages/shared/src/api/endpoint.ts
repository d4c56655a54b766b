import type { $ZodType, input, output } from 'zod/v4/core'

// One definition per endpoint (issue #18 point 2, ADR 0022). An endpoint has two halves:
//
// - its **route**, `route(method, path)`, in the area's `routes.ts`: the method and the path
//   template, whose `{name}` segments are the route's params. It builds no schema, so the browser
//   imports it to call the endpoint without the schemas reaching a screen's bundle (ADR 0011);
// - its **schemas**, `defineEndpoint(route, { params, querystring, body, response })`, in the
//   area's `endpoints.ts`: what the server registers and validates, and what the browser's call is
//   typed by (a type-only import).
//
// The server registers an endpoint with one helper (apps/server/src/lib/register-endpoint.ts); the
// browser calls it with one function (apps/web/src/lib/call-endpoint.ts) that fills the template.
// Neither spells a path: a test asserts that no path literal is left in either.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A method and a path template under the API's base, e.g. `PUT /applyInfo/insured/{unitNo}`. */
export interface Route<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M
  readonly path: P
}

/**
 * A route. `{name}` in the path is a param; a path ending in `*` takes the rest of the URL as the
 * param `*` (a signed token, longer than a router's param may be).
 */
// Pure: a bundle drops the routes a screen does not call (a signed URL's target, the webhook).
/* @__NO_SIDE_EFFECTS__ */
export function route<const M extends HttpMethod, const P extends string>(
  method: M,
  path: P,
): Route<M, P> {
  return { method, path }
}

/** What an endpoint checks and answers. Every part the route does not take is left out. */
export interface EndpointSchemas {
  readonly params?: $ZodType
  readonly querystring?: $ZodType
  readonly body?: $ZodType
  /** the answer's JSON; left out when the answer is bytes (a file) */
  readonly response?: $ZodType
  /** the status of a success, 200 unless said */
  readonly status?: number
}

export type Endpoint<R extends Route = Route, S extends EndpointSchemas = EndpointSchemas> = R & S

/** An endpoint: its route and its schemas, in one object the server registers. */
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<R extends Route, const S extends EndpointSchemas>(
  routeOfEndpoint: R,
  schemas: S,
): Endpoint<R, S> {
  return { ...routeOfEndpoint, ...schemas }
}

type Output<S> = S extends $ZodType ? output<S> : undefined
type Input<S> = S extends $ZodType ? input<S> : undefined

/** The params, query and body as the server's handler gets them: checked and transformed. */
export type EndpointParams<E> = E extends { readonly params: infer S } ? Output<S> : undefined
export type EndpointQuery<E> = E extends { readonly querystring: infer S } ? Output<S> : undefined
export type EndpointBody<E> = E extends { readonly body: infer S } ? Output<S> : undefined
/** The body as a caller sends it (before the schema's transforms). */
export type EndpointBodyInput<E> = E extends { readonly body: infer S } ? Input<S> : undefined
/** The answer's JSON. */
export type EndpointResponse<E> = E extends { readonly response: infer S } ? Output<S> : unknown

/** The names of a template's params: '/a/{unitNo}/{insrdId}' → 'unitNo' | 'insrdId'. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}*`
    ? '*'
    : never

/** The names of a template's params, in order. */
export function pathParamNames(path: string): string[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')
  return path.endsWith('*') ? [...names, '*'] : names
}

/**
 * The template with its params filled in, each one URL-encoded as a path segment; the rest-of-path
 * param `*` is put as it is (a signed token is URL-safe). A missing param is a programming error.
 */
export function fillPath(
  path: string,
  params: Readonly<Record<string, string | number>> | undefined,
): string {
  const valueOf = (name: string): string => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`missing path param ${name} of ${path}`)
    return String(value)
  }
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(valueOf(name)),
  )
  return filled.endsWith('*') ? `${filled.slice(0, -1)}${valueOf('*')}` : filled
}
