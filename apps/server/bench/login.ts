import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type RawResult } from 'autocannon'
import { currentConsentVersions } from '@app/shared'
import {
  backendCpuDelta,
  createBenchDatabase,
  DEFAULT_ADMIN_URL,
  messageOf,
  shownUrl,
  type BenchDatabase,
} from './bench-database.ts'
import { announceReady, runChild } from './child-protocol.ts'
import { problemsOf } from './load.ts'
import { cpuMicros, makeTempDir, startServer, stopChild, type StartedServer } from './processes.ts'
import { out, table, verdict } from './report-format.ts'
import { budgets, loginSettings, productEnv } from './settings.ts'

// PRODUCT.md "Budgets": "login with argon2id: >= 0.8 x a bare argon2id verify loop measured in
// the same run". The login is verifyUser by first-entry ID (issue #5), POST
// /api/policyHolderInfoById/: exactly one argon2id verify whatever the ID (known, unknown, locked)
// and one SQL statement (modules/access/attempt.ts: the rate-limit count, the lockout, the member).
// It is measured on both databases the product runs on, in the same run, each with its own product
// server, against one shared verify loop, every row with 2 requests in flight:
//
//   A  the login route with the right password of a known member (200 and an entry ticket);
//   B  the login route with a new unknown ID on every request (401), for information: an unknown
//      ID must cost the same as a known one (B/A near 1.0). A fixed unknown ID is not possible:
//      the lockout after 5 wrong tries is fixed, and a locked ID answers 423. Every request gets a
//      fresh ID through autocannon's `setupRequest`, so no ID is ever tried twice;
//      A and B on PostgreSQL (A/pg, B/pg) and on PGlite (A/lite, B/lite);
//   C  a bare argon2id verify loop (@node-rs/argon2 `verify` of a hash made by the product's own
//      hashPassword, so m=19456 KiB, t=2, p=1) in its own child process, 2 verifies in flight:
//      the most any login could reach on this machine.
//
// Rounds are mirrored (A/pg B/pg A/lite B/lite C C B/lite A/lite B/pg A/pg ...). The budget is
// A/pg / C >= 0.8: PostgreSQL is the production system of record (PRODUCT.md "Production").
// PGlite, the embedded single-machine default, runs SQL on the Node main thread: the login's one
// statement costs it about 3 ms of the server's CPU (printed each run as the server CPU per login
// on PGlite minus that on PostgreSQL), while 0.8 leaves a login only about 3.3 ms of CPU besides
// its verify. A/lite / C is therefore printed with its ratio as information, not judged.
// PostgreSQL runs the statement in its own backend processes; their CPU (read from /proc, when
// the server runs on this machine) is printed beside the product server's. PostgreSQL not
// reachable (or no database could be created): the budget row is not measured and the section
// FAILS; the PGlite rows and C are still measured for information.
//
// The PostgreSQL database is a fresh one, bench_login_<random>, created through the admin
// connection BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) on the same
// server and dropped at the end, on failure too (processes.ts cleanUp drops it on SIGINT or the
// run's time limit; only a SIGKILL of the run leaves it behind).
//
// The bench member, prepared the same way on both databases before their product server starts:
// this file, run as a child with --prepare, opens the fresh database (PGlite: the fresh folder
// with openEmbeddedDatabase; PostgreSQL: DATABASE_URL with openPostgresDatabase; both apply the
// migrations), loads the demo data (the demo products and their rosters), inserts one roster
// member of demo group A (firstEntryId BENCH23456, the argon2id hash of its password from
// hashPassword), closes the database and exits. PGlite allows one process per data folder, and
// closing releases the folder's lock for the product server. product-server.ts (the product
// server exactly as the other sections start it; DATABASE_URL in its environment for
// PostgreSQL) then opens the same database at the same instant: its own demo load upserts the
// groups and re-imports the demo rosters, which adds and updates but never deletes a member, so
// the bench member stays. A preflight checks that the login answers 200 (and an unknown ID 401)
// on each database before any load. The member does not depend on the demo roster's own
// credentials.
//
// This file has three roles: the section (benchmarkLogin, imported by run.ts), and two children
// started with `node --import tsx bench/login.ts --prepare <dir | -> <instant>` (`-` with
// DATABASE_URL in the environment) and `... --verify-loop`. The child-only code imports the
// database and argon2 modules dynamically, so that run.ts (the load generator) does not load them.

