import { changePasswordApi, finishPasswordResetApi } from '@app/shared/api/my-page/endpoints'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import {
  codeInputSchema,
  passwordChangeFormSchema,
  passwordResetCodeFormSchema,
  toHalfWidthCode,
} from './form-schemas.ts'

// A form checks only what the holder types, with the endpoint's own fields (api/my-page/fields.ts):
// it must answer every value as the whole body does on the server: same pass, same message.

function answer(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'failed')
}

const link = { groupPfCode: 'G001', urlKey: 'abcDEF1234' }

describe('マイページのフォームのスキーマ（エンドポイントの本文と同じ答え）', () => {
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
