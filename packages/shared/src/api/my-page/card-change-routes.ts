import { route } from '../endpoint.ts'

// The holder's card change for a monthly contract (issue #24 point 4, ADR 0038): the light half
// of card-change.ts (ADR 0022). Every call names the my-page link and one coverage period; the
// contract is the signed-in holder's own. The executions carry an `Idempotency-Key` header, as
// the payment's do.

/** The card in use and the provider's card settings */
export const cardChangeRoute = route('GET', '/cardChange/')
/** A new puzzle for the card form (as /capyStatus/) */
export const cardChangePuzzleRoute = route('GET', '/cardChange/puzzle/')
/** Change the card: the provider's card token and the solved puzzle */
export const changeCardRoute = route('POST', '/cardChange/')
/** Back from the provider's 3-D Secure page: finish the same change */
export const cardChangeThreeDSecureRoute = route('POST', '/cardChange/threeDSecure/')
