import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { isLuhnValid } from '@app/shared/rules/payment'
import { openEmbeddedDatabase, openPostgresDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import { parseCliArgs, processOutput, runCli, type CliOutput } from './run-cli.ts'

// npm run scan-card-numbers -w @app/server -- [--data-dir DIR | --database-url URL] [--file PATH …]
// Looks for card numbers where none may be (PRODUCT.md "Money": card data goes to the provider's
// token endpoint and nowhere else; ADR 0014): every row of every table of the public schema, and
// each file given (the server's log, the outbox). A card number is a Luhn-valid run of 14–16
// digits; digits separated by single spaces or hyphens ("4111 1111 1111 1111") are one run. Only
// whole runs count, so a longer number (a timestamp) never yields a 16-digit window; a run glued
// to a letter (a hex digest, a token, a UUID's groups) or to a decimal point and more digits (a
// float's fraction in a log line) is part of a longer token, not a number written out. What is
// found is printed masked (the first 6 and the last 4 digits at most). Exit 0 clean, 1 found (or
// a source could not be read), 2 usage. `--no-database` scans the files alone.
// The embedded database admits one process: stop the server first (the e2e global teardown does).

const usage =
  'Usage: npm run scan-card-numbers -w @app/server -- [--data-dir DIR | --database-url URL] [--file PATH …]'

/** A card-number-like run in a text. */
export interface CardNumberMatch {
  /** where the run starts in the text (UTF-16 index) */
  index: number
  /** the run as written, separators included */
  text: string
  /** its digits alone */
  digits: string
}

/**
 * A run of digits in which single spaces or hyphens may separate digits. The engine finds the
 * leftmost longest runs, so each match is maximal: a separator at its end is left out and the
 * next character cannot continue it.
 */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g
const ASCII_LETTER = /^[A-Za-z]$/
const DIGIT = /^\d$/

/**
 * A run that is part of a longer token: a letter touches it directly (`…f4111…`: a hex digest, a
 * token, a bytea's hex) or through a hyphen (`…-1234-5678-abcd-…`: the groups of a UUID), or a
 * decimal point joins it to more digits (`3.1234567890123456`: a float's fraction in a log line).
 */
function isPartOfLongerToken(text: string, start: number, end: number): boolean {
  const touches = (at: number, step: 1 | -1): boolean => {
    const next = text[at] ?? ''
    const beyond = text[at + step] ?? ''
    if (ASCII_LETTER.test(next)) return true
    if (next === '-') return ASCII_LETTER.test(beyond)
    if (next === '.') return DIGIT.test(beyond)
    return false
  }
  return touches(start - 1, -1) || touches(end, 1)
}

/** Every Luhn-valid maximal run of exactly 14–16 digits in `text`, not part of a longer token. */
export function findCardNumbers(text: string): CardNumberMatch[] {
  const found: CardNumberMatch[] = []
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/[ -]/g, '')
    if (digits.length < 14 || digits.length > 16) continue
    if (isPartOfLongerToken(text, match.index, match.index + match[0].length)) continue
    if (!isLuhnValid(digits)) continue
    found.push({ index: match.index, text: match[0], digits })
  }
  return found
}

