import { formatJapaneseYearMonth, formatYen } from '../format/display.ts'
import { addDays, addMonths, isValidYyyymmdd } from '../time/business-date.ts'
import type { ApplyInfo } from '../api/application/apply-info.ts'
import { VIRTUAL_ACCOUNT_DUE_DAYS } from './payment.ts'

// The premium instalments of a card-paid contract (issue #24 point 2, ADR 0038): how many, which
// month each covers, and when each is charged, from the group product's payment settings
// (SPEC §3.3 pymntCount 払込回数, closingDay 締日) and the contract's coverage period. The server
// writes the schedule when the first payment succeeds; the screens, the mail and the certificate
// say it with `instalmentPlanText`.
//
// - The first instalment is charged at application, with the 3-D Secure payment, and covers the
//   coverage's first month (and the months after it, up to the next instalment).
// - Each later one is charged in advance: on the closing day of the month before the first month
//   it covers (the month's last day when the month is shorter), without the holder present.
// - One every 12 / pymntCount months (monthly for 12), while the coverage lasts.
// - A contract paid by bank transfer (pymntMethod "3") has the same schedule, each later
//   instalment due (to be transferred) by its date: the holder is mailed a virtual account of its
//   own INSTALMENT_INVOICE_LEAD_DAYS before it (ADR 0039). Its first instalment is the
//   application's own account; a later one is never due before that account's due date.

/** How later instalments are paid: the stored card, or a transfer to an invoiced account. */
export type InstalmentMethod = 'card' | 'transfer'

/** SPEC §3.3 pymntMethod: "1" card, "3" transfer; group collection ("4") has no instalments here. */
export function instalmentMethodOf(pymntMethod: string): InstalmentMethod | undefined {
  if (pymntMethod === '1') return 'card'
  if (pymntMethod === '3') return 'transfer'
  return undefined
}

/** SPEC §3.3 payment counts whose instalments fall on whole months. */
const SCHEDULABLE_COUNTS = [1, 2, 3, 4, 6, 12] as const

export interface InstalmentPlanInput {
  /** SPEC §3.3 払込回数: payments a year */
  pymntCount: number
  /** SPEC §3.3 締日: the day of the month of the later charges; null → the coverage start's day */
  closingDay: number | null
  /** YYYYMMDD: the coverage's first day (policyHolderInceptionDate) */
  inceptionDate: string
  /** YYYYMMDD: the coverage's last day (policyHolderExpiryDate) */
  expiryDate: string
  /** yen, each instalment (the contract's premium per payment) */
  amount: number
  /** YYYYMMDD: when the first instalment was charged (the application's payment) */
  firstChargeDate: string
  /** YYYYMMDD: no later instalment is due before it (default: firstChargeDate) */
  laterNotBefore?: string
}

export interface Instalment {
  /** 1 for the payment at application */
  seq: number
  /** YYYYMM: the first month it covers */
  coversMonth: string
  /** YYYYMMDD: when it is charged (the first: at application) */
  dueDate: string
  /** yen */
  amount: number
}

function daysInMonth(yyyymm: string): number {
  const year = Number(yyyymm.slice(0, 4))
  const month = Number(yyyymm.slice(4, 6))
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The closing day in a month: the month's last day when it is shorter. */
function chargeDateIn(yyyymm: string, closingDay: number): string {
  const day = Math.min(closingDay, daysInMonth(yyyymm))
  return `${yyyymm}${String(day).padStart(2, '0')}`
}

/** Months between two YYYYMM, `to` after `from` gives a positive number. */
function monthsBetween(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4))
  return years * 12 + Number(to.slice(4, 6)) - Number(from.slice(4, 6))
}

/** Months between two instalments (12 for a yearly payment, 1 for a monthly one). */
export function instalmentIntervalMonths(pymntCount: number): number {
  if (!(SCHEDULABLE_COUNTS as readonly number[]).includes(pymntCount)) {
    throw new RangeError(`pymntCount ${pymntCount} does not divide a year into whole months`)
  }
  return 12 / pymntCount
}

/**
 * Every instalment of the contract, the first (at application) included. Throws RangeError on a
 * date that is not a date, a closing day outside 1–31, an expiry before the inception, an amount
 * that is not a whole number of yen, or a payment count that does not divide a year.
 */
