// Starts and stops a real server process for the browser tests on an engine (support/engines.ts):
// a fresh embedded database (PGlite in a temporary DATA_DIR) or a fresh PostgreSQL database on
// TEST_DATABASE_URL's server, created here and dropped on stop, so every run starts empty and the
// server's own migrations, e2e/seed.ts and the demo data fill it.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Engine } from './engines.ts'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The clock the normal test server runs at: inside group A's all-at-once window. */
export const E2E_NOW = '2026-11-20T10:00:00+09:00'
/** The business date of E2E_NOW, as the demo data computes its links from it. */
export const E2E_TODAY = '20261120'
/** The clock of the maintenance server: inside the daily window it is given. */
export const MAINTENANCE_NOW = '2026-11-20T04:30:00+09:00'

const READY_TIMEOUT_MS = 90_000
const IMPORT_TIMEOUT_MS = 60_000
const STOP_GRACE_MS = 5_000
const OUTPUT_KEPT_CHARS = 20_000

export interface ServerOptions {
  /** Names the server in logs, temporary folders and database names. */
  label: string
  /** APP_NOW for the server. */
  now?: string
  /** MAINTENANCE_WINDOW for the server ('off' or 'HH:MM-HH:MM'). */
  maintenanceWindow?: string
  /**
   * DEMO_DATA for the server. Left out, the server's default applies (auto: the demo groups load
   * into an empty database only); 'on' loads them even after `importDocuments` filled it.
   */
  demoData?: 'auto' | 'on' | 'off'
  /** The database engine: a fresh PGlite folder, or a fresh database on TEST_DATABASE_URL's server. */
  engine: Engine
  /**
   * The group documents, then the rosters, imported into the fresh database before the server
   * starts (the embedded database admits one process at a time), by e2e/seed.ts in one process.
   */
  seed?: {
    documents: readonly string[]
    rosters: readonly RosterImport[]
    /** `npm run staff` commands after the imports, each printing to its file (e2e/seed.ts) */
    staff?: readonly { args: readonly string[]; outputFile: string }[]
  }
  /** LOG_LEVEL for the server: 'warn' unless given. */
  logLevel?: 'info' | 'warn'
  /**
   * The database a stopped server kept (`stop({ keepData: true })`), to go on with instead of a
   * fresh one: the same data, another clock. It stays when this server stops; the first
   * server's `removeData()` removes it.
   */
  database?: ServerDatabase
  /** further settings of the server (e.g. a job's interval), set after the ones above */
  settings?: Readonly<Record<string, string>>
}

/** One run of `import-roster --group … --ym … [--out …] <csv>`. */
export interface RosterImport {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  /** absolute path of the roster CSV */
  csv: string
  /** absolute path of the credentials file to write (must not exist yet) */
  out?: string
}

/**
 * Checks per client address in 10 minutes on verifyUser, the mail and its link (ADR 0010). Every
 * browser test comes from 127.0.0.1 and the pinned clock never leaves the first window, so the
 * default 30 would fail the suite part-way.
 */
export const E2E_AUTH_RATE_LIMIT_MAX = 100_000

/** Where a server's data is: what the card-number scan opens once the server has stopped. */
export type ServerDatabase =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string }

export interface RunningServer {
  baseURL: string
  pid: number
  /** What the server printed so far (the last OUTPUT_KEPT_CHARS characters). */
  output: () => string
  /** Everything the server (and the import CLIs before it) printed: reports/e2e-logs/… */
  logFile: string
  database: ServerDatabase
  /**
   * Stops the server (SIGTERM, then SIGKILL after STOP_GRACE_MS) and waits until its log is on
   * disk. Its database is removed too unless `keepData` is set; then `removeData()` does it.
   */
  stop: (options?: { keepData?: boolean }) => Promise<void>
  /** Removes the database a `stop({ keepData: true })` left (once; later calls do nothing). */
  removeData: () => void
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no port'))))
    })
  })
}

