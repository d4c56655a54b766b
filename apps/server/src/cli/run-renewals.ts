import { fixedClock, systemClock } from '../clock.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config } from '../env.ts'
import { runRenewalJob } from '../modules/renewal/renewal-job.ts'
import { runCli } from './run-cli.ts'

// npm run renewals -w @app/server
// One run of the renewal job (issue #9, ADR 0016): contracts at their renewal fix date become
// next year's contracts, and renewal notices go out. Safe beside running servers: every contract
// is renewed once however many processes run the job. Mail is queued in the outbox; a server
// process delivers it.

export async function main(
  _args: string[],
  options: {
    config: Config
    /** tests: a database already open (left open) */
    database?: DatabaseHandle
    output?: { stdout: (text: string) => void }
  },
): Promise<number> {
  const { config } = options
  const output = options.output ?? { stdout: (text: string) => process.stdout.write(text) }
  const database = options.database ?? (await openDatabase(config))
  try {
    const clock = config.appNow === undefined ? systemClock : fixedClock(config.appNow)
    const result = await runRenewalJob({
      db: database.db,
      clock,
      publicBaseUrl: () => config.publicBaseUrl ?? `http://localhost:${config.port}`,
      onContractError: (contractId, error) =>
        output.stdout(
          `失敗 / failed: ${contractId} (${error instanceof Error ? error.message : String(error)})\n`,
        ),
    })
    output.stdout(
      `更新処理: 更新 ${result.renewed} 件、更新のご案内 ${result.noticed} 件、対象外 ${result.skipped} 件、失敗 ${result.failed} 件\n` +
        `renewals: renewed ${result.renewed}, noticed ${result.noticed}, skipped ${result.skipped}, failed ${result.failed}\n`,
    )
    return result.failed > 0 ? 1 : 0
  } finally {
    if (options.database === undefined) await database.close()
  }
}

runCli(import.meta.filename, () => ({ config: loadConfig() }), main)
