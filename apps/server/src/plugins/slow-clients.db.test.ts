import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { createTestApp, createTestDatabase } from '../../test/helpers.ts'

// Issue #17 point 6: a client that sends one byte every 2 seconds is cut off by the headers' or
// the request's time limit (here 1 s and 2 s) instead of holding a connection for ever.

const DRIP_MS = 2_000

/**
 * Sends `head` at once, then `text` one byte per DRIP_MS; answers how many bytes of `text` went
 * out before the server closed the connection, and what it answered.
 */
function drip(port: number, head: string, text: string): Promise<{ sent: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let sent = 0
    let answer = ''
    let timer: NodeJS.Timeout | undefined
    const finish = () => {
      clearTimeout(timer)
      resolve({ sent, answer })
    }
    const next = () => {
      if (sent >= text.length || socket.destroyed) return
      socket.write(text[sent] ?? '')
      sent += 1
      timer = setTimeout(next, DRIP_MS)
    }
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1')
    })
    socket.on('close', finish)
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish()
      else reject(error)
    })
    socket.on('connect', () => {
      socket.write(head)
      next()
    })
  })
}

describe('遅い送信元を切ること（issue #17 の6）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let port: number

  beforeAll(async () => {
    database = await createTestDatabase()
    const env = { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' }
    app = await createTestApp(database, { env })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('not listening')
    port = address.port
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('ヘッダーを2秒に1バイトずつ送る接続は、ヘッダーを送り終える前に切られること', async () => {
    const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'
    const { sent, answer } = await drip(port, '', request)
    expect(sent).toBeLessThan(3)
    expect(answer).toMatch(/^(HTTP\/1\.1 408|$)/)
  })

  it('本文を2秒に1バイトずつ送る接続も、本文を送り終える前に切られること', async () => {
    const body = JSON.stringify({ userId: 'ABCDEFGHJK' })
    const head = `POST /api/start2FA/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`
    const result = await drip(port, head, body)
    expect(result.sent).toBeLessThan(3)
    expect(result.answer).toMatch(/^(HTTP\/1\.1 408|$)/)
  })
})
