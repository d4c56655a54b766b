import { adminConsoleMessages } from './admin-console.ja.ts'
import { adminErrorMessages } from './admin-errors.ja.ts'
import { errorMessages } from './errors.ja.ts'
import { findIn, translator } from './format.ts'

// The back-office console's texts (issue #20): its own screens' and the error codes' it shows.
// Only the console's bundle imports this module (ADR 0011).
const adminConsoleCatalogue = {
  ...errorMessages,
  ...adminErrorMessages,
  ...adminConsoleMessages,
} as const

export type AdminConsoleMessageKey = keyof typeof adminConsoleCatalogue

/** t() over the console's texts. */
export const t = translator(adminConsoleCatalogue)

/** The message under a key built at run time (an error code's `error.<code>`), if there is one. */
export function findMessage(key: string): string | undefined {
  return findIn(adminConsoleCatalogue, key)
}
