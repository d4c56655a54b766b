import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../app.ts'
import type { DatabaseHandle } from '../../../db/client.ts'
import { createTestDatabase, manualClock, testConfig } from '../../../../test/helpers.ts'
import { hashPassword } from '../../security/password.ts'
import {
  createPolicyHolder,
  homeLink,
  importMyPageGroups,
  json,
  latestCode,
  myPageHeaders,
  myPageLinkOf,
  otherCode,
  policyConsents,
} from './my-page-auth-test-support.ts'

// Issue #8: nothing the my-page handles in secret or as personal data reaches the log — codes,
// attempt and session tokens, passwords, mail addresses, phone numbers — whether the call
// succeeds, is refused or fails at the relay or the telephone provider (502).

const PASSWORD = 'Sakura-2026-pw'
const NEW_PASSWORD = 'Momiji-2027-pw'
const link = myPageLinkOf(homeLink)

describe('ログに秘密と個人情報を書かないこと', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const lines: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    await importMyPageGroups(database.db)
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'debug' }),
      database,
      clock: manualClock(),
      logStream: { write: (line: string) => void lines.push(line) },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('サインイン・コードの誤り・アドレスの変更・届かない番号・パスワードの変更のどれでも', async () => {
    const mailAddress = 'shiro.secret@example.jp'
    const holder = await createPolicyHolder(app, {
      passwordHash: await hashPassword(PASSWORD),
      mailAddress,
    })
    const post = (url: string, payload: object, headers: object = {}) =>
      app.inject({ method: 'POST', url, payload, headers: { ...headers } })
    const signIn = { ...link, userId: holder.userId, consents: policyConsents }
    await post('/api/start2FA/', { ...signIn, password: 'Wrong-2026-pw' })
    const started = await post('/api/start2FA/', { ...signIn, password: PASSWORD })
    const attemptToken = json(started)['attemptToken'] as string
    const code = await latestCode(database.db, mailAddress)
    await post('/api/sessionInfo/', { attemptToken, code: otherCode(code) })
    const session = await post('/api/sessionInfo/', { attemptToken, code })
    const sessionToken = json(session)['sessionToken'] as string
    const headers = await myPageHeaders(app, holder.accountId)
    await post('/api/mailAddress/', { ...link, newMailAddress: 'shiro.new@example.jp' }, headers)
    const phone = await post(
      '/api/tmpPhoneNumber/',
      { ...link, phoneNumber: '09055550000' },
      headers,
    )
    const failed = await post(
      '/api/tmpPhoneNumber/code/',
      { ...link, attemptToken: json(phone)['attemptToken'], channel: 'sms' },
      headers,
    )
    expect(failed.statusCode).toBe(502)
    await app.inject({
      method: 'PUT',
      url: '/api/password/',
      headers,
      payload: {
        ...link,
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        newPasswordConfirmation: NEW_PASSWORD,
      },
    })
    await post('/api/idReNotificationMail/', { ...link, mailAddress })
    await app.background.settled()

    const log = lines.join('')
    expect(log).toContain('request refused')
    expect(log).toContain('mail sent')
    for (const secret of [
      PASSWORD,
      NEW_PASSWORD,
      'Wrong-2026-pw',
      attemptToken,
      sessionToken,
      headers.authorization.slice('Bearer '.length),
      mailAddress,
      'shiro.new@example.jp',
      '09055550000',
      holder.userId,
    ]) {
      expect(log.includes(secret), secret.slice(0, 6)).toBe(false)
    }
    // the code standing alone (times, pids and ids hold digits of their own)
    expect(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(log)).toBe(false)
  })
})
