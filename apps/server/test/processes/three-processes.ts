import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import pg from 'pg'
import { startTestS3Server, type TestS3Server } from '../s3-server.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp.ts'

// Issue #19 point 5: three server processes (src/main.ts, exactly as production starts it) on
// one PostgreSQL database, one object store (s3rver) and one mail relay (a test SMTP server).
// A client sends each request to the next process in turn and counts them per process.

export const serverDir = path.resolve(import.meta.dirname, '../..')
export const METRICS_TOKEN = 'three-processes-metrics-token-0123456789'

export interface ServerProcess {
  index: number
  baseUrl: string
  child: ChildProcess
  /** the demo links the first process prints: the enrolment link of each demo group */
  output: string[]
}

export interface Trio {
  processes: ServerProcess[]
  databaseUrl: string
  smtp: TestSmtpServer
  s3: TestS3Server
  env: Record<string, string>
  stop(): Promise<void>
}

function startProcess(index: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const errors: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`process ${index} did not listen within 60 s: ${errors.join('')}`))
    }, 60_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`process ${index} exited with ${code}: ${errors.join('')}`))
    })
    const lines = readline.createInterface({ input: child.stdout ?? process.stdin })
    lines.on('line', (line) => {
      output.push(line)
      if (!line.startsWith('{')) return
      const entry: unknown = JSON.parse(line)
      if (
        typeof entry === 'object' &&
        entry !== null &&
        'msg' in entry &&
        entry.msg === 'listening' &&
        'address' in entry &&
        typeof entry.address === 'string'
      ) {
        clearTimeout(timer)
        child.removeAllListeners('exit')
        resolve({ index, baseUrl: entry.address, child, output })
      }
    })
  })
}

function stopProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve())
    server.child.kill('SIGTERM')
  })
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/**
 * A fresh database on the server of `adminUrl`, the object store, the mail relay, then the first
 * process (which migrates and loads the demo data) and the other two side by side.
 */
export async function startTrio(adminUrl: string, settings: Record<string, string>): Promise<Trio> {
  const name = `procs_${process.pid}_${Date.now().toString(36)}`
  await adminQuery(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  const smtp = await startSmtpServer()
  const s3 = await startTestS3Server('three-processes')
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    MAINTENANCE_WINDOW: 'off',
    SMTP_URL: smtp.url,
    S3_BUCKET: 'three-processes',
    S3_ENDPOINT: s3.options.endpoint ?? '',
    S3_FORCE_PATH_STYLE: 'on',
    S3_ACCESS_KEY_ID: s3.options.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.options.credentials.secretAccessKey,
    METRICS_TOKEN,
    ...settings,
  }
  const processes: ServerProcess[] = []
  const stop = async () => {
    await Promise.all(processes.map(stopProcess))
    await smtp.close()
    await s3.stop()
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
  }
  try {
    processes.push(await startProcess(0, { ...env, DEMO_DATA: 'on' }))
    const others = await Promise.all(
      [1, 2].map((index) => startProcess(index, { ...env, DEMO_DATA: 'off' })),
    )
    processes.push(...others)
  } catch (error) {
    await stop()
    throw error
  }
  return { processes, databaseUrl, smtp, s3, env, stop }
}

/** Runs a command-line tool of the server (src/cli/…) on the trio's database: its exit code. */
export function runCli(trio: Trio, script: string, args: string[]): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...trio.env, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)))
}

/** Runs a command-line tool with settings of its own (e.g. another APP_NOW): code and output. */
export function runCliOutput(
  trio: Trio,
  script: string,
  settings: Record<string, string>,
): Promise<{ code: number; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...trio.env, LOG_LEVEL: 'silent', ...settings },
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  let stdout = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout })),
  )
}

/** A client that sends each request to the next process in turn, counting them per process. */
export class RoundRobin {
  readonly #processes: ServerProcess[]
  readonly sent: number[]
  readonly #headers: Record<string, string>
  #next = 0

  constructor(processes: ServerProcess[], headers: Record<string, string> = {}) {
    this.#processes = processes
    this.sent = processes.map(() => 0)
    this.#headers = headers
  }

  /** The next process's answer to `path` (an /api path with its query) and its index. */
  async send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; process: number }> {
    const index = this.#next
    this.#next = (this.#next + 1) % this.#processes.length
    const target = this.#processes[index]
    if (target === undefined) throw new Error('no process')
    this.sent[index] = (this.sent[index] ?? 0) + 1
    const response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: {
        ...this.#headers,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
    const text = await response.text()
    const body: unknown = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text
    return { status: response.status, body, process: index }
  }
  /** Bytes to the next process (a signed upload URL, as the browser sends the file). */
  async sendBytes(
    method: 'PUT',
    path: string,
    bytes: Buffer,
  ): Promise<{ status: number; body: unknown; process: number }> {
    const index = this.#next
    this.#next = (this.#next + 1) % this.#processes.length
    const target = this.#processes[index]
    if (target === undefined) throw new Error('no process')
    this.sent[index] = (this.sent[index] ?? 0) + 1
    const response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: { ...this.#headers, 'content-type': 'application/octet-stream' },
      body: bytes,
    })
    const text = await response.text()
    const body: unknown = text.startsWith('{') ? JSON.parse(text) : text
    return { status: response.status, body, process: index }
  }
}

/** The sum of a Prometheus counter's samples whose labels include every one of `labels`. */
export function counterSum(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    const matches = Object.entries(labels).every(([key, value]) =>
      line.includes(`${key}="${value}"`),
    )
    if (matches) sum += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return sum
}

/** GET /metrics of one process. */
export async function metricsOf(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  if (response.status !== 200)
    throw new Error(`metrics of process ${server.index}: ${response.status}`)
  return response.text()
}
