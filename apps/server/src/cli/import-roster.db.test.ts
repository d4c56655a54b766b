import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Encoding from 'encoding-japanese'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, testConfig } from '../../test/helpers.ts'
import { openEmbeddedDatabase, type DatabaseHandle } from '../db/client.ts'
import { rosterMembers } from '../db/schema/index.ts'
import { importRosterTestProducts } from '../modules/roster/roster-test-products.ts'
import { verifyPassword } from '../modules/security/password.ts'
import { main } from './import-roster.ts'

const serverRoot = path.resolve(import.meta.dirname, '../..')
const execute = promisify(execFile)

/** 2026-11-20 10:00:00 JST: the default output file name carries this time. */
const APP_NOW = '2026-11-20T10:00:00+09:00'

const firstEntryArgs = ['--group', 'T000001', '--ym', '202612']
const threeItemArgs = ['--group', 'T000002', '--ym', '202612']

function readCredentialsFile(file: string) {
  const text = fs.readFileSync(file, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  expect(text.endsWith('\r\n')).toBe(true)
  return text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','))
}

describe('名簿取り込みコマンド (main)', () => {
  let dir: string
  let database: DatabaseHandle

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-roster-cli-'))
    database = await createTestDatabase()
    await importRosterTestProducts(database.db)
  })
  afterAll(async () => {
    await database.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    await database.db.delete(rosterMembers)
  })

  async function run(args: string[]) {
    const stdout: string[] = []
    const stderr: string[] = []
    const code = await main(args, {
      config: testConfig({ INIT_CWD: dir, APP_NOW }),
      database,
      output: { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text) },
    })
    return { code, stdout: stdout.join(''), stderr: stderr.join('') }
  }

  const write = (name: string, content: string | Uint8Array) => {
    fs.writeFileSync(path.join(dir, name), content)
    return name
  }

  it('初回登録ID・パスワードを所有者だけが読める新しいファイルに書き、画面にはパスワードを出さないこと', async () => {
    const csv = write('first.csv', 'memberCode\r\nE-001\r\nE-002\r\n')
    const result = await run([...firstEntryArgs, csv])
    const outFile = path.join(dir, 'roster-credentials-T000001-202612-20261120-100000.csv')
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        '取り込みました: 団体商品 T000001（始期年月 202612、初回登録ID・パスワード）、文字コード UTF-8',
        '  追加 2 件、更新 0 件、変更なし 0 件',
        '  初回登録IDと初期パスワードを 2 件発行し、次のファイルに書き出しました:',
        `    ${outFile}`,
        '  このファイルは加入者に届けたら削除してください。パスワードはこのファイルにしかありません。',
        '',
      ].join('\n'),
    })
    expect(fs.statSync(outFile).mode & 0o777).toBe(0o600)
    const [header, ...rows] = readCredentialsFile(outFile)
    expect(header).toEqual(['memberCode', 'firstEntryId', 'initialPassword'])
    expect(rows.map((row) => row[0])).toEqual(['E-001', 'E-002'])

    const stored = await database.db.select().from(rosterMembers)
    for (const [memberCode, firstEntryId, initialPassword] of rows) {
      expect(result.stdout).not.toContain(initialPassword)
      const member = stored.find((row) => row.memberCode === memberCode)
      expect(member?.firstEntryId).toBe(firstEntryId)
      expect(await verifyPassword(member?.passwordHash, initialPassword ?? '')).toBe(true)
    }
  })

  it('出力ファイルがすでにあれば上書きせず、何も書き込まずに終了コード1で終わること', async () => {
    const csv = write('again.csv', 'memberCode\r\nE-001\r\n')
    const existing = write('out.csv', 'keep me')
    const result = await run([...firstEntryArgs, '--out', existing, csv])
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `${path.join(dir, 'out.csv')}: 出力ファイルがすでにあります。上書きはしません。--out で別のファイル名を指定してください。何も書き込んでいません。\n`,
    })
    expect(fs.readFileSync(path.join(dir, 'out.csv'), 'utf8')).toBe('keep me')
    expect(await database.db.select().from(rosterMembers)).toEqual([])
  })

  it('誤りのある行をすべて行番号付きで表示し、出力ファイルも作らずに終了コード1で終わること', async () => {
    const csv = write('bad.csv', 'memberCode,extra\r\nE 1,x\r\nE-2,y\r\n')
    const result = await run([...firstEntryArgs, '--out', 'never.csv', csv])
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        'bad.csv: 2 件のエラーがあります。何も書き込んでいません。',
        '  1行目: 知らない列「extra」があります。使える列は memberCode, preYearPolicyHolderNo です（大文字・小文字も区別します）。',
        '  2行目: memberCode: 半角の英字・数字・ハイフン（-）で、20文字以内にしてください。',
        '',
      ].join('\n'),
    })
    expect(fs.existsSync(path.join(dir, 'never.csv'))).toBe(false)
  })

  it('三項目認証の名簿を --encoding sjis で取り込み、出力ファイルは作らないこと', async () => {
    const text =
      'memberCode,AUTH_EMPLOYEE_NO,AUTH_BIRTH_DATE,AUTH_NAME_KANA\r\nS-1,A1,19850415,ヤマダ　タロウ\r\n'
    const csv = write(
      'sjis.csv',
      Uint8Array.from(
        Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }),
      ),
    )
    const before = fs.readdirSync(dir)
    const result = await run([...threeItemArgs, '--encoding', 'sjis', csv])
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        '取り込みました: 団体商品 T000002（始期年月 202612、三項目認証）、文字コード Shift_JIS\n' +
        '  追加 1 件、更新 0 件、変更なし 0 件\n',
    })
    expect(fs.readdirSync(dir)).toEqual(before)
  })

  it('ファイルにない登録済みの加入者は残し、その件数を表示すること', async () => {
    const all = write('all.csv', 'memberCode\r\nE-001\r\nE-002\r\n')
    expect((await run([...firstEntryArgs, '--out', 'first-out.csv', all])).code).toBe(0)
    const some = write('some.csv', 'memberCode\r\nE-001\r\n')
    const result = await run([...firstEntryArgs, '--out', 'second-out.csv', some])
    expect(result.stdout).toBe(
      '取り込みました: 団体商品 T000001（始期年月 202612、初回登録ID・パスワード）、文字コード UTF-8\n' +
        '  追加 0 件、更新 0 件、変更なし 1 件\n' +
        '  ファイルにない登録済みの加入者 1 件は、そのまま残しています（削除はしません）。\n',
    )
    expect(fs.existsSync(path.join(dir, 'second-out.csv'))).toBe(false)
  })

  it('読めないファイルは終了コード1、使い方の誤りは終了コード2で終わること', async () => {
    expect(await run([...firstEntryArgs, 'missing.csv'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^missing\.csv: ファイルを読み込めません \(ENOENT/) as string,
    })
    const usage = await run(['--group', 'T000001', '--ym', '2026-12', '--encoding', 'euc'])
    expect(usage.code).toBe(2)
    expect(usage.stderr.split('\n').slice(0, 3)).toEqual([
      '名簿の CSV ファイルを1つ指定してください。',
      '--ym に団体PFコード始期年月を YYYYMM（数字6桁）で指定してください。',
      '--encoding には utf8 か sjis を指定してください。',
    ])
    expect(usage.stderr).toContain('Usage: npm run import-roster -w @app/server --')
  })
})

