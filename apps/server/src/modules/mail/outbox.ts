import type { Database } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema/outbox.ts'

/** One mail as a template writes it, plus who receives it. */
export interface MailContent {
  /** the template that wrote it (`verification`, …): shown on /dev/outbox and in the logs */
  template: string
  recipient: string
  subject: string
  textBody: string
  htmlBody?: string
}

/**
 * Writes a mail to the outbox (PRODUCT.md "Messages"). Pass the transaction of the change that
 * causes the mail, so that the mail exists exactly when the change does; the delivery job sends
 * it, or the caller hands the id to `MailDelivery.deliver` once the transaction has committed.
 */
export async function enqueueMail(db: Database, mail: MailContent, now: Date): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      template: mail.template,
      recipient: mail.recipient,
      subject: mail.subject,
      textBody: mail.textBody,
      htmlBody: mail.htmlBody,
      status: 'pending',
      nextAttemptAt: now,
    })
    .returning({ id: outboxMessages.id })
  if (row === undefined) throw new Error('outbox insert returned no row')
  return row.id
}
