// Retention periods (issue #19 point 4): what the privacy policy (保存期間) and the security
// policy publish, and the server's retention job's defaults. One place, so the published text and
// the deletion can never disagree.

export const RETENTION_DEFAULTS = {
  /** an unfinished application's input is deleted this many days after it was entered */
  unfinishedApplicationDays: 90,
  /** contract data is kept this many years after the contract ends */
  contractYears: 10,
  /** usage records (logs, sent-message records) are kept this many days */
  usageRecordDays: 365,
} as const

export type RetentionPeriods = { -readonly [Key in keyof typeof RETENTION_DEFAULTS]: number }

/** A period in days as the documents write it: 365 → 「1年間」, 730 → 「2年間」, 90 → 「90日間」. */
export function retentionDaysText(days: number): string {
  return days % 365 === 0 ? `${days / 365}年間` : `${days}日間`
}
