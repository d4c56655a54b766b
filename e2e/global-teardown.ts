// Stops the shared server (SIGTERM, then SIGKILL after 5 s), removes its database and the run's
// state folder (the test members and their claims).
import { rmSync } from 'node:fs'
import { mainServer, stateFolder } from './global-setup.ts'

export default async function globalTeardown(): Promise<void> {
  await mainServer()?.stop()
  const folder = stateFolder()
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true })
}
