import { documentsMessages } from './documents.ja.ts'
import { errorMessages } from './errors.ja.ts'
import { translator } from './format.ts'
import { shellMessages } from './shell.ja.ts'

// The screens that show the product's documents and ask for consent (ADR 0009).
/** t() over the shell's texts and the documents screens' own (ADR 0011). */
export const t = translator({ ...errorMessages, ...shellMessages, ...documentsMessages })
