import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorCodes } from '@app/shared'
import { errorBody } from './error-handler.ts'

const SPA_PREFIX = '/app/'
/** The back-office console (issue #20): an app of its own, built to ADMIN_DIST_DIR. */
const ADMIN_PREFIX = '/admin/'
/** How long a browser waits before asking again while a new build is being written. */
const REBUILD_RETRY_SECONDS = 5

/** The files under `prefix` (default /app/) that index.html loads (scripts, preloads, styles). */
export function referencedAssets(html: string, prefix = SPA_PREFIX): string[] {
  const found = new Set<string>()
  const quoted = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  for (const match of html.matchAll(new RegExp(`\\b(?:src|href)="${quoted}([^"?#]+)"`, 'g'))) {
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
function indexReader(webDistDir: string, prefix: string): () => IndexState {
  const indexPath = path.join(webDistDir, 'index.html')
  let cached: { stamp: string; html: Buffer; assets: string[]; isWhole: boolean } | undefined
  return () => {
    const stat = fs.statSync(indexPath, { throwIfNoEntry: false })
    if (stat === undefined)
      return cached === undefined ? { kind: 'missing' } : { kind: 'rebuilding' }
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`
    if (cached?.stamp !== stamp) {
      const html = fs.readFileSync(indexPath)
      cached = {
        stamp,
        html,
        assets: referencedAssets(html.toString('utf8'), prefix),
        isWhole: false,
      }
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
 * What the server makes of index.html for a page request, or undefined to send it as built: a
 * group's notice banner before the app's root (issue #21 point 7, ADR 0034), a landing page's
 * server render (issue #22, ADR 0036). `headers` are set on the answer (e.g. a CSP with a nonce).
 */
export type PageCompose = (
  request: FastifyRequest,
  html: string,
) => Promise<{ html: string; headers?: Record<string, string> } | undefined>

const ROOT_ELEMENT = '<div id="root">'

interface Site {
  prefix: string
  distDir: string
  /** what the server makes of index.html for a request */
  compose?: PageCompose | undefined
  /** index.html's cache-control */
  indexCacheControl: string
  /** what the log says when the folder has no build */
  missingMessage: string
}

/** A site's page for a request path (sent by the reply), or undefined when it is not one. */
type PageFor = (
  pathname: string,
) =>
  | ((request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>)
  | undefined

/**
 * One built app under its prefix: hashed assets cached for a year, other files never; its root
 * page answers index.html. Returns which paths are its pages (deep links), for the not-found
 * handler that serves them.
 */
async function registerSite(app: FastifyInstance, site: Site, isFirst: boolean): Promise<PageFor> {
  const { prefix, distDir } = site
  const readIndex = indexReader(distDir, prefix)
  if (readIndex().kind === 'missing') app.log.warn({ distDir }, site.missingMessage)
  // Without the folder at start there is nothing to serve files from: no page either (its
  // scripts would answer 404) until a restart after the build.
  if (!fs.existsSync(distDir)) return () => undefined
  await app.register(fastifyStatic, {
    root: distDir,
    prefix,
    wildcard: true,
    index: false,
    // the reply's sendFile is decorated once
    decorateReply: isFirst,
    setHeaders: (reply, filePath) => {
      const isHashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep)
      void reply.header(
        'cache-control',
        isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const index = readIndex()
    const composed =
      index.kind === 'ready' && site.compose !== undefined
        ? await site.compose(request, index.html.toString('utf8'))
        : undefined
    if (composed === undefined) return sendIndex(reply, index, site.indexCacheControl)
    if (composed.headers !== undefined) void reply.headers(composed.headers)
    return sendIndex(
      reply,
      { kind: 'ready', html: Buffer.from(composed.html, 'utf8') },
      site.indexCacheControl,
    )
  }
  // the folder itself is no file: the app's root page
  app.get(prefix, { schema: { hide: true } }, page)
  const bare = prefix.slice(0, -1)
  return (pathname) =>
    (pathname === bare || pathname.startsWith(prefix)) && !pathname.startsWith(`${prefix}assets/`)
      ? page
      : undefined
}

/** index.html with `markup` just before the app's root element (unchanged without one). */
export function insertBeforeRoot(html: string, markup: string): string {
  const at = html.indexOf(ROOT_ELEMENT)
  return at < 0 ? html : html.slice(0, at) + markup + html.slice(at)
}

/** index.html when the build is whole; while one is written, a page that comes back soon. */
function sendIndex(reply: FastifyReply, index: IndexState, cacheControl: string) {
  if (index.kind === 'ready') {
    return reply
      .header('cache-control', cacheControl)
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

/**
 * Serves the built SPA under /app and the back-office console under /admin (issue #20). Hashed
 * assets are cached for a year; index.html and build-meta.json never, so a new build is picked up
 * (SPEC §4 "Build updates"); the console's page is not even stored (no-store: it is the staff's).
 * Files are looked up on each request (a rebuild's new chunks are served without a restart). Any
 * other path under a prefix answers its index.html so deep links reload; the app decides what is
 * not found.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  adminDistDir?: string,
  compose?: PageCompose,
): Promise<void> {
  const sites: PageFor[] = [
    await registerSite(
      app,
      {
        prefix: SPA_PREFIX,
        distDir: webDistDir,
        // no-cache: stored but asked again each time, so an inserted notice is never stale
        indexCacheControl: 'no-cache',
        compose,
        missingMessage: 'web app not built: /app answers 404 until it is (npm run build)',
      },
      true,
    ),
  ]
  if (adminDistDir !== undefined) {
    sites.push(
      await registerSite(
        app,
        {
          prefix: ADMIN_PREFIX,
          distDir: adminDistDir,
          indexCacheControl: 'no-store',
          missingMessage: 'admin console not built: /admin answers 404 until it is (npm run build)',
        },
        !fs.existsSync(webDistDir),
      ),
    )
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? ''
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    const page = isRead ? sites.map((pageFor) => pageFor(pathname)).find(Boolean) : undefined
    return page === undefined
      ? sendIndex(reply, { kind: 'missing' }, 'no-cache')
      : page(request, reply)
  })
}
