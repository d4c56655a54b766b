// The card-number scan after the browser tests (issue #7: "a check over the whole database, the
// logs and the outbox after the browser tests finds no card number"). Global teardown saves each
// engine's server's outbox, stops the server keeping its data (the embedded database admits one
// process), and runs `apps/server/src/cli/scan-card-numbers.ts` over the database, the server's
// log and the saved outbox. The outcomes go to card-scan.json beside the e2e JSON report, in the
// shape of a Playwright report (stats.expected / stats.unexpected, suites, errors) so that
// scripts/test-summary.mjs counts one more test per engine in the final `N passed, N failed`.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot, tsxCommand, type RunningServer } from './server.ts'

const SCAN_TIMEOUT_MS = 120_000

/** The e2e JSON report (playwright.config.ts); E2E_JSON_REPORT overrides. */
export function e2eJsonReportPath(): string {
  return process.env.E2E_JSON_REPORT ?? path.join(repoRoot, 'reports', 'e2e.json')
}

/** The scan's report, beside the e2e JSON report. */
export function cardScanReportPath(): string {
  return path.join(path.dirname(e2eJsonReportPath()), 'card-scan.json')
}

/** GET /dev/outbox/messages.json of the server, saved beside its log; the file written. */
export async function saveOutbox(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.baseURL}/dev/outbox/messages.json`, {
    signal: AbortSignal.timeout(15_000),
  })
  if (response.status !== 200) {
    throw new Error(`GET /dev/outbox/messages.json answered ${response.status}`)
  }
  const file = server.logFile.replace(/\.log$/, '-outbox.json')
  writeFileSync(file, await response.text())
  return file
}

export interface CardScanOutcome {
  passed: boolean
  /** the command's output: what it scanned, and each finding masked */
  output: string
  exitCode: number | null
}

/**
 * Runs `scan-card-numbers` over the stopped server's database and `files` (a path that is
 * undefined stands for a file that could not be saved: the scan fails).
 */
export async function scanForCardNumbers(
  server: RunningServer,
  files: readonly (string | undefined)[],
): Promise<CardScanOutcome> {
  const databaseArgs =
    server.database.kind === 'pglite'
      ? ['--data-dir', server.database.dataDir]
      : ['--database-url', server.database.databaseUrl]
  const fileArgs = files.flatMap((file) => (file === undefined ? [] : ['--file', file]))
  const { command, args } = tsxCommand(
    path.join('apps', 'server', 'src', 'cli', 'scan-card-numbers.ts'),
  )
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', INIT_CWD: repoRoot }
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'FORCE_COLOR']) delete env[name]
  const child = spawn(command, [...args, ...databaseArgs, ...fileArgs], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const timer = setTimeout(() => child.kill('SIGKILL'), SCAN_TIMEOUT_MS)
  const exitCode = await new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      output += `${error.message}\n`
      resolve(null)
    })
    child.once('close', (code) => resolve(code))
  })
  clearTimeout(timer)
  const missing = files.length - fileArgs.length / 2
  if (missing > 0) output += `${missing} file(s) to scan could not be saved\n`
  return { passed: exitCode === 0 && missing === 0, output, exitCode }
}

/** card-scan.json: one test per engine's server, passed or failed, counted by scripts/test-summary.mjs. */
export function writeCardScanReport(outcomes: readonly CardScanOutcome[]): string {
  const file = cardScanReportPath()
  mkdirSync(path.dirname(file), { recursive: true })
  const passed = outcomes.filter((outcome) => outcome.passed).length
  const failed = outcomes.length - passed
  const report = {
    tool: 'scan-card-numbers',
    passed,
    failed,
    exitCodes: outcomes.map((outcome) => outcome.exitCode),
    output: outcomes.flatMap((outcome) => outcome.output.split('\n').filter((line) => line !== '')),
    // the Playwright report's shape, which scripts/test-summary.mjs reads
    stats: { expected: passed, unexpected: failed, flaky: 0, skipped: 0 },
    suites: [],
    errors: [],
  }
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  return file
}
