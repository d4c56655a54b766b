/** 業務日付のタイムゾーン（PRODUCT.md "Time"）。表示に Intl を使うときに渡す。 */
export const BUSINESS_TIME_ZONE = 'Asia/Tokyo'

// Japan has had no daylight saving time since 1951, so JST is a fixed UTC+9: shifting the
// instant and reading the UTC fields is exact and needs no time-zone data (ICU) at run time.
const JST_OFFSET_MS = 9 * 60 * 60 * 1000

const YYYYMMDD = /^(\d{4})(\d{2})(\d{2})$/
const YYYYMM = /^(\d{4})(\d{2})$/

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0')
}

function jstFields(now: Date): {
  year: number
  month: number
  day: number
  hour: number
  minute: number
} {
  const shifted = new Date(now.getTime() + JST_OFFSET_MS)
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  }
}

/** UTC midnight of a calendar date, given as year, zero-based month and day (both may overflow). */
function utcMidnight(year: number, monthIndex: number, day: number): Date {
  // Date.UTC maps the years 0-99 to 1900-1999; setUTCFullYear takes them literally.
  const date = new Date(Date.UTC(2000, 0, 1))
  date.setUTCFullYear(year, monthIndex, day)
  return date
}

function daysInMonth(year: number, month: number): number {
  return utcMidnight(year, month, 0).getUTCDate()
}

function toYyyymmdd(date: Date): string {
  const year = date.getUTCFullYear()
  if (year < 1 || year > 9999) {
    throw new RangeError(`date out of range for YYYYMMDD: year ${year}`)
  }
  return `${pad(year, 4)}${pad(date.getUTCMonth() + 1, 2)}${pad(date.getUTCDate(), 2)}`
}

function parseYyyymmdd(value: string): { year: number; month: number; day: number } {
  if (!isValidYyyymmdd(value)) {
    throw new RangeError(`not a valid YYYYMMDD date: "${value}"`)
  }
  return {
    year: Number(value.slice(0, 4)),
    month: Number(value.slice(4, 6)),
    day: Number(value.slice(6, 8)),
  }
}

function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be an integer: ${value}`)
  }
}

/** 現在時刻の業務日付（日本時間の YYYYMMDD）。 */
export function toBusinessDate(now: Date): string {
  const { year, month, day } = jstFields(now)
  return `${pad(year, 4)}${pad(month, 2)}${pad(day, 2)}`
}

/** 現在時刻の業務年月（日本時間の YYYYMM）。 */
export function toBusinessYm(now: Date): string {
  return toBusinessDate(now).slice(0, 6)
}

/** 現在時刻の日本時間の時分（HHMM）。 */
export function toBusinessTime(now: Date): string {
  const { hour, minute } = jstFields(now)
  return `${pad(hour, 2)}${pad(minute, 2)}`
}

/** 8桁の数字で、実在する日付（うるう年の2月29日を含む）であること。年は0001〜9999。 */
export function isValidYyyymmdd(value: string): boolean {
  const match = YYYYMMDD.exec(value)
  if (match === null) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/** 6桁の数字で、月が01〜12であること。年は0001〜9999。 */
export function isValidYyyymm(value: string): boolean {
  const match = YYYYMM.exec(value)
  if (match === null) return false
  const year = Number(match[1])
  const month = Number(match[2])
  return year >= 1 && month >= 1 && month <= 12
}

/** YYYYMMDD に日数を足す（負数で引く）。不正な日付や範囲外は RangeError。 */
export function addDays(yyyymmdd: string, days: number): string {
  assertInteger(days, 'days')
  const { year, month, day } = parseYyyymmdd(yyyymmdd)
  return toYyyymmdd(utcMidnight(year, month - 1, day + days))
}

/** YYYYMM に月数を足す（負数で引く）。不正な年月や範囲外は RangeError。 */
export function addMonths(yyyymm: string, months: number): string {
  assertInteger(months, 'months')
  if (!isValidYyyymm(yyyymm)) {
    throw new RangeError(`not a valid YYYYMM year-month: "${yyyymm}"`)
  }
  const year = Number(yyyymm.slice(0, 4))
  const month = Number(yyyymm.slice(4, 6))
  return toYyyymmdd(utcMidnight(year, month - 1 + months, 1)).slice(0, 6)
}

/** 業務日付の始まり（その日の日本時間 0:00）の時刻。不正な日付は RangeError。 */
export function startOfBusinessDate(yyyymmdd: string): Date {
  const { year, month, day } = parseYyyymmdd(yyyymmdd)
  return new Date(utcMidnight(year, month - 1, day).getTime() - JST_OFFSET_MS)
}

/**
 * 8桁の日付を YYYY-MM-DD で表示する（SPEC §5.3 表示ヘルパー）。
 * 表示用なので、8桁の数字でない値は変えずに返す。
 */
export function formatYyyymmdd(value: string): string {
  const match = YYYYMMDD.exec(value)
  return match === null ? value : `${match[1]}-${match[2]}-${match[3]}`
}
