import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { groupDocument, readTestImage } from '../../test/factories.ts'
import { createTestApp, createTestDatabase, manualClock, testConfig } from '../../test/helpers.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { applicationFiles, applications } from '../db/schema/index.ts'
import { createApplicant } from '../modules/files/test-applicants.ts'
import { importGroupDocument } from '../modules/group/import-group.ts'
import { main } from './retention.ts'

// npm run retention (issue #19 point 4): one run of the retention job at the configured clock
// and periods, with the file store of FILES_DIR; its counts printed, never personal data.

describe('npm run retention', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let filesDir: string
  const storageKey = 'c'.repeat(32)

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    app = await createTestApp(database, { clock: manualClock() })
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-cli-'))
    fs.writeFileSync(path.join(filesDir, storageKey), 'bytes')
    const { applicationId } = await createApplicant(app, 'CLI0001')
    await app.db
      .update(applications)
      .set({ createdAt: new Date(Date.UTC(2026, 7, 1)) })
      .where(eq(applications.id, applicationId))
    await app.db.insert(applicationFiles).values({
      applicationId,
      slot: 1,
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 5,
      storageKey,
      sha256: '0'.repeat(64),
    })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
    fs.rmSync(filesDir, { recursive: true, force: true })
  })

  async function run(env: Record<string, string>) {
    const stdout: string[] = []
    const code = await main([], {
      config: testConfig({ FILES_DIR: filesDir, ...env }),
      database,
      output: { stdout: (text) => stdout.push(text) },
    })
    return { code, stdout: stdout.join('') }
  }

  it('設定した期間を過ぎた下書きとそのファイルを消去し、件数を表示すること', async () => {
    const inside = await run({
      APP_NOW: '2026-10-20T10:00:00+09:00',
      RETENTION_UNFINISHED_DAYS: '90',
    })
    expect(inside.code).toBe(0)
    expect(inside.stdout).toContain('未完了のお申し込み 0 件')
    const past = await run({
      APP_NOW: '2026-10-20T10:00:00+09:00',
      RETENTION_UNFINISHED_DAYS: '30',
    })
    expect(past.code).toBe(0)
    expect(past.stdout).toContain(
      '保存期間の処理: 未完了のお申し込み 1 件、書類 1 件を消去しました\n',
    )
    expect(past.stdout).toContain('retention: drafts 1, files 1,')
    expect(past.stdout).not.toContain('@')
    expect(fs.existsSync(path.join(filesDir, storageKey))).toBe(false)
  })
})
