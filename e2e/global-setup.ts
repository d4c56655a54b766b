// Starts the one server every spec shares and tells the workers where it is (E2E_BASE_URL).
// Before it starts, the fixture groups are imported into its fresh database (the embedded
// database admits one process at a time), then the demo products A and B, and a roster of test
// members into A, B and the group-collection fixture group (support/members.ts); DEMO_DATA=on
// then loads the demo groups A, B and C although the database is no longer empty, leaving those
// members in place. The run's state folder (E2E_STATE_DIR: the members and who has claimed them)
// is removed by global teardown, after the card-number scan (global-teardown.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { importedDocumentPaths } from './support/fixtures.ts'
import { prepareRosters, STATE_DIR_VARIABLE, writeMembersFile } from './support/members.ts'
import { startServer, type RunningServer } from './support/server.ts'

const key = Symbol.for('e2e.mainServer')
const stateKey = Symbol.for('e2e.stateDir')

interface WithServer {
  [key]?: RunningServer
  [stateKey]?: string
}

export function mainServer(): RunningServer | undefined {
  return (globalThis as WithServer)[key]
}

/** The run's state folder, to be removed after the run. */
export function stateFolder(): string | undefined {
  return (globalThis as WithServer)[stateKey]
}

export default async function globalSetup(): Promise<void> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'e2e-state-'))
  ;(globalThis as WithServer)[stateKey] = stateDir
  let server: RunningServer
  let prepared
  try {
    prepared = prepareRosters(path.join(stateDir, 'import'))
    server = await startServer({
      label: 'main',
      demoData: 'on',
      // The request log (method and path of every request) is part of what the card-number scan
      // reads after the run (global-teardown.ts): at 'warn' it would hold almost nothing.
      logLevel: 'info',
      importDocuments: [...importedDocumentPaths, ...prepared.documents],
      importRosters: prepared.rosters,
    })
  } catch (error) {
    rmSync(stateDir, { recursive: true, force: true })
    throw error
  }
  ;(globalThis as WithServer)[key] = server
  writeMembersFile(stateDir, prepared)
  // The issued passwords are in members.json now; the operator's files go, as the doc asks.
  for (const file of Object.values(prepared.credentialsFiles)) rmSync(file, { force: true })
  process.env.E2E_BASE_URL = server.baseURL
  process.env[STATE_DIR_VARIABLE] = stateDir
}
