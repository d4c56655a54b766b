import net, { type AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database, DatabaseHandle } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema/outbox.ts'
import { createTestApp, createTestDatabase, testNow } from '../../../test/helpers.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts'
import { MAX_ATTEMPTS, MailDelivery, retryDelayMs, type MailLog } from './delivery.ts'
import { enqueueMail, type MailContent } from './outbox.ts'
import { verificationMail } from './templates.ts'

// PRODUCT.md "Messages": the outbox is written with the change, and a job delivers it with
// retries; SMTP through nodemailer when SMTP_URL is set.

const MAIL_FROM = '団体保険 Web加入 <no-reply@dantai-hoken.example>'
const RECIPIENT = 'taro.yamada@example.com'
const LINK =
  'https://dantai.example/app/ent/T000001/202612/00001/Test0Key01/verifyUser#token=Abc-123_x'

function mail(overrides: Partial<MailContent> = {}): MailContent {
  return {
    template: 'verification',
    recipient: RECIPIENT,
    subject: '件名',
    textBody: '本文',
    htmlBody: '<p>本文</p>',
    ...overrides,
  }
}

function mutableClock(start: Date) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
  }
}

/** Collects every log line, to check that no address or body is ever logged. */
function recordingLog(): MailLog & { lines: unknown[] } {
  const lines: unknown[] = []
  const record = (data: object, message: string) => {
    lines.push({ ...data, message })
  }
  return { lines, info: record, warn: record, error: record }
}

/** An smtp:// URL where nothing listens: the connection is refused at once. */
async function closedPortUrl(): Promise<string> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `smtp://127.0.0.1:${port}`
}

async function row(db: Database, id: string) {
  const [found] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
  if (found === undefined) throw new Error(`no outbox row ${id}`)
  return found
}

