import { describe, expect, it } from 'vitest'
import { maskPhoneNumber } from '../../telephone/phone-number.ts'
import { newOneTimeCode } from './attempts.ts'
import { maskMailAddress } from './masking.ts'

// Issue #8 (ADR 0015): what an answer shows of a destination, and the one-time code's form
// (PRODUCT.md "One-time codes": 6 digits).

describe('宛先の伏せ字', () => {
  it.each([
    ['taro.yamada@example.jp', 't***@example.jp'],
    ['a@example.co.jp', 'a***@example.co.jp'],
    ['"odd@name"@example.jp', '"***@example.jp'],
    ['no-at-sign', '***'],
  ])('メールアドレス「%s」は「%s」と見せること', (address, masked) => {
    expect(maskMailAddress(address)).toBe(masked)
  })

  it.each([
    ['09012345678', '*******5678'],
    ['0312345678', '******5678'],
  ])('電話番号「%s」は「%s」と見せること（下4桁だけ）', (phoneNumber, masked) => {
    expect(maskPhoneNumber(phoneNumber)).toBe(masked)
  })
})

describe('認証コード（PRODUCT.md "One-time codes"）', () => {
  it('半角数字6桁で、先頭の0も桁に数えること', () => {
    const codes = Array.from({ length: 2000 }, () => newOneTimeCode())
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(1990)
    expect(codes.some((code) => code.startsWith('0'))).toBe(true)
  })
})
