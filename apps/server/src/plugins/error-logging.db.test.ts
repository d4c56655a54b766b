import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentConsentVersions } from '@app/shared'
import { buildApp } from '../app.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { rosterMembers } from '../db/schema/index.ts'
import { groupDocument, readTestImage } from '../../test/factories.ts'
import { createTestDatabase, manualClock, testConfig } from '../../test/helpers.ts'
import { importGroupDocument } from '../modules/group/import-group.ts'

// Issue #17 point 3: a failing SQL statement is logged as its class, code and SQL text, never
// with its parameters (the probe saw a typed first-entry ID, a session id and a file name).

const FIRST_ENTRY_ID = 'SECRT23456'
const PASSWORD = 'Hidden7Pass9q'
const link = { groupPfCode: 'T000901', urlKey: 'LogTest001' }

describe('失敗したSQLをログに書くとき、送られた値を書かないこと（issue #17 の3）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  const lines: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    const document = groupDocument(link)
    await importGroupDocument(database.db, document, { readImage: readTestImage })
    await database.db.insert(rosterMembers).values({
      groupPfCode: document.groupPfInfo.groupPfCode,
      groupPfCodeInceptionDateYm: document.groupPfInfo.groupPfCodeInceptionDateYm,
      memberCode: 'M001',
      firstEntryId: FIRST_ENTRY_ID,
    })
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

  it('本人確認の文が失敗すると 500 E9999 になり、ログには文とコードだけが残ること', async () => {
    // The statement that reads the lock fails: its table is gone.
    await database.db.execute(sql`alter table auth_lockouts rename to auth_lockouts_gone`)
    try {
      const document = groupDocument(link)
      const response = await app.inject({
        method: 'POST',
        url: '/api/policyHolderInfoById/',
        remoteAddress: '203.0.113.77',
        payload: {
          groupPfCode: document.groupPfInfo.groupPfCode,
          groupPfCodeInceptionDateYm: document.groupPfInfo.groupPfCodeInceptionDateYm,
          groupPfBranchNo: '00001',
          urlKey: link.urlKey,
          firstEntryId: FIRST_ENTRY_ID,
          firstEntryPassword: PASSWORD,
          consents: [
            { documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] },
          ],
        },
      })
      expect([response.statusCode, response.json<{ errorCode: string }>().errorCode]).toEqual([
        500,
        'E9999',
      ])
    } finally {
      await database.db.execute(sql`alter table auth_lockouts_gone rename to auth_lockouts`)
    }
    const logged = lines.join('\n')
    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((entry) => entry.msg === 'unexpected error')
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      sql: expect.stringContaining('auth_lockouts') as unknown,
      cause: { code: '42P01' },
    })
    for (const value of [FIRST_ENTRY_ID, PASSWORD, '203.0.113.77', 'params']) {
      expect(logged).not.toContain(value)
    }
  })
})
