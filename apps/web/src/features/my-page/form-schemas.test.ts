import {
  ONE_TIME_CODE_MINUTES as contractCodeMinutes,
  changePasswordApi,
  finishPasswordResetApi,
  oneTimeCodeSchema,
  phoneNumberSchema,
  userIdSchema,
} from '@app/shared/api/my-page/endpoints'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import {
  codeInputSchema,
  ONE_TIME_CODE_MINUTES,
  oneTimeCodeField,
  passwordChangeFormSchema,
  passwordResetCodeFormSchema,
  phoneNumberField,
  toHalfWidthCode,
  userIdField,
} from './form-schemas.ts'

// The browser's mirrors of the my-page contract's field schemas must answer every value as the
// contract does (the server validates with the contract's): same pass, same message.

function answer(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'failed')
}

const link = { groupPfCode: 'G001', urlKey: 'abcDEF1234' }

describe('マイページのフォームのスキーマ（契約のスキーマと同じ答え）', () => {
  it('認証コードの有効期限（分）が契約と同じであること', () => {
    expect(ONE_TIME_CODE_MINUTES).toBe(contractCodeMinutes)
  })

  it.each(['', 'AB12CD34EF', 'ab12cd34ef', 'AB-12', 'ＡＢ１２', 'A'.repeat(21), 'A'.repeat(20)])(
    'ID「%s」への答えが契約の userIdSchema と同じであること',
    (value) => {
      expect(answer(userIdField, value)).toBe(answer(userIdSchema, value))
    },
  )

  it.each(['', '123456', '12345', '1234567', '12a456', '１２３４５６'])(
    '認証コード「%s」への答えが契約の oneTimeCodeSchema と同じであること',
    (value) => {
      expect(answer(oneTimeCodeField, value)).toBe(answer(oneTimeCodeSchema, value))
    },
  )

  it.each(['', '09012345678', '0312345678', '090-1234-5678', '123456789', '090123456789'])(
    '電話番号「%s」への答えが契約の phoneNumberSchema と同じであること',
    (value) => {
      expect(answer(phoneNumberField, value)).toBe(answer(phoneNumberSchema, value))
    },
  )

  it.each([
    ['Abcdef12#$', 'Abcdef12#$', 'Abcdef12#$'],
    ['Abcdef12#$', 'abcdefghij', 'abcdefghij'],
    ['Abcdef12#$', 'Newpass34%&', 'Newpass34%x'],
    ['', 'Newpass34%&', ''],
    ['Abcdef12#$', 'Newpass34%&', 'Newpass34%&'],
  ])(
    'パスワードの変更（現在「%s」・新「%s」・確認「%s」）への答えが契約の本文と同じであること',
    (currentPassword, newPassword, newPasswordConfirmation) => {
      const values = { currentPassword, newPassword, newPasswordConfirmation }
      expect(answer(passwordChangeFormSchema, values)).toBe(
        answer(changePasswordApi.body, { ...link, ...values }),
      )
    },
  )

  it.each([
    ['123456', 'Newpass34%&', 'Newpass34%&'],
    ['123456', 'Newpass34%&', 'Other34%&ab'],
    ['12345', 'Newpass34%&', 'Newpass34%&'],
  ])(
    'パスワードの再設定（コード「%s」・新「%s」・確認「%s」）への答えが契約の本文と同じであること',
    (code, newPassword, newPasswordConfirmation) => {
      const values = { code, newPassword, newPasswordConfirmation }
      expect(answer(passwordResetCodeFormSchema, values)).toBe(
        answer(finishPasswordResetApi.body, {
          ...link,
          attemptToken: 'attempt_token_0000000000000001',
          ...values,
        }),
      )
    },
  )
})

describe('全角の認証コード（PRODUCT.md "One-time codes"）', () => {
  it.each([
    ['１２３４５６', '123456'],
    ['123 456', '123456'],
    ['１２３　４５６', '123456'],
    ['12a456', '12a456'],
  ])('「%s」は「%s」として扱うこと', (typed, expected) => {
    expect(toHalfWidthCode(typed)).toBe(expected)
    expect(codeInputSchema.safeParse(typed).data).toBe(
      /^\d{6}$/.test(expected) ? expected : undefined,
    )
  })
})
