import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue #18 point 1, "one owning module per table": every table is written (insert, update,
// delete) by exactly one module, the one its schema file names ("Owned by …").

const sourceRoot = import.meta.dirname
const schemaDir = path.join(sourceRoot, 'db', 'schema')

/** Not product modules: tests and their helpers, the demo loader, the CLIs, the schema itself. */
const notProductCode = [
  /\.test\.ts$/,
  /-test-support\.ts$/,
  /-test-products\.ts$/,
  /(^|\/)test-[^/]+\.ts$/,
  /^demo\//,
  /^cli\//,
  /^db\//,
]

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

/** `modules/<name>` for a product module, else the top folder (`sandbox`, `lib`, …). */
function moduleOf(relativePath: string): string {
  const [top = '', name = ''] = relativePath.split('/')
  return top === 'modules' ? `modules/${name}` : top
}

/** The SQL name of each table (`rate_limit_hits`) → its identifier (`rateLimitHits`). */
const sqlNames = new Map<string, string>()

/** Drizzle's writes, and writes in raw SQL (a statement built with sql`…`). */
const writePatterns = [
  /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g,
  /\b(?:insert\s+into|update|delete\s+from)\s+(\w+)/gi,
]

/** Each table's identifier (as exported by db/schema) and the module its schema file names. */
function declaredOwners(): Map<string, string> {
  const owners = new Map<string, string>()
  sqlNames.clear()
  for (const file of fs.readdirSync(schemaDir)) {
    const text = fs.readFileSync(path.join(schemaDir, file), 'utf8')
    const declared = [...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)]
    for (const [, table, sqlName] of declared) {
      if (table !== undefined && sqlName !== undefined) sqlNames.set(sqlName, table)
    }
    const tables = declared.map((match) => match[1])
    if (tables.length === 0) continue
    const owner = /\/\/ Owned by ([a-z/-]+)/.exec(text)?.[1]
    if (owner === undefined) throw new Error(`${file} does not name its owning module`)
    for (const table of tables) if (table !== undefined) owners.set(table, owner)
  }
  return owners
}

function writers(tables: ReadonlySet<string>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  for (const file of sourceFiles(sourceRoot)) {
    const relativePath = path.relative(sourceRoot, file).split(path.sep).join('/')
    if (notProductCode.some((pattern) => pattern.test(relativePath))) continue
    const text = fs.readFileSync(file, 'utf8')
    const matches = writePatterns.flatMap((pattern) => [...text.matchAll(pattern)])
    for (const match of matches) {
      const table = sqlNames.get(match[1] ?? '') ?? match[1]
      if (table === undefined || !tables.has(table)) continue
      const modules = found.get(table) ?? new Set<string>()
      modules.add(moduleOf(relativePath))
      found.set(table, modules)
    }
  }
  return found
}

describe('テーブルの所有モジュール (issue #18)', () => {
  const owners = declaredOwners()
  const written = writers(new Set(owners.keys()))

  it('db/schema のテーブルを読み取れていること', () => {
    expect(owners.size).toBe(51)
    expect(owners.get('applications')).toBe('modules/application')
    expect(owners.get('exportBatchItems')).toBe('modules/export')
  })

  it.each([...owners])('%s を書き込むのは %s だけであること', (table, owner) => {
    expect([...(written.get(table) ?? [])]).toEqual([owner])
  })
})
