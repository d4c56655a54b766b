// Display helpers (SPEC §5.3). They only change how a value looks: a value that is not in the
// expected form is returned as it is, so a screen never hides or invents data. None of them uses
// Intl or toLocaleString, whose output depends on the runtime's default locale.

import { toBusinessDate, toBusinessTime } from '../time/business-date.ts'

const YEAR_MONTH = /^(\d{4})(\d{2})$/
const YEAR_MONTH_DATE = /^(\d{4})(\d{2})(\d{2})$/
const DECIMAL = /^(-?)(\d+)(\.\d+)?$/
const DIGITS = /^\d+$/

/**
 * 年月 YYYYMM を YYYY-MM で表示する（SPEC §5.3）。`'202604'` → `'2026-04'`。
 * Only the shape is checked (6 ASCII digits); whether the month exists is the `yearMonth` rule's job.
 */
export function formatYearMonth(value: string): string {
  const match = YEAR_MONTH.exec(value)
  return match ? `${match[1]}-${match[2]}` : value
}

/**
 * 年月日 YYYYMMDD を YYYY-MM-DD で表示する（SPEC §5.3）。`'20260401'` → `'2026-04-01'`。
 * Only the shape is checked (8 ASCII digits); whether the date exists is the `yearMonthDate` rule's job.
 */
export function formatYearMonthDate(value: string): string {
  const match = YEAR_MONTH_DATE.exec(value)
  return match ? `${match[1]}-${match[2]}-${match[3]}` : value
}

/**
 * 数値を3桁ごとのカンマ区切りで表示する（SPEC §5.3）。`1234567` → `'1,234,567'`。
 * Takes a number or a string of ASCII digits, with an optional leading `-` and decimal part; only
 * the integer part is grouped and the digits are kept as written (`'001234'` → `'001,234'`: strip
 * zeros first with `stripLeadingZeros`). Anything else (`NaN`, `'1e21'`, `'１２３'`, `''`) is
 * returned as `String(value)`.
 */
export function formatThousands(value: number | string): string {
  const text = String(value)
  const match = DECIMAL.exec(text)
  if (!match) return text
  const [, sign = '', integer = '', fraction = ''] = match
  return `${sign}${integer.replace(/\B(?=(?:\d{3})+$)/g, ',')}${fraction}`
}

/** 金額を「1,230円」で表示する (issue #18 point 3): every amount a person reads. */
export function formatYen(amount: number | string): string {
  return `${formatThousands(amount)}円`
}

/**
 * 先頭の0を取り除く（SPEC §5.3）。`'000123'` → `'123'`、`'0000'` → `'0'`。
 * Only a string of ASCII digits is changed, so a telephone number such as `'03-0000-1101'` or a
 * signed value is returned as it is.
 */
export function stripLeadingZeros(value: string): string {
  if (!DIGITS.test(value)) return value
  return value.replace(/^0+(?=\d)/, '')
}

/**
 * 年月日 YYYYMMDD を「2027年1月1日」で表示する (issue #23 point 20, ADR 0019): the one style of a
 * date a person reads, on every screen, mail and the certificate. `'20270101'` → `'2027年1月1日'`;
 * anything else is returned as it is.
 */
export function formatJapaneseDate(value: string): string {
  const match = YEAR_MONTH_DATE.exec(value)
  if (!match) return value
  const [, year = '', month = '', day = ''] = match
  return `${year}年${Number(month)}月${Number(day)}日`
}

/**
 * 日時を日本時間の「2026年11月20日 10時05分」で表示する (issue #18 point 3): mails and screens
 * that name an instant (a link's end, a change's time).
 */
export function formatJapaneseDateTime(instant: Date): string {
  const time = toBusinessTime(instant)
  return `${formatJapaneseDate(toBusinessDate(instant))} ${Number(time.slice(0, 2))}時${time.slice(2, 4)}分`
}

const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
  diners: 'Diners Club',
}

/**
 * A stored card's brand as the provider names it (issue #24, `stored_cards.brand`) in words:
 * `'visa'` → `'Visa'`. A brand not known is shown as it is.
 */
export function formatCardBrand(brand: string): string {
  return CARD_BRAND_NAMES[brand] ?? brand
}

/** 年月 YYYYMM を「2027年1月」で表示する (issue #23 point 20). `'202701'` → `'2027年1月'`. */
export function formatJapaneseYearMonth(value: string): string {
  const match = YEAR_MONTH.exec(value)
  if (!match) return value
  const [, year = '', month = ''] = match
  return `${year}年${Number(month)}月`
}
