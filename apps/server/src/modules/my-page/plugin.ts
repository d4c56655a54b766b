import type { FastifyPluginAsync } from 'fastify'
import { myPageAuthRoutes } from './auth/routes.ts'
import { myPageContractRoutes } from './contract/routes.ts'

// My-page routes (issue #8, ADR 0015), under /api: sign-in and credentials (auth/), and the
// contracts, certificate and home information (contract/). Each part builds its service from
// the app's decorations (db, clock, sessions, serverKeys, myPageAccess, mailDelivery).
export const myPageRoutes: FastifyPluginAsync = async (api) => {
  await api.register(myPageAuthRoutes)
  await api.register(myPageContractRoutes)
}
