import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import {
  BUSINESS_TIME_ZONE,
  addDays,
  addMonths,
  formatYyyymmdd,
  isValidYyyymm,
  isValidYyyymmdd,
  startOfBusinessDate,
  toBusinessDate,
  toBusinessTime,
  toBusinessYm,
} from './business-date.ts'

const at = (iso: string): Date => new Date(Date.parse(iso))

describe('業務日付（PRODUCT.md "Time": 業務日付は Asia/Tokyo）', () => {
  it('業務タイムゾーンが Asia/Tokyo であること', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Asia/Tokyo')
  })

  it.each([
    ['2025-12-31T14:59:59.999Z', '20251231', '202512', '2359'],
    ['2025-12-31T15:00:00.000Z', '20260101', '202601', '0000'],
    ['2024-02-28T15:00:00.000Z', '20240229', '202402', '0000'],
    ['2026-04-01T19:00:00.000Z', '20260402', '202604', '0400'],
    ['2026-04-01T20:59:00.000Z', '20260402', '202604', '0559'],
    ['2026-06-30T23:30:00.000Z', '20260701', '202607', '0830'],
  ])('%s は日本時間で %s（%s、%s）であること', (iso, date, ym, time) => {
    const now = at(iso)
    expect(toBusinessDate(now)).toBe(date)
    expect(toBusinessYm(now)).toBe(ym)
    expect(toBusinessTime(now)).toBe(time)
  })

  it('Intl の Asia/Tokyo と同じ日付を返すこと（日本に夏時間はない）', () => {
    const formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    fc.assert(
      fc.property(
        fc.date({
          min: at('1960-01-01T00:00:00Z'),
          max: at('2200-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (now) => {
          expect(toBusinessDate(now)).toBe(formatter.format(now).replaceAll('-', ''))
        },
      ),
    )
  })
})

describe('日付の妥当性（SPEC §5.2 yearMonthDate・yearMonth）', () => {
  it.each([
    ['20240229', true],
    ['20250229', false],
    ['19000229', false],
    ['20000229', true],
    ['20250131', true],
    ['20250132', false],
    ['20250431', false],
    ['20251301', false],
    ['20250001', false],
    ['20250100', false],
    ['00010101', true],
    ['00000101', false],
    ['99991231', true],
    ['2025011', false],
    ['202501011', false],
    ['2025-01-01', false],
    ['２０２５０１０１', false],
    ['', false],
  ])('YYYYMMDD「%s」の判定が %s であること', (value, expected) => {
    expect(isValidYyyymmdd(value)).toBe(expected)
  })

  it.each([
    ['202601', true],
    ['202612', true],
    ['202600', false],
    ['202613', false],
    ['000101', true],
    ['000001', false],
    ['20261', false],
    ['2026011', false],
    ['2026-1', false],
    ['', false],
  ])('YYYYMM「%s」の判定が %s であること', (value, expected) => {
    expect(isValidYyyymm(value)).toBe(expected)
  })
})

describe('日付の計算', () => {
  it.each([
    ['20251231', 1, '20260101'],
    ['20260101', -1, '20251231'],
    ['20240228', 1, '20240229'],
    ['20250228', 1, '20250301'],
    ['20240301', -1, '20240229'],
    ['20250115', 0, '20250115'],
    ['20250101', 365, '20260101'],
    ['00500101', 1, '00500102'],
  ])('%s に %i 日を足すと %s であること', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected)
  })

  it.each([
    ['202512', 1, '202601'],
    ['202601', -1, '202512'],
    ['202601', 12, '202701'],
    ['202601', -13, '202412'],
    ['202606', 0, '202606'],
  ])('%s に %i か月を足すと %s であること', (ym, months, expected) => {
    expect(addMonths(ym, months)).toBe(expected)
  })

  it.each([
    ['不正な日付', () => addDays('20250230', 1)],
    ['整数でない日数', () => addDays('20250101', 0.5)],
    ['9999年を超える結果', () => addDays('99991231', 1)],
    ['0001年より前の結果', () => addDays('00010101', -1)],
    ['不正な年月', () => addMonths('202513', 1)],
    ['整数でない月数', () => addMonths('202501', Number.NaN)],
  ])('%s は RangeError になること', (_label, run) => {
    expect(run).toThrow(RangeError)
  })

  it('日数を足して引くと元の日付に戻ること', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: at('1900-01-01T00:00:00Z'),
          max: at('2500-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -40_000, max: 40_000 }),
        (now, days) => {
          const date = toBusinessDate(now)
          expect(addDays(addDays(date, days), -days)).toBe(date)
        },
      ),
    )
  })
})

describe('業務日付の始まり（日本時間 0:00）', () => {
  it.each([
    ['20260101', '2025-12-31T15:00:00.000Z'],
    ['20240229', '2024-02-28T15:00:00.000Z'],
    ['00500101', '0049-12-31T15:00:00.000Z'],
  ])('%s の始まりが %s であること', (date, iso) => {
    expect(startOfBusinessDate(date).toISOString()).toBe(iso)
  })

  it('不正な日付は RangeError になること', () => {
    expect(() => startOfBusinessDate('20250229')).toThrow(RangeError)
  })

  it('始まりの時刻の業務日付がその日で、1ミリ秒前が前日であること', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: at('1900-01-01T00:00:00Z'),
          max: at('2500-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (now) => {
          const date = toBusinessDate(now)
          const start = startOfBusinessDate(date)
          expect(toBusinessDate(start)).toBe(date)
          expect(toBusinessDate(new Date(start.getTime() - 1))).toBe(addDays(date, -1))
        },
      ),
    )
  })
})

describe('日付の表示（SPEC §5.3 8桁は YYYY-MM-DD）', () => {
  it.each([
    ['20260401', '2026-04-01'],
    ['2026041', '2026041'],
    ['', ''],
    ['2026-04-01', '2026-04-01'],
  ])('「%s」を「%s」と表示すること', (value, expected) => {
    expect(formatYyyymmdd(value)).toBe(expected)
  })
})
