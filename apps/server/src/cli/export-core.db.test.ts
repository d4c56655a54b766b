import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupDocument, readTestImage } from '../../test/factories.ts'
import { createTestDatabase, testConfig, testNow } from '../../test/helpers.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { importGroupDocument } from '../modules/group/import-group.ts'
import { seedAppliedApplications } from '../modules/export/export-test-support.ts'
import { main } from './export-core.ts'

// npm run export-core (issue #20 point 7): a batch to --out, its id and counts printed, the
// same batch again with --batch; a wrong command line exits 2.

describe('npm run export-core', () => {
  let database: DatabaseHandle
  let dir: string

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    await seedAppliedApplications(database.db, [{ memberCode: 'CLI00001' }], testNow)
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-core-'))
  })
  afterAll(async () => {
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  async function run(args: string[]) {
    const stdout: string[] = []
    const stderr: string[] = []
    const code = await main(args, {
      config: testConfig(),
      database,
      output: { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text) },
    })
    return { code, stdout: stdout.join(''), stderr: stderr.join('') }
  }

  it('バッチを出力して件数を表示し、--batch で同じファイルを再出力すること', async () => {
    const out = path.join(dir, 'first.csv')
    const first = await run(['--group', 'T000001', '--ym', '202612', '--out', out])
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^バッチ [0-9a-f-]{36}: お申し込み 1 件、1 行、\d+ バイト\n/)
    expect(first.stdout).toContain('applications 1, rows 1,')
    expect(first.stdout).not.toContain('@')
    const batchId = /batch ([0-9a-f-]{36})/.exec(first.stdout)?.[1] ?? ''
    const again = path.join(dir, 'again.csv')
    const second = await run(['--batch', batchId, '--out', again])
    expect(second.code).toBe(0)
    expect(fs.readFileSync(again).equals(fs.readFileSync(out))).toBe(true)
    expect(fs.existsSync(`${again}.partial`)).toBe(false)
  })

  it('引数が正しくなければ終了コード 2 で使い方を表示すること', async () => {
    expect((await run(['--group', 'T000001'])).code).toBe(2)
    expect((await run(['--group', 'T000001', '--ym', '202612', '--encoding', 'sjis'])).code).toBe(2)
    const unknown = await run(['--nope'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('usage: export-core')
  })
})
