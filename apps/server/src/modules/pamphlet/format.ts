import { formatJapaneseDate, formatYen, t } from '@app/shared'

// How the pamphlet writes dates, times and amounts. Dates read as 「2026年11月10日」, the form
// the groups' own announcements use, while <time datetime> carries the spec's YYYY-MM-DD
// (SPEC §5.3, formatYearMonthDate). A value not in the expected form is shown as it is.

const HHMM = /^([01]\d|2[0-3])([0-5]\d)$/

/** '20261110' → '2026年11月10日' (the shared style, issue #23 point 20) */
export const japaneseDate = formatJapaneseDate

/** '0000' → '午前0時', '1600' → '午後4時', '0930' → '午前9時30分' */
export function japaneseTime(hhmm: string): string {
  const match = HHMM.exec(hhmm)
  if (!match) return hhmm
  const hour24 = Number(match[1])
  const minute = Number(match[2])
  const hour = hour24 % 12
  if (minute === 0) return t(hour24 < 12 ? 'pamphlet.time.am' : 'pamphlet.time.pm', { hour })
  return t(hour24 < 12 ? 'pamphlet.time.amWithMinute' : 'pamphlet.time.pmWithMinute', {
    hour,
    minute,
  })
}

/** '20270101', '0000' → '2027年1月1日 午前0時' */
export function japaneseDateTime(yyyymmdd: string, hhmm: string): string {
  return t('pamphlet.dateTime', { date: japaneseDate(yyyymmdd), time: japaneseTime(hhmm) })
}

/** 1230 → '1,230円' */
export const yen = formatYen