describe('名簿取り込みコマンド (プロセスとして実行)', () => {
  let dir: string
  let env: Record<string, string>
  let database: DatabaseHandle | undefined

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-roster-process-'))
    const created = await createTestDatabase()
    if (created.url === undefined) {
      // The command opens its own embedded folder: set the products up in it first.
      await created.close()
      const dataDir = path.join(dir, 'data')
      const embedded = await openEmbeddedDatabase(dataDir)
      await importRosterTestProducts(embedded.db)
      database = embedded
      env = { DATA_DIR: dataDir }
    } else {
      await importRosterTestProducts(created.db)
      database = created
      env = { DATABASE_URL: created.url }
    }
    env = { ...env, INIT_CWD: dir, APP_NOW, PATH: process.env.PATH ?? '' }
    fs.writeFileSync(path.join(dir, 'roster.csv'), 'memberCode\nP-001\nP-002\nP-003\n')
  })
  afterAll(async () => {
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  async function importRosterProcess(args: string[], processEnv = env) {
    try {
      const { stdout, stderr } = await execute(
        process.execPath,
        ['--import', 'tsx', 'src/cli/import-roster.ts', ...args],
        { cwd: serverRoot, env: processEnv },
      )
      return { code: 0, stdout, stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }

  it('組み込みデータベースを使用中のプロセスがあれば、何もせずに終了コード1で終わること', async () => {
    // A folder of its own, held by this process, whichever database the suite runs on.
    const heldDir = path.join(dir, 'held-data')
    const held = await openEmbeddedDatabase(heldDir)
    const result = await importRosterProcess([...firstEntryArgs, 'roster.csv'], {
      DATA_DIR: heldDir,
      INIT_CWD: dir,
      APP_NOW,
      PATH: process.env.PATH ?? '',
    }).finally(() => held.close())
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('is in use by another process')
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('roster-credentials-'))).toEqual([])
  })

  it('取り込んで資格情報のファイル（0600）を作り、終了コード0で終わること', async () => {
    if (env.DATA_DIR !== undefined) {
      // The embedded folder admits one process: let the command have it.
      await database?.close()
      database = undefined
    }
    const result = await importRosterProcess([...firstEntryArgs, 'roster.csv'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const outFile = path.join(dir, 'roster-credentials-T000001-202612-20261120-100000.csv')
    expect(result.stdout).toContain(`    ${outFile}\n`)
    expect(fs.statSync(outFile).mode & 0o777).toBe(0o600)
    const [header, ...rows] = readCredentialsFile(outFile)
    expect(header).toEqual(['memberCode', 'firstEntryId', 'initialPassword'])
    expect(rows.map((row) => row[0])).toEqual(['P-001', 'P-002', 'P-003'])
    for (const row of rows) expect(result.stdout).not.toContain(row[2])

    const again = await importRosterProcess([...firstEntryArgs, 'roster.csv'])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('出力ファイルがすでにあります。上書きはしません。')
  })
})
