import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import {
  createTestApp,
  createTestDatabase,
  manualClock,
  testDatabaseUrl,
  testNow,
} from '../../../test/helpers.ts'
import { openPostgresDatabase, type DatabaseHandle } from '../../db/client.ts'
import {
  accounts,
  applicationConsents,
  applicationFiles,
  applications,
  authAttempts,
  authLockouts,
  fileDeletions,
  mailVerifications,
  outboxMessages,
  paymentAttempts,
  rateLimitHits,
  renewals,
  rosterMembers,
  sessions,
} from '../../db/schema/index.ts'
import type { FileStore } from '../files/file-store.ts'
import { createApplicant, testLink, type TestApplicant } from '../files/test-applicants.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { runRetentionJob, type RetentionJobResult } from './retention-job.ts'

// The retention job (issue #19 point 4) with the clock pinned at testNow: a row just inside its
// period is kept, one just past it is deleted; a second run deletes nothing more; two runs started
// together (on PostgreSQL over two pools, as two processes) delete each row once.

const DAY = 86_400_000
const MINUTE = 60_000
const periods = { unfinishedApplicationDays: 90, usageRecordDays: 365 }
const ago = (milliseconds: number) => new Date(testNow.getTime() - milliseconds)
/** just past the unfinished period / just inside it */
const PAST = ago(90 * DAY + MINUTE)
const INSIDE = ago(90 * DAY - MINUTE)

/** A file store in memory whose deletions can be made to fail. */
function memoryStore(): FileStore & { keys: Map<string, Buffer>; failing: Set<string> } {
  const keys = new Map<string, Buffer>()
  const failing = new Set<string>()
  return {
    keys,
    failing,
    put: (key, bytes) => {
      keys.set(key, bytes)
      return Promise.resolve()
    },
    get: (key) => Promise.resolve(keys.get(key)),
    delete: (key) => {
      if (failing.has(key)) return Promise.reject(new Error('store unavailable'))
      keys.delete(key)
      return Promise.resolve()
    },
  }
}

function counts(result: RetentionJobResult) {
  if (!result.ran) throw new Error('the run did not claim')
  return result
}

async function setUp(clock = manualClock()) {
  const database = await createTestDatabase()
  await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
  const app = await createTestApp(database, { clock })
  return { database, app, clock }
}

/** An applicant whose draft (and account) was entered at `enteredAt`, with one stored file. */
async function draftEnteredAt(
  app: FastifyInstance,
  store: FileStore,
  memberCode: string,
  enteredAt: Date,
): Promise<TestApplicant & { storageKey: string }> {
  const applicant = await createApplicant(app, memberCode)
  await app.db
    .update(applications)
    .set({ createdAt: enteredAt })
    .where(eq(applications.id, applicant.applicationId))
  await app.db
    .update(accounts)
    .set({ createdAt: enteredAt })
    .where(eq(accounts.id, applicant.accountId))
  const storageKey = memberCode
    .toLowerCase()
    .padStart(32, '0')
    .replace(/[^0-9a-f]/g, 'a')
  await store.put(storageKey, Buffer.from('%PDF-1.4 test'))
  await app.db.insert(applicationFiles).values({
    applicationId: applicant.applicationId,
    slot: 1,
    fileName: 'honnin.pdf',
    contentType: 'application/pdf',
    size: 13,
    storageKey,
    sha256: '0'.repeat(64),
  })
  await app.db.insert(applicationConsents).values({
    applicationId: applicant.applicationId,
    documentId: 'terms-of-use',
    version: '2026-11-01',
    agreedAt: enteredAt,
  })
  return { ...applicant, storageKey }
}

const applicationIds = async (app: FastifyInstance, ids: string[]) =>
  (
    await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(inArray(applications.id, ids))
  ).map((row) => row.id)

