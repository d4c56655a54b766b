import type { Database } from '../../db/client.ts'
import { enqueueMessage, type MessageSecrets } from '../mail/outbox.ts'
import type { TelephoneChannel } from './telephone-provider.ts'

/** An SMS or a voice call as a template writes it; the recipient is the number. */
export interface TelephoneMessage {
  channel: TelephoneChannel
  template: string
  recipient: string
  /** a short label for the outbox page and the logs (never the code) */
  subject: string
  /** the SMS text, or what the voice call reads out */
  textBody: string
  /** the code it carries (as the text holds it: digits, or their readings) */
  secrets?: MessageSecrets
}

/** Writes the message to the outbox in the caller's transaction; the delivery job sends it. */
export async function enqueueTelephoneMessage(
  db: Database,
  message: TelephoneMessage,
  now: Date,
): Promise<string> {
  return enqueueMessage(db, message, now)
}
