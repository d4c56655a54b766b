import { errorMessages } from './errors.ja.ts'
import { translator } from './format.ts'
import { shellMessages } from './shell.ja.ts'
import { verifyUserMessages } from './verify-user.ja.ts'

/** t() over the shell's texts and verifyUser's own (ADR 0011). */
export const t = translator({ ...errorMessages, ...shellMessages, ...verifyUserMessages })
