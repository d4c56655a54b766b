// Starts the one server every spec shares and tells the workers where it is (E2E_BASE_URL).
import { startServer, type RunningServer } from './support/server.ts'

const key = Symbol.for('e2e.mainServer')

interface WithServer {
  [key]?: RunningServer
}

export function mainServer(): RunningServer | undefined {
  return (globalThis as WithServer)[key]
}

export default async function globalSetup(): Promise<void> {
  const server = await startServer({ label: 'main' })
  ;(globalThis as WithServer)[key] = server
  process.env.E2E_BASE_URL = server.baseURL
}
