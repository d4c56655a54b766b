import { describe, it, expect } from 'vitest'
import {
  formatCardBrand,
  formatJapaneseDate,
  formatJapaneseYearMonth,
  formatThousands,
  formatYearMonth,
  formatYearMonthDate,
  stripLeadingZeros,
} from './display.ts'

describe('年月の表示（SPEC §5.3 6桁は YYYY-MM）', () => {
  it.each([
    ['202604', '2026-04'],
    ['199912', '1999-12'],
    // Display only: the yearMonth rule decides whether the month exists.
    ['202613', '2026-13'],
    ['', ''],
    ['20264', '20264'],
    ['2026041', '2026041'],
    ['2026-04', '2026-04'],
    ['２０２６０４', '２０２６０４'],
    [' 202604', ' 202604'],
    ['202604\n', '202604\n'],
  ])('「%s」を「%s」と表示すること', (input, expected) => {
    expect(formatYearMonth(input)).toBe(expected)
  })
})

describe('年月日の表示（SPEC §5.3 8桁は YYYY-MM-DD）', () => {
  it.each([
    ['20260401', '2026-04-01'],
    ['99991231', '9999-12-31'],
    ['20260231', '2026-02-31'],
    ['', ''],
    ['202604', '202604'],
    ['2026040', '2026040'],
    ['202604011', '202604011'],
    ['2026/04/01', '2026/04/01'],
    ['2026-04-01', '2026-04-01'],
    ['２０２６０４０１', '２０２６０４０１'],
  ])('「%s」を「%s」と表示すること', (input, expected) => {
    expect(formatYearMonthDate(input)).toBe(expected)
  })
})

describe('3桁区切り（SPEC §5.3 数値はカンマ区切り）', () => {
  it.each<[number | string, string]>([
    [0, '0'],
    [12, '12'],
    [123, '123'],
    [1234, '1,234'],
    [1234567, '1,234,567'],
    [-1234567, '-1,234,567'],
    [-0, '0'],
    [1234.5, '1,234.5'],
    [1234567.891, '1,234,567.891'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
    ['1234567', '1,234,567'],
    ['-1000', '-1,000'],
    ['1000000.25', '1,000,000.25'],
    ['0.12345', '0.12345'],
    ['001234', '001,234'],
    ['', ''],
    ['-', '-'],
    ['+1000', '+1000'],
    ['1,000', '1,000'],
    ['1000.', '1000.'],
    ['.5', '.5'],
    ['１０００', '１０００'],
    ['12a4', '12a4'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [1e21, '1e+21'],
  ])('%s を「%s」と表示すること', (input, expected) => {
    expect(formatThousands(input)).toBe(expected)
  })
})

describe('先頭の0の除去（SPEC §5.3）', () => {
  it.each([
    ['000123', '123'],
    ['123', '123'],
    ['1000', '1000'],
    ['0', '0'],
    ['0000', '0'],
    ['0001000', '1000'],
    ['', ''],
    // Not a string of digits: a telephone number keeps its leading zero.
    ['03-0000-1101', '03-0000-1101'],
    ['-0012', '-0012'],
    ['0.5', '0.5'],
    [' 0012', ' 0012'],
    ['００１２', '００１２'],
  ])('「%s」を「%s」にすること', (input, expected) => {
    expect(stripLeadingZeros(input)).toBe(expected)
  })

  it('3桁区切りと組み合わせられること', () => {
    expect(formatThousands(stripLeadingZeros('0001234567'))).toBe('1,234,567')
  })
})

// issue #23 point 20: the one style of a date a person reads
describe('日付の表示（「2027年1月1日」）', () => {
  it.each([
    ['20270101', '2027年1月1日'],
    ['19851231', '1985年12月31日'],
    ['2027010', '2027010'],
    ['', ''],
    ['2027-01-01', '2027-01-01'],
  ])('%j は %j と表示すること', (input, expected) => {
    expect(formatJapaneseDate(input)).toBe(expected)
  })

  it.each([
    ['202701', '2027年1月'],
    ['202612', '2026年12月'],
    ['20261', '20261'],
  ])('年月 %j は %j と表示すること', (input, expected) => {
    expect(formatJapaneseYearMonth(input)).toBe(expected)
  })
})

describe('保存カードのブランドの表示（issue #24）', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['jcb', 'JCB'],
    ['amex', 'American Express'],
    ['diners', 'Diners Club'],
    ['discover', 'discover'],
  ])('ブランド %j は %j と表示すること', (input, expected) => {
    expect(formatCardBrand(input)).toBe(expected)
  })
})
