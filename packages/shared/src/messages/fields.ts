import { consentRuleMessages } from './consent-rules.ja.ts'
import { fieldMessages } from './fields.ja.ts'
import { translator, type PlainKey } from './format.ts'

// What the field rules can say: their own messages and those a rule may show instead
// (`messageKey`), in the browser and on the server alike.
const fieldCatalogue = { ...fieldMessages, ...consentRuleMessages } as const

/** A message a rule can show as it is: one without `{placeholder}`. */
export type FieldMessageKey = PlainKey<typeof fieldCatalogue>

/** t() over the field rules' messages (ADR 0011). */
export const t = translator(fieldCatalogue)
