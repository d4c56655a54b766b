import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  contractInstalments,
  instalmentPlanText,
  instalmentSchedule,
  schedulePlanText,
  type InstalmentPlanInput,
} from './instalments.ts'

// Issue #24 point 2 (ADR 0038): the instalments of a card-paid contract from SPEC §3.3 pymntCount
// and closingDay.

const monthly: InstalmentPlanInput = {
  pymntCount: 12,
  closingDay: 26,
  inceptionDate: '20270101',
  expiryDate: '20271231',
  amount: 2280,
  firstChargeDate: '20261205',
}

describe('instalmentSchedule', () => {
  it('月払: 初回は申込時、以降は対象月の前月の締日に、保険期間の12か月分', () => {
    const schedule = instalmentSchedule(monthly)
    expect(schedule).toHaveLength(12)
    expect(schedule.slice(0, 3)).toEqual([
      { seq: 1, coversMonth: '202701', dueDate: '20261205', amount: 2280 },
      { seq: 2, coversMonth: '202702', dueDate: '20270126', amount: 2280 },
      { seq: 3, coversMonth: '202703', dueDate: '20270226', amount: 2280 },
    ])
    expect(schedule[11]).toEqual({
      seq: 12,
      coversMonth: '202712',
      dueDate: '20271126',
      amount: 2280,
    })
  })

  it('締日が月の日数より大きい月は、その月の末日に請求する', () => {
    const schedule = instalmentSchedule({ ...monthly, closingDay: 31 })
    // February's instalment: January 31; March's: February 28 (2027 is no leap year)
    expect(schedule[1]?.dueDate).toBe('20270131')
    expect(schedule[2]?.dueDate).toBe('20270228')
    expect(schedule[4]?.dueDate).toBe('20270430')
    const leap = instalmentSchedule({
      ...monthly,
      closingDay: 30,
      inceptionDate: '20280101',
      expiryDate: '20281231',
      firstChargeDate: '20271201',
    })
    expect(leap[2]?.dueDate).toBe('20280229')
  })

  it('年4回払・年払: 3か月ごと・1回だけ', () => {
    const quarterly = instalmentSchedule({ ...monthly, pymntCount: 4, amount: 6840 })
    expect(quarterly.map((each) => [each.coversMonth, each.dueDate])).toEqual([
      ['202701', '20261205'],
      ['202704', '20270326'],
      ['202707', '20270626'],
      ['202710', '20270926'],
    ])
    expect(instalmentSchedule({ ...monthly, pymntCount: 1, amount: 27360 })).toEqual([
      { seq: 1, coversMonth: '202701', dueDate: '20261205', amount: 27360 },
    ])
  })

  it('途中加入: 保険期間の途中から始まり、申込日より前になる回は申込日に回す', () => {
    const schedule = instalmentSchedule({
      ...monthly,
      inceptionDate: '20270601',
      firstChargeDate: '20270530',
    })
    expect(schedule).toHaveLength(7)
    expect(schedule[0]).toMatchObject({ coversMonth: '202706', dueDate: '20270530' })
    // July's instalment: June 26, after the application; one that would fall before it moves to it
    expect(schedule[1]).toMatchObject({ coversMonth: '202707', dueDate: '20270626' })
    const late = instalmentSchedule({ ...monthly, firstChargeDate: '20270128' })
    expect(late[1]).toMatchObject({ coversMonth: '202702', dueDate: '20270128' })
  })

  it('締日がないときは保険開始日の日を使う', () => {
    const schedule = instalmentSchedule({ ...monthly, closingDay: null, inceptionDate: '20270110' })
    expect(schedule[1]?.dueDate).toBe('20270110')
  })

  it('計算できない設定は RangeError にする', () => {
    expect(() => instalmentSchedule({ ...monthly, pymntCount: 5 })).toThrow(RangeError)
    expect(() => instalmentSchedule({ ...monthly, closingDay: 32 })).toThrow(RangeError)
    expect(() => instalmentSchedule({ ...monthly, expiryDate: '20261231' })).toThrow(RangeError)
    expect(() => instalmentSchedule({ ...monthly, inceptionDate: '2027011' })).toThrow(RangeError)
    expect(() => instalmentSchedule({ ...monthly, amount: 0 })).toThrow(RangeError)
    expect(() => instalmentSchedule({ ...monthly, amount: 10.5 })).toThrow(RangeError)
  })

  it('どの設定でも: 回は連番、対象月は間隔どおり、請求日は初回以降で昇順、保険期間内', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3, 4, 6, 12),
        fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
        fc.date({
          min: new Date(Date.UTC(2026, 0, 1)),
          max: new Date(Date.UTC(2030, 11, 1)),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 90 }),
        (pymntCount, closingDay, start, months, daysBefore) => {
          const ymd = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '')
          const inception = `${ymd(start).slice(0, 6)}01`
          const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 0))
          const first = new Date(
            Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1 - daysBefore),
          )
          const schedule = instalmentSchedule({
            pymntCount,
            closingDay,
            inceptionDate: inception,
            expiryDate: ymd(end),
            amount: 1000,
            firstChargeDate: ymd(first),
          })
          const interval = 12 / pymntCount
          expect(schedule.length).toBe(Math.floor((months - 1) / interval) + 1)
          schedule.forEach((each, index) => {
            expect(each.seq).toBe(index + 1)
            expect(each.dueDate >= ymd(first)).toBe(true)
            expect(each.coversMonth <= ymd(end).slice(0, 6)).toBe(true)
            if (index > 0) {
              expect(each.dueDate >= (schedule[index - 1]?.dueDate ?? '')).toBe(true)
              expect(each.dueDate.slice(0, 6) < each.coversMonth).toBe(true)
            }
          })
        },
      ),
    )
  })
})

