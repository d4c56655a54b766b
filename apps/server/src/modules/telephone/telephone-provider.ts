// Telephone authentication (issue #8, PRODUCT.md "People and how they sign in"): the one-time
// code goes by SMS or as a voice call that reads it out. The message is written to the outbox in
// the transaction that issues the code (PRODUCT.md "Messages"); the delivery job hands `sms` and
// `voice` rows to a TelephoneProvider instead of SMTP.

export type TelephoneChannel = 'sms' | 'voice'

export interface TelephoneProvider {
  /** what the outbox row's `transport` says once the provider has taken the message */
  readonly transport: string
  /**
   * Sends `text` to `to` (digits only) by SMS, or calls `to` and reads `text` aloud.
   * Throws a TelephoneSendError when the provider will not or cannot deliver.
   */
  send(channel: TelephoneChannel, to: string, text: string): Promise<void>
}

/** A provider's refusal: `permanent` when trying the same number again cannot help. */
export class TelephoneSendError extends Error {
  readonly code: string
  readonly permanent: boolean

  constructor(code: string, options: { permanent: boolean; message?: string }) {
    super(options.message ?? code)
    this.name = 'TelephoneSendError'
    this.code = code
    this.permanent = options.permanent
  }
}

/** Test numbers of the embedded provider: these last four digits never connect. */
export const UNREACHABLE_SUFFIX = '0000'

/**
 * The embedded default (no provider configured): the outbox row is the message, read on
 * /dev/outbox as a developer would read a phone, so sending only checks the documented test rule —
 * a number ending in 0000 cannot be reached (SPEC §8.4 "code sending failed").
 */
export class OutboxTelephoneProvider implements TelephoneProvider {
  readonly transport = 'outbox'

  send(_channel: TelephoneChannel, to: string, _text: string): Promise<void> {
    if (to.endsWith(UNREACHABLE_SUFFIX)) {
      return Promise.reject(
        new TelephoneSendError('UNREACHABLE', { permanent: true, message: 'number unreachable' }),
      )
    }
    return Promise.resolve()
  }
}
