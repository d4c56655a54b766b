import { applicationFlowMessages } from './application-flow.ja.ts'
import { applicationRuleMessages } from './application.ja.ts'
import { consentRuleMessages } from './consent-rules.ja.ts'
import { errorMessages } from './errors.ja.ts'
import { translator } from './format.ts'
import { shellMessages } from './shell.ja.ts'

// The application's choice and confirmation screens (issue #6): the shell's texts (titles, the
// group line, the contact box), the application's rule messages (SPEC §8.4), the consent
// messages and the screens' own (ADR 0011).

/** t() over the texts of the application's choice and confirmation screens. */
export const t = translator({
  ...errorMessages,
  ...shellMessages,
  ...applicationRuleMessages,
  ...consentRuleMessages,
  ...applicationFlowMessages,
})
