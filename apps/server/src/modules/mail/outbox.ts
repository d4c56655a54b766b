import type { Database } from '../../db/client.ts'
import { insertOutboxMessage } from './outbox-repository.ts'

/**
 * What a message holds in secret (issue #17 point 9): a code or a link's token, which must not
 * outlive its delivery nor its validity. `values` are the texts as the bodies hold them.
 */
export interface MessageSecrets {
  values: readonly string[]
  /** when the secret stops working: the bodies are masked then at the latest */
  expiresAt: Date
}

/** A body with each secret value masked (`******`), as an operator may still see it. */
export function maskSecrets(body: string, values: readonly string[]): string {
  let masked = body
  for (const value of values) {
    if (value !== '') masked = masked.split(value).join('*'.repeat(Math.min(value.length, 8)))
  }
  return masked
}

/** The columns that hold a message's secrets until they are masked (enqueue time). */
export function secretColumns(
  bodies: { textBody: string; htmlBody?: string | null },
  secrets: MessageSecrets | undefined,
) {
  if (secrets === undefined) return {}
  return {
    redactedTextBody: maskSecrets(bodies.textBody, secrets.values),
    redactedHtmlBody:
      bodies.htmlBody === undefined || bodies.htmlBody === null
        ? null
        : maskSecrets(bodies.htmlBody, secrets.values),
    secretExpiresAt: secrets.expiresAt,
  }
}

/** One mail as a template writes it, plus who receives it. */
export interface MailContent {
  /** the template that wrote it (`verification`, …): shown on /dev/outbox and in the logs */
  template: string
  recipient: string
  subject: string
  textBody: string
  htmlBody?: string
  /** the one-time secret it carries, if any */
  secrets?: MessageSecrets
}

/**
 * Writes a mail to the outbox (PRODUCT.md "Messages"). Pass the transaction of the change that
 * causes the mail, so that the mail exists exactly when the change does; the delivery job sends
 * it, or the caller hands the id to `MailDelivery.deliver` once the transaction has committed.
 */
export async function enqueueMail(db: Database, mail: MailContent, now: Date): Promise<string> {
  return enqueueMessage(db, { ...mail, channel: 'mail' }, now)
}

/**
 * Writes any message to the outbox: a mail, or an SMS or voice call whose recipient is a number
 * (issue #8). The mail module is the only writer of the outbox (issue #18).
 */
export async function enqueueMessage(
  db: Database,
  message: MailContent & { channel: 'mail' | 'sms' | 'voice' },
  now: Date,
): Promise<string> {
  return insertOutboxMessage(db, {
    channel: message.channel,
    template: message.template,
    recipient: message.recipient,
    subject: message.subject,
    textBody: message.textBody,
    htmlBody: message.htmlBody,
    ...secretColumns(message, message.secrets),
    status: 'pending',
    nextAttemptAt: now,
  })
}
