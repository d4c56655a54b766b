import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplicationView, EntryLink } from '@app/shared'
import {
  renewalTransition,
  type RenewalAction,
  type RenewalContext,
  type RenewalState,
} from '@app/shared/rules/renewal'
import { createTestApp, createTestDatabase, jstTime, manualClock } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { applications, renewals } from '../../db/schema/index.ts'
import {
  newIdempotencyKey,
  registrationOf,
  walkToPayment,
} from '../payment/payment-test-support.ts'
import { runRenewalJob } from './renewal-job.ts'
import {
  appliedHolder,
  COVER_START,
  CURRENT,
  FIX_DATE,
  importRenewalProducts,
  myPageHeadersOf,
  type AppliedHolder,
} from './renewal-test-support.ts'

// Issue #9 "a property test over random sequences of actions and dates finds no contract renewed
// twice or renewed after a stop", here against the real server: random actions of a policy holder
// and the renewal job on non-decreasing dates around the fix date, each checked against the pure
// state machine (rules/renewal.ts) as the model. After every action the database must hold the
// model's state, the API must answer what the model answers, and the contract has at most one
// renewal — none once it was stopped.

/** Dates that matter: before the cover begins (issue #23 point 19), in it, the day before, the fix date (SPEC §8.3), after it. */
const dates = ['20261120', '20270601', '20271031', FIX_DATE, '20271102'] as const

const stepArb = fc.record({
  action: fc.constantFrom<RenewalAction>(
    'stopAutoRenewal',
    'startProcedure',
    'completeProcedure',
    'runRenewalJob',
  ),
  date: fc.constantFrom(...dates),
})

const context = (today: string): RenewalContext => ({
  today,
  renewalFixDate: FIX_DATE,
  groupPfAutoRenewFlg: '1',
  hasNextProduct: true,
  coverStartDate: COVER_START,
})

describe('更新の状態遷移（プロパティテスト、実サーバー）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const clock = manualClock()
  let link: EntryLink
  let counter = 0

  beforeAll(async () => {
    database = await createTestDatabase()
    // dozens of holders are made in seconds from one address: the per-client limits (tested in
    // their own suites) are lifted here so that they cannot decide this test
    app = await createTestApp(database, {
      clock,
      env: { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' },
    })
    ;({ link } = await importRenewalProducts(app.db))
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function post(path: string, who: AppliedHolder) {
    return app.inject({
      method: 'POST',
      url: path,
      headers: await myPageHeadersOf(app, who.accountId),
      payload: {
        groupPfCode: link.groupPfCode,
        urlKey: link.urlKey,
        groupPfCodeInceptionDateYm: CURRENT,
      },
    })
  }

  async function stateOf(who: AppliedHolder): Promise<RenewalState> {
    const [row] = await app.db
      .select({ state: renewals.state })
      .from(renewals)
      .where(eq(renewals.preApplicationId, who.contractId))
    return (row?.state ?? 'open') as RenewalState
  }

  async function renewalsOf(who: AppliedHolder): Promise<number> {
    const rows = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(eq(applications.preApplicationId, who.contractId), eq(applications.status, 'applied')),
      )
    return rows.length
  }

  it('どの順序・どの日付でも、二重の更新・停止後の更新はなく、状態はモデルと一致すること', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 6 }), async (unsorted) => {
        // the clock only moves forward
        const steps = [...unsorted].sort((a, b) => a.date.localeCompare(b.date))
        clock.set(jstTime('20261120', '1000'))
        counter += 1
        const who = await appliedHolder(app, link, `property-${counter}@example.jp`)
        let model: RenewalState = 'open'
        let wasStopped = false
        let walked: ApplicationView | undefined
        for (const { action, date } of steps) {
          clock.set(jstTime(date, '1000'))
          const expected = renewalTransition(model, action, context(date))
          if (action === 'stopAutoRenewal' || action === 'startProcedure') {
            const path =
              action === 'stopAutoRenewal' ? '/api/stopUpdate/' : '/api/renewalProcedure/'
            const response = await post(path, who)
            if (expected.ok) {
              expect(response.statusCode, response.body).toBe(200)
            } else {
              expect(response.statusCode).toBe(409)
              expect(response.json<{ errorCode: string }>().errorCode).toBe(expected.errorCode)
            }
            if (action === 'startProcedure' && expected.ok && walked === undefined) {
              // the holder goes through next year's steps now; pays when completeProcedure comes
              walked = await walkToPayment(app, {
                accountId: who.accountId,
                applicationId: '',
                userId: who.userId,
                headers: await myPageHeadersOf(app, who.accountId),
              })
            }
          } else if (action === 'completeProcedure') {
            // only a walked draft can be paid; without one there is nothing to send
            if (walked === undefined || model !== 'inProcedure') continue
            const response = await app.inject({
              method: 'POST',
              url: '/api/paymentInfo/',
              headers: {
                ...(await myPageHeadersOf(app, who.accountId)),
                'idempotency-key': newIdempotencyKey(),
              },
              payload: { registration: registrationOf(walked) },
            })
            if (expected.ok) expect(response.statusCode, response.body).toBe(200)
            else expect(response.json<{ errorCode: string }>().errorCode).toBe(expected.errorCode)
          } else {
            await runRenewalJob({ db: app.db, clock, publicBaseUrl: () => 'http://localhost' })
          }
          if (expected.ok) model = expected.state
          if (model === 'stopped') wasStopped = true
          expect(await stateOf(who)).toBe(model)
          const count = await renewalsOf(who)
          expect(count).toBe(model === 'renewed' ? 1 : 0)
          if (wasStopped) expect(count).toBe(0)
        }
        // running the job again later never renews a second time
        clock.set(jstTime('20271102', '1200'))
        await runRenewalJob({ db: app.db, clock, publicBaseUrl: () => 'http://localhost' })
        expect(await renewalsOf(who)).toBeLessThanOrEqual(1)
        if (wasStopped) expect(await renewalsOf(who)).toBe(0)
      }),
      { numRuns: 40 },
    )
  }, 240_000)
})