const BENCH_MEMBER = {
  memberCode: 'BENCH-0001',
  firstEntryId: 'BENCH23456',
  password: 'Bench2Pass9x',
} as const
/** demo group A: authenticationType "1", its recruitment window open around the run's date */
const BENCH_GROUP = 'G100001'

interface LinkFields {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
}

// autocannon 9 also takes a request body and per-request builders (autocannon.d.ts declares the
// subset the read-route section uses; these are the extra options of this section).
declare module 'autocannon' {
  interface RequestSpec {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    /** called before each request is sent; returns the request to send */
    setupRequest?: (request: RequestSpec) => RequestSpec
  }
  interface Options {
    body?: string | Buffer
    requests?: RequestSpec[]
  }
}

// ---- the children ------------------------------------------------------------------------------

/** parent → verify-loop child, and its answer (its own messages, beside child-protocol.ts) */
interface LoopRequest {
  type: 'bench-verify-loop'
  seconds: number
  inFlight: number
}
interface LoopAnswer {
  type: 'bench-verify-loop-done'
  /** verifies completed within the window */
  completed: number
  seconds: number
  latenciesMs: number[]
  /** verifies that answered false (must be 0: the right password) */
  wrong: number
}

const isLoopRequest = (value: unknown): value is LoopRequest =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'bench-verify-loop'
const isLoopAnswer = (value: unknown): value is LoopAnswer =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'bench-verify-loop-done'

/**
 * --prepare: the demo data and the bench member in a fresh PGlite folder (then released), or in
 * the fresh PostgreSQL database of `databaseUrl`.
 */
async function prepareData(
  dataDir: string,
  databaseUrl: string | undefined,
  instant: string,
): Promise<Record<string, unknown>> {
  const [
    { openEmbeddedDatabase, openPostgresDatabase },
    { loadDemoData },
    { rosterMembers },
    { hashPassword },
    pino,
  ] = await Promise.all([
    import('../src/db/client.ts'),
    import('../src/demo/load-demo.ts'),
    import('../src/db/schema/index.ts'),
    import('../src/modules/security/password.ts'),
    import('pino'),
  ])
  const database =
    databaseUrl === undefined
      ? await openEmbeddedDatabase(dataDir)
      : await openPostgresDatabase(databaseUrl, { max: 2 })
  try {
    const links = await loadDemoData(database.db, {
      mode: 'on',
      now: new Date(Date.parse(instant)),
      log: pino.default({ level: 'silent' }),
    })
    const link = links.find((candidate) => candidate.groupPfCode === BENCH_GROUP)
    if (link === undefined) throw new Error(`the demo data has no group ${BENCH_GROUP}`)
    const passwordHash = await hashPassword(BENCH_MEMBER.password)
    await database.db.insert(rosterMembers).values({
      groupPfCode: link.groupPfCode,
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      memberCode: BENCH_MEMBER.memberCode,
      firstEntryId: BENCH_MEMBER.firstEntryId,
      passwordHash,
    })
    return {
      link: {
        groupPfCode: link.groupPfCode,
        groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
        groupPfBranchNo: link.groupPfBranchNo,
        urlKey: link.urlKey,
      },
      hashParameters: passwordHash.split('$').slice(1, 4).join('$'),
      database: database.kind,
    }
  } finally {
    await database.close()
  }
}

/** --verify-loop: `inFlight` verifies at a time for `seconds`, counting those done in time. */
async function startVerifyLoop(): Promise<void> {
  const [{ verify }, { hashPassword }] = await Promise.all([
    import('@node-rs/argon2'),
    import('../src/modules/security/password.ts'),
  ])
  const storedHash = await hashPassword(BENCH_MEMBER.password)
  const runLoop = async (request: LoopRequest): Promise<LoopAnswer> => {
    const latenciesMs: number[] = []
    let wrong = 0
    const deadline = performance.now() + request.seconds * 1000
    await Promise.all(
      Array.from({ length: request.inFlight }, async () => {
        while (performance.now() < deadline) {
          const startedAt = performance.now()
          const isRight = await verify(storedHash, BENCH_MEMBER.password)
          const endedAt = performance.now()
          if (!isRight) wrong += 1
          if (endedAt <= deadline) latenciesMs.push(endedAt - startedAt)
        }
      }),
    )
    return {
      type: 'bench-verify-loop-done',
      completed: latenciesMs.length,
      seconds: request.seconds,
      latenciesMs,
      wrong,
    }
  }
  process.on('message', (message: unknown) => {
    if (!isLoopRequest(message)) return
    void runLoop(message).then((answer) => process.send?.(answer))
  })
  announceReady(0, { hashParameters: storedHash.split('$').slice(1, 4).join('$') })
}

