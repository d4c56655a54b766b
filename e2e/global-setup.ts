// Starts one server per engine of the run (support/engines.ts: the whole suite on one engine, the
// tests tagged @smoke on the other when E2E_SMOKE_ENGINE names it), side by side, and tells the
// workers where each is (E2E_BASE_URL_<ENGINE>) and where its members are (E2E_STATE_DIR_<ENGINE>).
// Before a server starts, e2e/seed.ts imports into its fresh database, in one process, the
// fixture groups, the demo products A and B and a roster of test members into A, B and the
// group-collection fixture group (support/members.ts); DEMO_DATA=on then loads the demo groups
// A, B and C although the database is no longer empty, leaving those members in place. The run's
// folder (E2E_RUN_DIR: each engine's members and claims, the screen states axe has checked) is
// removed by global teardown, after the card-number scan (global-teardown.ts).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { e2eBrowserPath } from './support/chromium.ts'
import { baseUrlVariable, engineRuns, stateDirVariable, type Engine } from './support/engines.ts'
import { importedDocumentPaths } from './support/fixtures.ts'
import { prepareRosters, writeMembersFile } from './support/members.ts'
import { RUN_DIR_VARIABLE } from './support/run-dir.ts'
import { startServer, type RunningServer } from './support/server.ts'
import {
  firstAdministratorArgs,
  firstAdministratorFile,
  groupContactArgs,
  groupContactFile,
  setupAdministratorArgs,
  setupAdministratorFile,
} from './support/staff.ts'

const serversKey = Symbol.for('e2e.servers')
const runDirKey = Symbol.for('e2e.runDir')

interface WithServers {
  [serversKey]?: RunningServer[]
  [runDirKey]?: string
}

/** The servers global setup started, one per engine. */
export function engineServers(): RunningServer[] {
  return (globalThis as WithServers)[serversKey] ?? []
}

/** The run's folder, to be removed after the run. */
export function runFolder(): string | undefined {
  return (globalThis as WithServers)[runDirKey]
}

async function startEngine(engine: Engine, runDir: string): Promise<RunningServer> {
  const stateDir = path.join(runDir, engine)
  mkdirSync(stateDir)
  const prepared = prepareRosters(path.join(stateDir, 'import'))
  const server = await startServer({
    label: `main-${engine}`,
    engine,
    demoData: 'on',
    // The request log (method and path of every request) is part of what the card-number scan
    // reads after the run (global-teardown.ts): at 'warn' it would hold almost nothing.
    logLevel: 'info',
    seed: {
      documents: [...importedDocumentPaths, ...prepared.documents],
      rosters: prepared.rosters,
      // the console's first administrator, made as an operator would (issue #20)
      staff: [
        { args: firstAdministratorArgs, outputFile: firstAdministratorFile(stateDir) },
        // demo group C's contact person (issue #21 point 6)
        { args: groupContactArgs, outputFile: groupContactFile(stateDir) },
        // the setup spec's administrator (issue #21)
        { args: setupAdministratorArgs, outputFile: setupAdministratorFile(stateDir) },
      ],
    },
  })
  writeMembersFile(stateDir, prepared)
  // The issued passwords are in members.json now; the operator's files go, as the doc asks.
  for (const file of Object.values(prepared.credentialsFiles)) rmSync(file, { force: true })
  process.env[baseUrlVariable(engine)] = server.baseURL
  process.env[stateDirVariable(engine)] = stateDir
  return server
}

export default async function globalSetup(): Promise<void> {
  console.log(`e2e: browser ${e2eBrowserPath()}`)
  const runDir = mkdtempSync(path.join(tmpdir(), 'e2e-run-'))
  ;(globalThis as WithServers)[runDirKey] = runDir
  process.env[RUN_DIR_VARIABLE] = runDir
  const started = await Promise.allSettled(
    engineRuns().map((run) => startEngine(run.engine, runDir)),
  )
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  ;(globalThis as WithServers)[serversKey] = servers
  const failure = started.find((result) => result.status === 'rejected')
  if (failure !== undefined) {
    await Promise.all(servers.map((server) => server.stop()))
    rmSync(runDir, { recursive: true, force: true })
    throw failure.reason
  }
}
