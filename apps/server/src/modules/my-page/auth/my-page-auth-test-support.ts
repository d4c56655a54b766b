import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { documentVersions, policyDocumentIds, t, type EntryLink } from '@app/shared'
import type { MyPageLink } from '@app/shared/api/my-page/endpoints'
import { groupDocument, readTestImage } from '../../../../test/factories.ts'
import {
  createTestApp,
  createTestDatabase,
  manualClock,
  testNow,
} from '../../../../test/helpers.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../../test/smtp.ts'
import type { Database, DatabaseHandle } from '../../../db/client.ts'
import {
  accounts,
  authAttempts,
  authLockouts,
  outboxMessages,
  rateLimitHits,
  sessions,
} from '../../../db/schema/index.ts'
import { hashPassword } from '../../security/password.ts'
import { signInApplicant } from '../../application/application-test-support.ts'
import { importGroupDocument } from '../../group/import-group.ts'
import { readDigits } from '../../mail/my-page-templates.ts'

// Test data for the my-page sign-in suites (imported by tests only): two groups, policy holders
// made straight in the database (a roster member of the group's product with an account and an
// application, as the enrolment leaves them), sessions of either purpose, and the codes read
// back from the outbox as the holder would read their mail or phone.

/** The group the suites sign in to; its agency contact names the 代理店 in every mail. */
export const homeLink: EntryLink = {
  groupPfCode: 'T000801',
  groupPfCodeInceptionDateYm: '202612',
  groupPfBranchNo: '00001',
  urlKey: 'MyPg0Key01',
}
/** Another group: its holders must never reach the first group's records. */
export const otherLink: EntryLink = {
  groupPfCode: 'T000802',
  groupPfCodeInceptionDateYm: '202612',
  groupPfBranchNo: '00001',
  urlKey: 'MyPg0Key02',
}
export const AGENCY_CONTACT = 'みどり保険サービス株式会社\n電話 03-1234-5678（平日 9:00〜17:00）'
export const GROUP_NAME = 'みどり商事健康保険組合'

/** The my-page link of an entry link (SPEC §2.2: group code and urlKey only). */
export function myPageLinkOf(link: EntryLink): MyPageLink {
  return { groupPfCode: link.groupPfCode, urlKey: link.urlKey }
}
export const homeMyPageLink = myPageLinkOf(homeLink)
export const otherMyPageLink = myPageLinkOf(otherLink)

/** What a code sent at `sentAt` (default testNow) answers: valid 10 minutes from then. */
export function codeSentAt(channel: string, maskedDestination: string, sentAt = testNow) {
  const codeExpiresAt = new Date(sentAt.getTime() + 10 * 60_000).toISOString()
  return { channel, maskedDestination, codeExpiresAt, codeExpiresInSeconds: 600 }
}

/** A new attempt's answer at testNow: its token and its 30 minutes. */
export const attemptAtTestNow = {
  attemptToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
  expiresAt: '2026-11-20T01:30:00.000Z',
  expiresInSeconds: 1800,
}

/** The body of a 400 APFV0001 with one field issue. */
export function validationFailure(path: string, message: string) {
  return { errorCode: 'APFV0001', message: t('error.APFV0001'), issues: [{ path, message }] }
}

/** SPEC §8.4 "My-page login": the four policies in their current versions. */
export const policyConsents = policyDocumentIds.map((documentId) => ({
  documentId,
  version: documentVersions[documentId],
}))

export async function importMyPageGroups(db: Database): Promise<void> {
  for (const link of [homeLink, otherLink]) {
    const document = groupDocument({
      groupPfCode: link.groupPfCode,
      urlKey: link.urlKey,
      refFreeField: AGENCY_CONTACT,
    })
    document.groupPfInfo.groupNameKanji = GROUP_NAME
    await importGroupDocument(db, document, { readImage: readTestImage })
  }
}

/** Every table a my-page test writes, emptied between tests (accounts are new each time). */
export async function clearMyPageState(db: Database): Promise<void> {
  await db.delete(sessions)
  await db.delete(authAttempts)
  await db.delete(authLockouts)
  await db.delete(rateLimitHits)
  await db.delete(outboxMessages)
}

export interface PolicyHolder {
  accountId: string
  userId: string
  mailAddress: string
  /** a session opened by the enrolment link (purpose 'application'): not enough for my-page */
  applicationHeaders: { authorization: string }
}

/** A policy holder of `link`'s group whose password has the given argon2id hash. */
export async function createPolicyHolder(
  app: FastifyInstance,
  options: {
    passwordHash: string
    mailAddress: string
    link?: EntryLink
    phoneNumber?: string
  },
): Promise<PolicyHolder> {
  const applicant = await signInApplicant(app, {
    link: options.link ?? homeLink,
    mailAddress: options.mailAddress,
    started: false,
  })
  const phone =
    options.phoneNumber === undefined
      ? {}
      : {
          phoneNumber: options.phoneNumber,
          phoneVerifiedAt: app.clock.now(),
          authTypeForLogin: 'telephone',
        }
  await app.db
    .update(accounts)
    .set({ passwordHash: options.passwordHash, ...phone })
    .where(eq(accounts.id, applicant.accountId))
  return {
    accountId: applicant.accountId,
    userId: applicant.userId,
    mailAddress: options.mailAddress,
    applicationHeaders: applicant.headers,
  }
}

/** The headers of a my-page session of the account (as the sign-in's second step opens it). */
export async function myPageHeaders(
  app: FastifyInstance,
  accountId: string,
): Promise<{ authorization: string }> {
  const session = await app.sessions.open(accountId, undefined, 'myPage')
  return { authorization: `Bearer ${session.sessionToken}` }
}

