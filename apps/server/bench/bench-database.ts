import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { trackCleanUp } from './processes.ts'

// A fresh PostgreSQL database for a bench section (login.ts, peak.ts), created through an admin
// connection and dropped at the end (processes.ts cleanUp drops it on SIGINT or the run's time
// limit), and the CPU time of its backend processes read from /proc when the server runs here.

/** the admin connection when BENCH_DATABASE_URL is not set: the local server */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** A connection string as printed: its password, if any, masked. */
export function shownUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString)
    if (url.password !== '') url.password = '***'
    return url.toString()
  } catch {
    return '(not a URL)'
  }
}

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

export interface BenchDatabase {
  name: string
  /** the bench database's connection string: DATABASE_URL of its children */
  url: string
  /**
   * The CPU time so far (µs) of each PostgreSQL backend connected to the bench database, by pid;
   * undefined when /proc does not show them (a server on another machine or in another pid
   * namespace) or the admin connection failed.
   */
  backendCpu: () => Promise<Map<number, number> | undefined>
  /** drops the database (once; cleanUp runs it too on SIGINT or the run's time limit) */
  drop: () => Promise<void>
}

let ticksPerSecond: number | undefined
/** the kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())
    } catch {
      ticksPerSecond = 100
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100
  }
  return ticksPerSecond
}

/** user + system CPU (µs) of a process of this machine, from /proc; undefined if it is gone. */
export function processCpuMicros(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // after "pid (comm) ": fields[0] is field 3 (state), so utime (14) and stime (15) are 11, 12
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? (ticks * 1e6) / clockTicksPerSecond() : undefined
  } catch {
    return undefined
  }
}

/** user + system CPU (µs) of a postgres process on this machine; undefined if there is none */
export function postgresProcessCpuMicros(pid: number): number | undefined {
  try {
    if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) return undefined
  } catch {
    return undefined
  }
  return processCpuMicros(pid)
}

/**
 * A fresh database `<prefix>_<random>` on the server of `adminUrl`; rejects when the server cannot
 * be reached.
 */
export async function createBenchDatabase(
  adminUrl: string,
  prefix = 'bench_login',
): Promise<BenchDatabase> {
  const connect = async () => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 })
    // a connection lost later is reported by the query that needed it
    client.on('error', () => {})
    try {
      await client.connect()
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    return client
  }
  const admin = await connect()
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  try {
    await admin.query(`create database ${name}`)
  } catch (error) {
    await admin.end().catch(() => {})
    throw error
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const drop = trackCleanUp(async () => {
    await admin.end().catch(() => {})
    const dropper = await connect()
    try {
      // `with (force)` ends any connection still open (a product server that did not stop)
      await dropper.query(`drop database if exists ${name} with (force)`)
    } finally {
      await dropper.end().catch(() => {})
    }
  })
  return {
    name,
    url: url.toString(),
    backendCpu: async () => {
      try {
        const { rows } = await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1',
          [name],
        )
        const cpu = new Map<number, number>()
        for (const { pid } of rows) {
          const micros = postgresProcessCpuMicros(pid)
          if (micros === undefined) return undefined
          cpu.set(pid, micros)
        }
        return cpu
      } catch {
        return undefined
      }
    },
    drop,
  }
}

/** CPU (µs) of the backends between two readings; a backend that started in between from 0. */
export function backendCpuDelta(
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
): number | undefined {
  if (before === undefined || after === undefined) return undefined
  let total = 0
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0)
  return total
}
