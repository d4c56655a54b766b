import { describe, it, expect } from 'vitest'
import {
  isWithinRecruitWindow,
  recruitFormat,
  recruitmentPhase,
  type RecruitWindows,
} from './recruit.ts'

const at = (iso: string): Date => new Date(Date.parse(iso))

describe('募集期間（SPEC §4 開始日0:00以後、終了日の翌日0:00より前）', () => {
  it.each<[string, string | null, string | null, boolean]>([
    ['2026-03-31T14:59:59.999Z', '20260401', '20260430', false],
    ['2026-03-31T15:00:00.000Z', '20260401', '20260430', true],
    ['2026-04-30T14:59:59.999Z', '20260401', '20260430', true],
    ['2026-04-30T15:00:00.000Z', '20260401', '20260430', false],
    ['2026-05-01T15:00:00.000Z', '20260401', '20260430', false],
    ['2026-03-31T15:00:00.000Z', '20260401', '20260401', true],
    ['2026-04-01T14:59:59.999Z', '20260401', '20260401', true],
    ['2026-04-01T15:00:00.000Z', '20260401', '20260401', false],
    ['2026-04-10T00:00:00.000Z', null, '20260430', false],
    ['2026-04-10T00:00:00.000Z', '20260401', null, false],
    ['2026-04-10T00:00:00.000Z', null, null, false],
    ['2026-04-10T00:00:00.000Z', '', '20260430', false],
    ['2026-04-10T00:00:00.000Z', '20260401', '20260431', false],
    ['2026-04-10T00:00:00.000Z', '20260501', '20260430', false],
    ['2999-12-31T00:00:00.000Z', '20260401', '99991231', true],
    ['2026-03-31T14:59:59.999Z', '20260401', '99991231', false],
  ])('%s は %s〜%s の期間内かが %s であること', (iso, start, end, expected) => {
    expect(isWithinRecruitWindow(at(iso), start, end)).toBe(expected)
  })
})

describe('募集の区分と募集形態（SPEC §4 recruitFormat）', () => {
  const windows: RecruitWindows = {
    atOnceRecruitStartDate: '20260301',
    atOnceRecruitEndDate: '20260331',
    halfwayRecruitStartDate: '20260401',
    halfwayRecruitEndDate: '20270131',
  }
  const overlapping: RecruitWindows = { ...windows, halfwayRecruitStartDate: '20260315' }
  const noWindows: RecruitWindows = {
    atOnceRecruitStartDate: null,
    atOnceRecruitEndDate: null,
    halfwayRecruitStartDate: null,
    halfwayRecruitEndDate: null,
  }

  it.each<[string, string, 'atOnce' | 'halfway' | 'closed', '1' | '2', RecruitWindows]>([
    ['一括募集の前', '2026-02-28T14:59:59.999Z', 'closed', '2', windows],
    ['一括募集の初日0:00', '2026-02-28T15:00:00.000Z', 'atOnce', '1', windows],
    ['一括募集の終了日の最後', '2026-03-31T14:59:59.999Z', 'atOnce', '1', windows],
    ['中途募集の初日0:00', '2026-03-31T15:00:00.000Z', 'halfway', '2', windows],
    ['中途募集の終了日の最後', '2027-01-31T14:59:59.999Z', 'halfway', '2', windows],
    ['中途募集の後', '2027-01-31T15:00:00.000Z', 'closed', '2', windows],
    ['両方の期間内（一括募集を優先）', '2026-03-20T00:00:00.000Z', 'atOnce', '1', overlapping],
    ['期間の設定なし', '2026-03-20T00:00:00.000Z', 'closed', '2', noWindows],
  ])('%s（%s）は %s、募集形態 %s であること', (_label, iso, phase, format, recruitWindows) => {
    expect(recruitmentPhase(at(iso), recruitWindows)).toBe(phase)
    expect(recruitFormat(at(iso), recruitWindows)).toBe(format)
  })
})
