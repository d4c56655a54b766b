// The sandbox provider's test cards (docs/payment.md, ADR 0014): each number stands for one
// behaviour. Every number is Luhn-valid. Any other Luhn-valid number of 14–16 digits behaves like
// `frictionless`; a number that fails the Luhn check, or starts with a digit no brand uses (0, 1,
// 2, 7, 8, 9), is refused by the token endpoint as `invalid_number`.

export const sandboxTestCards = {
  /** Visa: 3-D Secure challenge (password 123456), then authorised and captured */
  threeDSecure: '4111111111111111',
  /** Mastercard: no challenge (frictionless), authorised and captured */
  frictionless: '5555555555554444',
  /** Diners (14 digits): frictionless, like the above */
  frictionless14: '36000000000008',
  /** declined: card_declined → APFK0003 */
  declined: '4000000000000002',
  /** declined, try again later: try_again_later → APFK0004 */
  retryLater: '4000000000000010',
  /** the provider is busy (503): provider_busy → APFK0005 */
  busy: '4000000000000028',
  /** the details do not match (expiry or security code): invalid_card_details → APFK0006 */
  detailsInvalid: '4000000000000036',
  /** a card that cannot be used (stolen, restricted): card_not_usable → APFK0007 */
  notUsable: '4000000000000044',
  /** processing failed at the acquirer: 42C120000 → the error screen (SPEC §8.2) */
  paymentFailed42C: '4000000000000051',
  /** the provider is in maintenance (503): maintenance → APFK0010 */
  maintenance: '4000000000000069',
  /** the provider fails (500) with its code ESOE0011 → shown with the code */
  systemError: '4000000000000077',
  /** 3-D Secure challenge, and the issuer refuses the authentication → APFK0012 */
  threeDSecureDeclined: '4000000000000085',
  /**
   * stored cards (issue #24): the first payment is frictionless, every later charge of the card
   * kept with `storeCard: true` is declined (card_declined → APFK0003)
   */
  declinesLater: '4000000000000093',
} as const

export type SandboxScenario = keyof typeof sandboxTestCards

/** The 3-D Secure page's test password. */
export const SANDBOX_3DS_PASSWORD = '123456'
/** The code the `paymentFailed42C` card gives. */
export const SANDBOX_42C_CODE = '42C120000'
/** The code the `systemError` card gives. */
export const SANDBOX_SYSTEM_ERROR_CODE = 'ESOE0011'
