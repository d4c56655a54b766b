import type { TwilioSettings } from '../../env.ts'
import type { MailLog } from '../mail/delivery.ts'
import { toE164 } from './phone-number.ts'
import {
  TelephoneSendError,
  type TelephoneChannel,
  type TelephoneProvider,
} from './telephone-provider.ts'

// Twilio as the telephone provider (issue #19 point 3): Programmable Messaging for SMS and
// Programmable Voice for the call that reads the code, over Twilio's REST API with Node's fetch
// (no SDK). Nothing of a message is logged or put in an error: not the number, not the text, not
// the code; Twilio's error texts often repeat the number, so only its numeric error code is kept.

/** Twilio error codes for a number that cannot take the message: trying again cannot help. */
const UNREACHABLE_NUMBER_CODES = new Set([
  21211, // invalid 'To' number
  21214, // 'To' number cannot be reached
  21217, // the number does not appear to be valid
  21610, // the recipient replied STOP (unsubscribed)
  21612, // the 'To' number is not reachable by SMS
  21614, // 'To' is not a mobile number
])

const DEFAULT_TIMEOUT_MS = 10_000

/** Text for XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

/**
 * The call's TwiML: the script line by line in Japanese, with a short pause between lines. The
 * script (voiceCodeMessage) already reads the code digit by digit, twice.
 */
export function voiceTwiml(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const says = lines.map(
    (line) => `<Say language="ja-JP" voice="Polly.Mizuki">${escapeXml(line)}</Say>`,
  )
  return `<Response>${says.join('<Pause length="1"/>')}</Response>`
}

/** Twilio's error answer: `{ code, message, more_info, status }`; only the code is read. */
function twilioErrorCode(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined
  return typeof body.code === 'number' && Number.isInteger(body.code) ? body.code : undefined
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export interface TwilioProviderOptions {
  settings: TwilioSettings
  /** configuration problems (Twilio refusing the credentials) are logged here */
  log: Pick<MailLog, 'error'>
  /** each request is cut off after this long; default 10 s */
  timeoutMs?: number
}

export class TwilioTelephoneProvider implements TelephoneProvider {
  readonly transport = 'twilio'
  readonly #settings: TwilioSettings
  readonly #log: Pick<MailLog, 'error'>
  readonly #timeoutMs: number

  constructor(options: TwilioProviderOptions) {
    this.#settings = options.settings
    this.#log = options.log
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  async send(channel: TelephoneChannel, to: string, text: string): Promise<void> {
    const number = toE164(to)
    if (number === undefined) {
      throw new TelephoneSendError('INVALID_NUMBER', { permanent: true })
    }
    const { from, messagingServiceSid } = this.#settings
    const form = new URLSearchParams({ To: number })
    if (channel === 'sms') {
      if (messagingServiceSid === undefined) form.set('From', from)
      else form.set('MessagingServiceSid', messagingServiceSid)
      form.set('Body', text)
    } else {
      form.set('From', from)
      form.set('Twiml', voiceTwiml(text))
    }
    await this.#post(channel === 'sms' ? 'Messages.json' : 'Calls.json', form)
  }

  async #post(resource: string, form: URLSearchParams): Promise<void> {
    const { apiBase, accountSid, authToken } = this.#settings
    const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/${resource}`
    const credentials = Buffer.from(`${accountSid}:${authToken}`).toString('base64')
    let response: Response
    let body: unknown
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      // read to the end, so the connection can be reused (and the timeout covers the body)
      body = readJson(await response.text())
    } catch (error) {
      const isTimeout = error instanceof Error && error.name === 'TimeoutError'
      throw new TelephoneSendError(isTimeout ? 'TWILIO_TIMEOUT' : 'TWILIO_NETWORK', {
        permanent: false,
      })
    }
    if (response.ok) return
    throw this.#failure(response.status, twilioErrorCode(body))
  }

  #failure(status: number, twilioCode: number | undefined): TelephoneSendError {
    if (status === 400 && twilioCode !== undefined && UNREACHABLE_NUMBER_CODES.has(twilioCode)) {
      return new TelephoneSendError(`TWILIO_${twilioCode}`, { permanent: true })
    }
    if (status === 401 || status === 403) {
      // the account or its token is wrong: a configuration problem, told once per attempt; the
      // message may be sent once it is fixed, so it is tried again
      this.#log.error(
        { status, twilioCode },
        'twilio refused the credentials: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
      )
      return new TelephoneSendError('TWILIO_AUTH', { permanent: false })
    }
    if (status >= 400 && status < 500 && status !== 429) {
      // another refusal (a wrong From, a region not enabled): the settings, not the number
      this.#log.error({ status, twilioCode }, 'twilio refused the request: check the settings')
    }
    const code = twilioCode === undefined ? `TWILIO_HTTP_${status}` : `TWILIO_${twilioCode}`
    return new TelephoneSendError(code, { permanent: false })
  }
}
