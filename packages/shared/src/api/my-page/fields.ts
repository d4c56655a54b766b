import type * as z from 'zod/mini'
import { t } from '../../messages/fields.ts'
import { fieldSchema } from '../../rules/field-schema.ts'

// The my-page's input fields and limits (ADR 0022): what the my-page forms check as the holder
// types, and what the endpoints' bodies are built of. A light module: a screen imports its
// fields from here without the endpoints' answers (apply-info and its messages, ADR 0011). The
// passwords and the mail address are applicant access's (access/fields.ts).

/** PRODUCT.md: one-time codes are 6 digits, valid 10 minutes, void after 5 wrong tries. */
export const ONE_TIME_CODE_LENGTH = 6
export const ONE_TIME_CODE_MINUTES = 10
export const ONE_TIME_CODE_MAX_WRONG = 5
/** How long a sign-in, mail-change, reset or phone-registration attempt lasts in all. */
export const ATTEMPT_MINUTES = 30
/** How long the certificate's signed URL works. */
export const CERTIFICATE_URL_SECONDS = 300

/** The my-page ID (ADR 0010): 10 upper-case letters and digits. Lower case is accepted. */
export const userIdSchema = fieldSchema('required', 'onlyNumberAndAllAlphabet', [
  'max',
  { max: 20 },
])
/** The 6-digit code as typed (half-width digits; the browser may convert full-width first). */
export const oneTimeCodeSchema = fieldSchema('required', 'onlyNumeric', [
  'digits',
  { length: ONE_TIME_CODE_LENGTH },
])
/** SPEC §9 phone: 10 or 11 digits, no hyphens. */
export const phoneNumberSchema = fieldSchema('required', 'telephone')

/** New password and its confirmation, checked alike everywhere (SPEC §5.2 password). */
export function withConfirmation<
  S extends z.ZodMiniType<{ newPassword: string; newPasswordConfirmation: string }>,
>(schema: S): S {
  return schema.check((payload) => {
    const { newPassword, newPasswordConfirmation } = payload.value
    if (newPasswordConfirmation !== '' && newPassword !== newPasswordConfirmation) {
      payload.issues.push({
        code: 'custom',
        path: ['newPasswordConfirmation'],
        message: t('validation.passwordConfirmation'),
        input: newPasswordConfirmation,
      })
    }
  })
}

/** The new password typed again: only its presence and length; withConfirmation compares. */
export const newPasswordConfirmationSchema = fieldSchema('required', ['max', { max: 128 }])
