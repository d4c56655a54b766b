import type { FastifyInstance } from 'fastify'
import type { MailDelivery } from './delivery.ts'
import { devOutboxRoutes } from './dev-outbox.ts'

/** Mail delivery: the outbox job and, outside production, /dev/outbox (issue #5). */
export async function mailPlugin(app: FastifyInstance, delivery: MailDelivery): Promise<void> {
  const { config } = app
  app.addHook('onReady', (done) => {
    delivery.start()
    done()
  })
  // runs before main.ts closes the database: a delivery in progress finishes first
  app.addHook('onClose', () => delivery.stop())
  if (!config.isProduction) await app.register(devOutboxRoutes)
}
