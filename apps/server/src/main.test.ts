import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { productionTestEnv } from '../test/helpers.ts'

// Issue #19 point 1: the server itself (main.ts, as `npm start` runs it) refuses to start in
// production with an unsafe setting: it exits non-zero before opening a database or a port, and
// its one line names the setting.

const serverRoot = path.resolve(import.meta.dirname, '..')

interface Exit {
  code: number | null
  stderr: string
  stdout: string
}

function startServer(env: Record<string, string | undefined>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      // nothing of the shell's own settings: only what the case gives, plus PATH for tsx
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let stdout = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, stdout })
    })
  })
}

const unsafe: [string, Record<string, string | undefined>][] = [
  ['DATABASE_URL', { DATABASE_URL: undefined }],
  ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: undefined }],
  ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'http://hoken.example.jp' }],
  ['SMTP_URL', { SMTP_URL: undefined }],
  ['S3_BUCKET', { S3_BUCKET: undefined }],
  ['PAYMENT_PROVIDER_URL', { PAYMENT_PROVIDER_URL: undefined }],
  ['PAYMENT_SECRET_KEY', { PAYMENT_SECRET_KEY: undefined }],
  ['PAYMENT_PUBLISHABLE_KEY', { PAYMENT_PUBLISHABLE_KEY: undefined }],
  ['PAYMENT_WEBHOOK_SECRET', { PAYMENT_WEBHOOK_SECRET: undefined }],
  ['SANDBOX_PAYMENT', { SANDBOX_PAYMENT: 'on' }],
  ['DEMO_DATA', { DEMO_DATA: 'on' }],
  ['APP_NOW', { APP_NOW: '2026-11-20T10:00:00+09:00' }],
]

describe('本番モードの起動（issue #19 の1）', () => {
  it('危ない設定ごとに、0 以外で終わり、その設定を名指しし、ポートを開かないこと', async () => {
    const exits = await Promise.all(
      unsafe.map(([, change]) => startServer({ ...productionTestEnv, ...change })),
    )
    exits.forEach((exit, index) => {
      const [setting] = unsafe[index] ?? ['?']
      expect(exit.code, setting).toBe(1)
      expect(exit.stderr, setting).toMatch(/^Invalid configuration for production/)
      expect(exit.stderr, setting).toContain(`  ${setting}: `)
      expect(exit.stdout, setting).not.toContain('listening')
    })
  }, 60_000)
})
