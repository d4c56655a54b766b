import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema/index.ts'
import { createPrivately, tightenTree } from '../lib/private-files.ts'

export type Schema = typeof schema
/** What repositories take: the database or a transaction, on PGlite or PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** answers when the database can run a query (`/readyz`) */
  ping(): Promise<void>
  close(): Promise<void>
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
)

// Any fixed number: all processes migrating one PostgreSQL database take this lock in turn.
const MIGRATION_LOCK_ID = 7_243_001

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        'Only one process may open a data folder: stop that process, or set DATA_DIR to another folder, ' +
        'or use PostgreSQL with DATABASE_URL.',
    )
    this.name = 'DataDirLockedError'
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no lock between processes and two of them on one folder silently diverge
 * (STACK.md), so the owner writes its pid to a lock file and everyone else refuses.
 */
function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const lockPath = path.join(dataDir, 'owner.lock')
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid)
      }
      // The owner is gone (crash, kill -9): the lock is stale.
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`)
}

/**
 * Opens PGlite on a folder this process then owns, and applies the migrations. The folder is
 * private (issue #17 point 5): what the process creates is 0600/0700, and what was there is
 * tightened before the database opens (`tightened` counts it).
 */
export async function openEmbeddedDatabase(
  dataDir: string,
): Promise<DatabaseHandle & { tightened: number }> {
  createPrivately()
  const release = acquireDataDirLock(dataDir)
  try {
    const tightened = tightenTree(dataDir)
    const clusterDir = path.join(dataDir, 'pglite')
    const isNewCluster = !fs.existsSync(clusterDir)
    const client = await PGlite.create(clusterDir)
    // A new cluster is written from PGlite's packed files with mode 0666: made private before
    // anything is stored in it (files PostgreSQL creates later are 0600 by its own rule).
    if (isNewCluster) tightenTree(clusterDir)
    return { ...(await wrapPglite(client, release)), tightened }
  } catch (error) {
    release()
    throw error
  }
}

/** Wraps an open PGlite (a folder, memory, or a restored template) and migrates it. */
export async function wrapPglite(
  client: PGlite,
  onClose: () => void = () => {},
): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  await migratePglite(db, { migrationsFolder })
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1')
    },
    close: async () => {
      await client.close()
      onClose()
    },
  }
}

/** Connects to PostgreSQL and applies the migrations under an advisory lock. */
export async function openPostgresDatabase(
  connectionString: string,
  options: { max?: number; onConnectionError?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 })
  // An idle connection that PostgreSQL ends (a restart, a failover) is reported here, and the
  // pool replaces it; without a listener the error would end the process.
  pool.on('error', options.onConnectionError ?? reportConnectionError)
  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    await migratePg(drizzlePg({ client: lockClient, casing: 'snake_case' }), { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
    lockClient.release()
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => pool.end(),
  }
}

function reportConnectionError(error: Error & { code?: string }): void {
  process.stderr.write(
    `database connection lost (${error.code ?? error.name}); the pool reconnects\n`,
  )
}

/** The configured database; `tightened` counts the data folder's entries made private (PGlite). */
export function openDatabase(config: {
  databaseUrl: string | undefined
  dataDir: string
}): Promise<DatabaseHandle & { tightened?: number }> {
  return config.databaseUrl === undefined
    ? openEmbeddedDatabase(config.dataDir)
    : openPostgresDatabase(config.databaseUrl)
}
