import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../env.ts'

/** Security headers with a strict CSP: only our own scripts, styles and connections. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const gtm = config.gtmId === undefined ? [] : ['https://www.googletagmanager.com']
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...gtm],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...gtm],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(gtm.length > 0 ? ['https://www.google-analytics.com'] : [])],
        // the puzzle check (ALTCHA) solves in a worker created from a blob (STACK.md)
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        // Only in production: on http://localhost an upgrade would break every request.
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: config.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  })
}
