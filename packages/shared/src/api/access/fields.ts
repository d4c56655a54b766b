import { fieldSchema } from '../../rules/field-schema.ts'

// The input fields of applicant access and of the my-page credentials (ADR 0022): what a form
// checks as the applicant types, and what the endpoints' bodies are built of. A light module: a
// screen imports its fields from here without the endpoints' other schemas (ADR 0011).

export const firstEntryIdSchema = fieldSchema('required', 'onlyNumberAndUpperAlphabet', [
  'max',
  { max: 20 },
])
export const firstEntryPasswordSchema = fieldSchema('required', 'connectPassword', [
  'max',
  { max: 64 },
])
export const mailAddressSchema = fieldSchema('required', 'email')
/** The my-page password the applicant chooses (SPEC §5.2 password, its five conditions). */
export const newPasswordSchema = fieldSchema('required', 'disabledCharInPassword', 'password', [
  'max',
  { max: 128 },
])
/** The password asked again on the link's page: only its presence is checked before comparing. */
export const enteredPasswordSchema = fieldSchema('required', ['max', { max: 128 }])
