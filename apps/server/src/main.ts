import { loadConfig } from './env.ts'

// Starts the product: configuration, database (migrated), demo data, then the HTTP server. The
// configuration is read before the rest of the server is even loaded, so a refused setting stops
// the start at once (issue #19 point 1).

/** A refusal to start that says everything in its message: printed as it is, no stack. */
class StartRefused extends Error {}

async function main(): Promise<void> {
  const config = loadConfig()
  const [{ systemClock, fixedClock }, { buildApp }, { DataDirLockedError, openDatabase }, demo] =
    await Promise.all([
      import('./clock.ts'),
      import('./app.ts'),
      import('./db/client.ts'),
      import('./demo/load-demo.ts'),
    ])
  const clock = config.appNow === undefined ? systemClock : fixedClock(config.appNow)
  const database = await openDatabase(config).catch((error: unknown) => {
    throw error instanceof DataDirLockedError ? new StartRefused(error.message) : error
  })
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

  const links = await demo.loadDemoData(database.db, {
    mode: config.demoData === 'auto' && config.isProduction ? 'off' : config.demoData,
    now: clock.now(),
    log: app.log,
  })
  const address = await app.listen({ host: config.host, port: config.port })
  const port = new URL(address).port
  const baseUrl = config.publicBaseUrl ?? `http://localhost:${port}`
  app.log.info({ address, database: database.kind }, 'listening')
  if (links.length > 0) process.stdout.write(`${demo.formatDemoLinks(links, baseUrl)}\n`)
}

main().catch((error: unknown) => {
  if (
    error instanceof StartRefused ||
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
