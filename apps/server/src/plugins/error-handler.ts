import type { FastifyError, FastifyInstance } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod'
import {
  AppError,
  describeError,
  errorCodes,
  findMessage,
  t,
  type ErrorBody,
  type Issue,
} from '@app/shared'

import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-unavailable.ts'

// One error handler for the whole app: every non-2xx body is { errorCode, message?, issues? }
// (PRODUCT.md "Maintenance and errors") and nothing internal ever reaches the client.

/** '/insrdInfoArray/0/insrdNameKana' → 'insrdInfoArray.0.insrdNameKana' */
function issuePath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.')
}

/** Fastify's own errors (body parser, compression, rate limit) mapped onto our codes. */
function codeForFrameworkError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorCodes.payloadTooLarge
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return errorCodes.unsupportedMediaType
    default:
      break
  }
  if (error.statusCode === 429) return errorCodes.rateLimited
  if (error.statusCode === 404) return errorCodes.apiNotFound
  if (error.statusCode === 413) return errorCodes.payloadTooLarge
  if (error.statusCode === 415) return errorCodes.unsupportedMediaType
  return errorCodes.badRequest
}

/** The user message of a code, when the catalogue has one (`error.<code>`). */
export function userMessageFor(errorCode: string): string | undefined {
  return findMessage(`error.${errorCode}`)
}

export function errorBody(errorCode: string, message?: string, issues?: Issue[]): ErrorBody {
  const body: ErrorBody = { errorCode }
  const text = message ?? userMessageFor(errorCode)
  if (text !== undefined) body.message = text
  if (issues !== undefined) body.issues = issues
  return body
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((validation) => ({
        path: issuePath(validation.instancePath),
        message: validation.message ?? t('error.APFV0001'),
      }))
      return reply.status(400).send(errorBody(errorCodes.validationFailed, undefined, issues))
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.retryAfterSeconds))
      }
      if (error.status >= 500) request.log.error({ err: error }, 'request failed')
      else
        request.log.info({ errorCode: error.errorCode, reason: error.message }, 'request refused')
      return reply
        .status(error.status)
        .send(errorBody(error.errorCode, error.userMessage, error.issues))
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema')
      return reply.status(500).send(errorBody(errorCodes.system, t('error.E9999')))
    }
    const statusCode = error.statusCode ?? 500
    if (statusCode >= 400 && statusCode < 500) {
      const errorCode = codeForFrameworkError(error)
      request.log.info({ errorCode, reason: error.code }, 'request refused')
      if (statusCode === 429)
        void reply.header('retry-after', reply.getHeader('retry-after') ?? '60')
      return reply.status(describeError(errorCode).status).send(errorBody(errorCode))
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return reply
        .status(503)
        .send(errorBody(errorCodes.temporarilyUnavailable, t('error.APFS0002')))
    }
    // A plain Error is a bug: log it with the request id, answer without internals.
    request.log.error({ err: error }, 'unexpected error')
    return reply.status(500).send(errorBody(errorCodes.system, t('error.E9999')))
  })
}
