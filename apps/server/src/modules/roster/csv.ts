import Encoding from 'encoding-japanese'

// Roster files come from Excel and from the groups' own systems: UTF-8 (with or without a BOM)
// or Shift_JIS as Windows writes it (CP932). docs/roster-import.md §3 describes the format.

export type RosterEncoding = 'utf8' | 'sjis'

/** A problem with the file; `line` is the physical line (1-based) where the row starts. */
export interface RosterIssue {
  line?: number
  message: string
}

export type DecodeResult =
  { ok: true; text: string; encoding: RosterEncoding } | { ok: false; issue: RosterIssue }

const BOM = '\uFEFF'

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function decodeShiftJis(bytes: Uint8Array): string | undefined {
  // Encoding.detect answers false when a byte sequence is not Shift_JIS; convert alone would
  // turn such bytes into '?' without a word.
  if (bytes.length > 0 && Encoding.detect(bytes, 'SJIS') === false) return undefined
  return Encoding.convert(bytes, { to: 'UNICODE', from: 'SJIS', type: 'string' })
}

/**
 * Bytes to text: UTF-8 when the bytes are valid UTF-8, else Shift_JIS; `encoding` overrides the
 * detection. A leading BOM is dropped.
 */
export function decodeRosterBytes(bytes: Uint8Array, encoding?: RosterEncoding): DecodeResult {
  const utf8 = encoding === 'sjis' ? undefined : decodeUtf8(bytes)
  if (utf8 !== undefined) {
    return { ok: true, text: utf8.startsWith(BOM) ? utf8.slice(1) : utf8, encoding: 'utf8' }
  }
  if (encoding === 'utf8') {
    return {
      ok: false,
      issue: {
        message:
          'UTF-8 として読めない文字があります。ファイルを UTF-8 で保存し直すか、--encoding sjis を指定してください。',
      },
    }
  }
  const sjis = decodeShiftJis(bytes)
  if (sjis !== undefined) return { ok: true, text: sjis, encoding: 'sjis' }
  return {
    ok: false,
    issue: {
      message:
        encoding === 'sjis'
          ? 'Shift_JIS として読めない文字があります。ファイルを Shift_JIS で保存し直すか、--encoding utf8 を指定してください。'
          : '文字コードを判定できません。ファイルを UTF-8 または Shift_JIS で保存し直してください。',
    },
  }
}

export interface CsvRow {
  /** the physical line (1-based) where the row starts */
  line: number
  fields: string[]
}

export interface CsvParseResult {
  rows: CsvRow[]
  issues: RosterIssue[]
}

/**
 * RFC 4180: fields separated by commas, optionally in double quotes; inside quotes a doubled
 * quote is one quote and commas and line breaks are part of the value. Rows end with CRLF, LF or
 * CR; a final line break is optional. Rows whose every field is empty (blank lines, or Excel's
 * `,,,`) are skipped. A malformed row is reported with its line and left out.
 */
export function parseCsv(text: string): CsvParseResult {
  const rows: CsvRow[] = []
  const issues: RosterIssue[] = []
  let index = 0
  let line = 1
  const length = text.length

  // Consumes one line break at `index` if there is one; returns whether it did.
  const takeLineBreak = (): boolean => {
    const char = text[index]
    if (char === '\r') {
      index += text[index + 1] === '\n' ? 2 : 1
      line += 1
      return true
    }
    if (char === '\n') {
      index += 1
      line += 1
      return true
    }
    return false
  }

  // After an error: skip the rest of the physical line.
  const skipToNextLine = () => {
    while (index < length && text[index] !== '\r' && text[index] !== '\n') index += 1
    takeLineBreak()
  }

  while (index < length) {
    const rowLine = line
    const fields: string[] = []
    let failure: string | undefined
    for (;;) {
      let value = ''
      if (text[index] === '"') {
        index += 1
        let isClosed = false
        while (index < length) {
          const char = text[index]
          if (char === '"') {
            if (text[index + 1] === '"') {
              value += '"'
              index += 2
              continue
            }
            index += 1
            isClosed = true
            break
          }
          if (char === '\r' || char === '\n') {
            takeLineBreak()
            value += '\n'
            continue
          }
          value += char
          index += 1
        }
        if (!isClosed) {
          failure =
            '引用符（"）が閉じられていません。値を囲む引用符の組と、値の中の引用符が2つ重ねてあるかを確かめてください。'
          break
        }
        const next = text[index]
        if (index < length && next !== ',' && next !== '\r' && next !== '\n') {
          failure =
            '引用符（"）で囲んだ値の後に文字があります。値の中の引用符は2つ重ねて（""）書いてください。'
          break
        }
      } else {
        while (index < length) {
          const char = text[index]
          if (char === ',' || char === '\r' || char === '\n') break
          if (char === '"') {
            failure =
              '引用符（"）を含む値は、値全体を引用符で囲み、値の中の引用符を2つ重ねて（""）書いてください。'
            break
          }
          value += char
          index += 1
        }
        if (failure !== undefined) break
      }
      fields.push(value)
      if (text[index] === ',') {
        index += 1
        continue
      }
      takeLineBreak()
      break
    }
    if (failure !== undefined) {
      issues.push({ line: rowLine, message: failure })
      skipToNextLine()
      continue
    }
    if (fields.every((field) => field === '')) continue
    rows.push({ line: rowLine, fields })
  }
  return { rows, issues }
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** Rows to CSV text with CRLF line ends, as Excel writes it. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}
