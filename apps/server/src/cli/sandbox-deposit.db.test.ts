import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, manualClock } from '../../test/helpers.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { sandboxPaymentRoutes } from '../sandbox/routes.ts'
import { main } from './sandbox-deposit.ts'

// The sandbox-deposit command against a listening sandbox provider, whose notifications go to a
// stand-in for the product's webhook.

describe('入金シミュレーションのコマンド (sandbox-deposit)', () => {
  let database: DatabaseHandle
  let provider: FastifyInstance
  let providerUrl = ''
  let webhookStatus = 200
  const received: string[] = []
  const webhook = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'))
      response.statusCode = webhookStatus
      response.end()
    })
  })

  beforeAll(async () => {
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve))
    const { port } = webhook.address() as AddressInfo
    database = await createTestDatabase()
    provider = Fastify({ logger: false })
    await provider.register(sandboxPaymentRoutes, {
      prefix: '/sandbox-pay',
      db: database.db,
      clock: manualClock(),
      settings: {
        apiBaseUrl: () => '',
        publicBaseUrl: () => '',
        secretKey: 'sk_sandbox_cli_test_0000000000',
        publishableKey: 'pk_sandbox_cli_test_0000000000',
        webhookSecret: 'whsec_cli_test_000000000000000',
      },
      webhookUrl: () => `http://127.0.0.1:${port}/api/paymentNotifications/deposit/`,
    })
    providerUrl = await provider.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await provider.close()
    await database.close()
    await new Promise<void>((resolve) => webhook.close(() => resolve()))
  })
  beforeEach(() => {
    received.length = 0
    webhookStatus = 200
  })

  async function run(args: string[], defaultUrl = providerUrl) {
    const stdout: string[] = []
    const stderr: string[] = []
    const code = await main(args, {
      defaultUrl,
      output: { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text) },
    })
    return { code, stdout: stdout.join(''), stderr: stderr.join('') }
  }

  it('入金を記録し、通知が受け付けられたことを伝えて 0 で終わること', async () => {
    const result = await run([
      '--account',
      '1234567',
      '--amount',
      '12000',
      '--name',
      'ヤマダ　タロウ',
    ])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^入金を記録しました（入金ID dep_[A-Za-z0-9]{24}、口座番号 1234567、12,000円）。\n入金通知は受け付けられました（HTTP 200）。\n$/,
    )
    expect(JSON.parse(received[0] ?? '')).toMatchObject({
      accountNumber: '1234567',
      amount: 12000,
      depositorName: 'ヤマダ　タロウ',
    })
  })

  it('--url で指定したサーバーに送ること', async () => {
    const result = await run(
      ['--url', `${providerUrl}/`, '--account', '7654321', '--amount', '1'],
      'http://127.0.0.1:9',
    )
    expect(result.code).toBe(0)
    expect(received).toHaveLength(1)
  })

  it('製品が通知を断ったら、そのステータスを伝えて 1 で終わること', async () => {
    webhookStatus = 404
    const result = await run(['--account', '1234567', '--amount', '500'])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('入金を記録しました')
    expect(result.stderr).toBe('入金通知は受け付けられませんでした（HTTP 404）。\n')
  })

  it.each([
    [[], ['--account', '--amount']],
    [['--account', '123456', '--amount', '100'], ['--account']],
    [['--account', '1234567', '--amount', '0'], ['--amount']],
    [['--account', '1234567', '--amount', '1.5'], ['--amount']],
    [['--account', '1234567', '--amount', '１００'], ['--amount']],
    [['--account', '1234567', '--amount', '100', '--url', 'ftp://x'], ['--url']],
    [['--account', '1234567', '--amount', '100', '--name', 'ア'.repeat(101)], ['--name']],
  ])('引数 %j の誤りは %j を挙げて 2 で終わること', async (args, named) => {
    const result = await run(args)
    expect(result.code).toBe(2)
    for (const option of named) expect(result.stderr).toContain(option)
    expect(result.stderr).toContain('Usage: npm run sandbox-deposit')
    expect(received).toEqual([])
  })

  it('知らないオプションは 2 で終わること', async () => {
    const result = await run(['--acount', '1234567'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('指定の仕方に誤りがあります')
  })

  it('サーバーに接続できなければ、そう伝えて 1 で終わること', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const result = await run(
      ['--account', '1234567', '--amount', '100'],
      `http://127.0.0.1:${port}`,
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      `サーバー http://127.0.0.1:${port} に接続できません。サーバーが起動しているか、--url を確かめてください。\n`,
    )
  })

  it('サンドボックスのないサーバーなら、そう伝えて 1 で終わること', async () => {
    const bare = Fastify({ logger: false })
    const url = await bare.listen({ host: '127.0.0.1', port: 0 })
    const result = await run(['--account', '1234567', '--amount', '100'], url)
    await bare.close()
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('サンドボックス決済が見つかりません（HTTP 404）')
  })
})
