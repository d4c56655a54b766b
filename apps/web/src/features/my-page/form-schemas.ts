import { enteredPasswordSchema, newPasswordSchema } from '@app/shared/api/access/endpoints'
import { t } from '@app/shared/messages/fields'
import { fieldSchema } from '@app/shared/rules/field-schema'
import * as z from 'zod/mini'

// The my-page forms' schemas: only what the holder types (the link and an attempt's token go
// along unseen, and the server checks the whole body). The field schemas that live in the
// my-page contract are mirrored here rule for rule — importing them from
// api/my-page/endpoints.ts would bring that module's response schemas (the application's
// apply-info and its messages, about 5 KiB gzip) into every my-page screen (ADR 0011).
// form-schemas.test.ts holds each mirror to the contract's own.

/** PRODUCT.md: a code works 10 minutes (the contract's ONE_TIME_CODE_MINUTES). */
export const ONE_TIME_CODE_MINUTES = 10

/** The my-page ID (the contract's userIdSchema). */
export const userIdField = fieldSchema('required', 'onlyNumberAndAllAlphabet', ['max', { max: 20 }])
/** The 6-digit code (the contract's oneTimeCodeSchema). */
export const oneTimeCodeField = fieldSchema('required', 'onlyNumeric', ['digits', { length: 6 }])
/** SPEC §9 phone: 10 or 11 digits, no hyphens (the contract's phoneNumberSchema). */
export const phoneNumberField = fieldSchema('required', 'telephone')

// A Japanese keyboard often gives full-width digits (１２３４５６), and a pasted code may carry
// spaces: the code box turns them into the half-width digits the contract asks for, on leaving
// the box (so the change is seen) and before the rules run (so Enter without leaving it works).

const FULL_WIDTH_DIGIT = /[０-９]/g
const SPACES = /[\s\u3000]/g

/** '１２３ ４５６' → '123456'; any other character is left for the rules to refuse. */
export function toHalfWidthCode(value: string): string {
  return value
    .replace(SPACES, '')
    .replace(FULL_WIDTH_DIGIT, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
}

/** The code as typed: turned into half-width digits, then the code's rules. */
export const codeInputSchema = z.pipe(
  z.pipe(z.string(), z.transform(toHalfWidthCode)),
  oneTimeCodeField,
)

/** The code step's form (loginCode, verifyTelephoneAuth, mailChangeCode). */
export const codeFormSchema = z.object({ code: codeInputSchema })

const confirmationField = fieldSchema('required', ['max', { max: 128 }])

/** The confirmation must repeat the new password (the contract's check of every new password). */
function checkConfirmation(
  payload: z.core.ParsePayload<{ newPassword: string; newPasswordConfirmation: string }>,
): void {
  const { newPassword, newPasswordConfirmation } = payload.value
  if (newPasswordConfirmation === '' || newPassword === newPasswordConfirmation) return
  payload.issues.push({
    code: 'custom',
    path: ['newPasswordConfirmation'],
    message: t('validation.passwordConfirmation'),
    input: newPasswordConfirmation,
  })
}

/** パスワードの変更 on home: the current password, a new one (SPEC §5.2) and its confirmation. */
export const passwordChangeFormSchema = z
  .object({
    currentPassword: enteredPasswordSchema,
    newPassword: newPasswordSchema,
    newPasswordConfirmation: confirmationField,
  })
  .check(checkConfirmation)

/** passwordResetCode: the code, a new password (SPEC §5.2) and its confirmation. */
export const passwordResetCodeFormSchema = z
  .object({
    code: codeInputSchema,
    newPassword: newPasswordSchema,
    newPasswordConfirmation: confirmationField,
  })
  .check(checkConfirmation)
