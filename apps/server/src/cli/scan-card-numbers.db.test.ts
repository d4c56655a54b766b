import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sandboxTestCards } from '../sandbox/test-cards.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { createTestDatabase } from '../../test/helpers.ts'
import { findCardNumbers, main, maskCardNumber, scanText } from './scan-card-numbers.ts'

const run = promisify(execFile)
const serverRoot = path.resolve(import.meta.dirname, '../..')

const visa = sandboxTestCards.threeDSecure // 4111111111111111
const diners14 = sandboxTestCards.frictionless14 // 36000000000008
const amex15 = '378282246310005'

const digitsOf = (text: string) => findCardNumbers(text).map((match) => match.digits)

describe('findCardNumbers: Luhn-valid maximal runs of 14–16 digits', () => {
  it('finds 14, 15 and 16 digits wherever they stand in a text', () => {
    expect(digitsOf(visa)).toEqual([visa])
    expect(digitsOf(`{"cardNumber":"${visa}"}`)).toEqual([visa])
    expect(digitsOf(`number=${diners14}&cvc=123`)).toEqual([diners14])
    expect(digitsOf(`カード番号${amex15}です`)).toEqual([amex15])
    expect(digitsOf(`(1,${visa},2026-11-20 10:00:00+09)`)).toEqual([visa])
    const [match] = findCardNumbers(`card: ${visa}.`)
    expect(match).toEqual({ index: 6, text: visa, digits: visa })
  })

  it('takes digits separated by single spaces or hyphens as one run', () => {
    expect(digitsOf('4111 1111 1111 1111')).toEqual([visa])
    expect(digitsOf('4111-1111-1111-1111')).toEqual([visa])
    expect(digitsOf('3782 822463 10005')).toEqual([amex15])
    expect(findCardNumbers('pan 4111-1111 1111-1111 end')[0]?.text).toBe('4111-1111 1111-1111')
    // two separators in a row end the run: 4 + 12 digits, neither a card number
    expect(digitsOf('4111  1111 1111 1111')).toEqual([])
    expect(digitsOf('4111 - 1111 1111 1111')).toEqual([])
  })

  it('ignores runs that fail the Luhn check', () => {
    expect(digitsOf('4111111111111112')).toEqual([])
    expect(digitsOf('4111 1111 1111 1112')).toEqual([])
  })

  it('ignores 13 and 17 digits, and never looks for a window inside a longer number', () => {
    expect(digitsOf('4111111111119')).toEqual([]) // 13, Luhn-valid
    expect(digitsOf('41111111111111113')).toEqual([]) // 17, Luhn-valid
    expect(digitsOf(`2026${visa}`)).toEqual([]) // 20 digits holding a valid 16
    expect(digitsOf(`${visa}0`)).toEqual([])
    expect(digitsOf('1763600000000 time 20261120100000123')).toEqual([])
  })

  it('ignores runs that are part of an identifier (hex digests, tokens, UUIDs)', () => {
    expect(digitsOf(`f${visa}`)).toEqual([])
    expect(digitsOf(`tok${visa}x`)).toEqual([])
    expect(digitsOf('\\x34313131' + visa + 'ab')).toEqual([])
    // a v4 UUID whose first three groups are digits: 16 digits joined by hyphens
    expect(digitsOf('41111111-1111-4111-a111-111111111111')).toEqual([])
    expect(digitsOf('"a1b2c3d4-1111-4111-1111-111111111111"')).toEqual([])
    // a float's digits: the fraction, or the whole part, of a decimal number
    expect(digitsOf(`"responseTime":3.${visa}`)).toEqual([])
    expect(digitsOf(`${visa}.25`)).toEqual([])
    expect(digitsOf(`paid with ${visa}.`)).toEqual([visa])
    // a letter behind a space does not join: a number written in a sentence is still found
    expect(digitsOf(`card ${visa} was used`)).toEqual([visa])
  })

  it('finds every run of a text, each on its own', () => {
    expect(digitsOf(`${visa}, ${diners14}; 1234; ${amex15}`)).toEqual([visa, diners14, amex15])
  })
})

describe('maskCardNumber', () => {
  it('keeps the first 6 and the last 4 digits at most', () => {
    expect(maskCardNumber(visa)).toBe('411111******1111')
    expect(maskCardNumber(amex15)).toBe('378282*****0005')
    expect(maskCardNumber(diners14)).toBe('360000****0008')
  })

  it('shows nothing of a run too short to keep 4 masked digits', () => {
    expect(maskCardNumber('1234567890')).toBe('**********')
  })
})

