import type { FastifyInstance } from 'fastify'
import { MailDelivery } from './delivery.ts'
import { devOutboxRoutes } from './dev-outbox.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** `deliver(id)` right after the transaction that wrote the mail commits */
    mailDelivery: MailDelivery
  }
}

/** Mail delivery: the outbox job and, outside production, /dev/outbox (issue #5). */
export async function mailPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app
  const delivery = new MailDelivery({
    db: app.db,
    clock: app.clock,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    log: app.log.child({ module: 'mail' }),
    pollSeconds: config.mailPollSeconds,
  })
  app.decorate('mailDelivery', delivery)
  app.addHook('onReady', (done) => {
    delivery.start()
    done()
  })
  // runs before main.ts closes the database: a delivery in progress finishes first
  app.addHook('onClose', () => delivery.stop())
  if (!config.isProduction) await app.register(devOutboxRoutes)
}
