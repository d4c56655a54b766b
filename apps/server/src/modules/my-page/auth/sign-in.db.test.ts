import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { documentVersions, t } from '@app/shared'
import { authAttempts, sessions } from '../../../db/schema/index.ts'
import { createTestApp, testNow } from '../../../../test/helpers.ts'
import type { PolicyHolder } from './my-page-auth-test-support.ts'
import * as support from './my-page-auth-test-support.ts'

// Issue #8: the my-page sign-in (SPEC §2.2 login → loginCode, §6 "ID, password and an emailed
// code", §8.4 "My-page login" and "Authentication code"; PRODUCT.md "People and how they sign
// in": one-time codes, lockout, sessions).

const { attemptAtTestNow, codeSentAt, json, otherCode, validationFailure } = support
const PASSWORD = support.HOLDER_PASSWORD
const MINUTE = 60_000

describe('マイページのサインイン（SPEC §6, §8.4 "My-page login"）', () => {
  const suite = support.myPageSuite('hanako')
  const { clock } = suite
  const holder = (link = support.homeLink) => suite.holder({ link })

  function start2FA(userId: string, password = PASSWORD, extra: object = {}, target = suite.app) {
    return target.inject({
      method: 'POST',
      url: '/api/start2FA/',
      payload: {
        ...support.homeMyPageLink,
        userId,
        password,
        consents: support.policyConsents,
        ...extra,
      },
    })
  }

  function sendCode(attemptToken: unknown, channel = 'mail', target = suite.app) {
    return target.inject({
      method: 'POST',
      url: '/api/authcodeMail/',
      payload: { attemptToken, channel },
    })
  }

  function verifyCode(attemptToken: unknown, code: string) {
    return suite.app.inject({
      method: 'POST',
      url: '/api/sessionInfo/',
      payload: { attemptToken, code },
    })
  }

  async function started(signingIn: PolicyHolder): Promise<{ token: string; code: string }> {
    const response = await start2FA(signingIn.userId)
    expect(response.statusCode).toBe(200)
    return {
      token: json(response)['attemptToken'] as string,
      code: await suite.latestCode(signingIn.mailAddress),
    }
  }

  /** A signed-in call of the my-page (telephone registration's first step). */
  function signedInCall(authorization: string) {
    return suite.app.inject({
      method: 'POST',
      url: '/api/tmpPhoneNumber/',
      headers: { authorization },
      payload: { ...support.homeMyPageLink, phoneNumber: '09012345678' },
    })
  }

  describe('1段階目: IDとパスワードと4つの同意（POST /start2FA/）', () => {
    it('正しければ手続き（30分）を始め、認証コード（10分）をすぐにメールで送ること', async () => {
      const signingIn = await holder()
      const response = await start2FA(signingIn.userId)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const body = json(response)
      expect(body).toEqual({
        ...attemptAtTestNow,
        authTypeForLogin: 'mail',
        maskedPhoneNumber: null,
        codeSent: codeSentAt('mail', 'h***@example.jp'),
      })
      const mail = await suite.latestMessage(signingIn.mailAddress)
      expect(mail).toMatchObject({
        channel: 'mail',
        template: 'myPageLoginCode',
        subject: '【みどり商事健康保険組合】マイページの認証コード',
        status: 'sent',
        transport: 'outbox',
      })
      expect(mail.textBody).toMatch(/認証コード：\d{6}\n/)
      expect(mail.textBody).toContain('有効期限：2026年11月20日 10時10分まで（送信から10分）')
      expect(mail.textBody).toContain(support.AGENCY_CONTACT)
      expect(mail.textBody).not.toContain(PASSWORD)
    })

    it('手続きのトークンと認証コードはハッシュだけを保存すること（PRODUCT.md "One-time codes"）', async () => {
      const signingIn = await holder()
      const { token, code } = await started(signingIn)
      const [row] = await suite.database.db
        .select()
        .from(authAttempts)
        .where(eq(authAttempts.accountId, signingIn.accountId))
      expect(row?.purpose).toBe('login')
      expect(row?.urlKey).toBe(support.homeMyPageLink.urlKey)
      expect(row?.tokenHash).not.toBe(token)
      expect(row?.tokenHash).toHaveLength(43)
      expect(row?.codeHash).toHaveLength(43)
      expect(JSON.stringify(row)).not.toContain(code)
      expect(JSON.stringify(row)).not.toContain(token)
    })

    it('4つの規約・方針への同意を、版とサーバーの時刻とともにサインインの手続きに記録すること', async () => {
      const signingIn = await holder()
      clock.advance(5 * MINUTE)
      await started(signingIn)
      const [attempt] = await suite.database.db
        .select({ consents: authAttempts.consents })
        .from(authAttempts)
        .where(eq(authAttempts.accountId, signingIn.accountId))
      const agreedAt = '2026-11-20T01:05:00.000Z'
      expect(attempt?.consents).toEqual([
        { documentId: 'terms-of-use', version: documentVersions['terms-of-use'], agreedAt },
        { documentId: 'system-terms', version: documentVersions['system-terms'], agreedAt },
        { documentId: 'privacy-policy', version: documentVersions['privacy-policy'], agreedAt },
        { documentId: 'security-policy', version: documentVersions['security-policy'], agreedAt },
      ])
    })

    it.each([
      ['1つ欠けている', support.policyConsents.slice(1)],
      [
        '古い版への同意',
        support.policyConsents.map((consent) =>
          consent.documentId === 'security-policy'
            ? { ...consent, version: '2025-04-01' }
            : consent,
        ),
      ],
    ])(
      '規約・方針への同意が%sときは 400 APFV0001（consents）になること（SPEC §8.4 "must all be agreed to"）',
      async (_case, consents) => {
        const signingIn = await holder()
        const response = await start2FA(signingIn.userId, PASSWORD, { consents })
        expect(response.statusCode).toBe(400)
        expect(json(response)).toEqual(validationFailure('consents', t('myPage.consents.required')))
        expect(await suite.database.db.select().from(authAttempts)).toEqual([])
      },
    )

    it('パスワードの誤り・知らないID・別の団体のIDに、まったく同じ 401 APFL0011 を返すこと（PRODUCT.md "Lockout"）', async () => {
      const signingIn = await holder()
      const stranger = await holder(support.otherLink)
      const answers = [
        await start2FA(signingIn.userId, 'Wrong-2026-pw'),
        await start2FA('ZZZZZ99999'),
        await start2FA(stranger.userId),
      ]
      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401])
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
      expect(json(answers[0]!)).toEqual({ errorCode: 'APFL0011', message: t('error.APFL0011') })
    })

    it('IDは小文字で入力しても通ること', async () => {
      const signingIn = await holder()
      expect((await start2FA(signingIn.userId.toLowerCase())).statusCode).toBe(200)
    })

    it('5回続けて誤ると 423 APFL0012 でロックし、待ち時間（1秒）の後は正しいパスワードで通ること', async () => {
      const signingIn = await holder()
      const codes: unknown[] = []
      for (let attempt = 0; attempt < 5; attempt += 1) {
        codes.push(json(await start2FA(signingIn.userId, 'Wrong-2026-pw'))['errorCode'])
      }
      expect(codes).toEqual(['APFL0011', 'APFL0011', 'APFL0011', 'APFL0011', 'APFL0012'])
      const locked = await start2FA(signingIn.userId)
      expect([locked.statusCode, locked.headers['retry-after']]).toEqual([423, '1'])
      expect(json(locked)).toEqual({ errorCode: 'APFL0012', message: t('error.APFL0012') })
      clock.advance(1_000)
      expect((await start2FA(signingIn.userId)).statusCode).toBe(200)
      expect(json(await start2FA(signingIn.userId, 'Wrong-2026-pw'))['errorCode']).toBe('APFL0011')
    })

    it('知らないIDも同じようにロックし、ロック中の誤りのたびに待ち時間が倍になること（1秒→2秒→4秒→8秒）', async () => {
      const waits: unknown[] = []
      let wait = 0
      for (let attempt = 0; attempt < 8; attempt += 1) {
        clock.advance(wait * 1000)
        const refused = await start2FA('ZZZZZ99999', 'x')
        wait = Number(refused.headers['retry-after'] ?? 0)
        waits.push(wait)
      }
      expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8])
    })

    it('同じ送信元からは10分に AUTH_RATE_LIMIT_MAX 回までで、超えると 429 APFR0001 になること', async () => {
      const statuses = await suite.statusesWithClientLimit(2, 3, (limited) =>
        start2FA('ZZZZZ99999', 'x', {}, limited),
      )
      expect(statuses).toEqual([401, 401, 429])
    })

    it('新しくサインインを始めると、前の手続きは使えなくなること（404 APFL0016）', async () => {
      const signingIn = await holder()
      const first = await started(signingIn)
      await started(signingIn)
      const response = await verifyCode(first.token, first.code)
      expect(response.statusCode).toBe(404)
      expect(json(response)).toEqual({ errorCode: 'APFL0016', message: t('error.APFL0016') })
    })
  })

  describe('2段階目: 認証コード（POST /sessionInfo/）', () => {
    it('正しい認証コードでマイページのセッション（30分）が開き、マイページを使えること', async () => {
      const signingIn = await holder()
      const { token, code } = await started(signingIn)
      const response = await verifyCode(token, code)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(json(response)).toEqual({
        sessionToken: expect.any(String),
        expiresAt: '2026-11-20T01:30:00.000Z',
        expiresInSeconds: 1800,
        userId: signingIn.userId,
        groupPfCode: support.homeMyPageLink.groupPfCode,
      })
      const rows = await suite.database.db
        .select({ purpose: sessions.purpose })
        .from(sessions)
        .where(eq(sessions.accountId, signingIn.accountId))
      expect(rows.map((row) => row.purpose).sort()).toEqual(['application', 'myPage'])
      const authorization = `Bearer ${String(json(response)['sessionToken'])}`
      expect((await signedInCall(authorization)).statusCode).toBe(200)
    })

    it('ログアウト（DELETE /sessionInfo/）でマイページのセッションも終わること', async () => {
      const signingIn = await holder()
      const { token, code } = await started(signingIn)
      const authorization = `Bearer ${String(json(await verifyCode(token, code))['sessionToken'])}`
      const current = await suite.app.inject({
        method: 'GET',
        url: '/api/sessionInfo/',
        headers: { authorization },
      })
      expect(json(current)['userId']).toBe(signingIn.userId)
      const loggedOut = await suite.app.inject({
        method: 'DELETE',
        url: '/api/sessionInfo/',
        headers: { authorization },
      })
      expect(loggedOut.statusCode).toBe(204)
      const after = await signedInCall(authorization)
      expect(after.statusCode).toBe(401)
      expect(json(after)['errorCode']).toBe('E0003')
    })

    it('30分操作がないとマイページのセッションが終わり、401 E0003 になること（PRODUCT.md "Sessions"）', async () => {
      const signingIn = await holder()
      const { token, code } = await started(signingIn)
      const authorization = `Bearer ${String(json(await verifyCode(token, code))['sessionToken'])}`
      clock.advance(29 * MINUTE)
      expect((await signedInCall(authorization)).statusCode).toBe(200)
      clock.advance(30 * MINUTE + 1_000)
      const expired = await signedInCall(authorization)
      expect(expired.statusCode).toBe(401)
      expect(json(expired)['errorCode']).toBe('E0003')
    })

    it('認証コードは10分有効: 9分59秒後は通り、10分1秒後は 410 APFL0014 になること', async () => {
      const early = await started(await holder())
      clock.advance(9 * MINUTE + 59_000)
      expect((await verifyCode(early.token, early.code)).statusCode).toBe(200)
      clock.set(testNow)
      const late = await started(await holder())
      clock.advance(10 * MINUTE + 1_000)
      const response = await verifyCode(late.token, late.code)
      expect(response.statusCode).toBe(410)
      expect(json(response)).toEqual({ errorCode: 'APFL0014', message: t('error.APFL0014') })
    })

    it('認証コードは1回しか使えないこと（2回目は 404 APFL0016）', async () => {
      const { token, code } = await started(await holder())
      expect((await verifyCode(token, code)).statusCode).toBe(200)
      const again = await verifyCode(token, code)
      expect(again.statusCode).toBe(404)
      expect(json(again)['errorCode']).toBe('APFL0016')
    })

    it('誤りは 400 APFL0013、5回目で手続きが無効（423 APFL0015）になり、正しいコードも通らないこと', async () => {
      const { token, code } = await started(await holder())
      const answers: unknown[] = []
      for (let attempt = 0; attempt < 5; attempt += 1) {
        answers.push(json(await verifyCode(token, otherCode(code)))['errorCode'])
      }
      expect(answers).toEqual(['APFL0013', 'APFL0013', 'APFL0013', 'APFL0013', 'APFL0015'])
      const wrong = await verifyCode(token, otherCode(code))
      expect(json(wrong)).toEqual({ errorCode: 'APFL0015', message: t('error.APFL0015') })
      const right = await verifyCode(token, code)
      expect([right.statusCode, json(right)['errorCode']]).toEqual([423, 'APFL0015'])
      expect(json(await sendCode(token))['errorCode']).toBe('APFL0015')
    })

    it('60件同時に送っても比べるコードは5件までで、最後の正しいコードも 423 APFL0015 になること（issue #17 の1）', async () => {
      const { token, code } = await started(await holder())
      const env = { AUTH_RATE_LIMIT_MAX: '1000' }
      const open = await createTestApp(suite.database, { clock, env })
      try {
        const responses = await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            open.inject({
              method: 'POST',
              url: '/api/sessionInfo/',
              payload: { attemptToken: token, code: index === 59 ? code : otherCode(code) },
            }),
          ),
        )
        const codes = responses.map((response) => json(response)['errorCode'])
        expect(codes.filter((errorCode) => errorCode === 'APFL0013')).toHaveLength(4)
        expect(codes.filter((errorCode) => errorCode === 'APFL0015')).toHaveLength(56)
        const [attempt] = await suite.database.db
          .select({ wrongTries: authAttempts.wrongTries, usedAt: authAttempts.usedAt })
          .from(authAttempts)
        expect(attempt).toEqual({ wrongTries: 5, usedAt: null })
      } finally {
        await open.close()
      }
    })

    it('知らない手続きのトークンは 404 APFL0016 になること', async () => {
      const unknown = 'A'.repeat(43)
      const verify = await verifyCode(unknown, '123456')
      expect([verify.statusCode, json(verify)]).toEqual([
        404,
        { errorCode: 'APFL0016', message: t('error.APFL0016') },
      ])
      expect(json(await sendCode(unknown))['errorCode']).toBe('APFL0016')
    })

    it('手続きは30分で終わり、その後の再送は 410 APFL0014 になること', async () => {
      const { token } = await started(await holder())
      clock.advance(30 * MINUTE)
      const response = await sendCode(token)
      expect([response.statusCode, json(response)['errorCode']]).toEqual([410, 'APFL0014'])
    })
  })

  describe('認証コードの再送（POST /authcodeMail/）', () => {
    it('再送すると前の認証コードは使えなくなり、新しい認証コードで通ること', async () => {
      const signingIn = await holder()
      const first = await started(signingIn)
      clock.advance(MINUTE)
      const resent = await sendCode(first.token)
      expect(resent.statusCode).toBe(200)
      expect(json(resent)).toEqual(
        codeSentAt('mail', 'h***@example.jp', new Date(testNow.getTime() + MINUTE)),
      )
      const second = await suite.latestCode(signingIn.mailAddress)
      if (second !== first.code) {
        expect(json(await verifyCode(first.token, first.code))['errorCode']).toBe('APFL0013')
      }
      expect((await verifyCode(first.token, second)).statusCode).toBe(200)
    })

    it('1つの手続きで送れる認証コードは5通まで（6通目は 429 APFR0001）であること', async () => {
      const { token } = await started(await holder())
      const statuses = []
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await sendCode(token)).statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429])
    })

    it('電話番号を登録していなければ SMS・音声は選べないこと（400 APFB0001）', async () => {
      const { token } = await started(await holder())
      expect(json(await sendCode(token, 'sms'))['errorCode']).toBe('APFB0001')
      expect(json(await sendCode(token, 'voice'))['errorCode']).toBe('APFB0001')
    })
  })

  describe('SMTP で送る認証コード（PRODUCT.md "Messages"）', () => {
    const relay = support.withSmtpRelay(suite)

    it('中継サーバーに届いたメールの認証コードでサインインできること', async () => {
      const signingIn = await holder()
      const response = await start2FA(signingIn.userId, PASSWORD, {}, relay.app)
      expect(response.statusCode).toBe(200)
      const received = relay.smtp.messages.find((message) => message.to === signingIn.mailAddress)
      expect(received?.subject).toBe('【みどり商事健康保険組合】マイページの認証コード')
      const code = /認証コード：(\d{6})/.exec(received?.text ?? '')?.[1] ?? ''
      expect((await verifyCode(json(response)['attemptToken'], code)).statusCode).toBe(200)
    })

    it('送信先を中継サーバーが拒否すると 502 APFM0002 になること', async () => {
      const signingIn = await holder()
      relay.smtp.refuseRecipients((address) => address === signingIn.mailAddress)
      const response = await start2FA(signingIn.userId, PASSWORD, {}, relay.app)
      expect(response.statusCode).toBe(502)
      expect(json(response)).toEqual({ errorCode: 'APFM0002', message: t('error.APFM0002') })
      const [attempt] = await suite.database.db
        .select({ codeHash: authAttempts.codeHash })
        .from(authAttempts)
        .where(eq(authAttempts.accountId, signingIn.accountId))
      expect(attempt?.codeHash).toBeNull()
    })
  })
})