/** 4111111111111111 → 411111******1111: never more than the first 6 and the last 4 digits. */
export function maskCardNumber(digits: string): string {
  if (digits.length <= 10) return '*'.repeat(digits.length)
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`
}

/** One card number found, masked, and where. */
export interface Finding {
  /** `table <name>, column <column>, row <ctid>` or `file <path>, line <n>` */
  where: string
  masked: string
}

/** The findings in one file, by line (1-based). */
export function scanText(text: string, describe: (line: number) => string): Finding[] {
  const findings: Finding[] = []
  text.split('\n').forEach((line, index) => {
    for (const match of findCardNumbers(line)) {
      findings.push({ where: describe(index + 1), masked: maskCardNumber(match.digits) })
    }
  })
  return findings
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** A column's value as text: strings as they are, anything else (numbers, JSON) as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

async function query(database: DatabaseHandle, text: string): Promise<Record<string, unknown>[]> {
  // node-postgres and PGlite both answer with { rows }; the shared Database type does not say so.
  const result: unknown = await database.db.execute(sql.raw(text))
  return (result as { rows: Record<string, unknown>[] }).rows
}

/**
 * Every row of every table of the public schema. Each row is cast to text whole
 * (`SELECT t::text`) and, to say which column holds a finding, also read column by column
 * (`row_to_json`): a finding in the whole row that no single column explains (digits spread over
 * two columns of one row) is still reported, against the row.
 */
export async function scanDatabase(
  database: DatabaseHandle,
): Promise<{ findings: Finding[]; tables: number; rows: number }> {
  const tables = (
    await query(
      database,
      "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((row) => String(row.tablename))
  const findings: Finding[] = []
  let rowCount = 0
  for (const table of tables) {
    const rows = await query(
      database,
      `SELECT t.ctid::text AS "rowId", t::text AS "rowText", row_to_json(t) AS "rowJson" FROM public.${quoteIdentifier(table)} t`,
    )
    rowCount += rows.length
    for (const row of rows) {
      const rowId = String(row.rowId)
      const columns = (
        typeof row.rowJson === 'string' ? JSON.parse(row.rowJson) : (row.rowJson ?? {})
      ) as Record<string, unknown>
      const inColumns: Finding[] = []
      for (const [column, value] of Object.entries(columns)) {
        for (const match of findCardNumbers(valueText(value))) {
          inColumns.push({
            where: `table ${table}, column ${column}, row ${rowId}`,
            masked: maskCardNumber(match.digits),
          })
        }
      }
      const inRow = findCardNumbers(String(row.rowText)).map((match) =>
        maskCardNumber(match.digits),
      )
      const explained = new Set(inColumns.map((finding) => finding.masked))
      findings.push(...inColumns)
      for (const masked of inRow) {
        if (!explained.has(masked)) {
          findings.push({ where: `table ${table}, row ${rowId} (the row as text)`, masked })
        }
      }
    }
  }
  return { findings, tables: tables.length, rows: rowCount }
}

/**
 * The command without the process around it: parses `args`, scans, reports. Returns the exit
 * code: 0 nothing found, 1 found (or a source could not be read), 2 usage. With `database` it
 * scans that database and leaves it open; otherwise it opens (and closes) the one the options or
 * the configuration name.
 */
export async function main(
  args: string[],
  options: {
    config: Pick<Config, 'databaseUrl' | 'dataDir' | 'invocationDir'>
    output?: CliOutput
    database?: DatabaseHandle
  },
): Promise<number> {
  const output = options.output ?? processOutput
  const { config } = options
  const parsed = parseCliArgs(
    {
      args,
      allowPositionals: false,
      options: {
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        file: { type: 'string', multiple: true },
        'no-database': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    },
    usage,
    output,
  )
  if (parsed === undefined) return 2
  const { values } = parsed
  if (values.help) {
    output.stderr(`${usage}\n`)
    return 0
  }
  const dataDir = values['data-dir']
  const databaseUrl = values['database-url']
  const sourceCount = [dataDir, databaseUrl, options.database].filter(
    (source) => source !== undefined,
  ).length
  if (sourceCount > 1 || (values['no-database'] && sourceCount > 0)) {
    output.stderr(`Give one database at most.\n${usage}\n`)
    return 2
  }

  const findings: Finding[] = []
  const scanned: string[] = []
  let unreadable = false

  if (!values['no-database']) {
    let database = options.database
    let opened: DatabaseHandle | undefined
    try {
      if (database === undefined) {
        // no option: the database the server's configuration names (DATABASE_URL / DATA_DIR)
        const url = databaseUrl ?? (dataDir === undefined ? config.databaseUrl : undefined)
        if (url !== undefined) {
          opened = await openPostgresDatabase(url, { max: 1 })
        } else {
          const folder =
            dataDir === undefined ? config.dataDir : path.resolve(config.invocationDir, dataDir)
          // A folder that holds no database would be created and migrated: refuse instead.
          if (!fs.existsSync(path.join(folder, 'pglite'))) {
            output.stderr(`${folder}: no embedded database here (no pglite folder)\n`)
            return 1
          }
          opened = await openEmbeddedDatabase(folder)
        }
        database = opened
      }
      const result = await scanDatabase(database)
      findings.push(...result.findings)
      scanned.push(`database (${database.kind}): ${result.tables} tables, ${result.rows} rows`)
    } finally {
      await opened?.close()
    }
  }

  for (const file of values.file ?? []) {
    const resolved = path.resolve(config.invocationDir, file)
    let text: string
    try {
      text = fs.readFileSync(resolved, 'utf8')
    } catch (error) {
      output.stderr(`${file}: cannot read (${(error as Error).message})\n`)
      unreadable = true
      continue
    }
    findings.push(...scanText(text, (line) => `file ${file}, line ${line}`))
    scanned.push(`file ${file}: ${text.split('\n').length} lines`)
  }

  for (const source of scanned) output.stdout(`scanned ${source}\n`)
  if (findings.length > 0) {
    output.stdout(
      `${findings.length} card number(s) found (Luhn-valid runs of 14–16 digits), masked:\n`,
    )
    for (const finding of findings) output.stdout(`  ${finding.where}: ${finding.masked}\n`)
    return 1
  }
  output.stdout('no card number found\n')
  return unreadable ? 1 : 0
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
