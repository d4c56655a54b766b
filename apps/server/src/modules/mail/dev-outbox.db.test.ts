import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema/outbox.ts'
import { contentSecurityPolicy } from '../../plugins/security.ts'
import {
  createTestApp,
  createTestDatabase,
  productionTestEnv,
  testConfig,
  testNow,
} from '../../../test/helpers.ts'
import { enqueueMail, type MailContent } from './outbox.ts'

// PRODUCT.md "Shape": with no relay, mail goes to an outbox a developer reads at /dev/outbox,
// never in production.

function mail(overrides: Partial<MailContent> = {}): MailContent {
  return {
    template: 'verification',
    recipient: 'hanako@example.com',
    subject: '【テスト団体】メールアドレスの確認のお願い',
    textBody:
      '下記のリンクを開いてください。\n\nhttps://dantai.example/app/ent/x/verifyUser#token=a&b=1\n',
    htmlBody: '<p>HTML</p>',
    ...overrides,
  }
}

describe('開発用の受信箱 /dev/outbox (PRODUCT.md "Shape")', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  /** Enqueues a mail created at a given time (the page lists the newest first). */
  async function enqueueAt(content: MailContent, createdAt: Date): Promise<string> {
    const id = await enqueueMail(app.db, content, testNow)
    await app.db.update(outboxMessages).set({ createdAt }).where(eq(outboxMessages.id, id))
    return id
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })
  beforeEach(async () => {
    await app.db.delete(outboxMessages)
  })

  it('SMTP_URL がなければ deliver で送信済みになり、一覧に件名・宛先・本文が日本時間で並ぶこと', async () => {
    const id = await enqueueAt(mail(), testNow)
    expect(await app.mailDelivery.deliver(id)).toBe('sent')
    await enqueueAt(
      mail({ recipient: 'jiro@example.com', subject: '後から書いたメール', textBody: '本文' }),
      new Date(testNow.getTime() + 65_000),
    )

    const response = await app.inject({ method: 'GET', url: '/dev/outbox' })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    // the strict policy of every page, with no exception for this one
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy(testConfig()))
    const body = response.body
    expect(body).toContain('<html lang="ja">')
    expect(body).toContain('<h1>送信メール一覧（開発用）</h1>')
    expect(body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)
    const headings = [...body.matchAll(/<h2 id="[^"]+">([^<]*)<\/h2>/g)].map((match) => match[1])
    expect(headings).toEqual(['後から書いたメール', '【テスト団体】メールアドレスの確認のお願い'])
    expect(body).toContain(`<article aria-labelledby="message-${id}">`)
    expect(body).toContain(`<h2 id="message-${id}">`)
    // 2026-11-20 01:00 UTC is 10:00 JST
    expect(body).toContain('<time datetime="2026-11-20T01:00:00.000Z">2026-11-20 10:00:00</time>')
    expect(body).toContain('<time datetime="2026-11-20T01:01:05.000Z">2026-11-20 10:01:05</time>')
    expect(body).toContain('<dd>送信済み</dd>')
    expect(body).toContain('<dd>送信待ち</dd>')
    expect(body).toContain('<dd>hanako@example.com</dd>')
    expect(body).toContain(
      '<pre>下記のリンクを開いてください。\n\n' +
        '<a href="https://dantai.example/app/ent/x/verifyUser#token=a&amp;b=1">' +
        'https://dantai.example/app/ent/x/verifyUser#token=a&amp;b=1</a>\n</pre>',
    )
  })

  it('件名・宛先・本文の記号をエスケープすること', async () => {
    await enqueueAt(
      mail({
        recipient: '"<b>"@example.com',
        subject: '<script>alert(1)</script>',
        textBody: '<img src=x onerror=alert(1)> & https://a.example/?q="x"',
      }),
      testNow,
    )

    const body = (await app.inject({ method: 'GET', url: '/dev/outbox' })).body

    expect(body).not.toContain('<script>')
    expect(body).not.toContain('<img')
    expect(body).toContain('>&lt;script&gt;alert(1)&lt;/script&gt;</h2>')
    expect(body).toContain('<dd>&quot;&lt;b&gt;&quot;@example.com</dd>')
    expect(body).toContain(
      '<pre>&lt;img src=x onerror=alert(1)&gt; &amp; ' +
        '<a href="https://a.example/?q=">https://a.example/?q=</a>&quot;x&quot;</pre>',
    )
  })

  it('メールがなければ、ないと表示すること', async () => {
    const body = (await app.inject({ method: 'GET', url: '/dev/outbox' })).body
    expect(body).toContain('<p>メールはまだありません。</p>')
    expect(body).not.toContain('<ol>')
  })

  it('messages.json は新しい順に返し、recipient で完全一致に絞り込めること', async () => {
    const first = await enqueueAt(mail(), testNow)
    const second = await enqueueAt(
      mail({ recipient: 'jiro@example.com', subject: '次郎さんへ' }),
      new Date(testNow.getTime() + 1000),
    )
    const third = await enqueueAt(
      mail({ subject: '花子さんへ2通目', htmlBody: undefined }),
      new Date(testNow.getTime() + 2000),
    )
    await app.mailDelivery.deliver(third)

    const all = await app.inject({ method: 'GET', url: '/dev/outbox/messages.json' })
    expect(all.statusCode).toBe(200)
    expect(all.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(all.json().map((message: { id: string }) => message.id)).toEqual([third, second, first])

    const filtered = await app.inject({
      method: 'GET',
      url: '/dev/outbox/messages.json',
      query: { recipient: 'hanako@example.com' },
    })
    expect(filtered.json()).toEqual([
      {
        id: third,
        channel: 'mail',
        template: 'verification',
        recipient: 'hanako@example.com',
        subject: '花子さんへ2通目',
        textBody: mail().textBody,
        htmlBody: null,
        status: 'sent',
        transport: 'outbox',
        createdAt: '2026-11-20T01:00:02.000Z',
      },
      {
        id: first,
        channel: 'mail',
        template: 'verification',
        recipient: 'hanako@example.com',
        subject: '【テスト団体】メールアドレスの確認のお願い',
        textBody: mail().textBody,
        htmlBody: '<p>HTML</p>',
        status: 'pending',
        transport: null,
        createdAt: '2026-11-20T01:00:00.000Z',
      },
    ])

    const partial = await app.inject({
      method: 'GET',
      url: '/dev/outbox/messages.json',
      query: { recipient: 'hanako@example' },
    })
    expect(partial.json()).toEqual([])
  })
})

describe('本番環境の /dev/outbox (PRODUCT.md "Shape": never in production)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { env: productionTestEnv })
    await enqueueMail(app.db, mail(), testNow)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it.each(['/dev/outbox', '/dev/outbox/messages.json', '/dev/outbox/messages.json?recipient=x'])(
    '%s は 404 を返し、メールを見せないこと',
    async (url) => {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('hanako@example.com')
      expect(response.body).not.toContain('メールアドレスの確認のお願い')
    },
  )
})
