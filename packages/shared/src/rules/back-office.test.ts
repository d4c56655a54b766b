import { describe, expect, it } from 'vitest'
import {
  adminApplicationStatus,
  adminPaymentStatus,
  canCancel,
  canMarkProcessed,
  statusPatternWhenProcessed,
} from './back-office.ts'

describe('back office application rules', () => {
  it.each([
    ['draft', false, 'draft'],
    ['applied', false, 'applied'],
    ['applied', true, 'processed'],
    ['cancelled', true, 'cancelled'],
    ['cancelled', false, 'cancelled'],
  ] as const)('status %s・処理済 %s は %s と表示する', (status, processed, expected) => {
    expect(adminApplicationStatus(status, processed)).toBe(expected)
  })

  it.each([
    ['applied', false, true],
    ['applied', true, false],
    ['draft', false, false],
    ['cancelled', false, false],
  ] as const)(
    '処理済にできるのは申込済みでまだ処理済でない申込だけ (%s・処理済 %s → %s)',
    (status, processed, expected) => {
      expect(canMarkProcessed(status, processed)).toBe(expected)
    },
  )

  it.each([
    ['110', '210'],
    ['211', '211'],
    ['220', '220'],
    ['330', '330'],
  ] as const)('SPEC §4: 処理済にすると %s は %s になる', (current, expected) => {
    expect(statusPatternWhenProcessed(current)).toBe(expected)
  })

  it('取消できるのは下書きと申込済みで、取消済みはできない', () => {
    expect(canCancel('draft')).toBe(true)
    expect(canCancel('applied')).toBe(true)
    expect(canCancel('cancelled')).toBe(false)
  })

  it.each([
    [{ status: 'applied', statusPattern: '330', pymntMethod: '1', depositStatus: null }, 'paid'],
    [{ status: 'applied', statusPattern: '110', pymntMethod: '1', depositStatus: null }, 'unpaid'],
    [
      { status: 'applied', statusPattern: '220', pymntMethod: '3', depositStatus: 'awaiting' },
      'unpaid',
    ],
    [
      { status: 'applied', statusPattern: '220', pymntMethod: '3', depositStatus: 'underpaid' },
      'underpaid',
    ],
    [
      { status: 'applied', statusPattern: '330', pymntMethod: '3', depositStatus: 'overpaid' },
      'overpaid',
    ],
    [{ status: 'applied', statusPattern: '330', pymntMethod: '4', depositStatus: null }, 'none'],
    [{ status: 'draft', statusPattern: '110', pymntMethod: '1', depositStatus: null }, 'none'],
  ] as const)('入金状況 %o → %s', (input, expected) => {
    expect(adminPaymentStatus(input)).toBe(expected)
  })
})
