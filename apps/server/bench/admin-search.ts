import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { StaffRole } from '@app/shared/rules/staff-permissions'
import { systemClock } from '../src/clock.ts'
import { openPostgresDatabase, type Database } from '../src/db/client.ts'
import { ApplicationAdminService } from '../src/modules/back-office/application-admin-service.ts'
import {
  backOfficeDocuments,
  seedBackOfficeApplications,
  type BackOfficeSeed,
} from '../src/modules/back-office/back-office-test-support.ts'
import { importGroupDocument } from '../src/modules/group/import-group.ts'
import { recordScope, type StaffPrincipal } from '../src/modules/staff/staff-scope.ts'
import { readTestImage } from '../test/factories.ts'

// node --import tsx apps/server/bench/admin-search.ts [count]
// The back office's application search at scale (issue #20 point 5, ADR 0027): seeds `count`
// (default 100,000) applications of every state into a fresh database on BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/test), then times typical searches through
// the service (the SQL the route runs, without HTTP) 20 times each after 3 warm-ups and prints the
// median and p95 per search, with the target of 200 ms. The database is dropped at the end. Not a
// timed test: nothing here fails a build.

const count = Number(process.argv[2] ?? 100_000)
const runs = 20
const targetMs = 200
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
// BENCH_REUSE=<database> times the searches on a database a BENCH_KEEP=1 run left (no seeding)
const reuse = process.env.BENCH_REUSE
const name = reuse ?? `admin_search_bench_${randomBytes(4).toString('hex')}`

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

const FAMILY = [
  ['サトウ', '佐藤'],
  ['スズキ', '鈴木'],
  ['タカハシ', '高橋'],
  ['タナカ', '田中'],
  ['イトウ', '伊藤'],
  ['ワタナベ', '渡辺'],
  ['ヤマモト', '山本'],
  ['ナカムラ', '中村'],
  ['コバヤシ', '小林'],
  ['カトウ', '加藤'],
  ['ヨシダ', '吉田'],
  ['ヤマダ', '山田'],
  ['ササキ', '佐々木'],
  ['ヤマグチ', '山口'],
  ['マツモト', '松本'],
  ['イノウエ', '井上'],
  ['キムラ', '木村'],
  ['ハヤシ', '林'],
  ['シミズ', '清水'],
  ['ミドリカワ', '翠川'],
] as const
const GIVEN = [
  ['ハナコ', '花子'],
  ['タロウ', '太郎'],
  ['ジロウ', '次郎'],
  ['ユウコ', '優子'],
  ['ケンタ', '健太'],
  ['ミサキ', '美咲'],
  ['ショウ', '翔'],
  ['アヤ', '彩'],
] as const
const PATTERNS = ['110', '110', '110', '210', '220', '330', '330', '211'] as const
const DAY_MS = 86_400_000
const start = Date.UTC(2026, 7, 1, 0, 0, 0)

function seedOf(index: number): BackOfficeSeed {
  const [familyKana, familyKanji] =
    FAMILY[(index * 7 + Math.floor(index / 20)) % FAMILY.length] ?? FAMILY[0]
  const [givenKana, givenKanji] =
    GIVEN[(index * 3 + Math.floor(index / 40)) % GIVEN.length] ?? GIVEN[0]
  const product = index % 5 < 3 ? 'T000001' : 'T000002'
  const branch = product === 'T000002' ? '00003' : index % 2 === 0 ? '00001' : '00002'
  const status = index % 20 === 0 ? 'draft' : index % 20 === 1 ? 'cancelled' : 'applied'
  const pymntMethod = index % 5 === 4 ? '3' : index % 11 === 0 ? '4' : '1'
  const appliedAt = status === 'draft' ? null : new Date(start + (index % 90) * DAY_MS + index)
  return {
    memberCode: `M${String(index).padStart(8, '0')}`,
    groupPfCode: product,
    groupPfBranchNo: branch,
    status,
    statusPattern: PATTERNS[index % PATTERNS.length],
    pymntMethod,
    nameKana: `${familyKana}\u3000${givenKana}`,
    nameKanji: `${familyKanji}\u3000${givenKanji}`,
    appliedAt,
    updatedAt: new Date((appliedAt?.getTime() ?? start) + (index % 13) * 60_000),
    ...(pymntMethod === '3'
      ? { depositStatus: index % 3 === 0 ? 'underpaid' : index % 3 === 1 ? 'paid' : 'awaiting' }
      : {}),
  }
}

function principal(role: StaffRole, agentCd: string | null = null): StaffPrincipal {
  return {
    sessionId: 'bench',
    staffId: '00000000-0000-0000-0000-000000000000',
    name: 'bench',
    email: 'bench@example.jp',
    role,
    agentCd,
    scope: recordScope({ role, agentCd }),
    idleExpiresAt: new Date(),
    absoluteExpiresAt: new Date(),
    clientAddress: '127.0.0.1',
  }
}

