import { findMessage, t } from '@app/shared/messages/admin-console'
import { withRetryTime } from '@app/shared/messages/retry-time'
import { ApiError } from '@/lib/api-client.ts'

// Dates and failures as the console shows them (JST; the error code's Japanese text).

const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const pad = (value: number) => String(value).padStart(2, '0')

function jst(iso: string): Date | undefined {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? undefined : new Date(time + JST_OFFSET_MS)
}

/** 2026/04/01 09:05 (JST) */
export function dateTimeText(iso: string | null): string {
  const at = iso === null ? undefined : jst(iso)
  if (at === undefined) return t('admin.common.dash')
  return `${at.getUTCFullYear()}/${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`
}

/** 2026/04/01 (JST) */
export function dateText(iso: string | null): string {
  const at = iso === null ? undefined : jst(iso)
  if (at === undefined) return t('admin.common.dash')
  return `${at.getUTCFullYear()}/${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}`
}

/** A date input's value (2026-04-01) as YYYYMMDD; '' stays ''; undefined when malformed. */
export function toYyyymmdd(value: string): string | undefined {
  if (value === '') return ''
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.replaceAll('-', '') : undefined
}

/** YYYYMMDD as a date input's value. */
export function fromYyyymmdd(value: string | null): string {
  return value !== null && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
    : ''
}

/** A date input's day as the ISO instant of its JST start (from) or end (to). */
export function jstDayBound(value: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const start = Date.parse(`${value}T00:00:00+09:00`)
  if (Number.isNaN(start)) return undefined
  return new Date(end ? start + 24 * 60 * 60 * 1000 - 1 : start).toISOString()
}

/** 202604 → 2026年04月 */
export function yearMonthText(ym: string): string {
  return `${ym.slice(0, 4)}年${ym.slice(4, 6)}月`
}

/** The failure's code: the API's, else the unknown error's. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.body.errorCode : 'XPFF0001'
}

/** An error code's Japanese text, with the code. */
export function codeText(code: string): string {
  const text = findMessage(`error.${code}`) ?? t('admin.error.default')
  return t('admin.error.withCode', { text, code })
}

/** The Japanese text of a failure, with when to try again for a refusal that ends by itself. */
export function errorText(error: unknown, now: Date = new Date()): string {
  const shown = codeText(errorCodeOf(error))
  const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined
  return retryAfter === undefined ? shown : withRetryTime(shown, retryAfter, now)
}

export function isApiError(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status
}

export type CodeGroup = 'event' | 'paymentKind' | 'paymentStatus' | 'mail' | 'mailStatus' | 'action'

/** A code the server records, by its Japanese name; a code without one as it is. */
export function recordedCodeText(group: CodeGroup, code: string): string {
  if (group === 'event' && code.startsWith('payment.')) {
    // payment.<kind>.<status>: 「クレジットカード（成功）」
    const [, kind = '', status = ''] = code.split('.')
    return `${recordedCodeText('paymentKind', kind)}（${recordedCodeText('paymentStatus', status)}）`
  }
  return findMessage(`admin.code.${group}.${code}`) ?? code
}
