import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupDocument, testLogoSvg } from '../../test/factories.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { createTestDatabase } from '../../test/helpers.ts'

const run = promisify(execFile)
const serverRoot = path.resolve(import.meta.dirname, '../..')

/** Runs the CLI as an operator would; resolves with its exit code and output. */
async function importGroup(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/import-group.ts', ...args],
      {
        cwd: serverRoot,
        env: { PATH: process.env.PATH ?? '', ...env },
      },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('取り込みコマンド (npm run import-group)', () => {
  let dir: string
  let env: Record<string, string>
  let database: DatabaseHandle | undefined
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'))
    // The CLI opens its database itself: its own embedded folder, or a fresh PostgreSQL database.
    const created = await createTestDatabase()
    const target: Record<string, string> =
      created.url === undefined
        ? { DATA_DIR: path.join(dir, 'data') }
        : { DATABASE_URL: created.url }
    if (created.url === undefined) await created.close()
    else database = created
    env = { ...target, INIT_CWD: dir, PUBLIC_BASE_URL: 'https://hoken.example.jp' }
    fs.writeFileSync(path.join(dir, 'logo.svg'), testLogoSvg)
  })
  afterAll(async () => {
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('誤りのあるドキュメントはすべての誤りをパス付きで表示し、終了コード1で何も書き込まないこと', async () => {
    const document = groupDocument()
    document.groupPfInfo.themeColor = 'blue'
    document.groupPfInfo.featureArray = []
    fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(document))
    const result = await importGroup(['bad.json'], env)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('bad.json: 2 件のエラーがあります。何も書き込んでいません。')
    expect(result.stderr).toMatch(/^ {2}groupPfInfo\.themeColor: .+$/m)
    expect(result.stderr).toMatch(/^ {2}groupPfInfo\.featureArray: .+$/m)
  })

  it('正しいドキュメントを取り込み、--print-links で加入申込とパンフレットのURLを表示すること', async () => {
    fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify(groupDocument()))
    const result = await importGroup(['good.json', '--print-links'], env)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')).toEqual([
      '取り込みました: 1 件のリンク',
      '  T000001/202612/00001/Test0Key01 (新規)',
      '    加入申込: https://hoken.example.jp/app/ent/T000001/202612/00001/Test0Key01/termsOfService',
      '    パンフレット: https://hoken.example.jp/app/pamphlet/T000001/202612/00001/Test0Key01',
      '',
    ])
  })

  it('引数がなければ使い方を表示して終了コード2で終わること', async () => {
    const result = await importGroup([], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Usage: npm run import-group')
  })
})
