import { fixedClock, systemClock } from '../clock.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import { LocalFileStore, type FileStore } from '../modules/files/file-store.ts'
import { runRetentionJob } from '../modules/retention/retention-job.ts'
import { runCli } from './run-cli.ts'

// npm run retention -w @app/server
// One run of the retention job (issue #19 point 4): deletes unfinished applications past
// RETENTION_UNFINISHED_DAYS (with their files), spent sessions, links, codes and counters, and
// sent mail past RETENTION_USAGE_DAYS. Safe beside running servers: one run at a time across
// processes (the retention_runs claim); a run already in progress elsewhere makes this one stop.

export async function main(
  _args: string[],
  options: {
    config: Config
    /** tests: a database already open (left open) */
    database?: DatabaseHandle
    /** tests: the file store (default: FILES_DIR) */
    store?: FileStore
    output?: { stdout: (text: string) => void }
  },
): Promise<number> {
  const { config } = options
  const output = options.output ?? { stdout: (text: string) => process.stdout.write(text) }
  const database = options.database ?? (await openDatabase(config))
  try {
    const clock = config.appNow === undefined ? systemClock : fixedClock(config.appNow)
    const result = await runRetentionJob({
      db: database.db,
      clock,
      store: options.store ?? new LocalFileStore(config.filesDir),
      periods: config.retention,
    })
    if (!result.ran) {
      output.stdout(
        '保存期間の処理: ほかのプロセスで実行中のため、何もしませんでした\n' +
          'retention: another run holds the claim; nothing done\n',
      )
      return 0
    }
    const { ran: _ran, ...counts } = result
    const line = Object.entries(counts)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')
    output.stdout(
      `保存期間の処理: 未完了のお申し込み ${counts.drafts} 件、書類 ${counts.files} 件を消去しました\n` +
        `retention: ${line}\n`,
    )
    return counts.storedFilesFailed > 0 ? 1 : 0
  } finally {
    if (options.database === undefined) await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
