import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Placeholder until the my-page auth routes are written (issue #8).
export const myPageAuthRoutes: FastifyPluginAsyncZod = async () => {}
