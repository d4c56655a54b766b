import { applicationRuleMessages } from './application.ja.ts'
import { fieldMessages } from './fields.ja.ts'
import { translator } from './format.ts'

/** t() over the field rules' messages and the application's rule messages (ADR 0011). */
export const t = translator({ ...fieldMessages, ...applicationRuleMessages })