describe('メール配信 (PRODUCT.md "Messages")', () => {
  let database: DatabaseHandle
  let smtp: TestSmtpServer
  const deliveries: MailDelivery[] = []

  function delivery(options: Partial<ConstructorParameters<typeof MailDelivery>[0]> = {}) {
    const created = new MailDelivery({
      db: database.db,
      clock: mutableClock(testNow),
      smtpUrl: smtp.url,
      mailFrom: MAIL_FROM,
      log: recordingLog(),
      ...options,
    })
    deliveries.push(created)
    return created
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp.close()
    await database.close()
  })
  beforeEach(async () => {
    await database.db.delete(outboxMessages)
    smtp.messages.length = 0
    smtp.refuseRecipients(() => false)
  })
  afterEach(async () => {
    await Promise.all(deliveries.splice(0).map((created) => created.stop()))
  })

  it('確認メールを実際の SMTP サーバーへ送り、件名・差出人・宛先・本文・リンク・有効期限が届くこと', async () => {
    const app = await createTestApp(database, { env: { SMTP_URL: smtp.url } })
    try {
      const content = verificationMail({
        groupName: 'テスト団体',
        link: LINK,
        // SPEC §9: the link is valid 1 hour (testNow is 10:00 JST)
        expiresAt: new Date(testNow.getTime() + 60 * 60_000),
        agencyContact: 'テスト保険代理店\n電話 03-0000-0000（平日 9:00〜17:00）',
      })
      const id = await enqueueMail(app.db, { ...content, recipient: RECIPIENT }, testNow)

      expect(await app.mailDelivery.deliver(id)).toBe('sent')

      expect(smtp.messages).toHaveLength(1)
      const received = smtp.messages[0]
      expect(received?.envelopeFrom).toBe('no-reply@dantai-hoken.example')
      expect(received?.envelopeTo).toEqual([RECIPIENT])
      expect(received?.fromName).toBe('団体保険 Web加入')
      expect(received?.fromAddress).toBe('no-reply@dantai-hoken.example')
      expect(received?.to).toBe(RECIPIENT)
      expect(received?.subject).toBe('【テスト団体】メールアドレスの確認のお願い')
      expect(received?.headers.get('auto-submitted')).toBe('auto-generated')
      const text = received?.text ?? ''
      expect(text).toContain(
        'このたびは、テスト団体の団体保険 Web加入手続きをご利用いただき、ありがとうございます。',
      )
      expect(text).toContain(`\n${LINK}\n`)
      expect(text).toContain('・リンクの有効期限：2026年11月20日 11時00分まで（送信から1時間）\n')
      expect(text).toContain('・リンクは1回だけご利用いただけます。\n')
      expect(text).toContain(
        '■お問い合わせ先\nテスト保険代理店\n電話 03-0000-0000（平日 9:00〜17:00）\n',
      )
      expect(text).toContain('このメールは送信専用です。返信いただいてもお答えできません。')
      expect(received?.html).toContain(`<a href="${LINK}">${LINK}</a>`)
      expect(received?.html).toContain(
        '<li>リンクの有効期限：2026年11月20日 11時00分まで（送信から1時間）</li>',
      )

      expect(await row(app.db, id)).toMatchObject({
        status: 'sent',
        transport: 'smtp',
        attempts: 1,
        sentAt: testNow,
        claimedUntil: null,
        lastError: null,
      })
    } finally {
      await app.close()
    }
  })

  it('送信済みのメールをもう一度 deliver しても、送り直さずに sent を返すこと', async () => {
    const sender = delivery()
    const id = await enqueueMail(database.db, mail(), testNow)
    expect(await sender.deliver(id)).toBe('sent')
    expect(await sender.deliver(id)).toBe('sent')
    expect(await sender.runDue()).toBe(0)
    expect(smtp.messages).toHaveLength(1)
  })

  it('宛先が 550 で拒否されたら refused を返し、失敗として記録し、アドレスも本文も残さないこと (SPEC §8.4「確認メールの送信に失敗」)', async () => {
    smtp.refuseRecipients((address) => address === RECIPIENT)
    const log = recordingLog()
    const sender = delivery({ log })
    const id = await enqueueMail(database.db, mail(), testNow)

    expect(await sender.deliver(id)).toBe('refused')

    expect(smtp.messages).toHaveLength(0)
    const stored = await row(database.db, id)
    expect(stored).toMatchObject({
      status: 'failed',
      attempts: 1,
      claimedUntil: null,
      sentAt: null,
      lastError: '550 RCPT TO',
    })
    expect(await sender.deliver(id)).toBe('refused')
    expect(await sender.runDue()).toBe(0)
    expect(log.lines).toEqual([
      {
        messageId: id,
        template: 'verification',
        attempts: 1,
        error: '550 RCPT TO',
        message: 'mail refused by the relay',
      },
    ])
  })

  it('4xx の一時的な拒否では送信を諦めず、30秒後に再送すること', async () => {
    smtp.refuseRecipients(() => true, 451)
    const clock = mutableClock(testNow)
    const sender = delivery({ clock })
    const id = await enqueueMail(database.db, mail(), testNow)

    expect(await sender.deliver(id)).toBe('retrying')
    expect(await row(database.db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '451 RCPT TO',
      nextAttemptAt: new Date(testNow.getTime() + 30_000),
    })

    smtp.refuseRecipients(() => false)
    clock.advance(30_000)
    expect(await sender.runDue()).toBe(1)
    expect(await row(database.db, id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    })
    expect(smtp.messages).toHaveLength(1)
  })

  it('SMTP サーバーにつながらないときは、間隔を倍にしながら再送し、8回目で諦めること', async () => {
    const clock = mutableClock(testNow)
    const log = recordingLog()
    const sender = delivery({ clock, log, smtpUrl: await closedPortUrl() })
    const id = await enqueueMail(database.db, mail(), testNow)

    expect(await sender.deliver(id)).toBe('retrying')
    const waits = [30, 60, 120, 240, 480, 960, 1920].map((seconds) => seconds * 1000)
    for (const [index, wait] of waits.entries()) {
      const attempts = index + 1
      const stored = await row(database.db, id)
      expect(stored).toMatchObject({
        status: 'pending',
        attempts,
        lastError: 'ECONNREFUSED CONN',
        claimedUntil: null,
        nextAttemptAt: new Date(clock.now().getTime() + wait),
      })
      expect(retryDelayMs(attempts)).toBe(wait)
      // not due a millisecond early
      clock.advance(wait - 1)
      expect(await sender.runDue()).toBe(0)
      clock.advance(1)
      expect(await sender.runDue()).toBe(1)
    }

    expect(await row(database.db, id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'ECONNREFUSED CONN',
      sentAt: null,
    })
    expect(await sender.deliver(id)).toBe('refused')
    clock.advance(24 * 60 * 60_000)
    expect(await sender.runDue()).toBe(0)
    expect(log.lines.at(-1)).toEqual({
      messageId: id,
      template: 'verification',
      attempts: 8,
      error: 'ECONNREFUSED CONN',
      message: 'mail given up after the last attempt',
    })
    expect(JSON.stringify(log.lines)).not.toContain(RECIPIENT)
  })

  it('待ち時間は最大1時間であること', () => {
    expect(retryDelayMs(7)).toBe(32 * 60_000)
    expect(retryDelayMs(8)).toBe(60 * 60_000)
    expect(retryDelayMs(20)).toBe(60 * 60_000)
  })

  it('別のプロセスが処理中のメールは deliver でも送らないこと', async () => {
    const first = delivery()
    const second = delivery()
    const id = await enqueueMail(database.db, mail(), testNow)
    await database.db
      .update(outboxMessages)
      .set({ claimedUntil: new Date(testNow.getTime() + 60_000) })
      .where(eq(outboxMessages.id, id))

    expect(await second.deliver(id)).toBe('retrying')
    expect(await first.runDue()).toBe(0)
    expect(smtp.messages).toHaveLength(0)
  })

  it('2つのプロセスが同時に runDue しても、1通を1回だけ送ること (PRODUCT.md "Shape": each exactly once)', async () => {
    const count = 45
    for (let index = 0; index < count; index += 1) {
      await enqueueMail(database.db, mail({ subject: `件名 ${index}` }), testNow)
    }
    const first = delivery()
    const second = delivery()

    let handledByFirst = 0
    let handledBySecond = 0
    for (;;) {
      const [a, b] = await Promise.all([first.runDue(), second.runDue()])
      handledByFirst += a
      handledBySecond += b
      if (a === 0 && b === 0) break
    }

    // a claim takes at most 20: both processes had their share
    expect(handledByFirst).toBeGreaterThan(0)
    expect(handledBySecond).toBeGreaterThan(0)
    expect(handledByFirst + handledBySecond).toBe(count)
    const subjects = smtp.messages.map((message) => message.subject).sort()
    expect(subjects).toEqual(Array.from({ length: count }, (_, index) => `件名 ${index}`).sort())
    const rows = await database.db.select().from(outboxMessages)
    expect(rows.every((stored) => stored.status === 'sent' && stored.attempts === 1)).toBe(true)
  })

  it('SMTP_URL がないときは、transport outbox の送信済みとして記録すること', async () => {
    const sender = delivery({ smtpUrl: undefined })
    const id = await enqueueMail(database.db, mail(), testNow)
    const later = await enqueueMail(database.db, mail({ subject: '後の件名' }), testNow)

    expect(await sender.deliver(id)).toBe('sent')
    expect(await sender.runDue()).toBe(1)

    expect(await row(database.db, id)).toMatchObject({
      status: 'sent',
      transport: 'outbox',
      attempts: 1,
      sentAt: testNow,
    })
    expect(await row(database.db, later)).toMatchObject({ status: 'sent', transport: 'outbox' })
    expect(smtp.messages).toHaveLength(0)
  })

  it('start() で定期的に配信し、stop() で止まること', async () => {
    const sender = delivery({ pollSeconds: 0.05 })
    const id = await enqueueMail(database.db, mail(), testNow)
    sender.start()
    for (let waited = 0; waited < 5000; waited += 50) {
      if ((await row(database.db, id)).status === 'sent') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await sender.stop()
    expect(await row(database.db, id)).toMatchObject({ status: 'sent', transport: 'smtp' })

    const afterStop = await enqueueMail(database.db, mail(), testNow)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await row(database.db, afterStop)).status).toBe('pending')
    expect(smtp.messages).toHaveLength(1)
  })

  it('メールを書いたトランザクションがロールバックされたら、メールも残らないこと', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail(), testNow)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await database.db.select().from(outboxMessages)).toEqual([])

    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, mail(), testNow)
    })
    const rows = await database.db.select().from(outboxMessages)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: testNow,
      claimedUntil: null,
    })
  })
})
