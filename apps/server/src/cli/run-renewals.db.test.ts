import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, createTestDatabase, manualClock, testConfig } from '../../test/helpers.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { appliedHolder, importRenewalProducts } from '../modules/renewal/renewal-test-support.ts'
import { main } from './run-renewals.ts'

// npm run renewals (issue #9, ADR 0016): one run of the renewal job at the configured clock,
// its counts printed in Japanese and English; a second run renews nothing.

describe('npm run renewals', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database, { clock: manualClock() })
    const { link } = await importRenewalProducts(app.db)
    await appliedHolder(app, link, 'cli-renewal@example.jp')
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function run(appNow: string) {
    const stdout: string[] = []
    const code = await main([], {
      config: testConfig({ APP_NOW: appNow }),
      database,
      output: { stdout: (text) => stdout.push(text) },
    })
    return { code, stdout: stdout.join('') }
  }

  it('更新確定日に実行すると1件を更新して件数を表示し、2回目は何も更新しないこと', async () => {
    expect(await run('2027-11-01T01:00:00+09:00')).toEqual({
      code: 0,
      stdout:
        '更新処理: 更新 1 件、更新のご案内 0 件、対象外 0 件、失敗 0 件\n' +
        'renewals: renewed 1, noticed 0, skipped 0, failed 0\n',
    })
    expect((await run('2027-11-01T02:00:00+09:00')).stdout).toContain('renewed 0,')
  })
})
