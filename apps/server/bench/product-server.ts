import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import { fixedClock } from '../src/clock.ts'
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts'
import type { DemoLink } from '../src/demo/demo-groups.ts'
import { loadDemoData } from '../src/demo/load-demo.ts'
import { loadConfig } from '../src/env.ts'
import { announceReady, runChild } from './child-protocol.ts'
import { lighthouseServerEnv, peakServerEnv, productEnv } from './settings.ts'

// The product server as main.ts builds it (every plugin, hook and route), on a fresh embedded
// database in a folder run.ts owns and removes, with the demo groups loaded and the clock pinned.
// With DATABASE_URL in its environment (login.ts sets it; processes.ts never passes the shell's
// own on) it runs on that PostgreSQL database instead, as main.ts does, and the data dir is `-`.
//
// usage: node --import tsx bench/product-server.ts <empty data dir | -> <ISO instant>
//                                                   [--trivial-route] [--production] [--peak]
//
// --trivial-route adds GET /api/bench/trivial answering the raw server's body, after buildApp so
// that it passes through the same global hooks (request id, security headers, compress,
// maintenance gate, rate limit): the product's fixed cost per request, without the group route's
// own work (run.ts --diagnose compares it with the raw server's small JSON route).
//
// --production runs it with lighthouseServerEnv (maintenance window off) and the production
// headers turned on, instead of the load benchmark's productEnv: what Lighthouse measures
// (lighthouse.ts). Not NODE_ENV=production: that refuses a start without PostgreSQL, a mail relay
// and a payment provider (issue #19), which a page measurement does not need.
//
// --peak runs it with peakServerEnv (settings.ts): behind one proxy hop, each virtual applicant of
// peak.ts coming with an address of its own in X-Forwarded-For, and the default rate limits.

const [dataDir, instant, ...flags] = process.argv.slice(2)
const databaseUrl = process.env.DATABASE_URL
let app: FastifyInstance | undefined
let database: DatabaseHandle | undefined

runChild({
  start: async () => {
    if (dataDir === undefined || instant === undefined || Number.isNaN(Date.parse(instant))) {
      throw new Error(
        'usage: product-server.ts <data dir | - with DATABASE_URL> <ISO instant> [--trivial-route] [--production] [--peak]',
      )
    }
    if ((databaseUrl === undefined) === (dataDir === '-')) {
      throw new Error('product-server.ts: a data dir without DATABASE_URL, `-` with it')
    }
    const env = flags.includes('--production')
      ? lighthouseServerEnv
      : flags.includes('--peak')
        ? peakServerEnv
        : productEnv
    const loaded = loadConfig({
      ...env,
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    })
    const config = flags.includes('--production') ? { ...loaded, isProduction: true } : loaded
    const clock = fixedClock(new Date(Date.parse(instant)))
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir })
    app = await buildApp({ config, database, clock })
    const links = await loadDemoData(database.db, { mode: 'on', now: clock.now(), log: app.log })
    const groupA = links[0]
    if (groupA === undefined) throw new Error('the demo data gave no links')
    if (flags.includes('--trivial-route')) {
      const startedAt = Date.now()
      app.get('/api/bench/trivial', { schema: { hide: true } }, (request) => ({
        status: 'ok',
        service: 'bench-raw',
        version: '0.1.0',
        method: request.method,
        uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      }))
    }
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo
    const linkDetails = (link: DemoLink) => ({
      groupPfCode: link.groupPfCode,
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      groupPfBranchNo: link.groupPfBranchNo,
      urlKey: link.urlKey,
      name: link.name,
    })
    announceReady(port, {
      groupA: linkDetails(groupA),
      /** every demo group's link, in the order A, B, C, D (lighthouse.ts measures each) */
      groups: links.map(linkDetails),
      rateLimitMax: config.rateLimitMax,
      nodeEnv: config.nodeEnv,
      webDistDir: config.webDistDir,
      database: database.kind,
      now: clock.now().toISOString(),
    })
  },
  stop: async () => {
    await app?.close()
    await database?.close()
    // run.ts removes the folder too; this covers a parent that died without cleaning up.
    if (dataDir !== undefined && dataDir !== '-') {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  },
})
