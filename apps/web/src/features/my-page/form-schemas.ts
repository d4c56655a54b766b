import { enteredPasswordSchema, newPasswordSchema } from '@app/shared/api/access/fields'
import {
  newPasswordConfirmationSchema,
  oneTimeCodeSchema,
  withConfirmation,
} from '@app/shared/api/my-page/fields'
import * as z from 'zod/mini'

// The my-page forms' schemas: only what the holder types (the link and an attempt's token go
// along unseen, and the server checks the whole body). The fields are the endpoints' own, from
// the light modules api/access/fields.ts and api/my-page/fields.ts (ADR 0022): importing
// api/my-page/endpoints.ts would bring its answers' schemas (the application's apply-info and its
// messages, about 5 KiB gzip) into every my-page screen (ADR 0011).

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
  oneTimeCodeSchema,
)

/** The code step's form (loginCode, verifyTelephoneAuth, mailChangeCode). */
export const codeFormSchema = z.object({ code: codeInputSchema })

/** パスワードの変更 on home: the current password, a new one (SPEC §5.2) and its confirmation. */
export const passwordChangeFormSchema = withConfirmation(
  z.object({
    currentPassword: enteredPasswordSchema,
    newPassword: newPasswordSchema,
    newPasswordConfirmation: newPasswordConfirmationSchema,
  }),
)

/** passwordResetCode: the code, a new password (SPEC §5.2) and its confirmation. */
export const passwordResetCodeFormSchema = withConfirmation(
  z.object({
    code: codeInputSchema,
    newPassword: newPasswordSchema,
    newPasswordConfirmation: newPasswordConfirmationSchema,
  }),
)
