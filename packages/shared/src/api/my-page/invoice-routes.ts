import { route } from '../endpoint.ts'

// The invoice of an auto-renewed contract (issue #21 point 4, ADR 0032): the light half of
// invoice.ts (ADR 0022). Every call names the my-page link and works on the signed-in policy
// holder's own newest auto-renewed contract paid by card or transfer. Executions carry an
// `Idempotency-Key` header, as the payment's do.

/** The invoice: what is due, whether it is paid, the card settings, the account if issued */
export const invoiceRoute = route('GET', '/invoice/')
/** A new puzzle for the invoice's card form (as /capyStatus/) */
export const invoicePuzzleRoute = route('GET', '/invoice/puzzle/')
/** Pay the invoice by card: the provider's card token and the solved puzzle */
export const payInvoiceByCardRoute = route('POST', '/invoice/card/')
/** Back from the provider's 3-D Secure page: finish the same card payment */
export const invoiceThreeDSecureRoute = route('POST', '/invoice/card/threeDSecure/')
/** Pay the invoice by transfer: the provider issues the contract's own virtual account */
export const invoiceVirtualAccountRoute = route('POST', '/invoice/virtualAccount/')
