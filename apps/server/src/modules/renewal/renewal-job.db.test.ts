import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  createTestDatabase,
  jstTime,
  manualClock,
  testDatabaseUrl,
} from '../../../test/helpers.ts'
import { openPostgresDatabase, type DatabaseHandle } from '../../db/client.ts'
import { applications, outboxMessages, renewals } from '../../db/schema/index.ts'
import { runRenewalJob } from './renewal-job.ts'
import {
  appliedHolder,
  CURRENT,
  FIX_DATE,
  importRenewalProducts,
  IN_COVER,
  myPageHeadersOf,
  NEXT,
  type AppliedHolder,
} from './renewal-test-support.ts'

// The renewal job (issue #9, SPEC §3.7, §4; ADR 0016): the notice in the 30 days before the fix
// date (once), the renewal at the fix date (once), and two jobs at the same moment — on
// PostgreSQL over two connection pools, so they truly race — renewing each contract once.

const publicBaseUrl = () => 'https://hoken.example.jp'

describe('更新処理（renewal job）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  const holders: Record<'open' | 'stopped' | 'inProcedure', AppliedHolder | undefined> = {
    open: undefined,
    stopped: undefined,
    inProcedure: undefined,
  }
  const run = () => runRenewalJob({ db: app.db, clock, publicBaseUrl })
  const who = (name: keyof typeof holders): AppliedHolder => {
    const found = holders[name]
    if (found === undefined) throw new Error('not set up')
    return found
  }

  async function call(
    path: string,
    holder: AppliedHolder,
    link: { groupPfCode: string; urlKey: string },
  ) {
    return app.inject({
      method: 'POST',
      url: path,
      headers: await myPageHeadersOf(app, holder.accountId),
      payload: { ...link, groupPfCodeInceptionDateYm: CURRENT },
    })
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    const { link } = await importRenewalProducts(app.db)
    const target = { groupPfCode: link.groupPfCode, urlKey: link.urlKey }
    holders.open = await appliedHolder(app, link, 'job-open@example.jp')
    holders.stopped = await appliedHolder(app, link, 'job-stopped@example.jp')
    holders.inProcedure = await appliedHolder(app, link, 'job-procedure@example.jp')
    // into the cover: the procedure opens once it has begun (issue #23 point 19)
    clock.set(jstTime(IN_COVER, '0900'))
    expect((await call('/api/stopUpdate/', who('stopped'), target)).statusCode).toBe(200)
    expect((await call('/api/renewalProcedure/', who('inProcedure'), target)).statusCode).toBe(200)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const mailsOf = (recipient: string, template: string) =>
    app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.template, template)))

  it('更新確定日の30日より前は、何もしないこと', async () => {
    clock.set(jstTime('20271001', '0900'))
    expect(await run()).toEqual({ renewed: 0, noticed: 0, skipped: 0, failed: 0 })
  })

  it('30日前からは、停止していないご契約に更新のご案内を1回だけ送ること', async () => {
    clock.set(jstTime('20271002', '0900'))
    expect(await run()).toEqual({ renewed: 0, noticed: 2, skipped: 0, failed: 0 })
    clock.set(jstTime('20271020', '0900'))
    expect(await run()).toEqual({ renewed: 0, noticed: 0, skipped: 0, failed: 0 })
    const [notice] = await mailsOf(who('open').mailAddress, 'renewalNotice')
    expect(notice?.subject).toBe('【みどり商事健康保険組合】ご契約の自動更新のご案内')
    expect(notice?.textBody).toContain('2027年11月1日に、2027年12月1日からの次年度のご契約内容')
    expect(notice?.textBody).toContain('https://hoken.example.jp/app/myp/')
    expect(await mailsOf(who('stopped').mailAddress, 'renewalNotice')).toHaveLength(0)
  })

  it('更新確定日に、停止していないご契約を前年度の条件で1回だけ更新すること', async () => {
    clock.set(jstTime(FIX_DATE, '0100'))
    expect(await run()).toEqual({ renewed: 2, noticed: 0, skipped: 0, failed: 0 })
    expect(await run()).toEqual({ renewed: 0, noticed: 0, skipped: 0, failed: 0 })

    const [renewed] = await app.db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.preApplicationId, who('open').contractId),
          eq(applications.status, 'applied'),
        ),
      )
    expect(renewed).toMatchObject({ groupPfCodeInceptionDateYm: NEXT, status: 'applied' })
    expect(renewed?.groupPfPolicyHolderNo).toMatch(/^\d{10}$/)
    expect(renewed?.applyInfo?.basicInfo).toMatchObject({
      groupPfCodeInceptionDateYm: NEXT,
      statusPattern: '330',
      entryDiv: '2',
      preYearEntryDiv: '1',
      preYearPolicyHolderNo: who('open').policyHolderNo,
      applicationDate: FIX_DATE,
    })
    expect(renewed?.applyInfo?.cvrgeInfo).toMatchObject({ totalPremium: 1550 })
    expect(renewed?.applyInfo?.policyHolderInfo).toMatchObject({
      policyHolderInceptionDate: '20271201',
      policyHolderExpiryDate: '20281130',
    })
    expect(renewed?.applyInfoOption?.invoiceAmount).toBe(1550)

    // the procedure's draft gave way to last year's terms
    const procedureRows = await app.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.preApplicationId, who('inProcedure').contractId))
    expect(procedureRows.map((row) => row.status).sort()).toEqual(['applied', 'cancelled'])

    const states = await app.db
      .select({ id: renewals.preApplicationId, state: renewals.state, by: renewals.renewedBy })
      .from(renewals)
    expect(states).toEqual(
      expect.arrayContaining([
        { id: who('open').contractId, state: 'renewed', by: 'auto' },
        { id: who('inProcedure').contractId, state: 'renewed', by: 'auto' },
        { id: who('stopped').contractId, state: 'stopped', by: null },
      ]),
    )
    const stoppedRenewals = await app.db
      .select()
      .from(applications)
      .where(eq(applications.preApplicationId, who('stopped').contractId))
    expect(stoppedRenewals).toHaveLength(0)
    const [mail] = await mailsOf(who('open').mailAddress, 'renewalRenewed')
    expect(mail?.subject).toBe('【みどり商事健康保険組合】ご契約を更新しました')
    expect(mail?.textBody).toContain(`新しい加入者番号：${renewed?.groupPfPolicyHolderNo ?? ''}`)
  })
})

