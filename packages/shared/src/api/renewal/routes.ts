import { route } from '../endpoint.ts'

// Renewal (issue #9, ADR 0016): the light half of renewal/endpoints.ts (ADR 0022). Reached from
// my-page home: every call names the my-page link and the coverage period of the contract to
// renew, and works only on the signed-in policy holder's own contract of that period.

/** The renewal state of one contract (SPEC §3.7) and next year's terms */
export const renewalInfoRoute = route('GET', '/renewalInfo/')
/** Stop the contract's auto-renewal (SPEC §7.6 /stopUpdate/): before the fix date */
export const stopUpdateRoute = route('POST', '/stopUpdate/')
/** Start (or resume) the renewal procedure: a draft on next year's product, carried over */
export const renewalProcedureRoute = route('POST', '/renewalProcedure/')