function runAsChild(args: string[]): void {
  const [role, dataDir, instant] = args
  const databaseUrl = process.env.DATABASE_URL
  if (role === '--prepare') {
    runChild({
      start: async () => {
        if (
          dataDir === undefined ||
          (databaseUrl === undefined) === (dataDir === '-') ||
          instant === undefined ||
          Number.isNaN(Date.parse(instant))
        ) {
          throw new Error(
            'usage: login.ts --prepare <empty data dir | - with DATABASE_URL> <ISO instant>',
          )
        }
        announceReady(0, await prepareData(dataDir, databaseUrl, instant))
      },
      stop: () => Promise.resolve(),
    })
  } else if (role === '--verify-loop') {
    runChild({ start: startVerifyLoop, stop: () => Promise.resolve() })
  } else {
    process.stderr.write('usage: login.ts --prepare <dir | -> <instant> | --verify-loop\n')
    process.exit(2)
  }
}

// ---- the section -------------------------------------------------------------------------------

type DatabaseName = 'PostgreSQL' | 'PGlite'

/** One database the login is measured on, with its own product server. */
interface Plan {
  database: DatabaseName
  tag: 'pg' | 'lite'
  /** product-server.ts's and --prepare's first argument: the PGlite folder, or `-` */
  dataDirArg: string
  /** DATABASE_URL for PostgreSQL */
  env: Record<string, string>
  /** where the database is, as printed */
  where: string
  databaseCpu?: () => Promise<Map<number, number> | undefined>
}

interface Row {
  /** A/pg, B/pg, A/lite, B/lite, C */
  id: string
  database: DatabaseName | undefined
  label: string
  server: StartedServer
  databaseCpu?: () => Promise<Map<number, number> | undefined>
  /** one measured stretch of `seconds` */
  measure: (seconds: number) => Promise<Measured>
}

interface Measured {
  completed: number
  seconds: number
  /** autocannon's result (login rows) or the loop's own latencies (verify row) */
  raw?: RawResult
  latenciesMs?: number[]
  problems: string[]
}

interface Round extends Measured {
  /** the CPU time (user + system, every thread) of the row's process over the round */
  cpuMicros: number
  /** the PostgreSQL backends' CPU time over the round; undefined: none, or not readable */
  databaseCpuMicros: number | undefined
  /** this process's CPU time over the round: autocannon's (next to nothing for C) */
  clientCpuMicros: number
}

interface Summary {
  perSecond: number
  completed: number
  latencyP50: number
  latencyP99: number
  cpuMsPerOperation: number
  /** PostgreSQL backends' CPU ms per login (PostgreSQL rows, when readable) */
  databaseCpuMsPerOperation: number | undefined
  /** autocannon's CPU ms per login */
  clientCpuMsPerOperation: number
  coresBusy: number
  problems: string[]
}

const int = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => value.toFixed(0)
const ratioText = (numerator: number, denominator: number) =>
  denominator > 0 ? (numerator / denominator).toFixed(2) : '-'

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0
}

interface PostAnswer {
  status: number
  body: string
}

function postJson(url: string, body: string): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.once('error', reject)
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        )
      },
    )
    request.once('error', reject)
    request.setTimeout(10_000, () => request.destroy(new Error(`POST ${url}: no answer in 10 s`)))
    request.end(body)
  })
}

function linkOf(details: Record<string, unknown>): LinkFields {
  const link = details.link as Partial<LinkFields> | undefined
  const fields = ['groupPfCode', 'groupPfCodeInceptionDateYm', 'groupPfBranchNo', 'urlKey'] as const
  if (link === undefined || fields.some((field) => typeof link[field] !== 'string')) {
    throw new Error('the data preparation did not report the demo link')
  }
  return link as LinkFields
}

/** Non-2xx answers other than `expected`, errors and timeouts. */
function problemsExpecting(result: RawResult, phase: string, expected: number): string[] {
  const problems: string[] = []
  const unexpected = Object.entries(result.statusCodeStats).filter(
    ([code]) => code !== String(expected),
  )
  if (unexpected.length > 0) {
    const codes = unexpected.map(([code, { count }]) => `HTTP ${code} ×${count}`).join(', ')
    problems.push(`${phase}: answers other than HTTP ${expected} (${codes})`)
  }
  if (result.errors > 0) problems.push(`${phase}: ${result.errors} connection errors`)
  if (result.timeouts > 0) problems.push(`${phase}: ${result.timeouts} timeouts`)
  if ((result.statusCodeStats[String(expected)]?.count ?? 0) === 0) {
    problems.push(`${phase}: no HTTP ${expected} answer at all`)
  }
  return problems
}

