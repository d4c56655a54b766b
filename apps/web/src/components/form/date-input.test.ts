import { describe, expect, it } from 'vitest'
import { combineDateParts, splitDateValue } from './date-input.tsx'

describe('年・月・日の欄と YYYYMMDD', () => {
  it.each([
    ['', '', '', ''],
    ['1990', '4', '1', '19900401'],
    ['1990', '04', '01', '19900401'],
    ['2026', '12', '31', '20261231'],
    // Anything else is kept as typed, so yearMonthDate reports it (never a different valid date).
    ['2026', '2', '30', '20260230'],
    ['1990', '', '', '1990--'],
    ['', '4', '1', '-4-1'],
    ['90', '4', '1', '90-4-1'],
    ['19900', '4', '1', '19900-4-1'],
    ['199', '10', '101', '199-10-101'],
    ['１９９０', '4', '1', '１９９０-4-1'],
    ['1990', '004', '1', '1990-004-1'],
  ])('年「%s」月「%s」日「%s」は「%s」になること', (year, month, day, expected) => {
    expect(combineDateParts({ year, month, day })).toBe(expected)
  })

  it.each([
    ['', { year: '', month: '', day: '' }],
    ['19900401', { year: '1990', month: '04', day: '01' }],
    ['90-4-1', { year: '90', month: '4', day: '1' }],
    ['1990', { year: '1990', month: '', day: '' }],
  ])('値「%s」は欄 %o に分かれること', (value, parts) => {
    expect(splitDateValue(value)).toEqual(parts)
  })
})
