import { describe, expect, it } from 'vitest'
import { japaneseDate, japaneseDateTime, japaneseTime, yen } from './format.ts'

describe('パンフレットの日付・時刻・金額の表示', () => {
  it.each([
    ['20261110', '2026年11月10日'],
    ['20270101', '2027年1月1日'],
    ['2026111', '2026111'],
    ['', ''],
  ])('日付 %s は %s', (input, expected) => {
    expect(japaneseDate(input)).toBe(expected)
  })

  it.each([
    ['0000', '午前0時'],
    ['0930', '午前9時30分'],
    ['1200', '午後0時'],
    ['1600', '午後4時'],
    ['2359', '午後11時59分'],
    ['2400', '2400'],
  ])('時刻 %s は %s', (input, expected) => {
    expect(japaneseTime(input)).toBe(expected)
  })

  it('日時は日付と時刻を空白でつなぐこと', () => {
    expect(japaneseDateTime('20270101', '0000')).toBe('2027年1月1日 午前0時')
  })

  it.each([
    [0, '0円'],
    [1230, '1,230円'],
    [1850000, '1,850,000円'],
  ])('金額 %s は %s', (input, expected) => {
    expect(yen(input)).toBe(expected)
  })
})