function askLoop(server: StartedServer, seconds: number): Promise<LoopAnswer> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isLoopAnswer(message)) return
      clearTimeout(timer)
      server.child.off('message', onMessage)
      resolve(message)
    }
    const timer = setTimeout(
      () => {
        server.child.off('message', onMessage)
        reject(new Error(`${server.name}: no answer within ${seconds + 20} s`))
      },
      (seconds + 20) * 1000,
    )
    server.child.on('message', onMessage)
    const request: LoopRequest = {
      type: 'bench-verify-loop',
      seconds,
      inFlight: loginSettings.inFlight,
    }
    server.child.send(request)
  })
}

/**
 * Waits for every start; the started ones go to `servers` (stopped by the caller, before the
 * PostgreSQL database is dropped) even when another failed, whose error is then thrown.
 */
async function startedAll(
  starts: Promise<StartedServer>[],
  servers: StartedServer[],
): Promise<StartedServer[]> {
  const settled = await Promise.allSettled(starts)
  const started: StartedServer[] = []
  for (const result of settled) {
    if (result.status === 'fulfilled') {
      servers.push(result.value)
      started.push(result.value)
    }
  }
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason
  }
  return started
}

const EXPLANATION = [
  'Budget on PostgreSQL, the production system of record (PRODUCT.md "Production"): A/pg / C.',
  'PGlite, the embedded single-machine default, is measured the same way for information: it runs',
  "SQL on the Node main thread, so the login's one statement is CPU of the server process itself",
  '(the server CPU per login on PGlite minus that on PostgreSQL, printed below), and 0.8 leaves a',
  'login only about a quarter of a verify for everything besides it.',
]

export async function benchmarkLogin(failures: string[]): Promise<void> {
  out(
    '== 1b. Login (verifyUser by first-entry ID, argon2id) on PostgreSQL and PGlite vs a bare argon2id verify loop ==',
  )
  for (const line of EXPLANATION) out(line)
  const started = Date.now()
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL
  // The verify loop (no database) starts while the databases are made ready.
  const loopStarting = startServer({
    name: 'argon2id verify loop',
    script: 'login.ts',
    args: ['--verify-loop'],
  })
  // awaited later; this only keeps a failure from going unhandled meanwhile
  void loopStarting.catch(() => undefined)
  let postgres: BenchDatabase | undefined
  let notMeasured: string | undefined
  try {
    postgres = await createBenchDatabase(adminUrl)
  } catch (error) {
    notMeasured =
      `PostgreSQL at ${shownUrl(adminUrl)} (BENCH_DATABASE_URL` +
      `${process.env.BENCH_DATABASE_URL === undefined ? ', not set: the default' : ''}) ` +
      `could not be reached or gave no database: ${messageOf(error)}`
    out(`ERROR ${notMeasured}`)
    out('      the budget row (A/pg) is NOT MEASURED; the PGlite rows and C still run')
  }
  const servers: StartedServer[] = []
  try {
    await measureLogins({
      failures,
      postgres,
      notMeasured,
      adminUrl,
      loopStarting,
      servers,
      started,
    })
  } finally {
    // the product server on PostgreSQL first, so that the drop finds no connection
    await Promise.all(servers.map((server) => stopChild(server.child)))
    if (postgres !== undefined) {
      try {
        await postgres.drop()
        out(`database ${postgres.name} dropped`)
      } catch (error) {
        out(`ERROR could not drop the database ${postgres.name}: ${messageOf(error)}`)
        failures.push(`login: could not drop the database ${postgres.name}: ${messageOf(error)}`)
      }
    }
  }
}