export function instalmentSchedule(input: InstalmentPlanInput): Instalment[] {
  const interval = instalmentIntervalMonths(input.pymntCount)
  const laterNotBefore = input.laterNotBefore ?? input.firstChargeDate
  for (const [name, value] of [
    ['inceptionDate', input.inceptionDate],
    ['expiryDate', input.expiryDate],
    ['firstChargeDate', input.firstChargeDate],
    ['laterNotBefore', laterNotBefore],
  ] as const) {
    if (!isValidYyyymmdd(value)) throw new RangeError(`${name} is not a YYYYMMDD date: ${value}`)
  }
  if (input.expiryDate < input.inceptionDate) {
    throw new RangeError('the coverage ends before it starts')
  }
  const closingDay = input.closingDay ?? Number(input.inceptionDate.slice(6, 8))
  if (!Number.isInteger(closingDay) || closingDay < 1 || closingDay > 31) {
    throw new RangeError(`closingDay ${closingDay} is not a day of a month`)
  }
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`amount ${input.amount} is not a whole, positive number of yen`)
  }

  const firstMonth = input.inceptionDate.slice(0, 6)
  const lastMonth = input.expiryDate.slice(0, 6)
  const count = Math.floor(monthsBetween(firstMonth, lastMonth) / interval) + 1
  const instalments: Instalment[] = []
  for (let index = 0; index < count; index += 1) {
    const coversMonth = addMonths(firstMonth, index * interval)
    const inAdvance = chargeDateIn(addMonths(coversMonth, -1), closingDay)
    instalments.push({
      seq: index + 1,
      coversMonth,
      // a later instalment never falls before the first payment (a late application): it is
      // charged on the first day the charge job runs after it
      dueDate:
        index === 0
          ? input.firstChargeDate
          : inAdvance < laterNotBefore
            ? laterNotBefore
            : inAdvance,
      amount: input.amount,
    })
  }
  return instalments
}

function monthLabel(yyyymm: string): string {
  return `${formatJapaneseYearMonth(yyyymm)}分`
}

/**
 * 「初回 2,280円（2027年1月分）、以降毎月26日に 2,280円（2027年12月分まで）」 (card) or 「…、以降毎月
 * 26日までに 2,280円をお振込み（2027年12月分まで）」 (transfer): the schedule in one sentence, for
 * the confirmation, payment and completion screens, the mail, the my-page and the certificate.
 */
export function instalmentPlanText(
  schedule: readonly Instalment[],
  closingDay: number,
  method: InstalmentMethod = 'card',
): string {
  const [first, second] = schedule
  if (first === undefined) return ''
  const firstText = `初回 ${formatYen(first.amount)}（${monthLabel(first.coversMonth)}）`
  const last = schedule[schedule.length - 1]
  if (second === undefined || last === undefined) return firstText
  const interval = monthsBetween(first.coversMonth, second.coversMonth)
  const every = interval === 1 ? '毎月' : `${interval}か月ごとの`
  const day = closingDay === 31 ? '末日' : `${closingDay}日`
  const later =
    method === 'card'
      ? `${day}に ${formatYen(second.amount)}`
      : `${day}までに ${formatYen(second.amount)}をお振込み`
  return `${firstText}、以降${every}${later}（${monthLabel(last.coversMonth)}まで）`
}

/**
 * A contract's instalments (issue #24): the coverage from the policy holder's dates (the
 * product's year when they are not fixed yet), each later one the contract's premium, the first
 * `firstAmount` (what the application pays: it may carry the group's additional cost). Undefined
 * when the product's payment count gives no schedule. The server writes it at completion; the
 * confirmation screen shows it before.
 */
export function contractInstalments(
  group: { pymntCount: number; closingDay: number | null; groupExpiryDate: string },
  applyInfo: Pick<ApplyInfo, 'basicInfo' | 'policyHolderInfo' | 'cvrgeInfo'>,
  firstAmount: number,
  today: string,
  method: InstalmentMethod = 'card',
): Instalment[] | undefined {
  const holder = applyInfo.policyHolderInfo
  try {
    const schedule = instalmentSchedule({
      pymntCount: group.pymntCount,
      closingDay: group.closingDay,
      inceptionDate:
        holder.policyHolderInceptionDate === ''
          ? `${applyInfo.basicInfo.groupPfCodeInceptionDateYm}01`
          : holder.policyHolderInceptionDate,
      expiryDate:
        holder.policyHolderExpiryDate === ''
          ? group.groupExpiryDate
          : holder.policyHolderExpiryDate,
      amount: applyInfo.cvrgeInfo.totalPremium,
      firstChargeDate: today,
      // a transfer's second instalment is not due before the first's account is
      ...(method === 'transfer'
        ? { laterNotBefore: addDays(today, VIRTUAL_ACCOUNT_DUE_DAYS) }
        : {}),
    })
    return schedule.map((each) => (each.seq === 1 ? { ...each, amount: firstAmount } : each))
  } catch (error) {
    if (error instanceof RangeError) return undefined
    throw error
  }
}

/**
 * The plan's sentence of a written schedule: the day of the later charges is the product's
 * closing day, or, without one, the day they were scheduled on (the second's due date).
 */
export function schedulePlanText(
  schedule: readonly Instalment[],
  closingDay: number | null,
  method: InstalmentMethod = 'card',
): string {
  const [first, second] = schedule
  if (first === undefined) return ''
  const day = closingDay ?? Number((second ?? first).dueDate.slice(6, 8))
  return instalmentPlanText(schedule, day, method)
}
