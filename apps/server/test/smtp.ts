import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer, type SMTPServerError } from 'smtp-server'

/** One message as the relay received it, parsed the way a mail client reads it. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the SMTP session */
  envelopeFrom: string | undefined
  envelopeTo: string[]
  /** the From and To headers as text (`団体保険 Web加入 <no-reply@…>`) */
  from: string | undefined
  fromName: string | undefined
  fromAddress: string | undefined
  to: string | undefined
  subject: string | undefined
  text: string | undefined
  html: string | undefined
  headers: Map<string, unknown>
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT, for SMTP_URL */
  url: string
  /** every accepted message, in the order it arrived */
  messages: ReceivedMail[]
  /** From now on, answer RCPT TO for matching addresses with this code (default 550). */
  refuseRecipients(predicate: (address: string) => boolean, responseCode?: number): void
  close(): Promise<void>
}

function addressText(value: AddressObject | AddressObject[] | undefined): string | undefined {
  if (value === undefined) return undefined
  return (Array.isArray(value) ? value : [value]).map((address) => address.text).join(', ')
}

/**
 * A real SMTP server on 127.0.0.1 and a free port, without TLS or authentication, that keeps
 * what it receives. Close it in afterAll or afterEach.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = []
  let refusal: { predicate: (address: string) => boolean; responseCode: number } | undefined

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusal?.predicate(address.address) === true) {
        const error: SMTPServerError = new Error('Recipient address rejected')
        error.responseCode = refusal.responseCode
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mailFrom = session.envelope.mailFrom
          messages.push({
            envelopeFrom: mailFrom === false ? undefined : mailFrom.address,
            envelopeTo: session.envelope.rcptTo.map((address) => address.address),
            from: parsed.from?.text,
            fromName: parsed.from?.value[0]?.name,
            fromAddress: parsed.from?.value[0]?.address,
            to: addressText(parsed.to),
            subject: parsed.subject,
            text: parsed.text,
            html: parsed.html === false ? undefined : parsed.html,
            headers: parsed.headers,
          })
          callback()
        })
        .catch((error: unknown) => callback(error as Error))
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseRecipients(predicate, responseCode = 550) {
      refusal = { predicate, responseCode }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
