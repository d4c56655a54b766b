import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { t } from '@app/shared'
import { authAttempts } from '../../../db/schema/index.ts'
import type { PolicyHolder } from './my-page-auth-test-support.ts'
import * as support from './my-page-auth-test-support.ts'

// Issue #8 (ADR 0015, my-page-access.ts): every signed-in my-page call needs a my-page session
// (SPEC §4 "unauthorized … session error code": 401 E0003) of the link's group (another group's
// session: 404 APFA1003, like an unknown link), and works only on the signed-in holder's own
// attempts (another holder's token: 404 APFL0016, exactly like an unknown one).

const { json } = support
const PASSWORD = support.HOLDER_PASSWORD
const NEW_PASSWORD = 'Momiji-2027-pw'
const ANY_TOKEN = 'A'.repeat(43)

interface Endpoint {
  method: 'POST' | 'PUT'
  url: string
  body: (attemptToken: string) => object
}

const signedInEndpoints: [string, Endpoint][] = [
  [
    'POST /mailAddress/',
    {
      method: 'POST',
      url: '/api/mailAddress/',
      body: () => ({ newMailAddress: 'saburo.new@example.jp' }),
    },
  ],
  [
    'PUT /mailAddress/',
    {
      method: 'PUT',
      url: '/api/mailAddress/',
      body: (attemptToken) => ({ attemptToken, code: '123456' }),
    },
  ],
  [
    'PUT /password/',
    {
      method: 'PUT',
      url: '/api/password/',
      body: () => ({
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        newPasswordConfirmation: NEW_PASSWORD,
      }),
    },
  ],
  [
    'POST /tmpPhoneNumber/',
    { method: 'POST', url: '/api/tmpPhoneNumber/', body: () => ({ phoneNumber: '09087654321' }) },
  ],
  [
    'POST /tmpPhoneNumber/code/',
    {
      method: 'POST',
      url: '/api/tmpPhoneNumber/code/',
      body: (attemptToken) => ({ attemptToken, channel: 'sms' }),
    },
  ],
  [
    'PUT /tmpPhoneNumber/',
    {
      method: 'PUT',
      url: '/api/tmpPhoneNumber/',
      body: (attemptToken) => ({ attemptToken, code: '123456' }),
    },
  ],
]

describe('サインインが要るマイページの呼び出しの境界（issue #8）', () => {
  const suite = support.myPageSuite('saburo')
  const holder = (link = support.homeLink) => suite.holder({ link })

  function callEndpoint(endpoint: Endpoint, attemptToken: string, headers: object = {}) {
    return suite.app.inject({
      method: endpoint.method,
      url: endpoint.url,
      headers: { ...headers },
      payload: { ...support.homeMyPageLink, ...endpoint.body(attemptToken) },
    })
  }

  it.each(signedInEndpoints)(
    '%s: セッションがなければ 401 E0003 になること',
    async (_name, endpoint) => {
      const response = await callEndpoint(endpoint, ANY_TOKEN)
      expect(response.statusCode).toBe(401)
      expect(json(response)).toEqual({ errorCode: 'E0003', message: t('error.E0003') })
    },
  )

  it.each(signedInEndpoints)(
    '%s: 申込のセッション（確認メールのURLで開いたもの）では 401 E0003 になること',
    async (_name, endpoint) => {
      const applicant = await holder()
      const response = await callEndpoint(endpoint, ANY_TOKEN, applicant.applicationHeaders)
      expect(response.statusCode).toBe(401)
      expect(json(response)).toEqual({ errorCode: 'E0003', message: t('error.E0003') })
    },
  )

  it.each(signedInEndpoints)(
    '%s: 別の団体の加入者のセッションでは 404 APFA1003 になること',
    async (_name, endpoint) => {
      const stranger = await holder(support.otherLink)
      const headers = await suite.headers(stranger.accountId)
      const response = await callEndpoint(endpoint, ANY_TOKEN, headers)
      expect(response.statusCode).toBe(404)
      // the same answer as an unknown link (the group load's 404 has no message of its own)
      expect(json(response)).toEqual({ errorCode: 'APFA1003' })
    },
  )

  describe('同じ団体のほかの加入者が、この加入者の手続きのトークンを使うとき', () => {
    async function ownerTokens(owner: PolicyHolder) {
      const headers = await suite.headers(owner.accountId)
      const mailChange = await suite.app.inject({
        method: 'POST',
        url: '/api/mailAddress/',
        headers,
        payload: { ...support.homeMyPageLink, newMailAddress: 'owner.new@example.jp' },
      })
      const phone = await suite.app.inject({
        method: 'POST',
        url: '/api/tmpPhoneNumber/',
        headers,
        payload: { ...support.homeMyPageLink, phoneNumber: '09012345678' },
      })
      return {
        '/api/mailAddress/': json(mailChange)['attemptToken'] as string,
        '/api/tmpPhoneNumber/': json(phone)['attemptToken'] as string,
        '/api/tmpPhoneNumber/code/': json(phone)['attemptToken'] as string,
      }
    }

    it.each(signedInEndpoints.filter(([, endpoint]) => 'attemptToken' in endpoint.body('t')))(
      '%s: 404 APFL0016 になり、この加入者の手続きには何も起きないこと',
      async (_name, endpoint) => {
        const owner = await holder()
        const intruder = await holder()
        const tokens = await ownerTokens(owner)
        const token = tokens[endpoint.url as keyof typeof tokens]
        const headers = await suite.headers(intruder.accountId)
        const response = await callEndpoint(endpoint, token, headers)
        expect(response.statusCode).toBe(404)
        expect(json(response)).toEqual({ errorCode: 'APFL0016', message: t('error.APFL0016') })
        const attempts = await suite.database.db
          .select({ wrongTries: authAttempts.wrongTries, codesSent: authAttempts.codesSent })
          .from(authAttempts)
          .where(eq(authAttempts.accountId, owner.accountId))
        expect(attempts.map((attempt) => attempt.wrongTries)).toEqual([0, 0])
        expect(attempts.map((attempt) => attempt.codesSent).sort()).toEqual([0, 1])
      },
    )
  })

  it('ほかの用途の手続きのトークン（サインインのもの）は 404 APFL0016 になること', async () => {
    const owner = await holder()
    const started = await suite.app.inject({
      method: 'POST',
      url: '/api/start2FA/',
      payload: {
        ...support.homeMyPageLink,
        userId: owner.userId,
        password: PASSWORD,
        consents: support.policyConsents,
      },
    })
    const headers = await suite.headers(owner.accountId)
    const response = await suite.app.inject({
      method: 'PUT',
      url: '/api/mailAddress/',
      headers,
      payload: {
        ...support.homeMyPageLink,
        attemptToken: json(started)['attemptToken'],
        code: '123456',
      },
    })
    expect([response.statusCode, json(response)['errorCode']]).toEqual([404, 'APFL0016'])
  })
})
