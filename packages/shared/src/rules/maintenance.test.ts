import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { isInMaintenance, parseMaintenanceWindow, type MaintenanceWindow } from './maintenance.ts'

const at = (iso: string): Date => new Date(Date.parse(iso))
const daily: MaintenanceWindow = { startMinute: 4 * 60, endMinute: 6 * 60 }
const overnight: MaintenanceWindow = { startMinute: 23 * 60, endMinute: 60 }

describe('メンテナンス時間帯の設定（PRODUCT.md "Maintenance and errors"）', () => {
  it.each<[string, MaintenanceWindow | undefined]>([
    ['04:00-06:00', daily],
    ['4:00-6:00', daily],
    [' 04:00 - 06:00 ', daily],
    ['23:00-01:00', overnight],
    ['22:00-00:00', { startMinute: 1320, endMinute: 0 }],
    ['00:00-23:59', { startMinute: 0, endMinute: 1439 }],
    ['off', undefined],
    ['OFF', undefined],
    ['', undefined],
    ['  ', undefined],
  ])('「%s」を %o と読むこと', (text, expected) => {
    expect(parseMaintenanceWindow(text)).toEqual(expected)
  })

  it.each([
    ['04:00', 'expected "HH:MM-HH:MM"'],
    ['04:00-06', 'expected "HH:MM-HH:MM"'],
    ['0400-0600', 'expected "HH:MM-HH:MM"'],
    ['04:00~06:00', 'expected "HH:MM-HH:MM"'],
    ['on', 'expected "HH:MM-HH:MM"'],
    ['24:00-06:00', 'times must be between 00:00 and 23:59'],
    ['04:60-06:00', 'times must be between 00:00 and 23:59'],
    ['04:00-04:00', 'start and end must differ'],
  ])('「%s」は説明付きのエラーになること', (text, message) => {
    expect(() => parseMaintenanceWindow(text)).toThrow(message)
    expect(() => parseMaintenanceWindow(text)).toThrow(`"${text}"`)
  })
})

describe('メンテナンス中の判定（PRODUCT.md 毎日 04:00-06:00 JST、SPEC §9）', () => {
  it.each([
    ['2026-04-01T18:59:59.999Z', false, '日本時間 3:59:59'],
    ['2026-04-01T19:00:00.000Z', true, '日本時間 4:00 ちょうど（開始を含む）'],
    ['2026-04-01T20:59:59.999Z', true, '日本時間 5:59:59'],
    ['2026-04-01T21:00:00.000Z', false, '日本時間 6:00 ちょうど（終了を含まない）'],
    ['2026-04-01T04:00:00.000Z', false, 'UTC 4:00（日本時間 13:00）'],
  ])('%s は %s であること（%s）', (iso, expected) => {
    expect(isInMaintenance(at(iso), { window: daily, manual: false })).toBe(expected)
  })

  it.each([
    ['2026-04-01T13:59:00.000Z', false, '日本時間 22:59'],
    ['2026-04-01T14:00:00.000Z', true, '日本時間 23:00'],
    ['2026-04-01T15:00:00.000Z', true, '日本時間 0:00'],
    ['2026-04-01T15:59:59.999Z', true, '日本時間 0:59:59'],
    ['2026-04-01T16:00:00.000Z', false, '日本時間 1:00'],
  ])('日をまたぐ 23:00-01:00 で %s は %s であること（%s）', (iso, expected) => {
    expect(isInMaintenance(at(iso), { window: overnight, manual: false })).toBe(expected)
  })

  it.each([
    ['2026-04-01T12:59:59.999Z', false, '日本時間 21:59:59'],
    ['2026-04-01T13:00:00.000Z', true, '日本時間 22:00'],
    ['2026-04-01T14:59:59.999Z', true, '日本時間 23:59:59'],
    ['2026-04-01T15:00:00.000Z', false, '日本時間 0:00'],
  ])('0:00 までの 22:00-00:00 で %s は %s であること（%s）', (iso, expected) => {
    expect(
      isInMaintenance(at(iso), { window: { startMinute: 1320, endMinute: 0 }, manual: false }),
    ).toBe(expected)
  })

  it.each([
    [daily, true, '2026-04-01T03:00:00.000Z', true],
    [undefined, true, '2026-04-01T03:00:00.000Z', true],
    [undefined, false, '2026-04-01T19:30:00.000Z', false],
  ])(
    '時間帯 %o・手動 %s のとき %s は %s であること（手動の切り替えは常に優先）',
    (window, manual, iso, expected) => {
      expect(isInMaintenance(at(iso), { window, manual })).toBe(expected)
    },
  )

  it('1970年より前の時刻でも日本時間で判定すること', () => {
    expect(isInMaintenance(at('1960-01-01T19:30:00.000Z'), { window: daily, manual: false })).toBe(
      true,
    )
    expect(isInMaintenance(at('1960-01-01T21:30:00.000Z'), { window: daily, manual: false })).toBe(
      false,
    )
  })

  it('日をまたぐ時間帯は、またがない2つの時間帯を合わせたものと同じであること', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1439 }),
        fc.integer({ min: 0, max: 1438 }),
        fc.date({
          min: at('2000-01-01T00:00:00Z'),
          max: at('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (start, endSeed, now) => {
          const end = endSeed % start
          const crossing = isInMaintenance(now, {
            window: { startMinute: start, endMinute: end },
            manual: false,
          })
          const late =
            start < 1440 &&
            isInMaintenance(now, { window: { startMinute: start, endMinute: 1440 }, manual: false })
          const early =
            end > 0 &&
            isInMaintenance(now, { window: { startMinute: 0, endMinute: end }, manual: false })
          expect(crossing).toBe(late || early)
        },
      ),
    )
  })
})