/** The newest outbox row to a recipient (an address or a number). */
export async function latestMessage(db: Database, recipient: string) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1)
  if (row === undefined) throw new Error('no message to that recipient')
  return row
}

/** The 6-digit code of the newest mail, SMS or voice script to a recipient. */
export async function latestCode(db: Database, recipient: string): Promise<string> {
  const { textBody } = await latestMessage(db, recipient)
  const written = /認証コード：(\d{6})/.exec(textBody)?.[1]
  if (written !== undefined) return written
  const spoken = /認証コードは、(.+?)、です。/.exec(textBody)?.[1]
  const digits = Array.from({ length: 10 }, (_, digit) => readDigits(String(digit)))
  const code = spoken
    ?.split('、')
    .map((reading) => digits.indexOf(reading))
    .join('')
  if (code === undefined || !/^\d{6}$/.test(code)) throw new Error('no code in the message')
  return code
}

export function json(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json<Record<string, unknown>>()
}

/** A code other than `code` (for the wrong tries). */
export function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000'
}

/** The password every suite's holders sign in with. */
export const HOLDER_PASSWORD = 'Sakura-2026-pw'

type Headers = { authorization: string } | Record<string, never>

export interface MyPageSuite {
  readonly database: DatabaseHandle
  readonly app: FastifyInstance
  readonly clock: ReturnType<typeof manualClock>
  /** a new holder of `link`'s group (default: homeLink), password HOLDER_PASSWORD */
  holder(options?: { link?: EntryLink; phoneNumber?: string }): Promise<PolicyHolder>
  /** a new holder of the home group with a my-page session */
  signedInHolder(): Promise<PolicyHolder & { authorization: string }>
  /** the headers of a new my-page session of an account */
  headers(accountId: string): Promise<{ authorization: string }>
  /** the newest message to an address or a number, and the code in it */
  latestMessage(recipient: string): ReturnType<typeof latestMessage>
  latestCode(recipient: string): Promise<string>
  /** the statuses of `times` calls to an app whose per-client limit is AUTH_RATE_LIMIT_MAX=max */
  statusesWithClientLimit(
    max: number,
    times: number,
    request: (target: FastifyInstance) => Promise<LightMyRequestResponse>,
  ): Promise<number[]>
  /** a JSON call to the app (or another app on the same database) */
  call(
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    headers?: Headers,
    target?: FastifyInstance,
  ): Promise<LightMyRequestResponse>
}

/**
 * One my-page suite: its own database with both groups, an app on a manual clock (reset to
 * testNow before each test, with the sign-in state emptied), and holders whose addresses start
 * with `mailPrefix` (so a test knows the masked form, e.g. "t***@example.jp"). `env`: the app's
 * own variables (testConfig's overrides).
 */
export function myPageSuite(
  mailPrefix: string,
  options: { env?: Record<string, string> } = {},
): MyPageSuite {
  const clock = manualClock()
  let database: DatabaseHandle | undefined
  let app: FastifyInstance | undefined
  let passwordHash = ''
  let counter = 0
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite has not started')
    return value
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    await importMyPageGroups(database.db)
    passwordHash = await hashPassword(HOLDER_PASSWORD)
    app = await createTestApp(database, { clock, ...(options.env && { env: options.env }) })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })
  beforeEach(async () => {
    clock.set(testNow)
    await clearMyPageState(ready(database).db)
  })

  const suite: MyPageSuite = {
    get database() {
      return ready(database)
    },
    get app() {
      return ready(app)
    },
    clock,
    holder: (options = {}) => {
      counter += 1
      return createPolicyHolder(ready(app), {
        ...options,
        passwordHash,
        mailAddress: `${mailPrefix}${counter}@example.jp`,
      })
    },
    signedInHolder: async () => {
      const created = await suite.holder()
      return { ...created, ...(await suite.headers(created.accountId)) }
    },
    headers: (accountId) => myPageHeaders(ready(app), accountId),
    latestMessage: async (recipient) => {
      await ready(app).background.settled()
      return latestMessage(ready(database).db, recipient)
    },
    latestCode: async (recipient) => {
      await ready(app).background.settled()
      return latestCode(ready(database).db, recipient)
    },
    statusesWithClientLimit: async (max, times, request) => {
      const env = { AUTH_RATE_LIMIT_MAX: String(max) }
      const limited = await createTestApp(ready(database), { clock, env })
      try {
        const statuses: number[] = []
        for (let index = 0; index < times; index += 1) {
          statuses.push((await request(limited)).statusCode)
        }
        return statuses
      } finally {
        await limited.close()
      }
    },
    call: (method, url, payload, headers = {}, target = ready(app)) =>
      target.inject({ method, url, payload, headers }),
  }
  return suite
}

/** A second app on the suite's database that sends mail through a test SMTP relay. */
export function withSmtpRelay(suite: MyPageSuite): { smtp: TestSmtpServer; app: FastifyInstance } {
  const relay: { smtp?: TestSmtpServer; app?: FastifyInstance } = {}
  beforeAll(async () => {
    relay.smtp = await startSmtpServer()
    relay.app = await createTestApp(suite.database, {
      clock: suite.clock,
      env: { SMTP_URL: relay.smtp.url },
    })
  })
  afterAll(async () => {
    await relay.app?.close()
    await relay.smtp?.close()
  })
  return {
    get smtp() {
      if (relay.smtp === undefined) throw new Error('the relay has not started')
      return relay.smtp
    },
    get app() {
      if (relay.app === undefined) throw new Error('the relay has not started')
      return relay.app
    },
  }
}
