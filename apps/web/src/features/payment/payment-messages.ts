import { errorMessages } from '@app/shared/messages/errors.ja'
import { findIn, translator } from '@app/shared/messages/format'
import { paymentMessages } from '@app/shared/messages/payment.ja'
import { shellMessages } from '@app/shared/messages/shell.ja'

// The texts of payment and completeApplication (issue #7): the shell's (titles, the group line,
// the contact box, the error screens' fallback) and the payment catalogue (ADR 0011: a screen
// downloads only its own texts).

const paymentCatalogue = { ...errorMessages, ...shellMessages, ...paymentMessages } as const

/** t() over the payment screens' texts. */
export const t = translator(paymentCatalogue)

/**
 * The in-flow message of a payment error code (SPEC §8.4): a provider's ESOE… code is shown with
 * the code ("system error (with code)"), ours by its catalogue text.
 */
export function paymentErrorText(errorCode: string): string {
  if (errorCode.startsWith('ESOE')) return t('payment.providerError', { code: errorCode })
  return findIn(paymentCatalogue, `error.${errorCode}`) ?? t('errorScreen.default.description')
}
