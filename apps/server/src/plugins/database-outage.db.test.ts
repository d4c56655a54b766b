import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentConsentVersions } from '@app/shared'
import { openPostgresDatabase, type DatabaseHandle } from '../db/client.ts'
import { groupDocument, readTestImage } from '../../test/factories.ts'
import { createTestApp, createTestDatabase } from '../../test/helpers.ts'
import { importGroupDocument } from '../modules/group/import-group.ts'

// Issue #17 point 7: while the database cannot be reached the API answers 503 APFS0002 with
// Retry-After (not 500 E9999), and on PostgreSQL it recovers by itself when the database is back.
// PostgreSQL is reached through a TCP relay the test can cut, after its sessions were terminated
// with pg_terminate_backend; PGlite, which lives in the process, is closed under the app.

const link = { groupPfCode: 'T000951', urlKey: 'Outage0001' }

/** A relay to PostgreSQL that can refuse and drop every connection, then come back. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))
    })
  const port = await listen(0)
  return {
    port,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
    },
    restore: () => listen(port),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        if (server.listening) server.close(() => resolve())
        else resolve()
      }),
  }
}

describe('データベースにつながらない間は 503 APFS0002 と Retry-After を返すこと（issue #17 の7）', () => {
  let database: DatabaseHandle & { url?: string }
  let isClosed = false

  beforeAll(async () => {
    database = await createTestDatabase({ own: true })
    await importGroupDocument(database.db, groupDocument(link), { readImage: readTestImage })
  })
  afterAll(async () => {
    if (!isClosed) await database.close()
  })

  function tryId(app: FastifyInstance) {
    return app.inject({
      method: 'POST',
      url: '/api/policyHolderInfoById/',
      payload: {
        ...link,
        groupPfCodeInceptionDateYm: groupDocument(link).groupPfInfo.groupPfCodeInceptionDateYm,
        groupPfBranchNo: '00001',
        firstEntryId: 'ZZZZZ99999',
        firstEntryPassword: 'Wrong2Pass9x',
        consents: [{ documentId: 'terms-of-use', version: currentConsentVersions['terms-of-use'] }],
      },
    })
  }

  function expectUnavailable(response: Awaited<ReturnType<typeof tryId>>) {
    expect([response.statusCode, response.headers['retry-after'], response.json()]).toEqual([
      503,
      '10',
      {
        errorCode: 'APFS0002',
        message:
          'ただいま一時的にご利用いただけません。しばらく時間をおいて、もう一度お試しください。',
      },
    ])
  }

  it('つながらない間は 503、戻れば再起動なしで答えること（PostgreSQL）／閉じたDBは 503（PGlite）', async () => {
    if (database.url === undefined) {
      // PGlite: the embedded database closed under the app (a process whose database is gone).
      const app = await createTestApp(database)
      try {
        expect((await tryId(app)).statusCode).toBe(401)
        await database.close()
        isClosed = true
        expectUnavailable(await tryId(app))
      } finally {
        await app.close()
      }
      return
    }
    const target = new URL(database.url)
    const relay = await startRelay(target)
    const relayed = new URL(database.url)
    relayed.host = `127.0.0.1:${relay.port}`
    const handle = await openPostgresDatabase(relayed.toString(), {
      max: 4,
      onConnectionError: () => {},
    })
    const app = await createTestApp(handle)
    try {
      expect((await tryId(app)).statusCode).toBe(401)
      // The database goes away: new connections are refused and its sessions are terminated.
      await relay.cut()
      const admin = new pg.Client({ connectionString: database.url })
      await admin.connect()
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [target.pathname.slice(1)],
      )
      await admin.end()
      expectUnavailable(await tryId(app))
      expectUnavailable(await tryId(app))
      // It comes back: the pool connects again by itself.
      await relay.restore()
      expect((await tryId(app)).statusCode).toBe(401)
    } finally {
      await app.close()
      await handle.close()
      await relay.close()
    }
  })
})
