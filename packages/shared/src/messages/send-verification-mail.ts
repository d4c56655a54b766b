import { errorMessages } from './errors.ja.ts'
import { translator } from './format.ts'
import { sendVerificationMailMessages } from './send-verification-mail.ja.ts'
import { shellMessages } from './shell.ja.ts'

const sendVerificationMailCatalogue = {
  ...errorMessages,
  ...shellMessages,
  ...sendVerificationMailMessages,
} as const

export type SendVerificationMailMessageKey = keyof typeof sendVerificationMailCatalogue

/** t() over the shell's texts and sendVerificationMail's own (ADR 0011). */
export const t = translator(sendVerificationMailCatalogue)