function psql(url: string, sql: string): void {
  try {
    execFileSync('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    })
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8').trim()
    throw new Error(`psql failed: ${sql}\n${stderr || String(error)}`)
  }
}

/** The same server and credentials as `adminUrl`, another database. */
function withDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * How to run a TypeScript entry of the server (main.ts, a CLI): `node --import tsx` when tsx
 * resolves from the repository, else npx.
 */
export function tsxCommand(entry: string): { command: string; args: string[] } {
  try {
    createRequire(path.join(repoRoot, 'package.json')).resolve('tsx')
    return { command: process.execPath, args: ['--import', 'tsx', entry] }
  } catch {
    return { command: 'npx', args: ['--no-install', 'tsx', entry] }
  }
}

const running = new Set<ChildProcess>()
let exitHookInstalled = false

/** If the test runner dies, do not leave servers behind. */
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL')
  })
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** The import-roster arguments of a roster. */
function rosterArgs(roster: RosterImport): string[] {
  return [
    '--group',
    roster.groupPfCode,
    '--ym',
    roster.groupPfCodeInceptionDateYm,
    ...(roster.out === undefined ? [] : ['--out', roster.out]),
    roster.csv,
  ]
}

/**
 * Imports the documents and rosters into the server's fresh database with e2e/seed.ts (the
 * operators' commands, one process); throws with its output when it does not exit 0.
 */
async function runSeed(
  seed: NonNullable<ServerOptions['seed']>,
  planFile: string,
  env: NodeJS.ProcessEnv,
  keep: (chunk: Buffer) => void,
): Promise<void> {
  const plan = {
    documents: seed.documents,
    rosters: seed.rosters.map(rosterArgs),
    staff: seed.staff ?? [],
  }
  writeFileSync(planFile, JSON.stringify(plan, null, 2))
  const { command, args } = tsxCommand(path.join('e2e', 'seed.ts'))
  const child = spawn(command, [...args, planFile], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const collect = (chunk: Buffer): void => {
    keep(chunk)
    output += chunk.toString('utf8')
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), IMPORT_TIMEOUT_MS)
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject)
      child.once('exit', (exitCode) => resolve(exitCode))
    })
    if (code !== 0) {
      throw new Error(
        `e2e/seed.ts exited ${code ?? 'on a signal'}.\n--- seed output ---\n${output}`,
      )
    }
  } finally {
    clearTimeout(timer)
    running.delete(child)
  }
}

async function waitUntilReady(
  baseURL: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before /readyz answered.\n` +
          `--- server output ---\n${output()}`,
      )
    }
    try {
      const response = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(5_000) })
      if (response.status === 200) return
      last = `HTTP ${response.status}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(
    `GET ${baseURL}/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${last}).\n` +
      `--- server output ---\n${output()}`,
  )
}

