import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  chunkFilesOf,
  createLandingRenderer,
  RENDER_CACHE_MS,
  type LandingRenderer,
} from './landing-render.ts'

// The server's half of the landing pages' server render (issue #22, ADR 0036): how the web app's
// server entry is loaded and its page put into index.html. The entry here is a stand-in written
// to a temporary build folder; the real one is tested in apps/web (entry-server.test.tsx) and in
// the browser (e2e/tests/landing-render.spec.ts).

const indexHtml = `<!doctype html>
<html lang="ja">
  <head>
    <title>団体保険 Web加入・加入者マイページ</title>
    <script type="module" crossorigin src="/app/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/app/assets/shell-B.js">
    <link rel="stylesheet" crossorigin href="/app/assets/shell-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_shell'] },
  'src/boot.ts': { file: 'assets/boot-G.js', isEntry: true },
  _shell: { file: 'assets/shell-B.js' },
  'src/screen.tsx': { file: 'assets/screen-D.js', imports: ['_shell', '_parts'] },
  _parts: { file: 'assets/parts-E.js', imports: ['_shell', '_more'] },
  _more: { file: 'assets/more-F.js', imports: ['_parts'] },
}

/** A stand-in for apps/web's entry-server.js: its behaviour is chosen by the address. */
function entrySource(version: string): string {
  return `
export async function renderLanding({ url, now, fetch }) {
  globalThis.__landingRenders = (globalThis.__landingRenders ?? 0) + 1
  const { pathname } = new URL(url)
  if (pathname.endsWith('/plain')) return undefined
  if (pathname.endsWith('/boom')) throw new Error('render failed')
  let refused = 'no'
  try { await fetch('/api/echo/', { method: 'POST' }) } catch { refused = 'yes' }
  const echo = await (await fetch('/api/echo/?q=1')).json()
  return {
    root: '<main><h1>${version}</h1><p>' + echo.ip + ' ' + echo.query + ' ' + now + ' post refused ' + refused + '</p></main>',
    title: '利用規約 & <その他> | 団体',
    data: '<script type="application/json" id="server-rendered-data">{}</script>',
    module: 'src/screen.tsx',
    themeCss: '[data-layout]{--theme-color:#197a4b}',
  }
}
`
}

let folder: string
let webDistDir: string
let ssrDistDir: string
let app: FastifyInstance
let warnings: unknown[]
let renderer: LandingRenderer
let isClosed: boolean

/** A request as Fastify hands it to the page route, from the given address. */
function requestFor(url: string, ip = '198.51.100.7'): FastifyRequest {
  return { url, ip } as FastifyRequest
}

function writeEntry(version: string): void {
  fs.writeFileSync(path.join(ssrDistDir, 'entry-server.js'), entrySource(version))
}

beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-render-'))
  webDistDir = path.join(folder, 'dist')
  ssrDistDir = path.join(folder, 'dist-ssr')
  fs.mkdirSync(path.join(webDistDir, 'assets'), { recursive: true })
  fs.mkdirSync(path.join(webDistDir, '.vite'))
  fs.mkdirSync(ssrDistDir)
  fs.writeFileSync(path.join(webDistDir, 'index.html'), indexHtml)
  fs.writeFileSync(path.join(webDistDir, 'assets', 'shell-C.css'), 'body{margin:0}')
  fs.writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  writeEntry('v1')

  app = Fastify()
  app.get('/api/echo/', (request) => ({ ip: request.ip, query: JSON.stringify(request.query) }))
  await app.ready()
  warnings = []
  isClosed = false
  const log = { ...app.log, warn: (...args: unknown[]) => warnings.push(args) }
  renderer = createLandingRenderer({
    app,
    webDistDir,
    ssrDistDir,
    now: () => 1_800_000_000_000,
    isClosed: () => Promise.resolve(isClosed),
    log: log,
  })
})

afterEach(async () => {
  await app.close()
  fs.rmSync(folder, { recursive: true, force: true })
})

describe('createLandingRenderer', () => {
  it('puts the page into index.html: markup, data, title, inline stylesheet and preloads', async () => {
    const page = await renderer.render(requestFor('/app/ent/x/termsOfService?a=1'), indexHtml)

    expect(page).toBeDefined()
    const html = page?.html ?? ''
    expect(html).toContain(
      '<div id="root"><main><h1>v1</h1><p>198.51.100.7 {"q":"1"} 1800000000000 post refused yes</p></main></div>' +
        '<script type="application/json" id="server-rendered-data">{}</script>',
    )
    expect(html).toContain('<title>利用規約 &amp; &lt;その他&gt; | 団体</title>')
    expect(html).toContain('<body inert aria-hidden="true">')
    // the stylesheet inline, with the nonce the answer's CSP allows, and no request for it
    expect(page?.styleNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(html).toContain(
      `<style nonce="${page?.styleNonce}">body{margin:0}\n[data-layout]{--theme-color:#197a4b}</style>`,
    )
    expect(html).not.toContain('rel="stylesheet"')
    // no script before the first paint: the boot script names the entry, and preloads after the
    // paint what the entry and the screen need, each once
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('src="/app/assets/index-A.js"')
    const boot =
      /<script type="module" crossorigin src="\/app\/assets\/boot-G.js" data-entry="([^"]+)" data-preload="([^"]+)"><\/script>/.exec(
        html,
      )
    expect(boot?.[1]).toBe('/app/assets/index-A.js')
    expect(boot?.[2]?.split(' ')).toEqual([
      '/app/assets/shell-B.js',
      '/app/assets/screen-D.js',
      '/app/assets/parts-E.js',
      '/app/assets/more-F.js',
    ])
    expect(warnings).toEqual([])
  })

  it('sends index.html as built when the entry renders nothing or fails, and logs no address', async () => {
    expect(await renderer.render(requestFor('/app/ent/x/plain'), indexHtml)).toBeUndefined()
    expect(
      await renderer.render(requestFor('/app/ent/G1/202612/00001/secretKey/boom'), indexHtml),
    ).toBeUndefined()
    expect(warnings).toHaveLength(1)
    expect(JSON.stringify(warnings)).toContain('render failed')
    expect(JSON.stringify(warnings)).not.toContain('secretKey')
  })

  it('renders nothing without a server build, and picks up a rebuild without a restart', async () => {
    fs.rmSync(path.join(ssrDistDir, 'entry-server.js'))
    expect(
      await renderer.render(requestFor('/app/ent/x/termsOfService'), indexHtml),
    ).toBeUndefined()

    writeEntry('v2-rebuilt')
    const page = await renderer.render(requestFor('/app/ent/x/termsOfService'), indexHtml)
    expect(page?.html).toContain('<h1>v2-rebuilt</h1>')
  })

  it('renders nothing when the build has no manifest or the page no empty root', async () => {
    expect(
      await renderer.render(requestFor('/app/x'), indexHtml.replace('<div id="root"></div>', '')),
    ).toBeUndefined()
    fs.rmSync(path.join(webDistDir, '.vite', 'manifest.json'))
    expect(await renderer.render(requestFor('/app/x'), indexHtml)).toBeUndefined()
  })
})

