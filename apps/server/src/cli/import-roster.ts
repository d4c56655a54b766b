import fs from 'node:fs'
import path from 'node:path'
import { toBusinessDate, toBusinessTime } from '@app/shared'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import { formatCsv, type RosterEncoding } from '../modules/roster/csv.ts'
import {
  formatRosterIssue,
  importRoster,
  type IssuedMember,
} from '../modules/roster/import-roster.ts'
import { parseCliArgs, processOutput, runCli, type CliOutput } from './run-cli.ts'

// npm run import-roster -w @app/server -- --group G100001 --ym 202604 [--encoding sjis]
//   [--out FILE] roster.csv
// Imports the roster of one group product (docs/roster-import.md). Every bad row is listed with
// its line and nothing is written unless the whole file is sound. For authenticationType "1" the
// issued first-entry IDs and initial passwords go to a new file only, never to the terminal.

const usage =
  'Usage: npm run import-roster -w @app/server -- --group <groupPfCode> --ym <YYYYMM> [--encoding utf8|sjis] [--out FILE] <roster.csv>'

const encodingNames: Record<RosterEncoding, string> = { utf8: 'UTF-8', sjis: 'Shift_JIS' }

function isRosterEncoding(value: string): value is RosterEncoding {
  return value === 'utf8' || value === 'sjis'
}

/** roster-credentials-G100001-202604-20260401-093000.csv (the time in Japan) */
function defaultOutputName(groupPfCode: string, ym: string, now: Date): string {
  const seconds = String(now.getUTCSeconds()).padStart(2, '0')
  const stamp = `${toBusinessDate(now)}-${toBusinessTime(now)}${seconds}`
  return `roster-credentials-${groupPfCode}-${ym}-${stamp}.csv`
}

/**
 * The output file: UTF-8 with a BOM so that Excel reads it as UTF-8, readable by its owner only,
 * never over an existing file (`wx`), and on disk (fsync) before the import commits.
 */
function writeCredentialsFile(file: string, issued: readonly IssuedMember[]): void {
  const rows = [
    ['memberCode', 'firstEntryId', 'initialPassword'],
    ...issued.map((member) => [member.memberCode, member.firstEntryId, member.initialPassword]),
  ]
  const descriptor = fs.openSync(file, 'wx', 0o600)
  try {
    // The mode of openSync is filtered by the umask: set it outright.
    fs.fchmodSync(descriptor, 0o600)
    fs.writeFileSync(descriptor, `\uFEFF${formatCsv(rows)}`, 'utf8')
    fs.fsyncSync(descriptor)
  } finally {
    fs.closeSync(descriptor)
  }
}

/**
 * The command without the process around it: parses `args`, imports, reports. Returns the exit
 * code: 0 imported, 1 errors (nothing written), 2 usage. With `database` it uses that database
 * and leaves it open; otherwise it opens (and closes) the one the configuration names.
 */
export async function main(
  args: string[],
  options: { config: Config; output?: CliOutput; database?: DatabaseHandle },
): Promise<number> {
  const output = options.output ?? processOutput
  const { config } = options
  const parsed = parseCliArgs(
    {
      args,
      allowPositionals: true,
      options: {
        group: { type: 'string' },
        ym: { type: 'string' },
        encoding: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    },
    usage,
    output,
  )
  if (parsed === undefined) return 2
  const { values, positionals } = parsed
  if (values.help) {
    output.stderr(`${usage}\n`)
    return 0
  }
  const csvPath = positionals[0]
  const problems: string[] = []
  if (csvPath === undefined || positionals.length > 1) {
    problems.push('名簿の CSV ファイルを1つ指定してください。')
  }
  if (values.group === undefined || !/^[A-Za-z0-9]{1,20}$/.test(values.group)) {
    problems.push('--group に団体PFコード（半角英数字20文字以内）を指定してください。')
  }
  if (values.ym === undefined || !/^\d{6}$/.test(values.ym)) {
    problems.push('--ym に団体PFコード始期年月を YYYYMM（数字6桁）で指定してください。')
  }
  if (values.encoding !== undefined && !isRosterEncoding(values.encoding)) {
    problems.push('--encoding には utf8 か sjis を指定してください。')
  }
  if (
    problems.length > 0 ||
    csvPath === undefined ||
    values.group === undefined ||
    values.ym === undefined
  ) {
    output.stderr(`${problems.join('\n')}\n${usage}\n`)
    return 2
  }
  const groupPfCode = values.group
  const groupPfCodeInceptionDateYm = values.ym
  const encoding =
    values.encoding !== undefined && isRosterEncoding(values.encoding) ? values.encoding : undefined

  // npm runs workspace scripts in the workspace folder: resolve paths from where npm was called.
  const resolvedCsv = path.resolve(config.invocationDir, csvPath)
  let csvBytes: Buffer
  try {
    csvBytes = fs.readFileSync(resolvedCsv)
  } catch (error) {
    output.stderr(`${csvPath}: ファイルを読み込めません (${(error as Error).message})\n`)
    return 1
  }
  const outFile = path.resolve(
    config.invocationDir,
    values.out ??
      defaultOutputName(groupPfCode, groupPfCodeInceptionDateYm, config.appNow ?? new Date()),
  )
  if (fs.existsSync(outFile)) {
    output.stderr(
      `${outFile}: 出力ファイルがすでにあります。上書きはしません。--out で別のファイル名を指定してください。何も書き込んでいません。\n`,
    )
    return 1
  }

  const database = options.database ?? (await openDatabase(config))
  let wroteFile = false
  try {
    const result = await importRoster(
      database.db,
      { groupPfCode, groupPfCodeInceptionDateYm, csvBytes, encoding },
      {
        beforeCommit: (issued) => {
          writeCredentialsFile(outFile, issued)
          wroteFile = true
          return Promise.resolve()
        },
      },
    )
    if (!result.ok) {
      output.stderr(
        `${csvPath}: ${result.errors.length} 件のエラーがあります。何も書き込んでいません。\n`,
      )
      for (const issue of result.errors) output.stderr(`  ${formatRosterIssue(issue)}\n`)
      return 1
    }
    const method = result.authenticationType === '1' ? '初回登録ID・パスワード' : '三項目認証'
    output.stdout(
      [
        `取り込みました: 団体商品 ${groupPfCode}（始期年月 ${groupPfCodeInceptionDateYm}、${method}）、文字コード ${encodingNames[result.encoding]}`,
        `  追加 ${result.created} 件、更新 ${result.updated} 件、変更なし ${result.unchanged} 件`,
        ...(result.notInFile > 0
          ? [
              `  ファイルにない登録済みの加入者 ${result.notInFile} 件は、そのまま残しています（削除はしません）。`,
            ]
          : []),
        ...(result.issued.length > 0
          ? [
              `  初回登録IDと初期パスワードを ${result.issued.length} 件発行し、次のファイルに書き出しました:`,
              `    ${outFile}`,
              '  このファイルは加入者に届けたら削除してください。パスワードはこのファイルにしかありません。',
            ]
          : []),
        '',
      ].join('\n'),
    )
    return 0
  } catch (error) {
    // The transaction rolled back: the file names credentials that were never stored.
    if (wroteFile) fs.rmSync(outFile, { force: true })
    throw error
  } finally {
    if (options.database === undefined) await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