describe('保存期間の処理: 未完了のお申し込み', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const store = memoryStore()
  const who: Record<string, TestApplicant & { storageKey: string }> = {}

  beforeAll(async () => {
    ;({ database, app } = await setUp())
    who.past = await draftEnteredAt(app, store, 'RET0001', PAST)
    who.inside = await draftEnteredAt(app, store, 'RET0002', INSIDE)
    who.applied = await draftEnteredAt(app, store, 'RET0003', ago(400 * DAY))
    who.renewing = await draftEnteredAt(app, store, 'RET0004', PAST)
    who.failedPayment = await draftEnteredAt(app, store, 'RET0005', PAST)
    who.paying = await draftEnteredAt(app, store, 'RET0006', PAST)
    const applied = who.applied
    await app.db
      .update(applications)
      .set({ status: 'applied', appliedAt: ago(399 * DAY) })
      .where(eq(applications.id, applied.applicationId))
    // a renewal in procedure names its draft: the draft is kept while the renewal is open
    await app.db.insert(renewals).values({
      preApplicationId: applied.applicationId,
      accountId: applied.accountId,
      groupPfCode: testLink.groupPfCode,
      groupPfCodeInceptionDateYm: testLink.groupPfCodeInceptionDateYm,
      state: 'inProcedure',
      procedureApplicationId: who.renewing.applicationId,
    })
    await app.db.insert(paymentAttempts).values([
      {
        applicationId: who.failedPayment.applicationId,
        kind: 'card',
        idempotencyKey: 'k-failed',
        status: 'failed',
        amount: 1000,
        createdAt: PAST,
      },
      {
        applicationId: who.paying.applicationId,
        kind: 'card',
        idempotencyKey: 'k-processing',
        status: 'threeDSecure',
        amount: 1000,
        createdAt: PAST,
      },
    ])
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('入力から90日を過ぎた下書きを、同意・書類（行とファイル）・失敗した決済・アカウントとともに消去すること', async () => {
    const result = counts(await runRetentionJob({ db: app.db, clock: app.clock, store, periods }))
    expect(result).toMatchObject({
      drafts: 2,
      files: 2,
      failedPayments: 1,
      accounts: 2,
      storedFiles: 2,
      storedFilesFailed: 0,
    })
    const all = Object.values(who).map((applicant) => applicant.applicationId)
    expect((await applicationIds(app, all)).sort()).toEqual(
      [who.inside, who.applied, who.renewing, who.paying]
        .map((applicant) => applicant?.applicationId)
        .sort(),
    )
    for (const gone of [who.past, who.failedPayment]) {
      if (gone === undefined) throw new Error('not set up')
      expect(store.keys.has(gone.storageKey)).toBe(false)
      const consents = await app.db
        .select()
        .from(applicationConsents)
        .where(eq(applicationConsents.applicationId, gone.applicationId))
      expect(consents).toHaveLength(0)
      expect(
        await app.db.select().from(accounts).where(eq(accounts.id, gone.accountId)),
      ).toHaveLength(0)
    }
    // the roster stays: the member can sign up again
    expect(
      await app.db.select().from(rosterMembers).where(eq(rosterMembers.memberCode, 'RET0001')),
    ).toHaveLength(1)
    expect(store.keys.has(who.inside?.storageKey ?? '')).toBe(true)
    expect(store.keys.has(who.applied?.storageKey ?? '')).toBe(true)
    expect(await app.db.select().from(fileDeletions)).toHaveLength(0)
  })

  it('2回目の実行では何も消去しないこと', async () => {
    const result = counts(await runRetentionJob({ db: app.db, clock: app.clock, store, periods }))
    expect(result).toMatchObject({ drafts: 0, files: 0, accounts: 0, storedFiles: 0 })
  })

  it('ファイルの消去に失敗した書類は、次の実行で消去すること', async () => {
    const late = await draftEnteredAt(app, store, 'RET0007', PAST)
    store.failing.add(late.storageKey)
    const first = counts(await runRetentionJob({ db: app.db, clock: app.clock, store, periods }))
    expect(first).toMatchObject({ drafts: 1, files: 1, storedFiles: 0, storedFilesFailed: 1 })
    expect(await app.db.select().from(fileDeletions)).toHaveLength(1)
    store.failing.clear()
    const second = counts(await runRetentionJob({ db: app.db, clock: app.clock, store, periods }))
    expect(second).toMatchObject({ drafts: 0, storedFiles: 1, storedFilesFailed: 0 })
    expect(store.keys.has(late.storageKey)).toBe(false)
    expect(await app.db.select().from(fileDeletions)).toHaveLength(0)
  })
})

describe('保存期間の処理: 使い終えた認証情報と利用の記録', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const store = memoryStore()
  /** just past the grace day / just inside it */
  const spent = ago(DAY + MINUTE)
  const recent = ago(DAY - MINUTE)

  beforeAll(async () => {
    ;({ database, app } = await setUp())
    const { accountId } = await createApplicant(app, 'TOK0001')
    const [member] = await app.db
      .select({ id: rosterMembers.id })
      .from(rosterMembers)
      .where(eq(rosterMembers.memberCode, 'TOK0001'))
    if (member === undefined) throw new Error('no member')
    await app.db.insert(sessions).values([
      { accountId, lastSeenAt: spent, expiresAt: spent },
      { accountId, lastSeenAt: recent, expiresAt: recent },
      { accountId, lastSeenAt: recent, expiresAt: testNow, endedAt: spent },
    ])
    const verification = {
      rosterMemberId: member.id,
      ...testLink,
      mailAddress: 'tok0001@example.jp',
      passwordHash: 'x',
      consents: [],
    }
    await app.db.insert(mailVerifications).values([
      { ...verification, tokenHash: 'v1', expiresAt: spent, usedAt: ago(2 * DAY) },
      { ...verification, tokenHash: 'v2', expiresAt: recent },
    ])
    const attempt = { groupPfCode: testLink.groupPfCode, accountId }
    await app.db.insert(authAttempts).values([
      { ...attempt, purpose: 'passwordReset', tokenHash: 'a1', expiresAt: spent },
      { ...attempt, purpose: 'passwordReset', tokenHash: 'a2', expiresAt: recent },
      // an older used sign-in goes; the latest one holds the consents last given (ADR 0015)
      { ...attempt, purpose: 'login', tokenHash: 'a3', expiresAt: spent, usedAt: ago(3 * DAY) },
      { ...attempt, purpose: 'login', tokenHash: 'a4', expiresAt: spent, usedAt: ago(2 * DAY) },
    ])
    await app.db.insert(authLockouts).values([
      { subjectKey: 'l1', failures: 5, lockedUntil: spent, updatedAt: ago(2 * DAY) },
      { subjectKey: 'l2', failures: 5, lockedUntil: recent, updatedAt: ago(2 * DAY) },
      { subjectKey: 'l3', failures: 5, lockedUntil: ago(-MINUTE), updatedAt: ago(2 * DAY) },
    ])
    await app.db.insert(rateLimitHits).values([
      { bucketKey: 'r', windowStart: spent, hits: 3 },
      { bucketKey: 'r', windowStart: recent, hits: 3 },
    ])
    const message = {
      template: 'verification',
      recipient: 'tok0001@example.jp',
      subject: 's',
      textBody: 't',
      nextAttemptAt: ago(400 * DAY),
    }
    await app.db.insert(outboxMessages).values([
      { ...message, status: 'sent', createdAt: ago(365 * DAY + MINUTE) },
      { ...message, status: 'failed', createdAt: ago(365 * DAY + MINUTE) },
      { ...message, status: 'sent', createdAt: ago(365 * DAY - MINUTE) },
    ])
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('猶予の1日を過ぎたものと、1年を過ぎた送信記録だけを消去し、2回目は何も消去しないこと', async () => {
    const first = counts(await runRetentionJob({ db: app.db, clock: app.clock, store, periods }))
    expect(first).toMatchObject({
      drafts: 0,
      accounts: 0,
      sessions: 2,
      verifications: 1,
      authAttempts: 2,
      lockouts: 1,
      rateLimitHits: 1,
      outboxMessages: 2,
    })
    expect(await app.db.select().from(sessions)).toHaveLength(2)
    expect(
      (await app.db.select({ tokenHash: authAttempts.tokenHash }).from(authAttempts))
        .map((row) => row.tokenHash)
        .sort(),
    ).toEqual(['a2', 'a4'])
    expect(
      (await app.db.select({ key: authLockouts.subjectKey }).from(authLockouts))
        .map((row) => row.key)
        .sort(),
    ).toEqual(['l2', 'l3'])
    expect(await app.db.select().from(outboxMessages)).toHaveLength(1)
    const second = counts(await runRetentionJob({ db: app.db, clock: app.clock, store, periods }))
    const { ran: _ran, ...rest } = second
    expect(Object.values(rest).every((count) => count === 0)).toBe(true)
  })
})

describe('保存期間の処理を2つ同時に動かしても、各行は1回だけ消去されること', () => {
  let database: DatabaseHandle & { url?: string }
  let second: DatabaseHandle | undefined
  let app: FastifyInstance
  const store = memoryStore()

  beforeAll(async () => {
    ;({ database, app } = await setUp())
    for (let index = 0; index < 5; index += 1) {
      await draftEnteredAt(app, store, `RACE${index}`, PAST)
    }
    if (testDatabaseUrl !== undefined && database.url !== undefined) {
      second = await openPostgresDatabase(database.url, { max: 2, onConnectionError: () => {} })
      // connected before the race, so that both claims are sent at the same moment
      await second.ping()
    }
  })
  afterAll(async () => {
    await second?.close()
    await app?.close()
    await database?.close()
  })

  it('一方だけが実行し、もう一方は何もせずに終わること', async () => {
    if (testDatabaseUrl !== undefined) expect(second).toBeDefined()
    const otherDb = second?.db ?? app.db
    const results = await Promise.all([
      runRetentionJob({ db: app.db, clock: app.clock, store, periods }),
      runRetentionJob({ db: otherDb, clock: app.clock, store, periods }),
    ])
    const ran = results.filter((result) => result.ran)
    expect(ran).toHaveLength(1)
    expect(ran[0]).toMatchObject({ drafts: 5, files: 5, accounts: 5, storedFiles: 5 })
    expect(await app.db.select().from(applications)).toHaveLength(0)
    expect(store.keys.size).toBe(0)
    // the claim was released: the next run runs (and finds nothing)
    expect(await runRetentionJob({ db: app.db, clock: app.clock, store, periods })).toMatchObject({
      ran: true,
      drafts: 0,
    })
  })
})
