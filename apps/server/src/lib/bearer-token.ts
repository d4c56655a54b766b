import type { FastifyRequest } from 'fastify'

/**
 * The token of `Authorization: Bearer <token>` (a signed session token: base64url parts joined
 * by dots), or undefined when the header is missing or malformed. Applicant, holder and staff
 * sessions all send theirs this way; each reads it with its own token use.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer ([A-Za-z0-9_.-]{10,4096})$/.exec(header)
  return match?.[1]
}
