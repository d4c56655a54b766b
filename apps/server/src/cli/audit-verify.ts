import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import { AuditLog } from '../modules/audit/audit-log.ts'
import { processOutput, runCli, type CliOutput } from './run-cli.ts'

// npm run audit-verify -w @app/server
// Walks the audit log's hash chain (issue #20 point 4): exits 0 when every entry links to the
// one before it and hashes to its own hash, 1 naming the first entry (seq) where it breaks.
// Prints counts and sequence numbers only.

export async function main(
  _args: string[],
  options: {
    config: Config
    /** tests: a database already open (left open) */
    database?: DatabaseHandle
    output?: CliOutput
  },
): Promise<number> {
  const output = options.output ?? processOutput
  const database = options.database ?? (await openDatabase(options.config))
  try {
    const result = await new AuditLog(database.db).verify()
    if (result.ok) {
      output.stdout(
        `監査ログ: ${result.entries} 件、改ざんなし\naudit log: ${result.entries} entries, chain intact\n`,
      )
      return 0
    }
    const what =
      result.reason === 'prev_hash' ? 'previous hash does not match' : 'hash does not match'
    output.stdout(
      `監査ログ: seq ${result.brokenAt} で改ざんを検出 (それまでの ${result.entries} 件は正常)\n` +
        `audit log: chain broken at seq ${result.brokenAt} (${what}; ${result.entries} entries before it intact)\n`,
    )
    return 1
  } finally {
    if (options.database === undefined) await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
