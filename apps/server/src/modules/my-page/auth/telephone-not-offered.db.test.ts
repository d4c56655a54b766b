import { describe, expect, it } from 'vitest'
import { t } from '@app/shared'
import { authAttempts, outboxMessages } from '../../../db/schema/index.ts'
import * as support from './my-page-auth-test-support.ts'
import { productionTestEnv } from '../../../../test/helpers.ts'

// Issue #19 point 3: in production without an SMS/voice provider (TELEPHONE_PROVIDER=outbox, the
// default) telephone authentication is not offered: a phone cannot be registered (404 APFT0003),
// a holder who registered one signs in with the mailed code, and home says there is nothing to
// register.

const { json } = support
const MOBILE = '09012345678'
const link = support.homeMyPageLink
const notOffered = { errorCode: 'APFT0003', message: t('error.APFT0003') }

describe('電話番号認証を提供しないとき（本番で実際の送信先がない。issue #19 の3）', () => {
  const suite = support.myPageSuite('kei', {
    env: { ...productionTestEnv, MAINTENANCE_WINDOW: 'off' },
  })
  const call = (method: 'POST' | 'PUT', url: string, payload: object, authorization?: string) =>
    suite.call(method, url, payload, authorization === undefined ? {} : { authorization })

  it('本番の設定で、組み込みの送信（outbox）のまま動いていること', () => {
    expect(suite.app.config.isProduction).toBe(true)
    expect(suite.app.config.telephone).toMatchObject({ provider: 'outbox', offered: false })
  })

  it('電話番号の登録の3つの呼び出しは、どれも 404 APFT0003 で断り、何も作らず何も送らないこと', async () => {
    const me = await suite.signedInHolder()
    const attemptToken = 'a'.repeat(43)
    const answers = [
      await call(
        'POST',
        '/api/tmpPhoneNumber/',
        { ...link, phoneNumber: MOBILE },
        me.authorization,
      ),
      await call(
        'POST',
        '/api/tmpPhoneNumber/code/',
        { ...link, attemptToken, channel: 'sms' },
        me.authorization,
      ),
      await call(
        'PUT',
        '/api/tmpPhoneNumber/',
        { ...link, attemptToken, code: '123456' },
        me.authorization,
      ),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404])
    for (const answer of answers) expect(json(answer)).toEqual(notOffered)
    expect(await suite.database.db.select().from(authAttempts)).toEqual([])
    expect(await suite.database.db.select().from(outboxMessages)).toEqual([])
  })

  it('サインインしていなければ、いつものとおり 401 E0003 であること', async () => {
    const response = await call('POST', '/api/tmpPhoneNumber/', { ...link, phoneNumber: MOBILE })
    expect(response.statusCode).toBe(401)
    expect(json(response)['errorCode']).toBe('E0003')
  })

  it('電話番号を登録済みの人も、認証コードはメールで受け取ってサインインすること', async () => {
    const me = await suite.holder({ phoneNumber: MOBILE })
    const started = await call('POST', '/api/start2FA/', {
      ...link,
      userId: me.userId,
      password: support.HOLDER_PASSWORD,
      consents: support.policyConsents,
    })
    expect(started.statusCode, started.body).toBe(200)
    expect(json(started)).toMatchObject({
      authTypeForLogin: 'mail',
      maskedPhoneNumber: null,
      codeSent: { channel: 'mail', maskedDestination: 'k***@example.jp' },
    })
    const attemptToken = json(started)['attemptToken']
    for (const channel of ['sms', 'voice']) {
      const refused = await call('POST', '/api/authcodeMail/', { attemptToken, channel })
      expect(refused.statusCode).toBe(404)
      expect(json(refused)).toEqual(notOffered)
    }
    const messages = await suite.database.db.select().from(outboxMessages)
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([
      ['mail', me.mailAddress],
    ])
    const code = await suite.latestCode(me.mailAddress)
    const session = await call('POST', '/api/sessionInfo/', { attemptToken, code })
    expect(session.statusCode, session.body).toBe(200)
  })

  it('ホームの情報は telephoneAuthOffered false、サインインの方法はメールと答えること', async () => {
    const me = await suite.holder({ phoneNumber: MOBILE })
    const headers = await suite.headers(me.accountId)
    const query = new URLSearchParams(link).toString()
    const home = await suite.app.inject({
      method: 'GET',
      url: `/api/policyHolderInfo/?${query}`,
      headers,
    })
    expect(home.statusCode, home.body).toBe(200)
    expect(json(home)).toMatchObject({
      authTypeForLogin: 'mail',
      maskedPhoneNumber: '*******5678',
      telephoneAuthOffered: false,
    })
  })
})
