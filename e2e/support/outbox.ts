// The server's outbox (docs/mail.md "/dev/outbox"): with no SMTP_URL every mail stays there, and
// GET /dev/outbox/messages.json?recipient=… returns it, newest first.
import { expect, type APIRequestContext } from '@playwright/test'

export interface OutboxMessage {
  id: string
  template: string
  recipient: string
  subject: string
  textBody: string
  htmlBody: string | null
  status: string
  transport: string | null
  createdAt: string
}

/** The messages sent to `recipient`, newest first. */
export async function outboxMessages(
  request: APIRequestContext,
  recipient: string,
): Promise<OutboxMessage[]> {
  const response = await request.get('/dev/outbox/messages.json', { params: { recipient } })
  expect(response.status(), 'GET /dev/outbox/messages.json').toBe(200)
  return (await response.json()) as OutboxMessage[]
}

/**
 * The one mail sent to `recipient` (each test mails an address of its own): waits for it, since
 * the request that causes a mail answers after the outbox row is committed, and expects exactly
 * one, so that a test never reads another attempt's link.
 */
export async function theOnlyMailTo(
  request: APIRequestContext,
  recipient: string,
): Promise<OutboxMessage> {
  let messages: OutboxMessage[] = []
  await expect
    .poll(async () => (messages = await outboxMessages(request, recipient)).length, {
      message: `mail to ${recipient} in the outbox`,
    })
    .toBeGreaterThan(0)
  expect(messages, `mail to ${recipient}`).toHaveLength(1)
  const [message] = messages
  if (message === undefined) throw new Error('unreachable')
  return message
}

/** The verification link in a mail's text: `http://…/app/ent/{link}/verifyUser#token=…`. */
export function verificationLinkOf(message: OutboxMessage): string {
  const links = message.textBody.match(/https?:\/\/\S+\/verifyUser#token=[A-Za-z0-9_-]+/g) ?? []
  expect(links, `one verification link in the mail:\n${message.textBody}`).toHaveLength(1)
  return links[0] ?? ''
}

/** A mail address no other test uses: one mail to it means one attempt of this test. */
export function uniqueMailAddress(label: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `${label.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.${Date.now().toString(36)}${random}@example.jp`
}

/**
 * The messages to one recipient (a mail address, or for SMS and voice a phone number) as they
 * come. The server's clock is pinned, so every message has the same createdAt and "newest first"
 * cannot tell a new message from an old one; the ids already read can. `next(template)` waits for
 * the one message of that template not read yet, and expects exactly one.
 */
export class Inbox {
  readonly #request: APIRequestContext
  readonly recipient: string
  readonly #read = new Set<string>()

  constructor(request: APIRequestContext, recipient: string) {
    this.#request = request
    this.recipient = recipient
  }

  async #unread(template: string): Promise<OutboxMessage[]> {
    const messages = await outboxMessages(this.#request, this.recipient)
    return messages.filter(
      (message) => message.template === template && !this.#read.has(message.id),
    )
  }

  /** The new message of `template` (a mail's or an SMS's template name), marked as read. */
  async next(template: string): Promise<OutboxMessage> {
    let unread: OutboxMessage[] = []
    await expect
      .poll(async () => (unread = await this.#unread(template)).length, {
        message: `a new ${template} message to ${this.recipient} in the outbox`,
      })
      .toBeGreaterThan(0)
    expect(unread, `new ${template} messages to ${this.recipient}`).toHaveLength(1)
    const [message] = unread
    if (message === undefined) throw new Error('unreachable')
    this.#read.add(message.id)
    return message
  }

  /** Marks every message there is now as read (what came before a test's own steps). */
  async skipAll(): Promise<void> {
    for (const message of await outboxMessages(this.#request, this.recipient)) {
      this.#read.add(message.id)
    }
  }
}
