import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify'
// the schema's `tags`, `summary` and `security` are @fastify/swagger's additions to FastifySchema
import type {} from '@fastify/swagger'
import { errorBodySchema } from '@app/shared'
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@app/shared/api/endpoint'

// The one way a route is registered (issue #18 point 2, ADR 0022): from its shared endpoint
// definition (packages/shared/src/api/<area>/endpoints.ts). The helper takes the method, the path
// template and every schema from the definition, adds the error body under each refusal, marks the
// answer `no-store` (answers carry tokens and personal data: no cache on the way may keep them),
// and runs the session guard before the handler. Nothing of a request is logged here.

/**
 * Who a guard lets through: a signed-in applicant, a policy holder of the link's group … It runs
 * after the request has been checked against the endpoint's schemas.
 */
export type Guard<Who> = (request: FastifyRequest, reply: FastifyReply) => Promise<Who>

/** The checked (and transformed) params, query and body of a request. */
export interface EndpointInput<E extends Endpoint> {
  params: EndpointParams<E>
  query: EndpointQuery<E>
  body: EndpointBody<E>
}

export interface EndpointCall<E extends Endpoint, Who> extends EndpointInput<E> {
  /** what the guard answered; undefined for a call made without signing in */
  who: Who
  request: FastifyRequest
  reply: FastifyReply
}

export interface EndpointOptions<Who> {
  /** for the OpenAPI document (Japanese, as the screens say it) */
  summary: string
  description?: string
  tags: readonly string[]
  /** the refusal statuses the endpoint may answer; each with the error body (errors.ts) */
  refusals: readonly number[]
  /**
   * Who may call, decided before the handler: a session guard (the OpenAPI document then shows the
   * bearer token), or `withoutSignIn`
   */
  guard: Guard<Who>
  /** `no-store` unless said (the group's images are immutable and cached a year) */
  cacheControl?: string | false
  /** Fastify route options the endpoint needs (a body limit, no HEAD route, …) */
  route?: Pick<RouteShorthandOptions, 'bodyLimit' | 'attachValidation' | 'exposeHeadRoute'>
}

/** The guard of a call made without signing in (verifyUser, sign-in, a signed URL's target). */
export function withoutSignIn(): Promise<undefined> {
  return Promise.resolve(undefined)
}

/** A JSON answer, or the reply itself once the handler has sent bytes or a prepared body. */
export type EndpointAnswer<E extends Endpoint> = EndpointResponse<E> | FastifyReply

/** `{name}` → `:name`, the router's spelling of a param. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

function schemaOf<Who>(endpoint: Endpoint, options: EndpointOptions<Who>): FastifySchema {
  const response: Record<number, unknown> = {}
  if (endpoint.response !== undefined) response[endpoint.status ?? 200] = endpoint.response
  for (const status of options.refusals) response[status] = errorBodySchema
  return {
    summary: options.summary,
    ...(options.description === undefined ? {} : { description: options.description }),
    tags: [...options.tags],
    ...(Object.is(options.guard, withoutSignIn) ? {} : { security: [{ bearer: [] }] }),
    ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
    ...(endpoint.querystring === undefined ? {} : { querystring: endpoint.querystring }),
    ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
    response,
  }
}

/** Registers an endpoint: its handler gets the checked input and, when guarded, who calls. */
export function registerEndpoint<E extends Endpoint, Who>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointOptions<Who>,
  handle: (call: EndpointCall<E, Who>) => Promise<EndpointAnswer<E>>,
): void {
  const cacheControl = options.cacheControl ?? 'no-store'
  app.route({
    method: endpoint.method,
    url: routerPath(endpoint.path),
    ...options.route,
    schema: schemaOf(endpoint, options),
    ...(cacheControl === false
      ? {}
      : {
          onSend: (_request, reply, payload, done) => {
            if (!reply.hasHeader('cache-control')) void reply.header('cache-control', cacheControl)
            done(null, payload)
          },
        }),
    handler: async (request, reply) => {
      // Fastify has checked params, query and body against the endpoint's schemas before the
      // handler runs, and put each schema's output in their place (fastify-type-provider-zod's
      // validator compiler): they are the endpoint's types, which the router cannot know.
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
      } as EndpointInput<E>
      const who = await options.guard(request, reply)
      const answer = await handle({ ...input, who, request, reply })
      if (answer === reply) return reply
      return reply.status(endpoint.status ?? 200).send(answer)
    },
  })
}
