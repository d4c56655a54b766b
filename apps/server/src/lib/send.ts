import { gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A JSON answer prepared once and sent many times: the validated body encoded as UTF-8, and its
 * gzip form for clients that accept it (compressing on every request cost more than the route).
 */
export interface PreparedJson {
  body: Buffer
  gzip: Buffer
}

export function prepareJson(value: unknown): PreparedJson {
  const body = Buffer.from(JSON.stringify(value), 'utf8')
  return { body, gzip: gzipSync(body) }
}

/** true unless the client does not list gzip, or refuses it with q=0 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  return value.split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== '*') return false
    const quality = parameters
      .map((parameter) => parameter.trim())
      .find((parameter) => parameter.startsWith('q='))
    return quality === undefined || Number.parseFloat(quality.slice(2)) > 0
  })
}

// Route schemas describe the response for validation and OpenAPI; these send bodies that are
// already checked (a prepared, schema-validated answer) or are not JSON (image bytes), which
// Fastify passes through without serialising.

export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(prepared.gzip)
  }
  return reply.send(prepared.body)
}

export function sendBytes(reply: FastifyReply, contentType: string, bytes: Buffer): FastifyReply {
  return reply.type(contentType).send(bytes)
}
