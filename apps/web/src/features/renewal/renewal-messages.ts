import { formatJapaneseDate } from '@app/shared/format/display'
import { errorCodes } from '@app/shared/errors'
import { translator } from '@app/shared/messages/format'
import { renewalScreenMessages } from '@app/shared/messages/renewal-screens.ja'
import { t as shellT } from '@app/shared/messages/shell'

// The texts of the renewal screens (issue #9): their own catalogue only (ADR 0011: a screen
// downloads only its own texts); titles and the error screens' texts stay with the shell.

/** t() over the renewal screens' texts. */
export const t = translator(renewalScreenMessages)

/** YYYYMMDD → 「2027年3月31日」 (the shared style); anything else as it is. */
export function formatRenewalDate(value: string | null): string {
  return formatJapaneseDate(value ?? '')
}

/** 「2026年4月1日〜2027年3月31日」 */
export function formatRenewalPeriod(inception: string | null, expiry: string | null): string {
  return t('renewal.period', {
    inception: formatRenewalDate(inception),
    expiry: formatRenewalDate(expiry),
  })
}

/** SPEC §8.4 in-flow text of a renewal code (APFA2029), or the error screens' default. */
export function renewalErrorText(errorCode: string): string {
  return errorCode === errorCodes.renewalNotPossible
    ? t('error.APFA2029')
    : shellT('errorScreen.default.description')
}
