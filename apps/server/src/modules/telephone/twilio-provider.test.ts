import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TwilioSettings } from '../../env.ts'
import { readDigits, voiceCodeMessage } from '../mail/my-page-templates.ts'
import { toE164 } from './phone-number.ts'
import { TelephoneSendError } from './telephone-provider.ts'
import { escapeXml, TwilioTelephoneProvider, voiceTwiml } from './twilio-provider.ts'

// The Twilio provider (issue #19 point 3) against a stand-in for Twilio's REST API on a real
// socket: what it sends (Basic auth, the account's path, the form), and how each kind of refusal
// is read: a number that cannot be reached is permanent, everything else is tried again.

interface Received {
  method: string | undefined
  url: string | undefined
  headers: IncomingMessage['headers']
  form: URLSearchParams
}

type Handler = (request: Received, response: ServerResponse) => void

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`
const AUTH_TOKEN = 'auth-token-0123456789'
const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`
const FROM = '+815012345678'
const CODE = '482915'

/** Where a server listens, as http://127.0.0.1:port. */
function baseUrlOf(server: Server): string {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP')
  return `http://127.0.0.1:${address.port}`
}

describe('Twilio での SMS・音声の送信 (TwilioTelephoneProvider)', () => {
  let server: Server
  let baseUrl: string
  let handler: Handler
  const received: Received[] = []
  const logged: { data: object; message: string }[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const entry = {
          method: request.method,
          url: request.url,
          headers: request.headers,
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        }
        received.push(entry)
        handler(entry, response)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = baseUrlOf(server)
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  beforeEach(() => {
    received.length = 0
    logged.length = 0
  })

  const settings = (overrides: Partial<TwilioSettings> = {}): TwilioSettings => ({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
    messagingServiceSid: undefined,
    apiBase: baseUrl,
    ...overrides,
  })
  const provider = (overrides: Partial<TwilioSettings> = {}) =>
    new TwilioTelephoneProvider({
      settings: settings(overrides),
      log: { error: (data, message) => logged.push({ data, message }) },
      timeoutMs: 300,
    })
  const answer = (status: number, body: object) => {
    handler = (_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
  }
  /** Twilio's error answer; its text repeats the number, as Twilio's do. */
  const twilioError = (status: number, code: number) =>
    answer(status, {
      code,
      message: `The 'To' number +819012345678 is not valid.`,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    })
  const smsText = `【テスト団体】認証コード：${CODE}（10分間有効）。他人に教えないでください。`

  /** The refusal a send ends in. */
  async function refusal(send: Promise<void>): Promise<TelephoneSendError> {
    const error: unknown = await send.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    if (!(error instanceof TelephoneSendError)) throw new Error('expected a TelephoneSendError')
    return error
  }

  it('SMS: Basic 認証で アカウントの Messages.json に、+81 の番号・送信元・本文を送ること', async () => {
    answer(201, { sid: 'SM0123', status: 'queued', to: '+819012345678' })
    await provider().send('sms', '09012345678', smsText)

    expect(received).toHaveLength(1)
    const [request] = received
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
    const basic = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')
    expect(request?.headers.authorization).toBe(`Basic ${basic}`)
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+819012345678',
      From: FROM,
      Body: smsText,
    })
    expect(request?.form.get('Body')).toContain(CODE)
    expect(provider().transport).toBe('twilio')
  })

  it('SMS: メッセージングサービスがあれば From の代わりにそれを送ること', async () => {
    answer(201, { sid: 'SM0124', status: 'accepted' })
    await provider({ messagingServiceSid: SERVICE_SID }).send('sms', '08012345678', smsText)
    const form = received[0]?.form
    expect(form?.get('MessagingServiceSid')).toBe(SERVICE_SID)
    expect(form?.has('From')).toBe(false)
    expect(form?.get('To')).toBe('+818012345678')
  })

  it('音声: Calls.json に、日本語で読み上げる TwiML（コードを1桁ずつ2回）を送ること', async () => {
    answer(201, { sid: 'CA0123', status: 'queued' })
    const script = voiceCodeMessage({ groupName: 'A&B <団体>', code: CODE }).textBody
    // a landline: voice only
    await provider({ messagingServiceSid: SERVICE_SID }).send('voice', '0312345678', script)

    const request = received[0]
    expect(request?.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`)
    expect(request?.form.get('To')).toBe('+81312345678')
    expect(request?.form.get('From')).toBe(FROM)
    expect(request?.form.has('MessagingServiceSid')).toBe(false)
    const twiml = request?.form.get('Twiml') ?? ''
    expect(twiml).toMatch(/^<Response><Say language="ja-JP"[^>]*>/)
    expect(twiml).toMatch(/<\/Say><\/Response>$/)
    expect(twiml.split(readDigits(CODE))).toHaveLength(3)
    expect(twiml).toContain('A&amp;B &lt;団体&gt;')
    expect(twiml).not.toContain('<団体>')
  })

  it('TwiML の文字は XML として逃がすこと', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    )
    expect(voiceTwiml('一行目\n\n二行目')).toBe(
      '<Response><Say language="ja-JP" voice="Polly.Mizuki">一行目</Say><Pause length="1"/>' +
        '<Say language="ja-JP" voice="Polly.Mizuki">二行目</Say></Response>',
    )
  })

  it('日本の番号を E.164（+81、先頭の0を除く）にすること', () => {
    expect(toE164('09012345678')).toBe('+819012345678')
    expect(toE164('0312345678')).toBe('+81312345678')
    expect(toE164('9012345678')).toBeUndefined()
    expect(toE164('+819012345678')).toBeUndefined()
  })

  it('番号として読めなければ、Twilio に送らず恒久的な失敗とすること', async () => {
    const error = await refusal(provider().send('sms', '12345', smsText))
    expect(error).toMatchObject({ code: 'INVALID_NUMBER', permanent: true })
    expect(received).toHaveLength(0)
  })

  it.each([21211, 21214, 21610, 21612, 21614])(
    '400 と番号に届かないエラーコード %i は恒久的な失敗（コードだけを残す）',
    async (code) => {
      twilioError(400, code)
      const error = await refusal(provider().send('sms', '09012345678', smsText))
      expect(error).toMatchObject({ code: `TWILIO_${code}`, permanent: true })
      expect(error.message).toBe(`TWILIO_${code}`)
      expect(logged).toEqual([])
    },
  )

  it('ほかの 400（送信元の誤りなど）は設定の問題として記録し、あとでもう一度送ること', async () => {
    twilioError(400, 21606)
    const error = await refusal(provider().send('sms', '09012345678', smsText))
    expect(error).toMatchObject({ code: 'TWILIO_21606', permanent: false })
    expect(logged.map((entry) => entry.message)).toEqual([
      'twilio refused the request: check the settings',
    ])
  })

  it.each([401, 403])(
    '%i（認証の拒否）は一時的な失敗とし、秘密を出さずに設定の問題として記録すること',
    async (status) => {
      twilioError(status, 20003)
      const error = await refusal(provider().send('voice', '0312345678', '本文'))
      expect(error).toMatchObject({ code: 'TWILIO_AUTH', permanent: false })
      expect(logged).toEqual([
        {
          data: { status, twilioCode: 20003 },
          message: 'twilio refused the credentials: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
        },
      ])
      expect(JSON.stringify({ logged, message: error.message })).not.toContain(AUTH_TOKEN)
    },
  )

  it.each([
    [429, 20429, 'TWILIO_20429'],
    [500, undefined, 'TWILIO_HTTP_500'],
    [503, undefined, 'TWILIO_HTTP_503'],
  ])('%i は一時的な失敗（あとでもう一度）', async (status, code, expected) => {
    answer(status, code === undefined ? {} : { code, status })
    const error = await refusal(provider().send('sms', '09012345678', smsText))
    expect(error).toMatchObject({ code: expected, permanent: false })
    expect(logged).toEqual([])
  })

  it('時間切れは一時的な失敗とすること', async () => {
    handler = () => {
      // never answers: the provider's 300 ms timeout cuts it off
    }
    const error = await refusal(provider().send('sms', '09012345678', smsText))
    expect(error).toMatchObject({ code: 'TWILIO_TIMEOUT', permanent: false })
  })

  it('つながらなければ一時的な失敗とすること', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedUrl = baseUrlOf(closed)
    await new Promise((resolve) => closed.close(resolve))
    const error = await refusal(provider({ apiBase: closedUrl }).send('sms', '09012345678', 'x'))
    expect(error).toMatchObject({ code: 'TWILIO_NETWORK', permanent: false })
  })

  it('失敗のメッセージに番号・本文・コードを出さないこと', async () => {
    twilioError(400, 21211)
    const error = await refusal(provider().send('sms', '09012345678', smsText))
    const told = `${error.message} ${error.code} ${JSON.stringify(logged)}`
    for (const secret of ['9012345678', CODE, 'テスト団体']) expect(told).not.toContain(secret)
  })
})
