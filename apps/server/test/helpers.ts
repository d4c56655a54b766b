import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import { fixedClock, type Clock } from '../src/clock.ts'
import { openPostgresDatabase, wrapPglite, type DatabaseHandle } from '../src/db/client.ts'
import { loadConfig, type Config } from '../src/env.ts'
import { waitUntilUnused } from './postgres-admin.ts'

/** Which database the server suites run on: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL

/** What a database test is told when it runs outside the `db` project (ADR 0017). */
export const OUTSIDE_DB_PROJECT_MESSAGE =
  'createTestDatabase() runs only in the vitest project "db", which runs on PGlite and on ' +
  'PostgreSQL: name this test file *.db.test.ts (vitest.config.ts, ADR 0017).'

/**
 * A fresh, migrated database for one suite: on PGlite an instance of this worker's, emptied
 * (ADR 0017), or with `own` one restored from the template and closed for good by `close` (for a
 * test that closes the database under the app); on the PostgreSQL server named by
 * TEST_DATABASE_URL a copy of the migrated template database, dropped again by `close`. Both
 * templates are made once by the `db` project's global setup.
 */
export async function createTestDatabase(
  options: { own?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> {
  if (inject('databaseProject') !== true) throw new Error(OUTSIDE_DB_PROJECT_MESSAGE)
  if (testDatabaseUrl === undefined) {
    return options.own === true ? wrapPglite(await restorePgliteTemplate()) : lendPglite()
  }
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`)
  await admin.end()
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  const handle = await openPostgresDatabase(url.toString(), { max: 4, onConnectionError: () => {} })
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close()
      const dropper = new pg.Client({ connectionString: testDatabaseUrl })
      await dropper.connect()
      await waitUntilUnused(dropper, name)
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

let pgliteTemplate: Blob | undefined
function restorePgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))])
  return PGlite.create({ loadDataDir: pgliteTemplate })
}

/**
 * PGlite instances of this worker that suites have given back. Restoring the template takes
 * seconds (a 40 MB data folder) where emptying every table takes a tenth of one, and the files of
 * a worker run one after another (`isolate: false`), so a worker keeps the instances it made.
 */
const idlePglites: { client: PGlite; shape: string }[] = []

/** The public schema's columns: a suite that changed it (and did not undo it) spoils its instance. */
async function schemaShape(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(
    `select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name) as shape
       from information_schema.columns where table_schema = 'public'`,
  )
  return rows[0]?.shape ?? ''
}

async function lendPglite(): Promise<DatabaseHandle> {
  let idle = idlePglites.pop()
  if (idle === undefined) {
    const client = await restorePgliteTemplate()
    idle = { client, shape: await schemaShape(client) }
  } else {
    // Emptied when lent rather than when given back: anything a suite left running after its
    // close lands before this, not in the next suite's data.
    const { rows } = await idle.client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    )
    await idle.client.exec(
      `reset all; select pg_advisory_unlock_all(); truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`,
    )
  }
  const lent = idle
  const { client, shape } = lent
  const handle = await wrapPglite(client)
  let given = false
  return {
    ...handle,
    close: async () => {
      if (given) return
      given = true
      if (!client.closed && (await schemaShape(client)) === shape) idlePglites.push(lent)
      else await client.close()
    },
  }
}

/** The configuration a test server runs with: test defaults, plus the test's own variables. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...overrides,
  })
}

/** 2026-11-20 10:00 JST unless a test says otherwise. */
export const testNow = new Date(Date.UTC(2026, 10, 20, 1, 0, 0))

export async function createTestApp(
  database: DatabaseHandle,
  options: { env?: Record<string, string>; now?: Date; clock?: Clock } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    clock: options.clock ?? fixedClock(options.now ?? testNow),
    logger: false,
  })
  await app.ready()
  return app
}

/** A clock a test moves by hand: lockouts, link expiry, idle sessions. */
export function manualClock(start: Date = testNow): Clock & {
  set(instant: Date): void
  advance(milliseconds: number): void
} {
  let time = start.getTime()
  return {
    now: () => new Date(time),
    set: (instant) => {
      time = instant.getTime()
    },
    advance: (milliseconds) => {
      time += milliseconds
    },
  }
}

/** A JST wall-clock time (YYYYMMDD, HHMM) as a Date: for pinning the clock at window edges. */
export function jstTime(yyyymmdd: string, hhmm = '0000'): Date {
  return new Date(
    Date.UTC(
      Number(yyyymmdd.slice(0, 4)),
      Number(yyyymmdd.slice(4, 6)) - 1,
      Number(yyyymmdd.slice(6, 8)),
      Number(hhmm.slice(0, 2)) - 9,
      Number(hhmm.slice(2, 4)),
    ),
  )
}

/** An injected response's JSON body as a plain record. */
export function jsonBody(response: { json: <T>() => T }): Record<string, unknown> {
  return response.json<Record<string, unknown>>()
}
