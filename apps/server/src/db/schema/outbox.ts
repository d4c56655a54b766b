import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { instant } from '../columns.ts'

// Owned by modules/mail (issue #18): the only module that writes these tables.

/**
 * Outgoing mail (PRODUCT.md "Messages"): written in the same transaction as the change that
 * causes it, then delivered by the delivery job with retries and backoff.
 * status: pending → sent | failed (given up, or the relay refused the recipient for good).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'mail', or 'sms' / 'voice' (telephone authentication, issue #8): recipient is a number */
    channel: text().notNull().default('mail'),
    /** which template wrote it (verification, …): for the outbox page and the logs */
    template: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: instant().notNull(),
    /** a claim by one process: others skip the row until this time */
    claimedUntil: instant(),
    /** 'smtp' or 'outbox' (no relay configured: the outbox page is the mailbox) */
    transport: text(),
    /** the relay's answer code and a short reason: never the address or the body */
    lastError: text(),
    sentAt: instant(),
    /**
     * One-time secrets (issue #17 point 9): a message carrying a code or a link's token holds it
     * only until it is delivered, and never past the secret's validity: then the bodies become
     * these masked forms and the three columns are emptied.
     */
    redactedTextBody: text(),
    redactedHtmlBody: text(),
    secretExpiresAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('outbox_messages_status', sql`${table.status} in ('pending', 'sent', 'failed')`),
    check('outbox_messages_channel', sql`${table.channel} in ('mail', 'sms', 'voice')`),
    index('outbox_messages_due_ix').on(table.status, table.nextAttemptAt),
    // the back office's application detail lists the mails sent to the applicant (ADR 0027)
    index('outbox_messages_recipient_ix').on(table.recipient, table.createdAt),
  ],
)
