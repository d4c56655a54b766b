import type { FastifyReply } from 'fastify'

// Route schemas describe the response for validation and OpenAPI; these send bodies that are
// already checked (a cached, schema-validated JSON text) or are not JSON (image bytes), which
// Fastify passes through without serialising.

export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json)
}

export function sendBytes(reply: FastifyReply, contentType: string, bytes: Buffer): FastifyReply {
  return reply.type(contentType).send(bytes)
}
