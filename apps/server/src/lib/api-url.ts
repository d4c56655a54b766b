import { fillPath, type Route } from '@app/shared/api/endpoint'

/** Where the API's routes are mounted (app.ts); the browser's API base is the same path. */
export const API_PREFIX = '/api'

/** The URL the browser uses for one of our routes, e.g. a signed URL's target with its token. */
export function apiUrl(route: Route, params?: Readonly<Record<string, string | number>>): string {
  return `${API_PREFIX}${fillPath(route.path, params)}`
}

/**
 * A request path for the log with the rest-of-path param of these routes left out: a signed URL
 * is a capability, so its token never reaches the log.
 */
export function withoutSignedToken(routes: readonly Route[]): (path: string) => string {
  const prefixes = routes.map((route) => `${API_PREFIX}${route.path.slice(0, -1)}`)
  return (path) => {
    const prefix = prefixes.find((candidate) => path.startsWith(candidate))
    return prefix !== undefined && path.length > prefix.length ? `${prefix}…` : path
  }
}
