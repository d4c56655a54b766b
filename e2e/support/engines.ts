// Which database engines a browser run uses, and for what (ADR 0017). One engine runs the whole
// suite; another, if named, runs the tests tagged SMOKE_TAG: one Playwright run, one project per
// engine, each with a server of its own started by global setup.
//
//   E2E_FULL_ENGINE   pglite | postgres: the whole suite. Default: postgres when TEST_DATABASE_URL
//                     is set, else pglite (so `npm test` stays on the embedded database).
//   E2E_SMOKE_ENGINE  pglite | postgres: the tagged subset on a second engine; unset: none.
// PostgreSQL needs TEST_DATABASE_URL (a server and a user that may create databases).
import { test } from '@playwright/test'

export const engines = ['pglite', 'postgres'] as const
export type Engine = (typeof engines)[number]

/** The tag of the tests that run on the second engine too. */
export const SMOKE_TAG = '@smoke'

export interface EngineRun {
  engine: Engine
  /** 'full': every test; 'smoke': the tests tagged SMOKE_TAG */
  scope: 'full' | 'smoke'
}

function parseEngine(name: string, value: string): Engine {
  if ((engines as readonly string[]).includes(value)) return value as Engine
  throw new Error(`${name} must be one of ${engines.join(', ')}, not "${value}"`)
}

/** The engines of this run, the full one first. */
export function engineRuns(env: NodeJS.ProcessEnv = process.env): EngineRun[] {
  const full = env.E2E_FULL_ENGINE
    ? parseEngine('E2E_FULL_ENGINE', env.E2E_FULL_ENGINE)
    : env.TEST_DATABASE_URL
      ? 'postgres'
      : 'pglite'
  const runs: EngineRun[] = [{ engine: full, scope: 'full' }]
  if (env.E2E_SMOKE_ENGINE) {
    const smoke = parseEngine('E2E_SMOKE_ENGINE', env.E2E_SMOKE_ENGINE)
    if (smoke === full) throw new Error(`E2E_SMOKE_ENGINE is the full run's engine (${full})`)
    runs.push({ engine: smoke, scope: 'smoke' })
  }
  for (const run of runs) {
    if (run.engine === 'postgres' && !env.TEST_DATABASE_URL) {
      throw new Error(
        'the postgres engine needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
      )
    }
  }
  return runs
}

/** The Playwright project of an engine run: `pglite`, `postgres-smoke`, … */
export function projectName(run: EngineRun): string {
  return run.scope === 'full' ? run.engine : `${run.engine}-smoke`
}

/** Where global setup tells the workers an engine's server address and its state folder. */
export function baseUrlVariable(engine: Engine): string {
  return `E2E_BASE_URL_${engine.toUpperCase()}`
}
export function stateDirVariable(engine: Engine): string {
  return `E2E_STATE_DIR_${engine.toUpperCase()}`
}

/** The engine of a project (its metadata), e.g. a worker fixture's `workerInfo.project`. */
export function projectEngine(project: { metadata: unknown }): Engine {
  const engine = (project.metadata as { engine?: string } | undefined)?.engine
  return parseEngine('the project metadata engine', engine ?? '')
}

/** The engine of the project the running test belongs to. */
export function currentEngine(): Engine {
  return projectEngine(test.info().project)
}