describe('renders by address', () => {
  const renders = () => (globalThis as { __landingRenders?: number }).__landingRenders ?? 0

  afterEach(() => {
    vi.useRealTimers()
  })

  it('once for everyone asking for the same address at once, again for another or later', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const before = renders()
    const pages = await Promise.all(
      ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) =>
        renderer.render(requestFor('/app/ent/x/termsOfService', ip), indexHtml),
      ),
    )
    expect(renders() - before).toBe(1)
    // each answer still has a nonce of its own
    expect(new Set(pages.map((page) => page?.styleNonce)).size).toBe(3)

    await renderer.render(requestFor('/app/ent/x/termsOfService?other=1'), indexHtml)
    expect(renders() - before).toBe(2)

    // during maintenance nothing is rendered, not even from a recent render: the app's page meets
    // the maintenance answer itself
    isClosed = true
    expect(
      await renderer.render(requestFor('/app/ent/x/termsOfService'), indexHtml),
    ).toBeUndefined()
    isClosed = false

    vi.advanceTimersByTime(RENDER_CACHE_MS + 1)
    await renderer.render(requestFor('/app/ent/x/termsOfService'), indexHtml)
    expect(renders() - before).toBe(3)
  })
})

describe('chunkFilesOf', () => {
  it('lists a module and what it imports, each once, and nothing for an unknown module', () => {
    expect(chunkFilesOf(manifest, 'src/screen.tsx')).toEqual([
      'assets/screen-D.js',
      'assets/shell-B.js',
      'assets/parts-E.js',
      'assets/more-F.js',
    ])
    expect(chunkFilesOf(manifest, 'src/unknown.tsx')).toEqual([])
  })
})
