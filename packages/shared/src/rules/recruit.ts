import { addDays, isValidYyyymmdd, startOfBusinessDate } from '../time/business-date.ts'

const LAST_DATE = '99991231'

/** 募集期間（SPEC §3.3、YYYYMMDD）。一括募集と中途募集。 */
export interface RecruitWindows {
  atOnceRecruitStartDate: string | null
  atOnceRecruitEndDate: string | null
  halfwayRecruitStartDate: string | null
  halfwayRecruitEndDate: string | null
}

/**
 * 募集期間内か（SPEC §4, §9「終了日の翌日0:00まで」）。開始日の日本時間0:00以後、
 * 終了日の翌日の日本時間0:00より前なら内側。開始日か終了日がない（null・空・不正な日付）ときは期間外。
 * 終了日 99991231 は終わりなし。
 */
export function isWithinRecruitWindow(
  now: Date,
  start: string | null,
  end: string | null,
): boolean {
  if (start === null || end === null || !isValidYyyymmdd(start) || !isValidYyyymmdd(end)) {
    return false
  }
  const time = now.getTime()
  if (time < startOfBusinessDate(start).getTime()) return false
  // 99991231 is the usual "no end date": there is no following day to compare with.
  return end === LAST_DATE || time < startOfBusinessDate(addDays(end, 1)).getTime()
}

/** 募集の区分: 一括募集中、中途募集中、募集期間外。両方の期間内なら一括募集を優先する。 */
export function recruitmentPhase(
  now: Date,
  windows: RecruitWindows,
): 'atOnce' | 'halfway' | 'closed' {
  if (isWithinRecruitWindow(now, windows.atOnceRecruitStartDate, windows.atOnceRecruitEndDate)) {
    return 'atOnce'
  }
  if (isWithinRecruitWindow(now, windows.halfwayRecruitStartDate, windows.halfwayRecruitEndDate)) {
    return 'halfway'
  }
  return 'closed'
}

/** 募集形態 `recruitFormat`（SPEC §4）: 一括募集期間内なら "1"、それ以外は "2"。 */
export function recruitFormat(now: Date, windows: RecruitWindows): '1' | '2' {
  return isWithinRecruitWindow(now, windows.atOnceRecruitStartDate, windows.atOnceRecruitEndDate)
    ? '1'
    : '2'
}
