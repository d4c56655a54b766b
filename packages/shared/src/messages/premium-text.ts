import { formatYen } from '../format/display.ts'
import { INSTALMENT_INVOICE_LEAD_DAYS } from '../rules/payment.ts'
import type { PremiumBasis } from '../rules/premium-basis.ts'

// What an amount is the price of (issue #23 points 3 and 4, ADR 0019). Every screen, mail and the
// certificate that shows a premium says per whom (1名あたり, or 被保険者全員分 for a couple or
// family unit) and per what (月額, 年額, or one of n payments), and a payment says what it covers
// and how the rest is paid. Plain functions without the message tables, so that the server's
// mails and PDF and every web chunk use the same words.

/** The group's payment settings that decide the words (SPEC §3.3 pymntMethod and count). */
export interface PaymentTerms {
  /** "1" card, "3" virtual account, "4" group collection */
  pymntMethod: string
  /** payments a year: 12 monthly, 1 yearly */
  pymntCount: number
  /**
   * SPEC §3.3 締日, the day of the month later card instalments are charged, or transferred
   * instalments are due (issue #24); null: the coverage start's day. Left out where the schedule is
   * not known: the later instalments are then announced separately.
   */
  closingDay?: number | null
}

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

/** 「初回（1か月分）の保険料」「1年分の保険料」「初回（年4回払いの1回分）の保険料」 */
function firstPaymentName(pymntCount: number): string {
  if (pymntCount === 12) return '初回（1か月分）の保険料'
  if (pymntCount === 1) return '1年分の保険料'
  return `初回（年${pymntCount}回払いの1回分）の保険料`
}

/**
 * What the amount due covers and how the rest of the year is paid, for the payment screen, the
 * completion screen and the completion mail. A card or a transfer pays the first instalment (or
 * the year) now; a card's later instalments are charged to the same card on the closing day
 * (issue #24), a transfer's are due by the closing day, each to an account mailed before it
 * (ADR 0039). Group collection pays nothing here.
 */
export function paymentScopeText(terms: PaymentTerms): string {
  if (terms.pymntMethod === '4') {
    return `保険料（${premiumPeriodLabel(terms.pymntCount)}）は、ご所属の団体を通じてお支払いいただきます。`
  }
  const now = `今回のお支払いは、${firstPaymentName(terms.pymntCount)}です。`
  if (terms.pymntCount === 1) return `${now}保険期間1年分の保険料は、これですべてです。`
  const isScheduled =
    (terms.pymntMethod === '1' || terms.pymntMethod === '3') &&
    terms.closingDay !== undefined &&
    12 % terms.pymntCount === 0
  if (isScheduled) {
    const interval = 12 / terms.pymntCount
    const every = interval === 1 ? '毎月' : `${interval}か月ごとの`
    const day =
      terms.closingDay === null || terms.closingDay === undefined
        ? '保険開始日と同じ日'
        : terms.closingDay === 31
          ? '末日'
          : `${terms.closingDay}日`
    if (terms.pymntMethod === '1') {
      // the card the provider keeps is charged for each later instalment (issue #24, ADR 0038)
      return `${now}2回目以降は、同じクレジットカードで${every}${day}にお支払いいただきます。`
    }
    // each later instalment has an account of its own, mailed before it is due (ADR 0039)
    return `${now}2回目以降は、${every}${day}までにお振り込みいただきます。お振込先の口座は、そのつど期日の${INSTALMENT_INVOICE_LEAD_DAYS}日前ごろにメールでお知らせします。`
  }
  return `${now}2回目以降の保険料のお支払いについては、あらためてご案内します。`
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
