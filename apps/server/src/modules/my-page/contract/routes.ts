import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Placeholder until the my-page contract routes are written (issue #8).
export const myPageContractRoutes: FastifyPluginAsyncZod = async () => {}
