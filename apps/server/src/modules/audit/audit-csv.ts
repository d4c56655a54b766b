import type { AuditEntry } from './audit-repository.ts'

// The audit log as CSV (issue #20 point 4, ADR 0024): UTF-8 with a BOM (so that Excel reads it
// as UTF-8), CRLF line ends, RFC 4180 quoting, a Japanese header. A cell starting with = + - @
// gets a leading single quote, so a spreadsheet never runs a value (a typed reason, say) as a
// formula.

export const AUDIT_CSV_BOM = '\uFEFF'

export const AUDIT_CSV_HEADER = [
  '連番',
  '日時',
  '操作者種別',
  '操作者ID',
  '操作',
  '対象種別',
  '対象ID',
  '接続元',
  '理由',
  '詳細',
] as const

const FORMULA_START = /^[=+\-@]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell: formula-guarded, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

const JST_OFFSET_MS = 9 * 60 * 60_000

/** The instant in Japan time with its offset: 2026-11-20T10:00:00.000+09:00. */
export function japanTime(instant: Date): string {
  return `${new Date(instant.getTime() + JST_OFFSET_MS).toISOString().slice(0, -1)}+09:00`
}

export function auditCsvRow(entry: AuditEntry): string {
  return csvLine([
    String(entry.seq),
    japanTime(entry.at),
    entry.actorKind,
    entry.actorId ?? '',
    entry.action,
    entry.recordKind ?? '',
    entry.recordId ?? '',
    entry.clientAddress ?? '',
    entry.reason ?? '',
    entry.details === null ? '' : JSON.stringify(entry.details),
  ])
}

/** The file's text: the BOM and header, then each batch's rows (batches come newest first). */
export async function* auditCsv(batches: AsyncIterable<AuditEntry[]>): AsyncGenerator<string> {
  yield AUDIT_CSV_BOM + csvLine(AUDIT_CSV_HEADER)
  for await (const rows of batches) yield rows.map(auditCsvRow).join('')
}
