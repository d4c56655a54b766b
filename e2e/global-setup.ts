// Starts the one server every spec shares and tells the workers where it is (E2E_BASE_URL).
// Before it starts, the fixture groups are imported into its fresh database (the embedded
// database admits one process at a time); DEMO_DATA=on then loads the demo groups A, B and C
// although the database is no longer empty.
import { importedDocumentPaths } from './support/fixtures.ts'
import { startServer, type RunningServer } from './support/server.ts'

const key = Symbol.for('e2e.mainServer')

interface WithServer {
  [key]?: RunningServer
}

export function mainServer(): RunningServer | undefined {
  return (globalThis as WithServer)[key]
}

export default async function globalSetup(): Promise<void> {
  const server = await startServer({
    label: 'main',
    demoData: 'on',
    importDocuments: importedDocumentPaths,
  })
  ;(globalThis as WithServer)[key] = server
  process.env.E2E_BASE_URL = server.baseURL
}
