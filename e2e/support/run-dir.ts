// The run's folder, made by global setup and removed by global teardown: each engine's members and
// claims (support/members.ts) and the screen states axe has already checked (support/test.ts).
import { mkdirSync } from 'node:fs'
import path from 'node:path'

/** Environment variable naming the run's folder, for the workers. */
export const RUN_DIR_VARIABLE = 'E2E_RUN_DIR'

/** A folder of the run's (made when missing). */
export function runSubfolder(name: string): string {
  const runDir = process.env[RUN_DIR_VARIABLE]
  if (!runDir) throw new Error(`${RUN_DIR_VARIABLE} is not set: run through playwright.config.ts`)
  const folder = path.join(runDir, name)
  mkdirSync(folder, { recursive: true })
  return folder
}