describe('scanText', () => {
  it('reports the line of each finding, masked', () => {
    const text = ['first line', `body {"number":"${visa}"}`, '', `spaced 3600 000000 0008`].join(
      '\n',
    )
    expect(scanText(text, (line) => `file x.log, line ${line}`)).toEqual([
      { where: 'file x.log, line 2', masked: '411111******1111' },
      { where: 'file x.log, line 4', masked: '360000****0008' },
    ])
  })
})

/** main() with its output collected. */
async function scan(args: string[], options: { database?: DatabaseHandle; dir: string }) {
  let stdout = ''
  let stderr = ''
  const code = await main(args, {
    config: {
      databaseUrl: undefined,
      dataDir: path.join(options.dir, 'data'),
      invocationDir: options.dir,
    },
    database: options.database,
    output: {
      stdout: (text) => {
        stdout += text
      },
      stderr: (text) => {
        stderr += text
      },
    },
  })
  return { code, stdout, stderr }
}

describe('npm run scan-card-numbers', () => {
  let dir: string
  let database: DatabaseHandle
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-card-numbers-'))
    database = await createTestDatabase()
  })
  afterEach(async () => {
    await database.db.execute(sql`delete from used_puzzles`)
  })
  afterAll(async () => {
    await database.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('finds a card number in a table and names the table and the column, masked (exit 1)', async () => {
    await database.db.execute(
      sql`insert into used_puzzles (signature, expires_at) values (${visa}, now())`,
    )
    const result = await scan([], { database, dir })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /table used_puzzles, column signature, row \(\d+,\d+\): 411111\*{6}1111/,
    )
    expect(result.stdout).toContain('1 card number(s) found')
    expect(result.stdout).not.toContain(visa)
  })

  it('finds nothing in a database that holds no card number (exit 0)', async () => {
    await database.db.execute(
      sql`insert into used_puzzles (signature, expires_at) values (${'4111111111111112'}, now())`,
    )
    const result = await scan([], { database, dir })
    expect(result.stdout).toMatch(/scanned database \((pglite|postgres)\): \d+ tables, \d+ rows/)
    expect(result.stdout).toContain('no card number found')
    expect(result.code).toBe(0)
  })

  it('scans the files given, relative to where npm was run, and reports file and line', async () => {
    fs.writeFileSync(path.join(dir, 'server.log'), `{"level":40}\n{"body":"${visa}"}\n`)
    fs.writeFileSync(
      path.join(dir, 'clean.json'),
      '[{"id":"a1b2c3d4-1111-4111-1111-111111111111"}]',
    )
    const found = await scan(['--file', 'server.log', '--file', 'clean.json'], { database, dir })
    expect(found.code).toBe(1)
    expect(found.stdout).toContain('file server.log, line 2: 411111******1111')
    expect(found.stdout).toContain('scanned file clean.json: 1 lines')
    expect(found.stdout).not.toContain(visa)

    const clean = await scan(['--file', 'clean.json'], { database, dir })
    expect(clean.code).toBe(0)
  })

  it('fails on a file it cannot read, and on an embedded folder that holds no database', async () => {
    const missingFile = await scan(['--no-database', '--file', 'missing.log'], { dir })
    expect(missingFile.code).toBe(1)
    expect(missingFile.stderr).toContain('missing.log: cannot read')

    const noDatabase = await scan(['--data-dir', 'nowhere'], { dir })
    expect(noDatabase.code).toBe(1)
    expect(noDatabase.stderr).toContain('no embedded database here')
    expect(fs.existsSync(path.join(dir, 'nowhere'))).toBe(false)
  })

  it('refuses two databases or an unknown option (exit 2)', async () => {
    expect(
      (await scan(['--data-dir', 'a', '--database-url', 'postgres://x/y'], { dir })).code,
    ).toBe(2)
    expect((await scan(['--tables'], { dir })).code).toBe(2)
  })

  it('runs as a command: a hit in a file exits 1 with the masked report', async () => {
    fs.writeFileSync(path.join(dir, 'outbox.json'), `[{"textBody":"4111 1111 1111 1111"}]`)
    const outcome = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/scan-card-numbers.ts', '--no-database', '--file', 'outbox.json'],
      { cwd: serverRoot, env: { PATH: process.env.PATH ?? '', INIT_CWD: dir } },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    )
    expect(outcome.code).toBe(1)
    expect(outcome.stdout).toContain('file outbox.json, line 1: 411111******1111')
    expect(outcome.stdout).not.toContain('4111 1111 1111 1111')
  })
})
