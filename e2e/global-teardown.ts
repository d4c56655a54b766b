// After the run: saves the shared server's outbox, stops the server keeping its database, scans
// the database, the server's log and the outbox for card numbers (support/card-scan.ts; issue #7,
// PRODUCT.md "Money"), then removes the database and the run's state folder (the test members and
// their claims). A card number found fails the run: the masked report is thrown from here, and
// card-scan.json (beside the e2e JSON report) counts it for .ci/run.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { mainServer, stateFolder } from './global-setup.ts'
import { saveOutbox, scanForCardNumbers, writeCardScanReport } from './support/card-scan.ts'
import { repoRoot, type RunningServer } from './support/server.ts'

async function stopAndScan(server: RunningServer): Promise<void> {
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
    outcome.output = outboxError + outcome.output
    const report = writeCardScanReport(outcome)
    const shown = path.relative(repoRoot, report)
    if (!outcome.passed) {
      throw new Error(
        `The card-number scan failed (exit ${outcome.exitCode ?? 'on a signal'}; ${shown}):\n${outcome.output}`,
      )
    }
    console.log(
      `e2e: card-number scan: ${outcome.output.trim().split('\n').at(-1) ?? ''} (${shown})`,
    )
  } finally {
    server.removeData()
  }
}

export default async function globalTeardown(): Promise<void> {
  try {
    const server = mainServer()
    if (server !== undefined) await stopAndScan(server)
  } finally {
    const folder = stateFolder()
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true })
  }
}
