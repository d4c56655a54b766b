import { toBusinessYm } from '@app/shared'
import { isLuhnValid } from '@app/shared/rules/payment'
import { sandboxTestCards, type SandboxScenario } from './test-cards.ts'

// The token endpoint's checks on the card data, in the order a provider reports them
// (docs/payment.md "Test cards"). The card data lives only in this request: what is kept is the
// behaviour the number stands for, the brand and the expiry.

export type CardBrand = 'visa' | 'mastercard' | 'jcb' | 'amex' | 'diners'

export interface CardInput {
  cardNumber?: string | undefined
  expiryMonth?: string | undefined
  expiryYear?: string | undefined
  securityCode?: string | undefined
}

export type CardCheck =
  | { ok: true; brand: CardBrand; scenario: SandboxScenario }
  | {
      ok: false
      code:
        | 'missing_fields'
        | 'invalid_number'
        | 'unsupported_brand'
        | 'invalid_expiry'
        | 'expired_card'
        | 'invalid_security_code'
    }

const CARD_NUMBER = /^[3-6]\d{13,15}$/
const EXPIRY_MONTH = /^(?:0[1-9]|1[0-2])$/
const EXPIRY_YEAR = /^\d{4}$/
const SECURITY_CODE = /^\d{3,4}$/

/** The brand by the number's prefix; 6… (Discover, UnionPay) is not a brand this provider takes. */
function brandOf(cardNumber: string): CardBrand | undefined {
  if (cardNumber.startsWith('4')) return 'visa'
  if (cardNumber.startsWith('5')) return 'mastercard'
  if (cardNumber.startsWith('34') || cardNumber.startsWith('37')) return 'amex'
  if (cardNumber.startsWith('35')) return 'jcb'
  if (cardNumber.startsWith('3')) return 'diners'
  return undefined
}

const scenarioByNumber = new Map<string, SandboxScenario>(
  Object.entries(sandboxTestCards).map(([scenario, number]) => [
    number,
    scenario as SandboxScenario,
  ]),
)

/** The behaviour of a card number: its test card's, else an ordinary frictionless card. */
export function scenarioOf(cardNumber: string): SandboxScenario {
  return scenarioByNumber.get(cardNumber) ?? 'frictionless'
}

/** Checks card data as a provider's token endpoint does; `now` decides whether it has expired. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const { cardNumber, expiryMonth, expiryYear, securityCode } = input
  if (!cardNumber || !expiryMonth || !expiryYear || !securityCode) {
    return { ok: false, code: 'missing_fields' }
  }
  if (!CARD_NUMBER.test(cardNumber) || !isLuhnValid(cardNumber)) {
    return { ok: false, code: 'invalid_number' }
  }
  const brand = brandOf(cardNumber)
  if (brand === undefined) return { ok: false, code: 'unsupported_brand' }
  if (!EXPIRY_MONTH.test(expiryMonth) || !EXPIRY_YEAR.test(expiryYear)) {
    return { ok: false, code: 'invalid_expiry' }
  }
  // A card is valid to the end of its expiry month, in Japan time.
  if (`${expiryYear}${expiryMonth}` < toBusinessYm(now)) return { ok: false, code: 'expired_card' }
  if (!SECURITY_CODE.test(securityCode)) return { ok: false, code: 'invalid_security_code' }
  return { ok: true, brand, scenario: scenarioOf(cardNumber) }
}