describe('更新処理を2つ同時に動かしても、各ご契約は1回だけ更新されること', () => {
  let database: DatabaseHandle & { url?: string }
  let second: DatabaseHandle | undefined
  let app: FastifyInstance
  const clock = manualClock()
  const contracts: AppliedHolder[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    const { link } = await importRenewalProducts(app.db)
    for (let index = 0; index < 4; index += 1) {
      contracts.push(await appliedHolder(app, link, `race-${index}@example.jp`))
    }
    // PostgreSQL: a second pool of its own, as another process would have
    if (testDatabaseUrl !== undefined && database.url !== undefined) {
      second = await openPostgresDatabase(database.url, { max: 2, onConnectionError: () => {} })
    }
  })
  afterAll(async () => {
    await second?.close()
    await app?.close()
    await database?.close()
  })

  it('2つの実行の更新数の合計がご契約の数と同じで、次年度の申込もメールも1件ずつであること', async () => {
    clock.set(jstTime(FIX_DATE, '0100'))
    // on PostgreSQL the race is real: two pools, as two processes would have
    if (testDatabaseUrl !== undefined) expect(second).toBeDefined()
    const otherDb = second?.db ?? app.db
    const [first, other] = await Promise.all([
      runRenewalJob({ db: app.db, clock, publicBaseUrl }),
      runRenewalJob({ db: otherDb, clock, publicBaseUrl }),
    ])
    expect(first.renewed + other.renewed).toBe(contracts.length)
    for (const contract of contracts) {
      const renewed = await app.db
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            eq(applications.preApplicationId, contract.contractId),
            eq(applications.status, 'applied'),
          ),
        )
      expect(renewed).toHaveLength(1)
      const mails = await app.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, contract.mailAddress),
            eq(outboxMessages.template, 'renewalRenewed'),
          ),
        )
      expect(mails).toHaveLength(1)
    }
    const rows = await app.db
      .select({ id: renewals.preApplicationId })
      .from(renewals)
      .where(isNotNull(renewals.renewedApplicationId))
    expect(rows).toHaveLength(contracts.length)
  })
})

describe('1件のご契約の失敗で、ほかのご契約の更新が止まらないこと', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock })
    const { link } = await importRenewalProducts(app.db)
    await appliedHolder(app, link, 'fail-1@example.jp')
    await appliedHolder(app, link, 'fail-2@example.jp')
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('失敗したご契約は数えて知らせ、残りを更新し、次の実行で失敗分も更新すること', async () => {
    clock.set(jstTime(FIX_DATE, '0100'))
    let calls = 0
    const failedContracts: string[] = []
    const first = await runRenewalJob({
      db: app.db,
      clock,
      publicBaseUrl,
      newPolicyHolderNo: () => {
        calls += 1
        if (calls === 1) throw new Error('number service down')
        return String(9_000_000_000 + calls)
      },
      onContractError: (contractId) => failedContracts.push(contractId),
    })
    expect(first).toEqual({ renewed: 1, noticed: 0, skipped: 0, failed: 1 })
    expect(failedContracts).toHaveLength(1)
    const [failedRow] = await app.db
      .select({ state: renewals.state })
      .from(renewals)
      .where(eq(renewals.preApplicationId, failedContracts[0] ?? ''))
    // rolled back: still waiting for its renewal
    expect(failedRow?.state ?? 'open').toBe('open')
    expect(await runRenewalJob({ db: app.db, clock, publicBaseUrl })).toEqual({
      renewed: 1,
      noticed: 0,
      skipped: 0,
      failed: 0,
    })
  })
})
