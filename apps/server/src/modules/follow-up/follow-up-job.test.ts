import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../env.ts'
import { daysFrom, needsInvoice, reminderDayFor } from './follow-up-job.ts'

// The follow-up job's pure decisions (ADR 0032) and its setting, VA_REMINDER_DAYS.

describe('振込期限の前のお知らせの日', () => {
  it('期限までの日数を暦日で数えること（月またぎ・年またぎ）', () => {
    expect(daysFrom('20261124', '20261127')).toBe(3)
    expect(daysFrom('20261130', '20261201')).toBe(1)
    expect(daysFrom('20261231', '20270101')).toBe(1)
    expect(daysFrom('20261128', '20261127')).toBe(-1)
  })

  it('設定の日のうち、今日以降で一番近い日のお知らせだけが対象になること', () => {
    const days = [3, 1]
    expect(reminderDayFor(4, days)).toBeUndefined()
    expect(reminderDayFor(3, days)).toBe(3)
    // a run that missed the 3-day one sends the nearest only; the 3-day one is not owed then
    expect(reminderDayFor(2, days)).toBe(3)
    expect(reminderDayFor(1, days)).toBe(1)
    expect(reminderDayFor(0, days)).toBe(1)
    expect(reminderDayFor(-1, days)).toBeUndefined()
    expect(reminderDayFor(0, [0])).toBe(0)
    expect(reminderDayFor(1, [])).toBeUndefined()
  })

  it('ご請求はカード払い・振込の 220 のご契約だけが対象になること（SPEC §4）', () => {
    const contract = (statusPattern: string, pymntMethod: string) =>
      ({ applyInfo: { basicInfo: { statusPattern, pymntMethod } } }) as Parameters<
        typeof needsInvoice
      >[0]
    expect(needsInvoice(contract('220', '1'))).toBe(true)
    expect(needsInvoice(contract('220', '3'))).toBe(true)
    expect(needsInvoice(contract('330', '1'))).toBe(false)
    expect(needsInvoice(contract('330', '4'))).toBe(false)
    expect(needsInvoice(contract('211', '3'))).toBe(false)
  })
})

describe('VA_REMINDER_DAYS', () => {
  it('既定は3日前と1日前で、重複を除いて大きい順に読むこと', () => {
    expect(loadConfig({}).followUp.reminderDays).toEqual([3, 1])
    expect(loadConfig({ VA_REMINDER_DAYS: '1, 7,3,7' }).followUp.reminderDays).toEqual([7, 3, 1])
    expect(loadConfig({ VA_REMINDER_DAYS: '0' }).followUp.reminderDays).toEqual([0])
  })

  it('読めない値や31日以上では起動を止めること', () => {
    for (const value of ['3;1', 'three', '3,,1', '-1', '31', '3,100']) {
      expect(() => loadConfig({ VA_REMINDER_DAYS: value }), value).toThrow(/VA_REMINDER_DAYS/)
    }
  })

  it('テストでは処理を自動で動かさず、それ以外は10分ごとに動かすこと', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).followUp.jobIntervalSeconds).toBe(0)
    expect(loadConfig({}).followUp.jobIntervalSeconds).toBe(600)
    expect(loadConfig({ FOLLOW_UP_JOB_INTERVAL_SECONDS: '30' }).followUp.jobIntervalSeconds).toBe(
      30,
    )
  })
})
