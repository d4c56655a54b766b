import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorCodes } from '@app/shared'
import { errorBody } from './error-handler.ts'

const SPA_PREFIX = '/app/'

/**
 * Serves the built SPA under /app. Hashed assets are cached for a year; index.html and
 * build-meta.json never, so a new build is picked up (SPEC §4 "Build updates"). Any other
 * /app path answers index.html so deep links reload; the SPA decides what is not found.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html')
  const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath) : undefined
  if (indexHtml === undefined) {
    app.log.warn({ webDistDir }, 'web app not built: /app answers 404 (run npm run build)')
  } else {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: SPA_PREFIX,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep)
        void reply.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? ''
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (pathname === '/app' || pathname.startsWith(SPA_PREFIX)) &&
      !pathname.startsWith(`${SPA_PREFIX}assets/`)
    if (isPage && indexHtml !== undefined) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml)
    }
    return reply.status(404).send(errorBody(errorCodes.apiNotFound))
  })
}
