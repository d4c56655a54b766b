import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { finished } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { systemClock } from '../src/clock.ts'
import { openPostgresDatabase } from '../src/db/client.ts'
import { importGroupDocument } from '../src/modules/group/import-group.ts'
import { CORE_HEADER } from '../src/modules/export/core-csv.ts'
import { runCoreExport } from '../src/modules/export/core-export.ts'
import {
  exportProduct,
  seedAppliedApplications,
  type SeededApplication,
} from '../src/modules/export/export-test-support.ts'
import { groupDocument, readTestImage } from '../test/factories.ts'

// node --import tsx apps/server/bench/core-export.ts [count]
// The export to the core policy system at scale (issue #20 point 7): seeds `count` (default
// 100,000) applied applications into a fresh database on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/test), exports them as CP932 to a temporary file, prints
// rows, seconds, peak RSS and the file size, then decodes the file as CP932 and checks the header
// and the row count. The database and the file are removed at the end. Not a timed test.

const count = Number(process.argv[2] ?? 100_000)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const name = `core_export_bench_${randomBytes(4).toString('hex')}`

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

function seedOf(index: number): SeededApplication {
  const memberCode = `B${String(index).padStart(8, '0')}`
  // every third application insures two persons, every tenth none (a holder row)
  const people = index % 10 === 0 ? 0 : index % 3 === 0 ? 2 : 1
  return {
    memberCode,
    holder:
      index % 7 === 0 ? { policyHolderAddressKanji: '東京都千代田区丸の内１－１,"ビル"' } : {},
    insured: Array.from({ length: people }, (_, person) => ({
      insrdNameKana: 'ヤマダ　ハナコ',
      insrdNameKanji: '山田　花子',
      insrdBirthDate: '19900102',
      insrdSex: person === 0 ? '2' : '1',
      unit: person + 1,
    })),
  }
}

const url = new URL(adminUrl)
url.pathname = `/${name}`
await admin(`create database ${name}`)
const file = path.join(os.tmpdir(), `${name}.csv`)
try {
  const database = await openPostgresDatabase(url.toString(), { max: 4 })
  try {
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    const seedStart = performance.now()
    const appliedAt = new Date()
    for (let start = 0; start < count; start += 10_000) {
      const seeds = Array.from({ length: Math.min(10_000, count - start) }, (_, offset) =>
        seedOf(start + offset),
      )
      await seedAppliedApplications(database.db, seeds, appliedAt)
    }
    const seedSeconds = (performance.now() - seedStart) / 1000
    // as autovacuum would have done by the time a scheduled export runs: plans need statistics
    await database.db.execute(sql`analyze`)
    process.stdout.write(`seeded ${count} applied applications in ${seedSeconds.toFixed(1)} s\n`)

    globalThis.gc?.()
    const rssBefore = process.memoryUsage().rss
    let peakRss = rssBefore
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss)
    }, 20)
    const sink = fs.createWriteStream(file)
    const start = performance.now()
    const result = await runCoreExport({
      db: database.db,
      clock: systemClock,
      product: exportProduct,
      encoding: 'cp932',
      replace: false,
      sink,
    })
    sink.end()
    await finished(sink)
    const seconds = (performance.now() - start) / 1000
    clearInterval(sampler)
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
    process.stdout.write(
      `export: ok ${result.ok}, applications ${result.applicationCount}, rows ${result.rowCount}, ` +
        `${seconds.toFixed(2)} s, RSS before ${mb(rssBefore)} MB, peak RSS during export ` +
        `${mb(peakRss)} MB, process maxRSS ${mb(process.resourceUsage().maxRSS * 1024)} MB, ` +
        `file ${mb(fs.statSync(file).size)} MB (${fs.statSync(file).size} bytes)\n`,
    )

    const text = new TextDecoder('shift_jis', { fatal: true }).decode(fs.readFileSync(file))
    const lines = text.split('\r\n')
    const headerOk = lines[0] === CORE_HEADER.join(',')
    // a quoted field holds no CRLF here, so the lines are the rows plus the header and the end
    const rowsInFile = lines.length - 2
    process.stdout.write(
      `check: decodes as CP932, header ${headerOk ? 'ok' : 'WRONG'}, rows in file ${rowsInFile} ` +
        `(${rowsInFile === result.rowCount ? 'ok' : 'WRONG'})\n`,
    )
    if (!headerOk || rowsInFile !== result.rowCount || !result.ok) process.exitCode = 1
  } finally {
    await database.close()
  }
} finally {
  fs.rmSync(file, { force: true })
  await admin(`drop database if exists ${name}`)
}
