import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgresDatabase, wrapPglite } from '../src/db/client.ts'
import { waitUntilUnused } from './postgres-admin.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** set for the `db` project only: createTestDatabase() refuses to run without it */
    databaseProject: boolean
    /** PGlite: the migrated template's dump (a file) */
    pgliteTemplate: string
    /** PostgreSQL (TEST_DATABASE_URL): the migrated template database every suite copies */
    postgresTemplate: string
  }
}

// The `db` project's one-time setup. A database is created and migrated once, then every suite
// copies it: PGlite restores a dump (~0.6 s instead of 3-4 s, STACK.md); PostgreSQL runs
// `CREATE DATABASE … TEMPLATE` instead of the migrations.
export default async function setup(project: TestProject) {
  project.provide('databaseProject', true)
  const adminUrl = process.env.TEST_DATABASE_URL
  if (adminUrl === undefined) return setupPglite(project)
  return setupPostgres(project, adminUrl)
}

async function setupPglite(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'))
  const file = path.join(dir, 'template.tar')
  const client = await PGlite.create()
  const handle = await wrapPglite(client, () => {})
  const dump = await client.dumpDataDir('none')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', '')
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

async function withAdmin(adminUrl: string, use: (admin: pg.Client) => Promise<void>) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await use(admin)
  } finally {
    await admin.end()
  }
}

async function setupPostgres(project: TestProject, adminUrl: string) {
  const name = `test_template_${randomBytes(6).toString('hex')}`
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`create database ${name}`)
    const handle = await openPostgresDatabase(url.toString(), { max: 1 })
    await handle.close()
    // A copy needs the template without connections; pool.end() may resolve before its socket
    // has gone.
    await waitUntilUnused(admin, name)
  })
  project.provide('pgliteTemplate', '')
  project.provide('postgresTemplate', name)
  // The template, and the copies the workers kept to lend again (test/helpers.ts), named after it.
  return () =>
    withAdmin(adminUrl, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [name, `${name}\\_%`],
      )
      for (const { datname } of rows) {
        await admin.query(`drop database if exists ${datname} with (force)`)
      }
    })
}
