import { formatYen } from '../format/display.ts'
import type { PremiumBasis } from '../rules/premium-basis.ts'

// What an amount is the price of (issue #23 points 3 and 4, ADR 0019). Every screen, mail and the
// certificate that shows a premium says per whom (1名あたり, or 被保険者全員分 for a couple or
// family unit) and per what (月額, 年額, or one of n payments); a payment says what it covers and
// how the rest is paid (payment-scope-text.ts). Plain functions without the message tables, so that the server's
// mails and PDF and every web chunk use the same words.

/** 「月額」「年額」「年4回払いの1回分」: what one premium amount is for. */
export function premiumPeriodLabel(pymntCount: number): string {
  if (pymntCount === 12) return '月額'
  if (pymntCount === 1) return '年額'
  return `年${pymntCount}回払いの1回分`
}

/** 「1,230円（1名あたり・月額）」「2,180円（被保険者全員分・月額）」 */
export function unitPremiumText(
  amount: number,
  basis: PremiumBasis | undefined,
  pymntCount: number,
): string {
  const whom = basis === 'perUnit' ? '被保険者全員分' : '1名あたり'
  return `${formatYen(amount)}（${whom}・${premiumPeriodLabel(pymntCount)}）`
}

/** 「合計保険料（月額）」 */
export function totalPremiumLabel(pymntCount: number): string {
  return `合計保険料（${premiumPeriodLabel(pymntCount)}）`
}

/**
 * A plan's name on the choice screens (issue #23 point 20): its display name, with the coverage
 * name in brackets only when that says more. 「Aプラン（本人のみ）（団体総合生活補償保険 Aプラン（本人
 * 型））」 doubled the name: a coverage name that contains the display name (before any bracket of
 * its own) adds nothing.
 */
export function planNameText(unit: { displayName: string; coverageName: string }): string {
  const base = unit.displayName.replace(/（.*$/, '').trim()
  return base !== '' && unit.coverageName.includes(base)
    ? unit.displayName
    : `${unit.displayName}（${unit.coverageName}）`
}
