import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outboxMessages } from '../../db/schema/index.ts'
import * as support from '../my-page/auth/my-page-auth-test-support.ts'

// Issue #17 point 9: a mailed code or link token is held in the outbox only until it is
// delivered, and never past its validity; what stays is the message with the secret masked.
// Before: every code and token stayed verbatim in outbox_messages for ever.

const MINUTE = 60_000

describe('送ったコードを送信箱に残さないこと（issue #17 の9）', () => {
  const suite = support.myPageSuite('kei')
  const relay = support.withSmtpRelay(suite)

  async function rowTo(recipient: string) {
    const [row] = await suite.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
    if (row === undefined) throw new Error('no message')
    return row
  }

  function signIn(userId: string, target = suite.app) {
    return suite.call(
      'POST',
      '/api/start2FA/',
      {
        ...support.homeMyPageLink,
        userId,
        password: support.HOLDER_PASSWORD,
        consents: support.policyConsents,
      },
      {},
      target,
    )
  }

  it('中継サーバーに渡したメールは、本文のコードを伏せて残すこと', async () => {
    const me = await suite.holder()
    expect((await signIn(me.userId, relay.app)).statusCode).toBe(200)
    const received = relay.smtp.messages.find((mail) => mail.envelopeTo.includes(me.mailAddress))
    const code = /認証コード：(\d{6})/.exec(received?.text ?? '')?.[1]
    expect(code).toMatch(/^\d{6}$/)
    const row = await rowTo(me.mailAddress)
    expect(row.status).toBe('sent')
    expect(row.textBody).toContain('認証コード：******')
    expect(row.textBody).not.toContain(code)
    expect([row.redactedTextBody, row.redactedHtmlBody, row.secretExpiresAt]).toEqual([
      null,
      null,
      null,
    ])
  })

  it('中継サーバーがない間（送信箱が受信箱）は有効期限まで読め、期限が過ぎると伏せること', async () => {
    const me = await suite.holder()
    expect((await signIn(me.userId)).statusCode).toBe(200)
    const code = await suite.latestCode(me.mailAddress)
    expect((await rowTo(me.mailAddress)).textBody).toContain(`認証コード：${code}`)
    suite.clock.advance(10 * MINUTE - 1)
    await suite.app.mailDelivery.runDue()
    expect((await rowTo(me.mailAddress)).textBody).toContain(code)
    suite.clock.advance(1)
    await suite.app.mailDelivery.runDue()
    const row = await rowTo(me.mailAddress)
    expect(row.textBody).not.toContain(code)
    expect(row.textBody).toContain('認証コード：******')
    expect(row.status).toBe('sent')
  })

  it('届けられないまま期限が過ぎたメールは送らず、伏せて failed（EXPIRED）にすること', async () => {
    const me = await suite.holder()
    relay.smtp.refuseRecipients(() => true, 451)
    try {
      expect((await signIn(me.userId, relay.app)).statusCode).toBe(200)
    } finally {
      relay.smtp.refuseRecipients(() => false)
    }
    const waiting = await rowTo(me.mailAddress)
    expect(waiting.status).toBe('pending')
    expect(waiting.textBody).toMatch(/認証コード：\d{6}/)
    suite.clock.advance(10 * MINUTE)
    await relay.app.mailDelivery.runDue()
    const row = await rowTo(me.mailAddress)
    expect([row.status, row.lastError]).toEqual(['failed', 'EXPIRED'])
    expect(row.textBody).toContain('認証コード：******')
    expect(relay.smtp.messages.some((mail) => mail.envelopeTo.includes(me.mailAddress))).toBe(false)
  })
})
