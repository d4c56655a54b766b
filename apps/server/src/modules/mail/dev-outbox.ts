import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toBusinessDate, toBusinessTime } from '@app/shared'
import { html, safeHref, type HtmlValue, type SafeHtml } from '../pamphlet/html.ts'
import { findNewestMessages, type OutboxMessage } from './outbox-repository.ts'

// The developer's mailbox (PRODUCT.md "Shape": mail readable at /dev/outbox, never in
// production). The plugin registers these routes only outside production, so there they are 404.
// The page is plain HTML with no script and no style, so the strict CSP (plugins/security.ts)
// needs no exception.

const LIMIT = 100

type OutboxRow = OutboxMessage

const channelLabels: Readonly<Record<string, string>> = {
  mail: 'メール',
  sms: 'SMS',
  voice: '音声ガイダンス',
}

const statusLabels: Readonly<Record<string, string>> = {
  pending: '送信待ち',
  sent: '送信済み',
  failed: '送信失敗',
}

const outboxMessageSchema = z.object({
  id: z.string(),
  /** mail, sms or voice (telephone authentication, ADR 0015) */
  channel: z.string(),
  template: z.string(),
  recipient: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  /** pending, sent or failed */
  status: z.string(),
  /** smtp or outbox; null until sent */
  transport: z.string().nullable(),
  createdAt: z.string(),
})

/** 日本時間で「2026-11-20 10:00:05」 */
function formatJapanTime(instant: Date): string {
  const date = toBusinessDate(instant)
  const time = toBusinessTime(instant)
  const seconds = String(instant.getUTCSeconds()).padStart(2, '0')
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)} ${time.slice(0, 2)}:${time.slice(2, 4)}:${seconds}`
}

const URL_IN_TEXT = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&*+,;=%]+/g
const TRAILING_PUNCTUATION = /[.,;:!?]+$/

/** The text escaped, with each http(s) URL made a link. */
function linkify(text: string): SafeHtml {
  const parts: HtmlValue[] = []
  let end = 0
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '')
    parts.push(text.slice(end, match.index), html`<a href="${safeHref(url)}">${url}</a>`)
    end = match.index + url.length
  }
  parts.push(text.slice(end))
  return html`${parts}`
}

function statusText(message: OutboxRow): string {
  const label = statusLabels[message.status] ?? message.status
  return message.lastError === null ? label : `${label}（${message.lastError}）`
}

function timeElement(instant: Date): SafeHtml {
  return html`<time datetime="${instant.toISOString()}">${formatJapanTime(instant)}</time>`
}

function renderMessage(message: OutboxRow): SafeHtml {
  const headingId = `message-${message.id}`
  return html`<li>
    <article aria-labelledby="${headingId}">
      <h2 id="${headingId}">${message.subject}</h2>
      <dl>
        <dt>作成日時（日本時間）</dt>
        <dd>${timeElement(message.createdAt)}</dd>
        <dt>状態</dt>
        <dd>${statusText(message)}</dd>
        <dt>種類</dt>
        <dd>${channelLabels[message.channel] ?? message.channel}</dd>
        <dt>宛先</dt>
        <dd>${message.recipient}</dd>
        <dt>テンプレート</dt>
        <dd>${message.template}</dd>
      </dl>
      <h3>本文</h3>
      <pre>${linkify(message.textBody)}</pre>
    </article>
  </li>`
}

function renderPage(messages: OutboxRow[], hasRelay: boolean): string {
  return html`<!doctype html>
    <html lang="ja">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>送信メール一覧（開発用）</title>
      </head>
      <body>
        <main>
          <h1>送信メール一覧（開発用）</h1>
          <p>
            ${
              hasRelay
                ? 'SMTP_URL のリレーに送ったメールの記録です。'
                : 'SMTP_URL が設定されていないため、メールは送信されず、ここに届きます。'
            }
            新しい順に最大${LIMIT}件を表示します。本番環境ではこのページはありません。
          </p>
          ${
            messages.length === 0
              ? html`<p>メールはまだありません。</p>`
              : html`<ol>
                  ${messages.map(renderMessage)}
                </ol>`
          }
        </main>
      </body>
    </html>`.value
}

export const devOutboxRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const hasRelay = app.config.smtpUrl !== undefined
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await findNewestMessages(app.db, LIMIT)
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(renderPage(messages, hasRelay))
  })
  app.get(
    '/dev/outbox/messages.json',
    {
      schema: {
        hide: true,
        querystring: z.object({ recipient: z.string().optional() }),
        response: { 200: z.array(outboxMessageSchema) },
      },
    },
    async (request, reply) => {
      const messages = await findNewestMessages(app.db, LIMIT, request.query.recipient)
      void reply.header('cache-control', 'no-store')
      return messages.map((message) => ({
        id: message.id,
        channel: message.channel,
        template: message.template,
        recipient: message.recipient,
        subject: message.subject,
        textBody: message.textBody,
        htmlBody: message.htmlBody,
        status: message.status,
        transport: message.transport,
        createdAt: message.createdAt.toISOString(),
      }))
    },
  )
  done()
}
