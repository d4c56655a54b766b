// Card brands in words (issue #24): a module of its own, so that only the screens that show a
// card download it (ADR 0011).

const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
  diners: 'Diners Club',
}

/** A card brand as the provider names it (`visa`, …) in the words a holder reads (issue #24). */
export function cardBrandName(brand: string): string {
  return CARD_BRAND_NAMES[brand] ?? brand
}
