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
 * A fresh, migrated database for one suite. The files of a worker run one after another
 * (`isolate: false`), so a worker keeps the databases its suites gave back and lends them again
 * emptied (ADR 0017): on PGlite an instance restored once from the template (restoring takes
 * seconds, emptying every table a tenth of one); on the PostgreSQL server named by
 * TEST_DATABASE_URL a copy of the migrated template database (copying and dropping cost a second
 * each). With `own`, a database of the suite's own, made from the template and dropped by `close`:
 * for a test that cuts the database off under the app. Both templates are made once by the `db`
 * project's global setup.
 */
export async function createTestDatabase(
  options: { own?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> {
  if (inject('databaseProject') !== true) throw new Error(OUTSIDE_DB_PROJECT_MESSAGE)
  if (testDatabaseUrl === undefined) {
    return options.own === true ? wrapPglite(await restorePgliteTemplate()) : lendPglite()
  }
  return options.own === true ? ownPostgresDatabase(testDatabaseUrl) : lendPostgres(testDatabaseUrl)
}

/** `postgres://…/{name}` on the server of TEST_DATABASE_URL. */
function postgresUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function copyPostgresTemplate(adminUrl: string): Promise<string> {
  // Named after the template, so that the global teardown finds and drops what a worker kept.
  const name = `${inject('postgresTemplate')}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`)
  await admin.end()
  return name
}

async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: adminUrl })
  await dropper.connect()
  await waitUntilUnused(dropper, name)
  await dropper.query(`drop database if exists ${name} with (force)`)
  await dropper.end()
}

function openTestPool(url: string): Promise<DatabaseHandle> {
  return openPostgresDatabase(url, { max: 4, onConnectionError: () => {} })
}

async function ownPostgresDatabase(adminUrl: string): Promise<DatabaseHandle & { url: string }> {
  const name = await copyPostgresTemplate(adminUrl)
  const url = postgresUrl(adminUrl, name)
  const handle = await openTestPool(url)
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close()
      await dropPostgresDatabase(adminUrl, name)
    },
  }
}

/**
 * Empties every public table in one round trip (the same on both engines):
 * `TRUNCATE … RESTART IDENTITY CASCADE` over the tables as they are. The audit log's trigger
 * refuses TRUNCATE (migration 0011); the tests' superuser sets `session_replication_role` to
 * `replica`, which no trigger fires under, for this statement only.
 */
const EMPTY_PUBLIC_TABLES_SQL = `set session_replication_role = replica; do $$ begin execute (
  select 'truncate ' || string_agg(format('%I.%I', schemaname, tablename), ', ') || ' restart identity cascade'
    from pg_tables where schemaname = 'public'
); end $$; reset session_replication_role`
/** The public schema's columns: a suite that changed it (and did not undo it) spoils a database. */
const SCHEMA_SHAPE_SQL = `select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name) as shape
  from information_schema.columns where table_schema = 'public'`

/**
 * PostgreSQL databases of this worker that suites gave back, with the schema shape they were
 * made with: one whose suite changed the schema (and did not undo it) is dropped instead. What a
 * worker still holds at the end, the global teardown drops (global-setup.ts).
 */
const idlePostgres: { name: string; shape: string }[] = []

/** The rows of one statement on the database at `url`, over a connection of its own. */
async function queryPostgres<Row extends object>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(text)).rows
  } finally {
    await client.end()
  }
}

async function lendPostgres(adminUrl: string): Promise<DatabaseHandle & { url: string }> {
  let idle = idlePostgres.pop()
  const name = idle?.name ?? (await copyPostgresTemplate(adminUrl))
  const url = postgresUrl(adminUrl, name)
  if (idle === undefined) {
    const [row] = await queryPostgres<{ shape: string }>(url, SCHEMA_SHAPE_SQL)
    idle = { name, shape: row?.shape ?? '' }
  } else {
    // Emptied when lent rather than when given back: anything a suite left running after its
    // close lands before this, not in the next suite's data.
    await queryPostgres(url, EMPTY_PUBLIC_TABLES_SQL)
  }
  const handle = await openTestPool(url)
  const lent = idle
  let given = false
  return {
    ...handle,
    url,
    close: async () => {
      if (given) return
      given = true
      await handle.close()
      const [row] = await queryPostgres<{ shape: string }>(url, SCHEMA_SHAPE_SQL).catch(() => [])
      if (row?.shape === lent.shape) idlePostgres.push(lent)
      else await dropPostgresDatabase(adminUrl, name)
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

/** The PGlite instance's schema shape (SCHEMA_SHAPE_SQL). */
async function schemaShape(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(SCHEMA_SHAPE_SQL)
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
    await idle.client.exec(`reset all; select pg_advisory_unlock_all(); ${EMPTY_PUBLIC_TABLES_SQL}`)
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

/**
 * A production environment that passes the production checks (issue #19 point 1): PostgreSQL, an
 * https address, a mail relay and a payment provider. A test app built with it still uses the
 * test's own database handle; nothing here is connected to unless a test sends mail or pays.
 */
export const productionTestEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db.internal:5432/insurance',
  PUBLIC_BASE_URL: 'https://hoken.example.jp',
  // refused at once if a test sends mail: no DNS lookup, no wait
  SMTP_URL: 'smtp://127.0.0.1:1',
  PAYMENT_PROVIDER_URL: 'https://api.payments.example',
  PAYMENT_SECRET_KEY: 'sk_live_0123456789abcdef',
  PAYMENT_PUBLISHABLE_KEY: 'pk_live_0123456789abcdef',
  PAYMENT_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  // a bucket no test reaches: nothing is stored under these production settings
  S3_BUCKET: 'documents-unused',
  S3_ACCESS_KEY_ID: 'unused-access-key',
  S3_SECRET_ACCESS_KEY: 'unused-secret-key',
} as const

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
