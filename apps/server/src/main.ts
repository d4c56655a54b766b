import { systemClock, fixedClock } from './clock.ts'
import { buildApp } from './app.ts'
import { DataDirLockedError, openDatabase } from './db/client.ts'
import { formatDemoLinks, loadDemoData } from './demo/load-demo.ts'
import { loadConfig } from './env.ts'

// Starts the product: configuration, database (migrated), demo data, then the HTTP server.

async function main(): Promise<void> {
  const config = loadConfig()
  const clock = config.appNow === undefined ? systemClock : fixedClock(config.appNow)
  const database = await openDatabase(config)
  const app = await buildApp({ config, database, clock })
  if (database.tightened !== undefined && database.tightened > 0) {
    app.log.warn(
      { entries: database.tightened },
      'data folder: entries readable by group or others were made private (0600/0700)',
    )
  }

  let isClosing = false
  const shutdown = async (signal: string) => {
    if (isClosing) return
    isClosing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long: exiting')
      process.exit(1)
    }, 10_000)
    forceExit.unref()
    try {
      await app.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  const links = await loadDemoData(database.db, {
    mode: config.demoData === 'auto' && config.isProduction ? 'off' : config.demoData,
    now: clock.now(),
    log: app.log,
  })
  const address = await app.listen({ host: config.host, port: config.port })
  const port = new URL(address).port
  const baseUrl = config.publicBaseUrl ?? `http://localhost:${port}`
  app.log.info({ address, database: database.kind }, 'listening')
  if (links.length > 0) process.stdout.write(`${formatDemoLinks(links, baseUrl)}\n`)
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'))
  ) {
    process.stderr.write(`${error.message}\n`)
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  }
  process.exit(1)
})
