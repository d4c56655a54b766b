/** 毎日のメンテナンス時間帯。日本時間0:00からの分（開始を含み、終了を含まない）。 */
export interface MaintenanceWindow {
  startMinute: number
  endMinute: number
}

const JST_OFFSET_MINUTES = 9 * 60
const MINUTES_PER_DAY = 24 * 60
const WINDOW = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/

function toMinute(
  text: string,
  hourText: string | undefined,
  minuteText: string | undefined,
): number {
  const hour = Number(hourText)
  const minute = Number(minuteText)
  if (hour > 23 || minute > 59) {
    throw new Error(`Invalid maintenance window "${text}": times must be between 00:00 and 23:59`)
  }
  return hour * 60 + minute
}

/**
 * 設定値 'HH:MM-HH:MM'（日本時間）を読む（PRODUCT.md "Maintenance and errors"、既定 04:00-06:00）。
 * 'off' か空なら時間帯なし（undefined）。日をまたぐ '23:00-01:00' も書ける。形式違いは Error。
 */
export function parseMaintenanceWindow(text: string): MaintenanceWindow | undefined {
  const value = text.trim()
  if (value === '' || value.toLowerCase() === 'off') return undefined
  const match = WINDOW.exec(value)
  if (match === null) {
    throw new Error(
      `Invalid maintenance window "${text}": expected "HH:MM-HH:MM" in Japan time (e.g. "04:00-06:00"), "off" or empty`,
    )
  }
  const startMinute = toMinute(text, match[1], match[2])
  const endMinute = toMinute(text, match[3], match[4])
  if (startMinute === endMinute) {
    throw new Error(`Invalid maintenance window "${text}": start and end must differ`)
  }
  return { startMinute, endMinute }
}

/**
 * いまメンテナンス中か（PRODUCT.md "Maintenance and errors"）。手動の切り替えが入っていれば常に、
 * そうでなければ日本時間で毎日の時間帯の中（開始を含み、終了を含まない）にあるとき。
 */
export function isInMaintenance(
  now: Date,
  options: { window: MaintenanceWindow | undefined; manual: boolean },
): boolean {
  if (options.manual) return true
  const { window } = options
  if (window === undefined) return false
  const utcMinute = Math.floor(now.getTime() / 60_000)
  const minute =
    (((utcMinute + JST_OFFSET_MINUTES) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  if (window.startMinute < window.endMinute) {
    return minute >= window.startMinute && minute < window.endMinute
  }
  // The window crosses midnight, e.g. 23:00-01:00.
  return minute >= window.startMinute || minute < window.endMinute
}
