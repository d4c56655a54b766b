import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'

// The landing pages rendered on the server (issue #22, ADR 0036): termsOfService, the my-page
// login and the system terms page. The web app's server entry (apps/web/src/entry-server.tsx,
// built by `vite build --ssr` into dist-ssr) runs the app's own routes, loaders and guards and
// renders the screen; this module puts its markup into index.html with what makes the first
// paint independent of any script or stylesheet request:
//   - the stylesheet inline (one <style> with a nonce in place of the <link>), with the group's
//     colours;
//   - no script before the first paint: the app's entry script is replaced by the boot script
//     (apps/web/src/boot.ts), which preloads the shell's and the screen's chunks and imports the
//     entry once the page has been painted (ADR 0036 "Round 2");
//   - the group data the render used, for the browser to hydrate without asking again;
//   - the screen's title.
// The group data is fetched by the app's own API call, answered in-process (app.inject) as if
// the visitor had made it (its rate limit is the visitor's). Anything the entry does not render
// (a redirect, an error, a page that is not a landing page) or a failure here leaves index.html
// as built: the browser then does exactly what it does without a server render.

/** What the web app's server entry exports (apps/web/src/entry-server.tsx). */
interface LandingEntry {
  renderLanding(request: { url: string; now: number; fetch: typeof fetch }): Promise<
    | {
        root: string
        title: string
        data: string
        module: string
        themeCss: string
      }
    | undefined
  >
}

interface ManifestChunk {
  file: string
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface LandingRenderer {
  /** index.html with the page rendered into it, or undefined when this page is not rendered */
  render(
    request: FastifyRequest,
    html: string,
  ): Promise<{ html: string; styleNonce: string } | undefined>
}

export interface LandingRendererOptions {
  app: FastifyInstance
  /** the web app's build (index.html, assets, .vite/manifest.json) */
  webDistDir: string
  /** the server entry's build (entry-server.js) */
  ssrDistDir: string
  /** the product's clock */
  now: () => number
  /**
   * Whether the applicant API is closed for maintenance: then nothing is rendered (nor served
   * from a recent render), and the app's page meets the maintenance answer itself (SPEC).
   */
  isClosed: () => Promise<boolean>
  log: FastifyBaseLogger
}

const ENTRY_FILE = 'entry-server.js'
/** how long a render serves everyone who asks for the same address (see `rendered`) */
export const RENDER_CACHE_MS = 3_000
/** renders kept at most (the least recently made go first) */
const RENDER_CACHE_ENTRIES = 500
const ROOT_ELEMENT = '<div id="root"></div>'
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/app\/(assets\/[^"]+\.css)"[^>]*>/g
const TITLE_ELEMENT = /<title>[^<]*<\/title>/
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/app\/(assets\/[^"]+\.js)"><\/script>/
const MODULE_PRELOAD =
  /<link rel="modulepreload" crossorigin href="\/app\/(assets\/[^"]+\.js)">\n?\s*/g
/** the boot script's source in the web app's manifest */
const BOOT_MODULE = 'src/boot.ts'

/** Escapes text for an HTML text node (the title). */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A file read again only when it changes (a rebuild under the running server, issue #23). */
function changingFile<T>(file: string, read: (file: string) => T): () => T | undefined {
  let cached: { stamp: string; value: T } | undefined
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (stat === undefined) return undefined
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`
    if (cached?.stamp !== stamp) cached = { stamp, value: read(file) }
    return cached.value
  }
}

/** The files a module needs, its own first: its chunk and every chunk it imports, recursively. */
export function chunkFilesOf(manifest: Manifest, module: string): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (chunk === undefined) return
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(module)
  return files
}

/**
 * A fetch whose GET requests to the API are answered by this server in-process, as from the
 * visitor's address. Anything else is refused: a render only reads.
 */
function inProcessFetch(app: FastifyInstance, remoteAddress: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    if (method !== 'GET' || !url.startsWith('/api/')) {
      throw new Error('a server render only reads the API')
    }
    const answer = await app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { accept: 'application/json' },
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    return new Response(answer.rawPayload, { status: answer.statusCode, headers })
  }
}

export function createLandingRenderer(options: LandingRendererOptions): LandingRenderer {
  const { app, webDistDir, log } = options
  const entryFile = path.join(options.ssrDistDir, ENTRY_FILE)
  if (!fs.existsSync(entryFile)) {
    log.warn(
      { ssrDistDir: options.ssrDistDir },
      'server render not built: landing pages are sent as the plain app page (npm run build)',
    )
  }
  // Imported again after a rebuild: the address carries the file's stamp.
  let entry: { stamp: string; module: Promise<LandingEntry> } | undefined
  const loadEntry = (): Promise<LandingEntry> | undefined => {
    const stat = fs.statSync(entryFile, { throwIfNoEntry: false })
    if (stat === undefined) return undefined
    const stamp = `${stat.ino}-${stat.size}-${stat.mtimeMs}`
    if (entry?.stamp !== stamp) {
      const address = `${pathToFileURL(entryFile).href}?build=${encodeURIComponent(stamp)}`
      entry = { stamp, module: import(address) as Promise<LandingEntry> }
    }
    return entry.module
  }
  // Loaded at start, not by the first visitor of a recruitment (its import takes a while).
  loadEntry()?.catch(() => undefined)
  const readManifest = changingFile(
    path.join(webDistDir, '.vite', 'manifest.json'),
    (file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest,
  )
  const stylesheets = new Map<string, () => string | undefined>()
  const stylesheet = (asset: string): string | undefined => {
    let read = stylesheets.get(asset)
    if (read === undefined) {
      read = changingFile(path.join(webDistDir, asset), (file) => fs.readFileSync(file, 'utf8'))
      stylesheets.set(asset, read)
    }
    return read()
  }

  type Page = Awaited<ReturnType<LandingEntry['renderLanding']>>
  /**
   * Renders by address, once for all who ask within RENDER_CACHE_MS (a mail to a whole group
   * brings its members to the same address at once): the page depends on the address, the group
   * data and the clock's day, not on the visitor. Entries of a previous build are never used.
   */
  const recent = new Map<string, { at: number; page: Promise<Page> }>()
  const rendered = (request: FastifyRequest, module: Promise<LandingEntry>): Promise<Page> => {
    const key = `${entry?.stamp ?? ''} ${request.url}`
    const at = performance.now()
    const cached = recent.get(key)
    if (cached !== undefined && at - cached.at < RENDER_CACHE_MS) return cached.page
    const page = module
      .then((loaded) =>
        loaded.renderLanding({
          // The origin is not the router's concern; the path and the query are.
          url: `http://localhost${request.url}`,
          now: options.now(),
          fetch: inProcessFetch(app, request.ip),
        }),
      )
      .catch((error: unknown) => {
        // No address or parameter in the log: the path holds the link's key.
        log.warn(
          {
            err: error instanceof Error ? { name: error.name, message: error.message } : 'unknown',
          },
          'server render failed: the plain app page is sent',
        )
        return undefined
      })
    recent.delete(key)
    recent.set(key, { at, page })
    // Only renders are kept: an address that is no landing page must not push one out.
    void page.then((result) => {
      if (result === undefined && recent.get(key)?.page === page) recent.delete(key)
    })
    // Addresses are the visitor's to choose: the oldest go first past the limit.
    for (const oldest of recent.keys()) {
      if (recent.size <= RENDER_CACHE_ENTRIES) break
      recent.delete(oldest)
    }
    return page
  }