async function measureLogins(context: {
  failures: string[]
  postgres: BenchDatabase | undefined
  notMeasured: string | undefined
  adminUrl: string
  loopStarting: Promise<StartedServer>
  servers: StartedServer[]
  started: number
}): Promise<void> {
  const { failures, postgres, notMeasured, adminUrl, loopStarting, servers, started } = context
  const now = new Date().toISOString()
  const liteDir = makeTempDir('bench-login-pglite-')
  const plans: Plan[] = [
    ...(postgres === undefined
      ? []
      : [
          {
            database: 'PostgreSQL' as const,
            tag: 'pg' as const,
            dataDirArg: '-',
            env: { DATABASE_URL: postgres.url },
            where: `database ${postgres.name} (fresh, dropped at the end) on ${shownUrl(adminUrl).replace(/\/[^/]*$/, '/')}`,
            databaseCpu: postgres.backendCpu,
          },
        ]),
    { database: 'PGlite', tag: 'lite', dataDirArg: liteDir, env: {}, where: `folder ${liteDir}` },
  ]

  // The bench member first (see the top of this file), on both databases at once, then the
  // product servers on the prepared databases.
  const preparations = await startedAll(
    plans.map((plan) =>
      startServer({
        name: `login data preparation (${plan.database})`,
        script: 'login.ts',
        args: ['--prepare', plan.dataDirArg, now],
        env: plan.env,
      }),
    ),
    servers,
  )
  await Promise.all(preparations.map((preparation) => stopChild(preparation.child)))
  const preparedSeconds = (Date.now() - started) / 1000
  const [loop, ...products] = await startedAll(
    [
      loopStarting,
      ...plans.map((plan) =>
        startServer({
          name: `product server (${plan.database})`,
          script: 'product-server.ts',
          args: [plan.dataDirArg, now],
          env: plan.env,
        }),
      ),
    ],
    servers,
  )
  if (loop === undefined) throw new Error('the verify loop did not start')
  const targets = plans.map((plan, index) => {
    const product = products[index]
    const preparation = preparations[index]
    if (product === undefined || preparation === undefined) {
      throw new Error(`${plan.database}: no product server`)
    }
    if (product.details.database !== (plan.tag === 'pg' ? 'postgres' : 'pglite')) {
      throw new Error(
        `product server (${plan.database}) runs on ${String(product.details.database)}`,
      )
    }
    const link = linkOf(preparation.details)
    return {
      plan,
      product,
      link,
      url: `http://127.0.0.1:${product.port}/api/policyHolderInfoById/`,
      bodyFor: (firstEntryId: string) =>
        JSON.stringify({
          ...link,
          firstEntryId,
          firstEntryPassword: BENCH_MEMBER.password,
          consents: [
            { documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] },
          ],
        }),
    }
  })
  const firstLink = targets[0]?.link
  out(
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s (data prepared in ${preparedSeconds.toFixed(1)} s): ` +
      `bench member ${BENCH_MEMBER.firstEntryId} written to demo group ${firstLink?.groupPfCode ?? '-'} ` +
      `(product ${firstLink?.groupPfCodeInceptionDateYm ?? '-'}) before each server opened its database`,
  )
  for (const { plan, product } of targets) {
    out(
      `  ${plan.database}: product-server.ts (buildApp, every plugin) on ${plan.where}, ` +
        `pid ${product.child.pid}, port ${product.port}`,
    )
  }
  out(
    `  ${targets.length > 1 ? 'both' : 'server'}: demo data, clock fixed at ${String(targets[0]?.product.details.now)}, ` +
      `AUTH_RATE_LIMIT_MAX=${productEnv.AUTH_RATE_LIMIT_MAX} (secret checks per address in 10 minutes): ` +
      'out of reach of this load; the lockout (5 wrong tries) is as in production',
  )
  out(
    `  verify loop: @node-rs/argon2 verify, hash ${String(loop.details.hashParameters)} from the ` +
      `product's hashPassword, pid ${loop.child.pid}`,
  )

  let unknownCount = 0
  // Never an ID of the roster: roster IDs have 10 characters, these 14.
  const nextUnknownId = () => `NOSUCH${String((unknownCount += 1)).padStart(8, '0')}`
  const jsonHeaders = { 'content-type': 'application/json' }

  for (const { plan, url, link, bodyFor } of targets) {
    const right = await postJson(url, bodyFor(BENCH_MEMBER.firstEntryId))
    if (right.status !== 200 || !right.body.includes('"entryToken"')) {
      throw new Error(
        `preflight (${plan.database}): the right password answered HTTP ${right.status}: ${right.body.slice(0, 300)}`,
      )
    }
    const unknown = await postJson(url, bodyFor(nextUnknownId()))
    if (unknown.status !== 401) {
      throw new Error(
        `preflight (${plan.database}): an unknown ID answered HTTP ${unknown.status}: ${unknown.body.slice(0, 300)}`,
      )
    }
    out(
      `  route (${plan.database}): POST /api/policyHolderInfoById/ (${link.groupPfCode}/` +
        `${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}); preflight: right ` +
        `password 200 with an entry ticket, unknown ID ${unknown.status}`,
    )
  }

  const loginRun = (url: string, seconds: number, body: string | (() => string)) =>
    autocannon({
      url,
      method: 'POST',
      headers: jsonHeaders,
      connections: loginSettings.inFlight,
      pipelining: 1,
      duration: seconds,
      timeout: loginSettings.timeoutSeconds,
      skipAggregateResult: true,
      ...(typeof body === 'function'
        ? {
            requests: [
              {
                method: 'POST',
                path: '/api/policyHolderInfoById/',
                headers: jsonHeaders,
                setupRequest: (request) => ({ ...request, body: body() }),
              },
            ],
          }
        : { body }),
    })

  const loginRows = targets.flatMap(({ plan, product, url, bodyFor }): Row[] => {
    const rightBody = bodyFor(BENCH_MEMBER.firstEntryId)
    return [
      {
        id: `A/${plan.tag}`,
        database: plan.database,
        label: 'login, known ID, right password',
        server: product,
        ...(plan.databaseCpu === undefined ? {} : { databaseCpu: plan.databaseCpu }),
        measure: async (seconds) => {
          const raw = await loginRun(url, seconds, rightBody)
          return {
            completed: raw.totalCompletedRequests,
            seconds: raw.duration,
            raw,
            problems: problemsOf(raw, 'load'),
          }
        },
      },
      {
        id: `B/${plan.tag}`,
        database: plan.database,
        label: 'login, a new unknown ID each time',
        server: product,
        ...(plan.databaseCpu === undefined ? {} : { databaseCpu: plan.databaseCpu }),
        measure: async (seconds) => {
          const raw = await loginRun(url, seconds, () => bodyFor(nextUnknownId()))
          return {
            completed: raw.totalCompletedRequests,
            seconds: raw.duration,
            raw,
            problems: problemsExpecting(raw, 'load', 401),
          }
        },
      },
    ]
  })
  const rows: Row[] = [
    ...loginRows,
    {
      id: 'C',
      database: undefined,
      label: 'bare argon2id verify loop',
      server: loop,
      measure: async (seconds) => {
        const answer = await askLoop(loop, seconds)
        return {
          completed: answer.completed,
          seconds: answer.seconds,
          latenciesMs: answer.latenciesMs,
          problems:
            answer.wrong > 0 ? [`load: ${answer.wrong} verifies answered false`] : ([] as string[]),
        }
      },
    },
  ]

  const roundSeconds = loginSettings.durationSeconds / loginSettings.rounds
  const schedule = Array.from({ length: loginSettings.rounds }, (_, round) =>
    (round % 2 === 0 ? rows : [...rows].reverse()).map((row) => ({ round, row })),
  ).flat()
  out(
    `load: ${loginSettings.inFlight} in flight (autocannon connections for the logins, loop workers for C); ` +
      `per row ${loginSettings.warmupSeconds} s warm-up, then ${loginSettings.rounds} rounds of ${roundSeconds} s ` +
      `in the order ${schedule.map(({ row }) => row.id).join(' ')}; one row at a time`,
  )

  const warmUpProblems = new Map<Row, string[]>()
  for (const row of rows) {
    const measured = await row.measure(loginSettings.warmupSeconds)
    warmUpProblems.set(
      row,
      measured.problems.map((problem) => problem.replace(/^load/, 'warm-up')),
    )
  }
  const rounds = new Map<Row, Round[]>(rows.map((row) => [row, []]))
  for (const { round, row } of schedule) {
    process.stdout.write(`  round ${round + 1}: ${row.id} ${row.label} ...`)
    const [before, databaseBefore] = await Promise.all([cpuMicros(row.server), row.databaseCpu?.()])
    const clientBefore = process.cpuUsage()
    const measured = await row.measure(roundSeconds)
    const client = process.cpuUsage(clientBefore)
    const [after, databaseAfter] = await Promise.all([cpuMicros(row.server), row.databaseCpu?.()])
    rounds.get(row)?.push({
      ...measured,
      cpuMicros: after - before,
      databaseCpuMicros: backendCpuDelta(databaseBefore, databaseAfter),
      clientCpuMicros: client.user + client.system,
      problems: measured.problems.map((problem) => problem.replace(/^load/, `round ${round + 1}`)),
    })
    out(` ${(measured.completed / measured.seconds).toFixed(1)}/s`)
  }

  const summaryOf = (row: Row): Summary => {
    const list = rounds.get(row) ?? []
    const sum = (pick: (round: Round) => number) =>
      list.reduce((total, round) => total + pick(round), 0)
    const completed = sum((round) => round.completed)
    const seconds = sum((round) => round.seconds)
    const raws = list.flatMap((round) => (round.raw === undefined ? [] : [round.raw]))
    let latencyP50: number
    let latencyP99: number
    if (raws.length > 0) {
      const merged = autocannon.aggregateResult(raws, {
        url: targets[0]?.url ?? '',
        connections: loginSettings.inFlight,
      })
      latencyP50 = merged.latency.p50
      latencyP99 = merged.latency.p99
    } else {
      const sorted = list.flatMap((round) => round.latenciesMs ?? []).sort((x, y) => x - y)
      latencyP50 = percentile(sorted, 0.5)
      latencyP99 = percentile(sorted, 0.99)
    }
    const cpu = sum((round) => round.cpuMicros)
    const databaseCpuKnown =
      list.length > 0 && list.every((round) => round.databaseCpuMicros !== undefined)
    const databaseCpu = sum((round) => round.databaseCpuMicros ?? 0)
    const clientCpu = sum((round) => round.clientCpuMicros)
    return {
      perSecond: seconds > 0 ? completed / seconds : 0,
      completed,
      latencyP50,
      latencyP99,
      cpuMsPerOperation: completed > 0 ? cpu / completed / 1000 : 0,
      databaseCpuMsPerOperation:
        databaseCpuKnown && completed > 0 ? databaseCpu / completed / 1000 : undefined,
      clientCpuMsPerOperation: completed > 0 ? clientCpu / completed / 1000 : 0,
      coresBusy: seconds > 0 ? cpu / (seconds * 1e6) : 0,
      problems: [...(warmUpProblems.get(row) ?? []), ...list.flatMap((round) => round.problems)],
    }
  }
  const summaries = new Map(rows.map((row) => [row.id, summaryOf(row)]))
  const resultOf = (id: string): Summary | undefined => summaries.get(id)

  out()
  out(
    table(
      [
        [
          '',
          'database',
          'row',
          'per s',
          'p50 ms',
          'p99 ms',
          'completed',
          'process CPU ms/op',
          'PostgreSQL CPU ms/op',
          'autocannon CPU ms/op',
          'process cores busy',
        ],
        ...rows.map((row) => {
          const r = summaries.get(row.id) ?? summaryOf(row)
          return [
            row.id,
            row.database ?? '-',
            row.label,
            r.perSecond.toFixed(1),
            ms(r.latencyP50),
            ms(r.latencyP99),
            int(r.completed),
            r.cpuMsPerOperation.toFixed(1),
            r.databaseCpuMsPerOperation === undefined
              ? '-'
              : r.databaseCpuMsPerOperation.toFixed(1),
            row.database === undefined ? '-' : r.clientCpuMsPerOperation.toFixed(1),
            r.coresBusy.toFixed(2),
          ]
        }),
      ],
      [false, false, false, true, true, true, true, true, true, true, true],
    ).join('\n'),
  )
  out('(process CPU: the whole process, argon2 threads included: the product server of the row')
  out(" database for A and B, the loop child for C; PostgreSQL CPU: the database's backend")
  out(' processes on the bench database, from /proc; autocannon CPU: the load generator, this')
  out(' process; latencies: autocannon records whole milliseconds)')

  const problems = rows.flatMap((row) =>
    (resultOf(row.id)?.problems ?? []).map((problem) => `login ${row.id} ${row.label}: ${problem}`),
  )
  for (const problem of problems) out(`ERROR ${problem}`)
  failures.push(...problems)

  const c = resultOf('C')
  if (c === undefined) throw new Error('missing results for row C')
  const budget = budgets.loginToVerifyRatio
  // C keeps both cores busy with verifies, so A/C is about verify CPU ÷ (verify CPU + the rest),
  // the rest including the database's and autocannon's shares of the same 2 cores.
  const restAllowedMs = (c.cpuMsPerOperation * (1 - budget)) / budget
  /** CPU per login (server, database, load generator) against C's per verify: the rest */
  const cpuPerLogin = (a: Summary) => {
    const parts = [
      `${a.cpuMsPerOperation.toFixed(1)} product server`,
      ...(a.databaseCpuMsPerOperation === undefined
        ? []
        : [`${a.databaseCpuMsPerOperation.toFixed(1)} PostgreSQL`]),
      `${a.clientCpuMsPerOperation.toFixed(1)} autocannon`,
    ]
    const total =
      a.cpuMsPerOperation + (a.databaseCpuMsPerOperation ?? 0) + a.clientCpuMsPerOperation
    return (
      `CPU per login ${parts.join(' + ')} = ${total.toFixed(1)} ms against ` +
      `${c.cpuMsPerOperation.toFixed(1)} ms per bare verify: ${(total - c.cpuMsPerOperation).toFixed(1)} ms ` +
      `for the rest (the budget leaves about ${restAllowedMs.toFixed(1)} ms)`
    )
  }
  const pgA = resultOf('A/pg')
  const pgB = resultOf('B/pg')
  const liteA = resultOf('A/lite')
  const liteB = resultOf('B/lite')

  out()
  out(
    'budget (PRODUCT.md), on PostgreSQL (production): A/pg login vs C bare argon2id verify loop, ' +
      `same run, ${loginSettings.inFlight} in flight:`,
  )
  if (pgA === undefined) {
    const reason = notMeasured ?? 'no PostgreSQL rows'
    out(`  NOT MEASURED: ${reason}  FAIL`)
    failures.push(`login: the budget row (A/pg, PostgreSQL) was not measured: ${reason}`)
  } else {
    const ratio = c.perSecond > 0 ? pgA.perSecond / c.perSecond : 0
    const ok = ratio >= budget
    out(
      `  logins/s ratio A/pg / C = ${pgA.perSecond.toFixed(1)} / ${c.perSecond.toFixed(1)} = ` +
        `${ratio.toFixed(2)}  (budget >= ${budget})  ${verdict(ok)}`,
    )
    out(`  ${cpuPerLogin(pgA)}`)
    if (!ok) {
      failures.push(
        `login/s ratio to a bare argon2id verify loop on PostgreSQL ${ratio.toFixed(2)} < ${budget}`,
      )
    }
  }
  out(
    `  with both cores busy, A/C >= ${budget} leaves the rest of a login about ` +
      `${restAllowedMs.toFixed(1)} ms of CPU (a quarter of a verify: server, database and load ` +
      'generator together)',
  )

  out()
  out('information (no budget), on PGlite (the embedded single-machine default):')
  if (liteA !== undefined) {
    const ratio = c.perSecond > 0 ? liteA.perSecond / c.perSecond : 0
    out(
      `  logins/s ratio A/lite / C = ${liteA.perSecond.toFixed(1)} / ${c.perSecond.toFixed(1)} = ` +
        `${ratio.toFixed(2)}  (${ratio >= budget ? 'at or above' : 'below'} ${budget}; not judged)`,
    )
    out(`  ${cpuPerLogin(liteA)}`)
    if (pgA !== undefined) {
      const extra = liteA.cpuMsPerOperation - pgA.cpuMsPerOperation
      out(
        `  PGlite runs the login's one SQL statement on the Node main thread: the product server ` +
          `spends ${liteA.cpuMsPerOperation.toFixed(1)} − ${pgA.cpuMsPerOperation.toFixed(1)} = ` +
          `${extra.toFixed(1)} ms more CPU per login than on PostgreSQL` +
          (pgA.databaseCpuMsPerOperation === undefined
            ? ''
            : `, whose backends run it in ${pgA.databaseCpuMsPerOperation.toFixed(1)} ms of their own`),
      )
    }
  }

  out()
  out('information (no budget): an unknown ID must take the same time as a known one')
  for (const [name, a, b] of [
    ['PostgreSQL', pgA, pgB],
    ['PGlite', liteA, liteB],
  ] as const) {
    if (a === undefined || b === undefined) continue
    // Server CPU per request moves far less with a busy machine than req/s or latency do.
    out(
      `  ${name}: B/A logins/s ${b.perSecond.toFixed(1)} / ${a.perSecond.toFixed(1)} = ` +
        `${ratioText(b.perSecond, a.perSecond)}; median latency A ${ms(a.latencyP50)} ms, ` +
        `B ${ms(b.latencyP50)} ms (${ratioText(b.latencyP50, a.latencyP50)}); server CPU per ` +
        `request ${b.cpuMsPerOperation.toFixed(1)} / ${a.cpuMsPerOperation.toFixed(1)} ms = ` +
        `${ratioText(b.cpuMsPerOperation, a.cpuMsPerOperation)} (the steadiest on a busy machine)`,
    )
  }
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)

if (isMain) runAsChild(process.argv.slice(2))
