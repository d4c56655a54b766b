import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorCodes } from '@app/shared'
import { errorBody } from './error-handler.ts'

const SPA_PREFIX = '/app/'
/** How long a browser waits before asking again while a new build is being written. */
const REBUILD_RETRY_SECONDS = 5

/** The /app/… files index.html loads (scripts, module preloads, stylesheets). */
export function referencedAssets(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/\b(?:src|href)="\/app\/([^"?#]+)"/g)) {
    const file = match[1]
    if (file !== undefined && file.startsWith('assets/')) found.add(file)
  }
  return [...found]
}

type IndexState = { kind: 'ready'; html: Buffer } | { kind: 'rebuilding' } | { kind: 'missing' }

/**
 * index.html as the folder holds it now (issue #23 point 2): read again whenever its size or
 * time changes, so a rebuild under a running server is served at once; and served only when
 * every file it loads is there, so no page is ever sent whose scripts answer 404 (in the middle
 * of a build the page asks the browser to come back in a few seconds instead).
 */
function indexReader(webDistDir: string): () => IndexState {
  const indexPath = path.join(webDistDir, 'index.html')
  let cached: { stamp: string; html: Buffer; assets: string[]; isWhole: boolean } | undefined
  return () => {
    const stat = fs.statSync(indexPath, { throwIfNoEntry: false })
    if (stat === undefined)
      return cached === undefined ? { kind: 'missing' } : { kind: 'rebuilding' }
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`
    if (cached?.stamp !== stamp) {
      const html = fs.readFileSync(indexPath)
      cached = { stamp, html, assets: referencedAssets(html.toString('utf8')), isWhole: false }
    }
    // Once its files are all there an index stays whole (a build removes index.html first), so a
    // page request costs one stat, not one per asset.
    cached.isWhole ||= cached.assets.every((file) => fs.existsSync(path.join(webDistDir, file)))
    return cached.isWhole ? { kind: 'ready', html: cached.html } : { kind: 'rebuilding' }
  }
}

/** The page sent while a new build is written: it reloads itself a few seconds later. */
const rebuildingPage = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta http-equiv="refresh" content="${REBUILD_RETRY_SECONDS}" />
<title>更新中 | 団体保険 Web加入</title>
</head>
<body>
<main>
<h1>ただいま画面を更新しています</h1>
<p>数秒後に自動で表示し直します。表示が変わらない場合は、ページを再読み込みしてください。</p>
</main>
</body>
</html>
`

/**
 * Serves the built SPA under /app. Hashed assets are cached for a year; index.html and
 * build-meta.json never, so a new build is picked up (SPEC §4 "Build updates"). Files are looked
 * up on each request (a rebuild's new chunks are served without a restart). Any other /app path
 * answers index.html so deep links reload; the SPA decides what is not found.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const readIndex = indexReader(webDistDir)
  if (readIndex().kind === 'missing') {
    app.log.warn({ webDistDir }, 'web app not built: /app answers 404 until it is (npm run build)')
  }
  // Without the folder at start there is nothing to serve files from: no page either (its
  // scripts would answer 404) until a restart after the build.
  const servesFiles = fs.existsSync(webDistDir)
  if (servesFiles) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: SPA_PREFIX,
      wildcard: true,
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

  /** index.html when the build is whole; while one is written, a page that comes back soon. */
  function sendIndex(reply: FastifyReply, index: IndexState) {
    if (index.kind === 'ready') {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(index.html)
    }
    if (index.kind === 'rebuilding') {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .header('retry-after', String(REBUILD_RETRY_SECONDS))
        .type('text/html; charset=utf-8')
        .send(rebuildingPage)
    }
    return reply.status(404).send(errorBody(errorCodes.apiNotFound))
  }

  if (servesFiles) {
    // the folder itself is no file: the SPA's root page
    app.get(SPA_PREFIX, { schema: { hide: true } }, (_request, reply) =>
      sendIndex(reply, readIndex()),
    )
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? ''
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (pathname === '/app' || pathname.startsWith(SPA_PREFIX)) &&
      !pathname.startsWith(`${SPA_PREFIX}assets/`)
    return sendIndex(reply, isPage && servesFiles ? readIndex() : { kind: 'missing' })
  })
}