describe('instalmentPlanText', () => {
  it('「初回 …（…月分）、以降毎月…日に …（…月分まで）」', () => {
    expect(instalmentPlanText(instalmentSchedule(monthly), 26)).toBe(
      '初回 2,280円（2027年1月分）、以降毎月26日に 2,280円（2027年12月分まで）',
    )
    expect(
      instalmentPlanText(instalmentSchedule({ ...monthly, pymntCount: 4, amount: 6840 }), 31),
    ).toBe('初回 6,840円（2027年1月分）、以降3か月ごとの末日に 6,840円（2027年10月分まで）')
    expect(instalmentPlanText(instalmentSchedule({ ...monthly, pymntCount: 1 }), 26)).toBe(
      '初回 2,280円（2027年1月分）',
    )
    expect(instalmentPlanText([], 26)).toBe('')
  })

  it('振込（ADR 0039）: 「以降毎月…日までに …をお振込み」', () => {
    expect(instalmentPlanText(instalmentSchedule(monthly), 26, 'transfer')).toBe(
      '初回 2,280円（2027年1月分）、以降毎月26日までに 2,280円をお振込み（2027年12月分まで）',
    )
  })
})

describe('contractInstalments / schedulePlanText', () => {
  const application = {
    basicInfo: { groupPfCodeInceptionDateYm: '202701' },
    policyHolderInfo: { policyHolderInceptionDate: '', policyHolderExpiryDate: '' },
    cvrgeInfo: { totalPremium: 2280 },
  } as unknown as Parameters<typeof contractInstalments>[1]
  const group = { pymntCount: 12, closingDay: null, groupExpiryDate: '20271231' }

  it('保険期間が決まる前は商品の年で組み、初回だけ今回の金額（事務手数料を含む）にすること', () => {
    const schedule = contractInstalments(group, application, 2500, '20261128')
    expect(schedule).toHaveLength(12)
    expect(schedule?.[0]).toEqual({
      seq: 1,
      coversMonth: '202701',
      dueDate: '20261128',
      amount: 2500,
    })
    expect(schedule?.[1]).toEqual({
      seq: 2,
      coversMonth: '202702',
      dueDate: '20270101',
      amount: 2280,
    })
    // no closing day: the later charges fall on the day they were scheduled on
    expect(schedulePlanText(schedule ?? [], null)).toBe(
      '初回 2,500円（2027年1月分）、以降毎月1日に 2,280円（2027年12月分まで）',
    )
    expect(schedulePlanText(schedule ?? [], 20)).toContain('以降毎月20日に')
  })

  it('1年を割り切れない払込回数（5回）は予定を組まないこと（undefined）', () => {
    expect(contractInstalments({ ...group, pymntCount: 5 }, application, 2280, '20261128')).toBe(
      undefined,
    )
    expect(schedulePlanText([], 20)).toBe('')
  })

  it('振込の2回目は、初回の振込期日（申込日の7日後）より前にならないこと（ADR 0039）', () => {
    const lateGroup = { pymntCount: 12, closingDay: 1, groupExpiryDate: '20271231' }
    // applied 2026-12-28: by card month 2 is charged on its closing day (2027-01-01), by
    // transfer it is due no earlier than the first account (2027-01-04)
    const card = contractInstalments(lateGroup, application, 2280, '20261228')
    const transfer = contractInstalments(lateGroup, application, 2280, '20261228', 'transfer')
    expect(card?.[1]?.dueDate).toBe('20270101')
    expect(transfer?.[1]?.dueDate).toBe('20270104')
    expect(transfer?.[2]?.dueDate).toBe('20270201')
    expect(schedulePlanText(transfer ?? [], 1, 'transfer')).toBe(
      '初回 2,280円（2027年1月分）、以降毎月1日までに 2,280円をお振込み（2027年12月分まで）',
    )
  })
})
