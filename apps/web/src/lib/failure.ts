import { classifyFailure, type ErrorDisplayState } from '@app/shared/rules/error-screen'
import { isRouteErrorResponse } from 'react-router'
import { ApiError } from './api-client.ts'
import { ChunkLoadError } from './chunk-reload.ts'
import { GroupLoadError } from './group-store.ts'

/** A screen's initialisation step failed (SPEC §2.9 "server-initialisation failures"). */
export class InitialisationError extends Error {
  constructor(cause: unknown) {
    super('screen initialisation failed', { cause })
    this.name = 'InitialisationError'
  }
}

/** A route's validity check failed (SPEC §2.5): the 404 page, not the error screen. */
export class PageNotFoundError extends Error {
  constructor() {
    super('page not found')
    this.name = 'PageNotFoundError'
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof PageNotFoundError || (isRouteErrorResponse(error) && error.status === 404)
}

/** Failures the shell expects and shows; anything else is a bug worth a console entry. */
export function isExpectedFailure(error: unknown): boolean {
  return (
    error instanceof PageNotFoundError ||
    error instanceof ApiError ||
    error instanceof GroupLoadError ||
    error instanceof InitialisationError ||
    error instanceof ChunkLoadError ||
    isRouteErrorResponse(error)
  )
}

/** SPEC §4 "Error display states" for anything a route or a call can fail with. */
export function displayStateOf(error: unknown): ErrorDisplayState {
  if (error instanceof ApiError) return classifyFailure(error.status, error.body)
  if (error instanceof GroupLoadError) {
    return classifyFailure(error.status, { errorCode: error.errorCode })
  }
  if (error instanceof InitialisationError) {
    const { cause } = error
    // Maintenance still shows as maintenance, and a session the server no longer knows as the
    // session error, even when either interrupts an initialisation.
    if (cause instanceof ApiError && (cause.status === 503 || cause.status === 401)) {
      return classifyFailure(cause.status, cause.body)
    }
    return { kind: 'initialisationFailed' }
  }
  if (isRouteErrorResponse(error)) return classifyFailure(error.status, error.data)
  return { kind: 'unknown' }
}
