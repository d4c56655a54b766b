import { spawn } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgresDatabase, type DatabaseHandle } from '../../src/db/client.ts'
import { CHARGE_LEASE_MS } from '../../src/modules/payment/instalment-charges.ts'
import { listInstalments } from '../../src/modules/payment/instalment-repository.ts'
import { giveMonthlySchedule } from '../../src/modules/payment/instalment-test-support.ts'
import {
  appliedHolder,
  importRenewalProducts,
} from '../../src/modules/renewal/renewal-test-support.ts'
import { createTestApp, jstTime, manualClock, testNow } from '../helpers.ts'
import { adminQuery, serverDir } from './three-processes.ts'

// Issue #24 point 3 (ADR 0038): the monthly charge job in processes of its own on one PostgreSQL
// database. A process killed with SIGKILL while the provider is taking a charge loses nothing and
// charges nothing twice: the next run takes the killed run's instalments over once their lease
// has run out and asks with the same idempotency keys. Two processes running the job at the same
// moment charge each instalment once. The provider is a stand-in in this process, idempotent by
// key like a real one, that counts the charges it made.

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CONTRACTS = 8

interface Charge {
  key: string
  orderId: string
  amount: number
}

/** The provider stand-in: the same key gets the first answer; `holdAfter` new charges it stops answering. */
function startProvider() {
  const answers = new Map<string, string>()
  const charges: Charge[] = []
  let holdAfter = Number.POSITIVE_INFINITY
  let onHold: (() => void) | undefined
  const held: http.ServerResponse[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const key = String(request.headers['idempotency-key'])
      const known = answers.get(key)
      if (known !== undefined) {
        response.end(known)
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Omit<Charge, 'key'>
      charges.push({ key, orderId: body.orderId, amount: body.amount })
      const answer = JSON.stringify({
        kind: 'captured',
        id: `pay_${charges.length}`,
        amount: body.amount,
      })
      answers.set(key, answer)
      if (charges.length >= holdAfter) {
        // the charge is made, its answer never leaves: the job's process is killed now
        held.push(response)
        onHold?.()
        return
      }
      response.end(answer)
    })
  })
  return {
    charges,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    holdAt(count: number, then: () => void) {
      holdAfter = count
      onHold = then
    },
    release() {
      holdAfter = Number.POSITIVE_INFINITY
      for (const response of held.splice(0)) response.destroy()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** One run of the job in a process of its own; `kill` ends it with SIGKILL. */
function runChild(databaseUrl: string, providerUrl: string, now: Date) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/processes/instalment-charge-child.ts',
      databaseUrl,
      providerUrl,
      now.toISOString(),
    ],
    { cwd: serverDir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const output: string[] = []
  const errors: string[] = []
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()))
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return {
    kill: () => child.kill('SIGKILL'),
    async result(): Promise<Record<string, number>> {
      const { code } = await ended
      if (code !== 0) throw new Error(`the job process exited with ${code}: ${errors.join('')}`)
      return JSON.parse(output.join('').trim()) as Record<string, number>
    },
    ended,
  }
}

describe('保険料の毎月の請求を別プロセスで（issue #24 point 3）', () => {
  const name = `instalments_${process.pid}`
  let databaseUrl: string
  let database: DatabaseHandle
  let app: FastifyInstance
  const provider = startProvider()
  let providerUrl: string
  const contractIds: string[] = []
  const clock = manualClock(testNow)

  beforeAll(async () => {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    await adminQuery(adminUrl, `create database ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    database = await openPostgresDatabase(databaseUrl, { max: 4, onConnectionError: () => {} })
    app = await createTestApp(database, { clock })
    const { link } = await importRenewalProducts(app.db)
    for (let index = 0; index < CONTRACTS; index += 1) {
      const holder = await appliedHolder(app, link, `kill-${index}@example.jp`)
      contractIds.push(holder.contractId)
      await giveMonthlySchedule(app.db, {
        applicationId: holder.contractId,
        amount: 2280 + index,
        providerCardId: `card_kill_${index}`,
        now: clock.now(),
      })
    }
    providerUrl = await provider.listen()
  }, 120_000)
  afterAll(async () => {
    await provider.close()
    await app?.close()
    await database?.close()
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
  }, 60_000)

  const statuses = async (seq: number) =>
    Promise.all(contractIds.map(async (id) => (await listInstalments(app.db, id))[seq - 1]?.status))

  it('請求中に kill -9 されても、次の実行が同じ鍵で引き継ぎ、どの回も一度だけ請求すること', async () => {
    const due = jstTime('20270126', '0300')
    // the provider takes the 4th charge and never answers it: the process is killed then
    const running: { first?: ReturnType<typeof runChild> } = {}
    provider.holdAt(4, () => running.first?.kill())
    const first = runChild(databaseUrl, providerUrl, due)
    running.first = first
    const ended = await first.ended
    expect(ended.signal).toBe('SIGKILL')
    provider.release()
    expect(provider.charges).toHaveLength(4)
    // three were recorded as paid; the killed run's other claims wait for their lease
    expect((await statuses(2)).filter((status) => status === 'paid')).toHaveLength(3)
    expect((await statuses(2)).filter((status) => status === 'charging')).toHaveLength(
      CONTRACTS - 3,
    )

    // before the lease ends, another run takes nothing over
    const early = await runChild(databaseUrl, providerUrl, new Date(due.getTime() + 1000)).result()
    expect(early).toMatchObject({ paid: 0 })

    const later = new Date(due.getTime() + CHARGE_LEASE_MS + 1000)
    const takeover = await runChild(databaseUrl, providerUrl, later).result()
    expect(takeover).toEqual({
      paid: CONTRACTS - 3,
      declined: 0,
      failed: 0,
      unanswered: 0,
      lost: 0,
    })
    expect(await statuses(2)).toEqual(contractIds.map(() => 'paid'))
    // one charge per instalment: the 4th was asked again with its key and answered as made
    expect(provider.charges).toHaveLength(CONTRACTS)
    expect(new Set(provider.charges.map((charge) => charge.orderId)).size).toBe(CONTRACTS)
    const fourth = provider.charges[3]
    const rows = await Promise.all(contractIds.map((id) => listInstalments(app.db, id)))
    const recordedFourth = rows.flat().find((row) => `inst-${row.id}` === fourth?.orderId)
    expect(recordedFourth).toMatchObject({ status: 'paid', providerPaymentId: 'pay_4', tries: 1 })
  })

  it('二つのプロセスが同時に実行しても、どの回も一度だけ請求すること', async () => {
    const before = provider.charges.length
    // March's instalments (due 2027-02-26), by two processes at once
    const at = jstTime('20270226', '0300')
    const [one, two] = await Promise.all([
      runChild(databaseUrl, providerUrl, at).result(),
      runChild(databaseUrl, providerUrl, at).result(),
    ])
    expect((one.paid ?? 0) + (two.paid ?? 0)).toBe(CONTRACTS)
    expect((one.lost ?? 0) + (two.lost ?? 0)).toBe(0)
    expect(provider.charges.length - before).toBe(CONTRACTS)
    expect(await statuses(3)).toEqual(contractIds.map(() => 'paid'))
    expect(await statuses(4)).toEqual(contractIds.map(() => 'due'))
  })
})
