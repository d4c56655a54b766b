import {
  fillPath,
  type Endpoint,
  type EndpointBodyInput,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type Route,
} from '@app/shared/api/endpoint'
import type { ApiClient, Query, RequestOptions } from './api-client.ts'

// The one way the browser calls our API (issue #18 point 2, ADR 0022): with the endpoint's route
// (its method and path template, from the area's light `routes.ts`) and typed by the endpoint's
// definition (a type-only import of `endpoints.ts`, so no schema reaches the bundle). The URL is
// built from the template; no screen or hook spells a path.

/** The parts of a call the endpoint takes; a part it does not take is left out. */
export type CallInput<E extends Endpoint> = Present<{
  params: EndpointParams<E>
  query: EndpointQuery<E>
  body: EndpointBodyInput<E>
}>

type Present<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] }

interface AnyCallInput {
  params?: Readonly<Record<string, string | number>>
  query?: Query
  body?: unknown
}

/**
 * Calls an endpoint: `callEndpoint<typeof saveStepApi>(api, saveStepRoute, { params, body })`.
 * The route must be the endpoint's own (its method and path are checked against the definition).
 * A POST's JSON body is gzip-compressed (SPEC §7.3); a PUT's is sent as JSON text.
 */
export function callEndpoint<E extends Endpoint>(
  api: ApiClient,
  endpointRoute: Route<E['method'], E['path']>,
  input: CallInput<E>,
  options?: RequestOptions,
): Promise<EndpointResponse<E>>
export function callEndpoint(
  api: ApiClient,
  endpointRoute: Route,
  input: AnyCallInput,
  options?: RequestOptions,
): Promise<unknown> {
  const path = fillPath(endpointRoute.path, input.params)
  switch (endpointRoute.method) {
    case 'GET':
      return api.get(path, input.query, options)
    case 'POST':
      return api.post(path, input.body, options)
    case 'PUT':
      return api.put(
        path,
        input.body === undefined ? undefined : JSON.stringify(input.body),
        input.body === undefined ? options : { ...options, contentType: 'application/json' },
      )
    case 'DELETE':
      return api.delete(path, input.query, options)
  }
}
