// ADR 0017: the server's tests that use a database run on PGlite and on PostgreSQL (vitest project
// `db`, files named *.db.test.ts); the rest run once (project `server`). These tests keep a new
// database test from landing in the run-once project, where it would run on one engine only.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestDatabase, OUTSIDE_DB_PROJECT_MESSAGE } from './helpers.ts'

const serverRoot = path.resolve(import.meta.dirname, '..')

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(folder, file))
    .filter((file) => /\.tsx?$/.test(file))
}

const sources = new Map<string, string>()
function source(file: string): string {
  let text = sources.get(file)
  if (text === undefined) {
    text = fs.readFileSync(file, 'utf8')
    sources.set(file, text)
  }
  return text
}

/** A call (not the definition) of the helpers that open a test database. */
const DATABASE_CALL = /(?<!function )\b(createTestDatabase|createTestApp)\(/

/** The relative imports of a file that are test support: under test/ or named *test-support*. */
function supportImports(file: string): string[] {
  return [...source(file).matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((match) => path.resolve(path.dirname(file), match[1] ?? ''))
    .filter((imported) => fs.existsSync(imported))
    .filter(
      (imported) =>
        imported.startsWith(path.join(serverRoot, 'test') + path.sep) ||
        /test-support/.test(path.basename(imported)),
    )
}

/** helpers.ts defines the two; this file calls one only to see it refused. */
const notUsers = new Set([path.join(serverRoot, 'test', 'helpers.ts'), import.meta.filename])

/** Whether a file, or the test support it imports (transitively), opens a test database. */
function usesDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || notUsers.has(file)) return false
  seen.add(file)
  if (DATABASE_CALL.test(source(file))) return true
  return supportImports(file).some((imported) => usesDatabase(imported, seen))
}

describe('データベースを使うテストは両方のエンジンで動くこと（ADR 0017）', () => {
  const testFiles = [
    ...filesUnder(path.join(serverRoot, 'src')),
    ...filesUnder(path.join(serverRoot, 'test')),
  ]
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.relative(serverRoot, file))

  it('サーバーのテストは両方の種類とも見つかること', () => {
    expect(testFiles.filter((file) => file.endsWith('.db.test.ts')).length).toBeGreaterThan(30)
    expect(testFiles.filter((file) => !file.endsWith('.db.test.ts')).length).toBeGreaterThan(20)
  })

  it('テスト用データベースを開くテストファイルはすべて *.db.test.ts であること', () => {
    // *.processes.test.ts run several server processes on one PostgreSQL database: PostgreSQL
    // only, by design (PGlite is one process), in their own project.
    const misplaced = testFiles.filter(
      (file) =>
        !file.endsWith('.db.test.ts') &&
        !file.endsWith('.processes.test.ts') &&
        usesDatabase(path.join(serverRoot, file)),
    )
    expect(misplaced).toEqual([])
  })

  it('*.db.test.ts はどれもテスト用データベースを開くこと（一度で済むテストを二度走らせない）', () => {
    const needless = testFiles.filter(
      (file) => file.endsWith('.db.test.ts') && !usesDatabase(path.join(serverRoot, file)),
    )
    expect(needless).toEqual([])
  })

  it('db プロジェクトの外で createTestDatabase() を呼ぶと理由を示して断ること', async () => {
    await expect(createTestDatabase()).rejects.toThrow(OUTSIDE_DB_PROJECT_MESSAGE)
  })
})