/**
 * Starts `apps/server/src/main.ts` on a free port with a fresh database and waits for /readyz.
 * The server's output goes to reports/e2e-logs/<label>.log and is shown if it fails to start.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  installExitHook()
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_NOW: options.now ?? E2E_NOW,
    NODE_ENV: 'test',
    LOG_LEVEL: options.logLevel ?? 'warn',
    MAINTENANCE_WINDOW: options.maintenanceWindow ?? 'off',
    AUTH_RATE_LIMIT_MAX: String(E2E_AUTH_RATE_LIMIT_MAX),
  }
  // Settings of the caller's shell that would change what the server answers stay out.
  for (const name of [
    'DATA_DIR',
    'DATABASE_URL',
    'PUBLIC_BASE_URL',
    'WEB_DIST_DIR',
    'DEMO_DATA',
    'GTM_ID',
    'RATE_LIMIT_MAX',
    'BODY_LIMIT',
    'TRUST_PROXY',
    'GROUP_CACHE_SECONDS',
    // mail stays in the outbox, where the tests read it (/dev/outbox/messages.json)
    'SMTP_URL',
    'MAIL_FROM',
    'MAIL_POLL_SECONDS',
  ]) {
    delete env[name]
  }
  if (options.demoData !== undefined) env.DEMO_DATA = options.demoData
  Object.assign(env, options.settings)
  // A checkout others build in at the same time can serve a snapshot of the web build instead.
  if (process.env.E2E_WEB_DIST_DIR) env.WEB_DIST_DIR = path.resolve(process.env.E2E_WEB_DIST_DIR)
  // The import CLI resolves a relative document path from INIT_CWD; the paths given are absolute.
  delete env.INIT_CWD
  delete env.FORCE_COLOR // Playwright colours its workers' output; the server's log stays plain

  const cleanups: Array<() => void> = []
  // Each cleanup runs once, the last added first.
  const runCleanups = (): void => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        cleanup()
      } catch (error) {
        console.warn(`e2e: cleanup after ${options.label} failed:`, error)
      }
    }
  }
  let where: string
  let database: ServerDatabase
  if (options.database !== undefined) {
    database = options.database
    if (database.kind !== options.engine) {
      throw new Error(
        `${options.label}: a ${database.kind} database for the ${options.engine} engine`,
      )
    }
    if (database.kind === 'postgres') {
      env.DATABASE_URL = database.databaseUrl
      where = `PostgreSQL database ${new URL(database.databaseUrl).pathname.slice(1)}, kept`
    } else {
      env.DATA_DIR = database.dataDir
      where = `PGlite in ${database.dataDir}, kept`
    }
  } else if (options.engine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL
    if (!adminUrl) throw new Error('the postgres engine needs TEST_DATABASE_URL')
    const databaseName = `e2e_${process.pid}_${options.label.replace(/\W/g, '_')}`.toLowerCase()
    psql(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
    psql(adminUrl, `CREATE DATABASE ${databaseName}`)
    cleanups.push(() => psql(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`))
    env.DATABASE_URL = withDatabase(adminUrl, databaseName)
    where = `PostgreSQL database ${databaseName}`
    database = { kind: 'postgres', databaseUrl: env.DATABASE_URL }
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), `e2e-${options.label}-`))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    env.DATA_DIR = dataDir
    where = `PGlite in ${dataDir}`
    database = { kind: 'pglite', dataDir }
  }

  const logDir = path.join(repoRoot, 'reports', 'e2e-logs')
  mkdirSync(logDir, { recursive: true })
  const logFile = path.join(logDir, `${options.label}-${process.pid}.log`)
  const log = createWriteStream(logFile)
  const logClosed = new Promise<void>((resolve) => log.once('close', () => resolve()))
  const closeLog = async (): Promise<void> => {
    log.end()
    await logClosed
  }
  let kept = ''
  const keep = (chunk: Buffer): void => {
    // a line that comes after the log was closed (a straggler past the grace period) is dropped
    if (!log.writableEnded) log.write(chunk)
    kept = (kept + chunk.toString('utf8')).slice(-OUTPUT_KEPT_CHARS)
  }
  const output = (): string => kept

  if (options.seed !== undefined) {
    try {
      await runSeed(
        options.seed,
        path.join(logDir, `${options.label}-${process.pid}-seed.json`),
        env,
        keep,
      )
    } catch (error) {
      await closeLog()
      runCleanups()
      throw error
    }
  }

  const { command, args } = tsxCommand(path.join('apps', 'server', 'src', 'main.ts'))
  // detached: the server gets its own process group, so that stop() also ends what npx started.
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject))

  const stop = async ({ keepData = false } = {}): Promise<void> => {
    killGroup(child, 'SIGTERM')
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS)
    await exited(child)
    clearTimeout(timer)
    running.delete(child)
    // The child's pipes may still hold its last lines: let them drain into the log first (a
    // pipe some leftover process keeps open is not waited for beyond the grace period).
    const drained = Promise.all(
      [child.stdout, child.stderr].map((stream) =>
        stream === null || stream.readableEnded || stream.destroyed
          ? Promise.resolve()
          : new Promise<void>((resolve) => stream.once('close', () => resolve())),
      ),
    )
    let drainTimer: NodeJS.Timeout | undefined
    await Promise.race([
      drained,
      new Promise<void>((resolve) => (drainTimer = setTimeout(resolve, STOP_GRACE_MS))),
    ])
    clearTimeout(drainTimer)
    await closeLog()
    if (!keepData) runCleanups()
  }

  try {
    await Promise.race([waitUntilReady(baseURL, child, output), spawnError])
  } catch (error) {
    await stop()
    throw error
  }
  const seeded = [
    ...(options.seed?.documents ?? []),
    ...(options.seed?.rosters ?? []).map((roster) => roster.csv),
  ].map((file) => path.basename(file))
  console.log(
    `e2e: ${options.label} server ready at ${baseURL} (${where}` +
      `${seeded.length > 0 ? `; seeded ${seeded.join(', ')}` : ''}` +
      `${options.demoData !== undefined ? `; DEMO_DATA=${options.demoData}` : ''})`,
  )
  return { baseURL, pid: child.pid ?? -1, output, logFile, database, stop, removeData: runCleanups }
}

/** The extra server for the maintenance journey: its clock inside the daily 04:00-06:00 window. */
export function startMaintenanceServer(engine: Engine): Promise<RunningServer> {
  return startServer({
    label: `maintenance-${engine}`,
    engine,
    now: MAINTENANCE_NOW,
    maintenanceWindow: '04:00-06:00',
  })
}
