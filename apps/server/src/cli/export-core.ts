import fs from 'node:fs'
import { finished } from 'node:stream/promises'
import type { Writable } from 'node:stream'
import { fixedClock, systemClock } from '../clock.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import {
  downloadBatchAgain,
  runCoreExport,
  type ExportResult,
} from '../modules/export/core-export.ts'
import { parseCliArgs, processOutput, runCli, type CliOutput } from './run-cli.ts'

// npm run export-core -w @app/server -- --group G100001 --ym 202701 [--encoding cp932|utf8bom]
//   [--replace] [--out file.csv] [--batch <id>]
// The export to the insurer's core policy system (issue #20 point 7, docs/core-export.md): a new
// batch of the applied applications of the product that no earlier batch took, or (--batch) an
// earlier batch again. The file goes to --out or to stdout; counts go to stderr when the file
// goes to stdout. Exit 0 done, 1 failed (characters outside CP932, a batch that changed), 2 usage.

const USAGE =
  'usage: export-core --group <groupPfCode> --ym <YYYYMM> [--encoding cp932|utf8bom] [--replace] [--out file.csv]\n' +
  '       export-core --batch <id> [--out file.csv]'

function summary(result: ExportResult): string {
  return (
    `バッチ ${result.batchId}: お申し込み ${result.applicationCount} 件、${result.rowCount} 行、${result.byteSize} バイト\n` +
    `batch ${result.batchId}: applications ${result.applicationCount}, rows ${result.rowCount}, bytes ${result.byteSize}\n`
  )
}

function unmappableReport(result: ExportResult): string {
  const lines = result.unmappable.map(
    (found) =>
      `  ${found.line} 行目 / line ${found.line}, ${found.column}: ${found.codePoint} ${found.character}\n`,
  )
  return (
    `CP932 にない文字 ${result.unmappableCount} 件 / characters outside CP932: ${result.unmappableCount}\n` +
    lines.join('') +
    (result.unmappableCount > result.unmappable.length ? '  …\n' : '')
  )
}

export async function main(
  args: string[],
  options: {
    config: Config
    /** tests: a database already open (left open) */
    database?: DatabaseHandle
    output?: CliOutput
    /** tests: where the file goes when there is no --out (default: stdout) */
    stdoutStream?: Writable
  },
): Promise<number> {
  const output = options.output ?? processOutput
  const parsed = parseCliArgs(
    {
      args,
      options: {
        group: { type: 'string' },
        ym: { type: 'string' },
        encoding: { type: 'string', default: 'cp932' },
        replace: { type: 'boolean', default: false },
        out: { type: 'string' },
        batch: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    },
    USAGE,
    output,
  )
  if (parsed === undefined) return 2
  const { values } = parsed
  const encoding = values.encoding
  const newBatch = values.batch === undefined
  if (
    (encoding !== 'cp932' && encoding !== 'utf8bom') ||
    (newBatch && (values.group === undefined || !/^\d{6}$/.test(values.ym ?? ''))) ||
    (!newBatch && !/^[0-9a-f-]{36}$/.test(values.batch ?? ''))
  ) {
    output.stderr(`${USAGE}\n`)
    return 2
  }
  // Counts go to stdout when the file goes to a file, else to stderr beside the file's bytes.
  const tell = values.out === undefined ? output.stderr : output.stdout
  const temporary = values.out === undefined ? undefined : `${values.out}.partial`
  const sink: Writable =
    temporary === undefined
      ? (options.stdoutStream ?? process.stdout)
      : fs.createWriteStream(temporary, { flags: 'w', mode: 0o600 })
  const { config } = options
  const database = options.database ?? (await openDatabase(config))
  let succeeded = false
  try {
    const clock = config.appNow === undefined ? systemClock : fixedClock(config.appNow)
    let result: ExportResult
    if (newBatch) {
      result = await runCoreExport({
        db: database.db,
        clock,
        product: { groupPfCode: values.group ?? '', groupPfCodeInceptionDateYm: values.ym ?? '' },
        encoding,
        replace: values.replace,
        sink,
      })
    } else {
      const again = await downloadBatchAgain({
        db: database.db,
        clock,
        batchId: values.batch ?? '',
        sink,
      })
      if (again === undefined) {
        output.stderr(`バッチがありません / no such batch: ${values.batch ?? ''}\n`)
        return 1
      }
      result = again
    }
    if (result.unmappableCount > 0) tell(unmappableReport(result))
    if (!result.ok) {
      tell(
        'CP932 にない文字があるため出力を中止しました（--replace で 〓 に置き換えて出力できます）\n' +
          'export stopped: characters outside CP932 (--replace writes them as 〓)\n',
      )
      return 1
    }
    if (result.sameAsRecorded === false) {
      tell(
        'お申し込みの内容が初回の出力から変わっています\n' +
          'the applications changed since the batch was first exported: the bytes differ\n',
      )
      return 1
    }
    tell(summary(result))
    succeeded = true
    return 0
  } finally {
    if (temporary !== undefined && values.out !== undefined) {
      sink.end()
      await finished(sink)
      if (succeeded) fs.renameSync(temporary, values.out)
      else fs.rmSync(temporary, { force: true })
    }
    if (options.database === undefined) await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
