import { describe, expect, it } from 'vitest'
import {
  adminApplicationStatus,
  adminPaymentStatus,
  canCancel,
  canMarkProcessed,
} from './back-office.ts'

describe('back office application rules', () => {
  it.each([
    ['draft', '110', 'draft'],
    ['applied', '110', 'applied'],
    ['applied', '210', 'processed'],
    ['applied', '330', 'applied'],
    ['cancelled', '210', 'cancelled'],
  ] as const)('status %s / %s は %s と表示する', (status, pattern, expected) => {
    expect(adminApplicationStatus(status, pattern)).toBe(expected)
  })

  it.each([
    ['applied', '110', true],
    ['applied', '210', false],
    ['applied', '220', false],
    ['applied', '330', false],
    ['draft', '110', false],
    ['cancelled', '110', false],
  ] as const)(
    '処理済みにできるのは申込済み・110だけ (%s / %s → %s)',
    (status, pattern, expected) => {
      expect(canMarkProcessed(status, pattern)).toBe(expected)
    },
  )

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
