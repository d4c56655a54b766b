import { describe, expect, it } from 'vitest'
import { cardBrandName } from './card-brand.ts'

describe('保存カードのブランドの表示（issue #24）', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['jcb', 'JCB'],
    ['amex', 'American Express'],
    ['diners', 'Diners Club'],
    ['discover', 'discover'],
  ])('ブランド %j は %j と表示すること', (input, expected) => {
    expect(cardBrandName(input)).toBe(expected)
  })
})
