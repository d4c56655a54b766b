import { route } from '../endpoint.ts'

// Payment and completion (issue #7, ADR 0014): the light half of payment/payment.ts (ADR 0022).
// The applicant's own application, found by the session. Every execution carries an
// `Idempotency-Key` header: a repeat gets the first result.

/** What is due and how it is paid (the payment screen's guard, SPEC §2.5), and the completion */
export const paymentInfoRoute = route('GET', '/paymentInfo/')
/** The payment registration of SPEC §7.4 for a group not paid online (団体扱) */
export const registerPaymentRoute = route('POST', '/paymentInfo/')
/** A new puzzle (ALTCHA challenge) for the card form, valid 5 minutes, usable once */
export const capyStatusRoute = route('GET', '/capyStatus/')
/** Pay by card with the provider's card token and the solved puzzle */
export const executePaymentCreditRoute = route('POST', '/executePaymentCredit/')
/** After the provider's 3-D Secure page returns, finish the same payment */
export const executePaymentCreditReturnRoute = route('POST', '/executePaymentCredit/threeDSecure/')
/** Have the provider issue this application's virtual bank account */
export const executePaymentVAccountRoute = route('POST', '/executePaymentVAccount/')
/** The provider's signed deposit notification (no session: the signature decides) */
export const depositNotificationRoute = route('POST', '/paymentNotifications/deposit/')

/** The header of every execution: a key the browser makes once per payment (idempotencyKeySchema) */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** The header that signs the deposit notification's raw body */
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature'