  return {
    async render(request, html) {
      if (await options.isClosed()) return undefined
      const module = loadEntry()
      const manifest = readManifest()
      if (module === undefined || manifest === undefined || !html.includes(ROOT_ELEMENT)) {
        return undefined
      }
      const stylesheetAssets = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '')
      const css = stylesheetAssets.map(stylesheet)
      if (css.some((text) => text === undefined || text.includes('</'))) return undefined

      const page = await rendered(request, module)
      if (page === undefined) return undefined

      const entryScript = ENTRY_SCRIPT.exec(html)?.[1]
      const boot = manifest[BOOT_MODULE]?.file
      if (entryScript === undefined || boot === undefined) return undefined

      // What the entry needs (index.html's own preloads), then the screen's chunks, each once.
      const chunks = [
        ...new Set([
          ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''),
          ...chunkFilesOf(manifest, page.module),
        ]),
      ].filter((file) => file !== entryScript)
      const bootScript =
        `<script type="module" crossorigin src="/app/${boot}" data-entry="/app/${entryScript}"` +
        ` data-preload="${chunks.map((file) => `/app/${file}`).join(' ')}"></script>`

      const styleNonce = randomBytes(16).toString('base64')
      const style = `<style nonce="${styleNonce}">${css.join('\n')}\n${page.themeCss}</style>`
      let composed = html.replace(STYLESHEET_LINK, '').replace(MODULE_PRELOAD, '')
      composed = composed.replace(ENTRY_SCRIPT, () => bootScript)
      composed = composed.replace('</head>', `${style}\n</head>`)
      composed = composed.replace(TITLE_ELEMENT, () => `<title>${escapeText(page.title)}</title>`)
      composed = composed.replace(
        ROOT_ELEMENT,
        () => `<div id="root">${page.root}</div>${page.data}`,
      )
      // Until the browser has hydrated it (apps/web/src/main.tsx) the page takes no input, and
      // assistive technology meets it when it works, as it met the app's page before.
      composed = composed.replace('<body>', '<body inert aria-hidden="true">')
      return { html: composed, styleNonce }
    },
  }
}
