import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema/outbox.ts'
import { createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts'
import { MailDelivery, type MailLog } from '../mail/delivery.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { canReceiveSms } from './phone-number.ts'
import { enqueueTelephoneMessage } from './telephone-outbox.ts'
import {
  OutboxTelephoneProvider,
  TelephoneSendError,
  type TelephoneProvider,
} from './telephone-provider.ts'

// Issue #8: telephone authentication's SMS and voice calls (SPEC §8.4 "Telephone"), written to
// the outbox and delivered by the mail job through a telephone provider, never by SMTP
// (PRODUCT.md "Messages").

const silentLog: MailLog = { info: () => {}, warn: () => {}, error: () => {} }

describe('SMS を受け取れる番号（携帯電話）', () => {
  it.each([
    ['09012345678', true],
    ['08012345678', true],
    ['07012345678', true],
    ['06012345678', false],
    ['0312345678', false],
    ['0120123456', false],
    ['0901234567', false],
  ])('%s は %s', (phoneNumber, expected) => {
    expect(canReceiveSms(phoneNumber)).toBe(expected)
  })
})

describe('組み込みの電話の送信（既定、開発用）', () => {
  const provider = new OutboxTelephoneProvider()

  it('末尾が0000の番号には届かないこと（文書にある試験用の番号）', async () => {
    const refusal = provider.send('sms', '09012340000', '本文')
    await expect(refusal).rejects.toBeInstanceOf(TelephoneSendError)
    await expect(refusal).rejects.toMatchObject({ code: 'UNREACHABLE', permanent: true })
    await expect(provider.send('voice', '0312340000', '本文')).rejects.toMatchObject({
      code: 'UNREACHABLE',
    })
  })

  it('それ以外の番号は受け付け、送信の記録は outbox になること', async () => {
    await expect(provider.send('sms', '09012345678', '本文')).resolves.toBeUndefined()
    expect(provider.transport).toBe('outbox')
  })
})

describe('配信の仕事が SMS・音声を電話の送信に渡すこと', () => {
  const clock = manualClock()
  let database: DatabaseHandle
  let relay: TestSmtpServer

  beforeAll(async () => {
    ;[database, relay] = await Promise.all([createTestDatabase(), startSmtpServer()])
  })
  afterAll(() => Promise.all([relay.close(), database.close()]))

  /** A job with the SMTP relay configured, and the given telephone provider (default: embedded). */
  async function jobWith(telephone?: TelephoneProvider): Promise<MailDelivery> {
    await database.db.delete(outboxMessages)
    const options = { db: database.db, clock, smtpUrl: relay.url, mailFrom: 'no-reply@example.jp' }
    return new MailDelivery({ ...options, log: silentLog, ...(telephone && { telephone }) })
  }

  function enqueueSms(recipient: string, channel: 'sms' | 'voice' = 'sms') {
    return enqueueTelephoneMessage(
      database.db,
      { channel, template: 'myPageSmsCode', recipient, subject: 'SMS認証コード', textBody: '本文' },
      testNow,
    )
  }

  async function row(id: string) {
    const [found] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
    return found
  }

  it('SMTP が設定されていても SMS・音声は SMTP に送らず、outbox で送信済みにすること', async () => {
    const job = await jobWith()
    const sms = await enqueueSms('09012345678')
    const voice = await enqueueSms('0312345678', 'voice')
    const mail = await enqueueMail(
      database.db,
      { template: 'x', recipient: 'a@example.jp', subject: '件名', textBody: '本文' },
      testNow,
    )
    expect(await job.runDue()).toBe(3)
    await job.stop()
    expect(await row(sms)).toMatchObject({ status: 'sent', transport: 'outbox', attempts: 1 })
    expect(await row(voice)).toMatchObject({ status: 'sent', transport: 'outbox' })
    expect(await row(mail)).toMatchObject({ status: 'sent', transport: 'smtp' })
    expect(relay.messages.map((message) => message.to)).toEqual(['a@example.jp'])
  })

  it('届かない番号は失敗として記録し、番号も本文もエラーに残さないこと', async () => {
    const job = await jobWith()
    const id = await enqueueSms('09012340000')
    expect(await job.deliver(id)).toBe('refused')
    await job.stop()
    expect(await row(id)).toMatchObject({ status: 'failed', lastError: 'UNREACHABLE' })
  })

  it('一時的な失敗は、あとでもう一度送ること', async () => {
    const flaky: TelephoneProvider = {
      transport: 'telephone',
      send: () => Promise.reject(new TelephoneSendError('BUSY', { permanent: false })),
    }
    const job = await jobWith(flaky)
    const id = await enqueueSms('09012345678')
    expect(await job.deliver(id)).toBe('retrying')
    await job.stop()
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'BUSY' })
  })
})
