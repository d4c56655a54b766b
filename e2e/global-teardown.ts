// After the run, for each engine's server: saves its outbox, stops it keeping its database, scans
// the database, the server's log and the outbox for card numbers (support/card-scan.ts; issue #7,
// PRODUCT.md "Money"), then removes the database. Then the run's folder goes (the members, their
// claims, the screen states). A card number found fails the run: the masked report is thrown from
// here, and card-scan.json (beside the e2e JSON report) counts one test per engine for .ci/run.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { engineServers, runFolder } from './global-setup.ts'
import {
  saveOutbox,
  scanForCardNumbers,
  writeCardScanReport,
  type CardScanOutcome,
} from './support/card-scan.ts'
import { repoRoot, type RunningServer } from './support/server.ts'

async function stopAndScan(server: RunningServer): Promise<CardScanOutcome> {
  let outboxFile: string | undefined
  let outboxError = ''
  try {
    outboxFile = await saveOutbox(server)
  } catch (error) {
    outboxError = `the outbox could not be saved: ${error instanceof Error ? error.message : String(error)}\n`
  }
  await server.stop({ keepData: true })
  try {
    const outcome = await scanForCardNumbers(server, [server.logFile, outboxFile])
    outcome.output = `${server.database.kind}: ${outboxError}${outcome.output}`
    return outcome
  } finally {
    server.removeData()
  }
}

export default async function globalTeardown(): Promise<void> {
  try {
    const outcomes = await Promise.all(engineServers().map(stopAndScan))
    if (outcomes.length === 0) return
    const report = path.relative(repoRoot, writeCardScanReport(outcomes))
    const failed = outcomes.filter((outcome) => !outcome.passed)
    if (failed.length > 0) {
      throw new Error(
        `The card-number scan failed (${report}):\n${failed.map((outcome) => `exit ${outcome.exitCode ?? 'on a signal'}: ${outcome.output}`).join('\n')}`,
      )
    }
    for (const outcome of outcomes) {
      const lines = outcome.output.trim().split('\n')
      console.log(
        `e2e: card-number scan: ${lines[0]?.split(':')[0] ?? ''}: ${lines.at(-1) ?? ''} (${report})`,
      )
    }
  } finally {
    const folder = runFolder()
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true })
  }
}
