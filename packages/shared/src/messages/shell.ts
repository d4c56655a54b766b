import { errorMessages } from './errors.ja.ts'
import { findIn, translator } from './format.ts'
import { shellMessages } from './shell.ja.ts'

// The web app's shell: layouts, titles, the session warning, the error screens and the form kit.
const shellCatalogue = { ...errorMessages, ...shellMessages } as const

export type ShellMessageKey = keyof typeof shellCatalogue

/** t() over the shell's texts (ADR 0011). */
export const t = translator(shellCatalogue)

/** The message under a key built at run time (an error code's `error.<code>`), if there is one. */
export function findMessage(key: string): string | undefined {
  return findIn(shellCatalogue, key)
}
