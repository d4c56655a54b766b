import { INSTALMENT_INVOICE_LEAD_DAYS } from '../rules/payment.ts'
import { premiumPeriodLabel } from './premium-text.ts'

// What a payment covers and how the rest of the year is paid (issue #23 point 4, issue #24): the
// payment and completion screens, and the completion mail. In a module of its own, so that the
// screens that only price a plan do not load it (ADR 0037).

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
