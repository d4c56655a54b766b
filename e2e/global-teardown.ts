// Stops the shared server (SIGTERM, then SIGKILL after 5 s) and removes its database.
import { mainServer } from './global-setup.ts'

export default async function globalTeardown(): Promise<void> {
  await mainServer()?.stop()
}
