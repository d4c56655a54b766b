import { route } from '../endpoint.ts'

// The session's timing, headers and routes (PRODUCT.md "Sessions"), apart from the zod contracts
// in endpoints.ts: the web app's first download needs these, not the schemas (ADR 0011, 0022).

/** PRODUCT.md "Sessions": idle timeout, and when the browser warns before it. */
export const SESSION_IDLE_MINUTES = 30
export const SESSION_WARNING_MINUTES = 5
/** The response header that carries a refreshed session token (the session slides on use). */
export const SESSION_TOKEN_HEADER = 'x-session-token'
/** …and when that token's session ends unless used again (ISO 8601). */
export const SESSION_EXPIRES_HEADER = 'x-session-expires-at'
/**
 * …and in how many seconds: the browser counts from its own clock, which may differ from the
 * server's (a wrong PC clock, a pinned APP_NOW), so it keeps a deadline of its own.
 */
export const SESSION_EXPIRES_IN_HEADER = 'x-session-expires-in'

/** SPEC §7.5 current user; the my-page's second sign-in step POSTs to it too */
export const sessionInfoPath = '/sessionInfo/'
/** SPEC §7.5: who is signed in */
export const sessionInfoRoute = route('GET', sessionInfoPath)
/** 「延長する」: the session extended */
export const extendSessionRoute = route('PUT', sessionInfoPath)
/** sign-out: the server's session ended */
export const endSessionRoute = route('DELETE', sessionInfoPath)
