import { errorMessages } from '@app/shared/messages/errors.ja'
import { findIn, translator } from '@app/shared/messages/format'
import { myPageScreenMessages } from '@app/shared/messages/my-page-screens.ja'
import { myPageMessages } from '@app/shared/messages/my-page.ja'
import { shellMessages } from '@app/shared/messages/shell.ja'

// The texts of the my-page screens (issue #8): the shell's (titles, the group line, the error
// screens' fallback), the my-page codes' messages and the screens' own (ADR 0011: a screen
// downloads only its own texts).

const myPageCatalogue = {
  ...errorMessages,
  ...shellMessages,
  ...myPageMessages,
  ...myPageScreenMessages,
} as const

export type MyPageMessageKey = keyof typeof myPageCatalogue

/** t() over the my-page screens' texts. */
export const t = translator(myPageCatalogue)

/** The in-flow message of an error code (SPEC §8.4), or the error screens' default text. */
export function myPageErrorText(errorCode: string): string {
  return findIn(myPageCatalogue, `error.${errorCode}`) ?? t('errorScreen.default.description')
}