type Query = Parameters<ApplicationAdminService['search']>[1]
const base: Query = { sort: 'appliedAt', order: 'desc', page: 1, pageSize: 50 }
const insurer = principal('insurerOperator')
const agency = principal('agencyStaff', 'A001')
const searches: { label: string; who: StaffPrincipal; query: Query }[] = [
  {
    label: 'group + year, page 1, appliedAt desc',
    who: insurer,
    query: { ...base, groupPfCode: 'T000001', groupPfCodeInceptionDateYm: '202612' },
  },
  {
    label: 'group + year, page 100, appliedAt desc',
    who: insurer,
    query: { ...base, groupPfCode: 'T000001', groupPfCodeInceptionDateYm: '202612', page: 100 },
  },
  { label: 'name prefix (hiragana) さとう', who: insurer, query: { ...base, name: 'さとう' } },
  { label: 'name prefix (kanji) 山本健', who: insurer, query: { ...base, name: '山本健' } },
  {
    label: 'name prefix, sorted by nameKana',
    who: insurer,
    query: { ...base, name: 'ヤマ', sort: 'nameKana', order: 'asc' },
  },
  { label: 'member code (exact)', who: insurer, query: { ...base, memberCode: 'M00054321' } },
  {
    label: 'status applied + payment unpaid',
    who: insurer,
    query: { ...base, status: 'applied', paymentStatus: 'unpaid' },
  },
  {
    label: 'status processed + payment underpaid',
    who: insurer,
    query: { ...base, status: 'processed', paymentStatus: 'underpaid' },
  },
  { label: 'statusPattern 110', who: insurer, query: { ...base, statusPattern: '110' } },
  {
    label: 'applied date range (one week)',
    who: insurer,
    query: { ...base, appliedFrom: '20260901', appliedTo: '20260907' },
  },
  { label: 'everything, updatedAt desc', who: insurer, query: { ...base, sort: 'updatedAt' } },
  {
    label: 'group + year, memberCode asc',
    who: insurer,
    query: {
      ...base,
      groupPfCode: 'T000001',
      groupPfCodeInceptionDateYm: '202612',
      sort: 'memberCode',
      order: 'asc',
    },
  },
  { label: 'agency A001, no filter', who: agency, query: base },
  { label: 'agency A001, name prefix たなか', who: agency, query: { ...base, name: 'たなか' } },
  {
    label: 'agency A001, status applied + unpaid',
    who: agency,
    query: { ...base, status: 'applied', paymentStatus: 'unpaid' },
  },
]

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

async function seed(db: Database): Promise<void> {
  for (const document of backOfficeDocuments()) {
    await importGroupDocument(db, document, { readImage: readTestImage })
  }
  const seedStart = performance.now()
  for (let offset = 0; offset < count; offset += 10_000) {
    const seeds = Array.from({ length: Math.min(10_000, count - offset) }, (_, index) =>
      seedOf(offset + index),
    )
    await seedBackOfficeApplications(db, seeds, new Date(start + 100 * DAY_MS))
  }
  // as autovacuum would have by the time staff search: statistics and the visibility map
  await db.execute(sql`vacuum analyze`)
  const seedSeconds = (performance.now() - seedStart) / 1000
  process.stdout.write(`seeded ${count} applications in ${seedSeconds.toFixed(1)} s\n\n`)
}

const url = new URL(adminUrl)
url.pathname = `/${name}`
if (reuse === undefined) await admin(`create database ${name}`)
try {
  const database = await openPostgresDatabase(url.toString(), { max: 4 })
  try {
    if (reuse === undefined) await seed(database.db)

    const service = new ApplicationAdminService({
      db: database.db,
      clock: systemClock,
      issueDownloadUrl: () => Promise.reject(new Error('not in this bench')),
      deliverMail: () => Promise.resolve(),
    })
    const header = `${'search'.padEnd(42)} ${'total'.padStart(7)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  target`
    process.stdout.write(`${header}\n${'-'.repeat(header.length)}\n`)
    let slow = 0
    for (const { label, who, query } of searches) {
      let total = 0
      for (let warm = 0; warm < 3; warm++) total = (await service.search(who, query)).total
      const times: number[] = []
      for (let run = 0; run < runs; run++) {
        const began = performance.now()
        await service.search(who, query)
        times.push(performance.now() - began)
      }
      times.sort((left, right) => left - right)
      const median = percentile(times, 0.5)
      const p95 = percentile(times, 0.95)
      if (p95 >= targetMs) slow += 1
      process.stdout.write(
        `${label.padEnd(42)} ${String(total).padStart(7)} ${median.toFixed(1).padStart(7)}ms ` +
          `${p95.toFixed(1).padStart(7)}ms  ${p95 < targetMs ? 'ok' : 'SLOW'}\n`,
      )
    }
    process.stdout.write(
      `\n${searches.length - slow}/${searches.length} under ${targetMs} ms (p95)\n`,
    )
  } finally {
    await database.close()
  }
} finally {
  // BENCH_KEEP=1 keeps the database for EXPLAIN
  if (process.env.BENCH_KEEP === '1' || reuse !== undefined)
    process.stdout.write(`kept database ${name}\n`)
  else await admin(`drop database if exists ${name}`)
}
