import { applicationFormMessages } from './application-forms.ja.ts'
import { applicationRuleMessages } from './application.ja.ts'
import { errorMessages } from './errors.ja.ts'
import { translator } from './format.ts'
import { shellMessages } from './shell.ja.ts'

// The texts every application input screen needs (issue #6): the shell's (titles, the group line,
// the contact box), the application's rule messages (SPEC §8.4) and the screens' shared ones. A
// screen with texts of its own makes its translator over this and its file (ADR 0011).

export const applicationFormsCatalogue = {
  ...errorMessages,
  ...shellMessages,
  ...applicationRuleMessages,
  ...applicationFormMessages,
} as const

/** t() over the texts the application's input screens share. */
export const t = translator(applicationFormsCatalogue)
