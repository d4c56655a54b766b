import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '@app/shared'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from './db/client.ts'
import { writeMaintenanceSwitch } from './modules/system/system-repository.ts'
import { allEndpoints } from '@app/shared/api/all-endpoints'
import { buildApp } from './app.ts'
import { API_PREFIX } from './lib/api-url.ts'
import { routerPath } from './lib/register-endpoint.ts'
import { fixedClock } from './clock.ts'
import {
  createTestApp,
  createTestDatabase,
  productionTestEnv,
  testConfig,
  testNow,
} from '../test/helpers.ts'

/** Routes that exist only in this suite, to drive the shared machinery. */
function addProbeRoutes(app: FastifyInstance) {
  app.post(
    '/api/probe/echo',
    { schema: { body: z.strictObject({ name: z.string().min(1), count: z.number().int() }) } },
    (request) => request.body,
  )
  app.get('/api/probe/bug', () => {
    throw new Error('database password is hunter2')
  })
  app.get('/api/probe/refused', () => {
    throw new AppError('APFA2002', {
      message: 'already applied',
      userMessage: 'お申し込み済みです。',
    })
  })
}

describe('サーバーの共通の仕組み', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await createTestApp(database)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('共有のエンドポイント定義がすべて /api に登録され、API の文書にはそれ以外がないこと（issue #18 §2）', async () => {
    for (const endpoint of allEndpoints) {
      const url = `${API_PREFIX}${routerPath(endpoint.path)}`
      expect(app.hasRoute({ method: endpoint.method, url }), `${endpoint.method} ${url}`).toBe(true)
    }
    const document = (await app.inject('/api/docs')).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    const documented = Object.entries(document.paths)
      .filter(([url]) => url.startsWith(`${API_PREFIX}/`))
      .flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method} ${url}`))
    const defined = allEndpoints.map((endpoint) => {
      const url = routerPath(endpoint.path)
        .replace(/:(\w+)/g, '{$1}')
        .replace(/\*$/, '{*}')
      return `${endpoint.method.toLowerCase()} ${API_PREFIX}${url}`
    })
    expect(documented.sort()).toEqual(defined.sort())
  })

  it('/healthz と /readyz が応答すること', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
  })

  it('厳格なCSPなどのセキュリティヘッダーを付けること', async () => {
    const response = await app.inject('/healthz')
    const csp = response.headers['content-security-policy']
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('送られてきたリクエストIDを応答にも付けること', async () => {
    const response = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    })
    expect(response.headers['x-request-id']).toBe('trace-12345678')
  })

  it('存在しないAPIには 404 と APFN0001 を返すこと', async () => {
    const response = await app.inject('/api/no/such/route')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ errorCode: 'APFN0001', message: expect.any(String) })
  })

  it('本番では /api/docs を出さず（API_DOCS=on のときだけ出し）、/dev も出さないこと（issue #19 の1）', async () => {
    const production = await createTestApp(database, { env: productionTestEnv })
    const withDocs = await createTestApp(database, {
      env: { ...productionTestEnv, API_DOCS: 'on' },
    })
    try {
      const hidden = await production.inject('/api/docs')
      expect(hidden.statusCode).toBe(404)
      expect(hidden.json()).toMatchObject({ errorCode: 'APFN0001' })
      expect((await production.inject('/dev/outbox')).statusCode).toBe(404)
      const shown = await withDocs.inject('/api/docs')
      expect(shown.statusCode).toBe(200)
      expect(shown.json<{ openapi: string }>().openapi).toBe('3.1.0')
    } finally {
      await production.close()
      await withDocs.close()
    }
  })

  it('OpenAPI をルートのスキーマから生成して /api/docs で返すこと', async () => {
    const response = await app.inject('/api/docs')
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/groupPfInfo/', '/api/itemDefinitions/', '/healthz', '/readyz']),
    )
    expect(
      document.paths['/api/groupPfInfo/'].get.parameters.map(
        (parameter: { name: string }) => parameter.name,
      ),
    ).toEqual(
      expect.arrayContaining([
        'urlKey',
        'groupPfCode',
        'groupPfCodeInceptionDateYm',
        'groupPfBranchNo',
      ]),
    )
  })
})

describe('リクエスト本文とエラー応答 (SPEC §7.3)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    app = await buildApp({
      config: testConfig({ BODY_LIMIT: '2048' }),
      database,
      clock: fixedClock(testNow),
      logger: false,
    })
    addProbeRoutes(app)
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const post = (payload: Buffer, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    })

  it('gzip 圧縮されたJSON本文を受け付けること', async () => {
    const response = await post(gzipSync(JSON.stringify({ name: '山田', count: 2 })), {
      'content-encoding': 'gzip',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ name: '山田', count: 2 })
  })

  it('展開後の大きさで上限を判定し、超えれば 413 を返すこと', async () => {
    const bomb = gzipSync(JSON.stringify({ name: 'x'.repeat(100_000), count: 1 }))
    expect(bomb.length).toBeLessThan(2048)
    const response = await post(bomb, { 'content-encoding': 'gzip' })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ errorCode: 'APFP0001', message: expect.any(String) })
  })

  it('存在しないAPIへの gzip POST にも 404 と APFN0001 を返すこと', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/no/such/route',
      payload: gzipSync(JSON.stringify({ a: 1 })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().errorCode).toBe('APFN0001')
  })

  it('壊れた gzip には 400 を、未対応の圧縮形式には 415 を返すこと', async () => {
    const broken = await post(Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().errorCode).toBe('APFB0001')
    const unsupported = await post(Buffer.from('{}'), { 'content-encoding': 'br' })
    expect(unsupported.statusCode).toBe(415)
    expect(unsupported.json().errorCode).toBe('APFU0001')
  })

  it('スキーマに合わない本文には 400 と項目ごとの issues を返すこと', async () => {
    const response = await post(Buffer.from(JSON.stringify({ name: '', count: 1.5 })))
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.errorCode).toBe('APFV0001')
    expect(body.issues.map((issue: { path: string }) => issue.path)).toEqual(['name', 'count'])
    expect(body.issues.every((issue: { message: string }) => issue.message.length > 0)).toBe(true)
  })

  it('JSONとして読めない本文には 400 を返すこと', async () => {
    const response = await post(Buffer.from('{"name":'))
    expect(response.statusCode).toBe(400)
    expect(response.json().errorCode).toBe('APFB0001')
  })

  it('想定外の例外は内部情報を出さずに 500 と E9999 を返すこと', async () => {
    const response = await app.inject('/api/probe/bug')
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ errorCode: 'E9999', message: expect.any(String) })
    expect(response.body).not.toContain('hunter2')
  })

  it('AppError はそのコードの状態と利用者向けメッセージで返すこと', async () => {
    const response = await app.inject('/api/probe/refused')
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ errorCode: 'APFA2002', message: 'お申し込み済みです。' })
  })
})

describe('メンテナンスと流量制限', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('日次のメンテナンス時間帯はAPIが 503 を返し、ヘルスチェックは応答すること', async () => {
    const at0430 = new Date(Date.UTC(2026, 10, 19, 19, 30))
    const app = await createTestApp(database, {
      env: { MAINTENANCE_WINDOW: '04:00-06:00' },
      now: at0430,
    })
    const response = await app.inject('/api/groupPfInfo/?groupPfCode=G1&urlKey=abcdefghij')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ errorCode: 'APFS0001', message: expect.any(String) })
    expect((await app.inject('/healthz')).statusCode).toBe(200)
    await app.close()
  })

  it('時間帯の外では通常どおり応答すること', async () => {
    const at0600 = new Date(Date.UTC(2026, 10, 19, 21, 0))
    const app = await createTestApp(database, {
      env: { MAINTENANCE_WINDOW: '04:00-06:00' },
      now: at0600,
    })
    const response = await app.inject('/api/groupPfInfo/?groupPfCode=G1&urlKey=abcdefghij')
    expect(response.statusCode).toBe(404)
    await app.close()
  })

  it('手動スイッチを入れると全プロセスが 503 を返すこと', async () => {
    await writeMaintenanceSwitch(database.db, true)
    const app = await createTestApp(database)
    const response = await app.inject('/api/groupPfInfo/?groupPfCode=G1&urlKey=abcdefghij')
    expect(response.statusCode).toBe(503)
    expect(response.json().errorCode).toBe('APFS0001')
    await app.close()
    await writeMaintenanceSwitch(database.db, false)
  })

  it('上限を超えたリクエストには 429 と APFR0001 を返すこと', async () => {
    const app = await createTestApp(database, { env: { RATE_LIMIT_MAX: '3' } })
    // An address of its own: the count is kept in the database, which the suite's other apps
    // have already sent requests to from the default address (flood-guard-store.ts).
    const request = { url: '/api/no/such/route', remoteAddress: '192.0.2.33' }
    const statuses: number[] = []
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await app.inject(request)).statusCode)
    }
    expect(statuses).toEqual([404, 404, 404, 429])
    const limited = await app.inject(request)
    expect(limited.json()).toEqual({ errorCode: 'APFR0001', message: expect.any(String) })
    await app.close()
  })
})

describe('SPA の配信 (/app)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let dist: string

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ja"><title>団体保険</title></html>',
    )
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    fs.writeFileSync(path.join(dist, 'build-meta.json'), '{"buildId":"b1"}')
    database = await createTestDatabase()
    app = await createTestApp(database, { env: { WEB_DIST_DIR: dist } })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it('深いリンクでも index.html を返すこと', async () => {
    for (const url of [
      '/app/',
      '/app/ent/G1/202612/00001/abcdefghij/selectType',
      '/app/no/such/page?x=1',
    ]) {
      const response = await app.inject(url)
      expect(response.statusCode, `${url} ${response.body.slice(0, 200)}`).toBe(200)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<title>団体保険</title>')
    }
  })

  it('ハッシュ付きのファイルは1年キャッシュし、ビルド情報はキャッシュさせないこと', async () => {
    const asset = await app.inject('/app/assets/index-abc123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const meta = await app.inject('/app/build-meta.json')
    expect(meta.headers['cache-control']).toBe('no-cache')
    expect(meta.json()).toEqual({ buildId: 'b1' })
  })

  it('存在しないアセットは index.html ではなく 404 を返すこと', async () => {
    const response = await app.inject('/app/assets/missing-000.js')
    expect(response.statusCode).toBe(404)
    expect(response.json().errorCode).toBe('APFN0001')
  })

  it('動いているサーバーの下で作り直したビルドをすぐに配り、作りかけの間はスクリプトの欠けたページを出さないこと（issue #23 の2）', async () => {
    const page = (script: string) =>
      `<!doctype html><html lang="ja"><title>団体保険</title><script type="module" src="/app/assets/${script}"></script></html>`
    fs.writeFileSync(path.join(dist, 'assets', 'index-old111.js'), 'console.log("old")')
    fs.writeFileSync(path.join(dist, 'index.html'), page('index-old111.js'))
    expect((await app.inject('/app/ent/x')).body).toContain('index-old111.js')

    // The build empties the folder first, then writes the chunks, then index.html.
    fs.rmSync(path.join(dist, 'assets', 'index-old111.js'))
    fs.rmSync(path.join(dist, 'index.html'))
    const emptied = await app.inject('/app/ent/x')
    expect([emptied.statusCode, emptied.headers['retry-after']]).toEqual([503, '5'])
    expect(emptied.body).toContain('ただいま画面を更新しています')
    fs.writeFileSync(path.join(dist, 'index.html'), page('index-new222.js'))
    // index.html written before its chunk: still not a page whose script is missing
    expect((await app.inject('/app/ent/x')).statusCode).toBe(503)
    fs.writeFileSync(path.join(dist, 'assets', 'index-new222.js'), 'console.log("new")')

    const rebuilt = await app.inject('/app/ent/x')
    expect(rebuilt.statusCode).toBe(200)
    expect(rebuilt.body).toContain('index-new222.js')
    const script = await app.inject('/app/assets/index-new222.js')
    expect([script.statusCode, script.body]).toEqual([200, 'console.log("new")'])
  })
})

describe('ランディングページのサーバー描画 (issue #22、ADR 0036)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let root: string

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-builds-'))
    const web = path.join(root, 'dist')
    const ssr = path.join(root, 'dist-ssr')
    for (const dir of [path.join(web, 'assets'), path.join(web, '.vite'), ssr]) {
      fs.mkdirSync(dir, { recursive: true })
    }
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="ja"><head><title>団体保険</title>' +
        '<script type="module" crossorigin src="/app/assets/index-e1.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/app/assets/shell-c1.css"></head>' +
        '<body><div id="root"></div></body></html>',
    )
    fs.writeFileSync(path.join(web, 'assets', 'shell-c1.css'), 'p{color:red}')
    fs.writeFileSync(path.join(web, 'assets', 'index-e1.js'), 'console.log("app")')
    fs.writeFileSync(path.join(web, 'assets', 'boot-b1.js'), 'console.log("boot")')
    fs.writeFileSync(
      path.join(web, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/boot.ts': { file: 'assets/boot-b1.js', isEntry: true } }),
    )
    // A stand-in for the web app's server entry: it renders the system terms page only.
    fs.writeFileSync(
      path.join(ssr, 'entry-server.js'),
      `export async function renderLanding({ url }) {
        if (new URL(url).pathname !== '/app/systemTermsOfServiceAndPolicies') return undefined
        return { root: '<h1>規約</h1>', title: '規約', data: '', module: 'x', themeCss: '' }
      }`,
    )
    database = await createTestDatabase()
    // WEB_SSR_DIST_DIR unset: the server entry is the dist-ssr folder beside the web build
    app = await createTestApp(database, { env: { WEB_DIST_DIR: web } })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('描画したページはその nonce の CSP で返し、他のページは index.html のまま返すこと', async () => {
    const rendered = await app.inject('/app/systemTermsOfServiceAndPolicies')
    expect(rendered.statusCode).toBe(200)
    expect(rendered.headers['cache-control']).toBe('no-cache')
    expect(rendered.body).toContain('<div id="root"><h1>規約</h1></div>')
    const nonce = /<style nonce="([^"]+)">p\{color:red\}/.exec(rendered.body)?.[1]
    expect(nonce).toBeDefined()
    expect(rendered.headers['content-security-policy']).toContain(
      `style-src 'self' 'nonce-${nonce ?? ''}'`,
    )
    expect(rendered.headers['content-security-policy']).toContain("script-src 'self';")
    // the app is imported by the boot script after the first paint (ADR 0036 round 2)
    expect(rendered.body).toContain(
      '<script type="module" crossorigin src="/app/assets/boot-b1.js" data-entry="/app/assets/index-e1.js" data-preload=""></script>',
    )
    // a new nonce per answer
    const again = await app.inject('/app/systemTermsOfServiceAndPolicies')
    expect(again.body).not.toContain(`nonce="${nonce ?? ''}"`)

    const plain = await app.inject('/app/ent/G1/202612/00001/abcdefghij/selectType')
    expect(plain.body).toContain('<div id="root"></div>')
    expect(plain.body).toContain('rel="stylesheet"')
    expect(plain.headers['content-security-policy']).toContain("style-src 'self';")
  })
})

describe('管理コンソールの配信 (/admin、issue #20)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let root: string

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-builds-'))
    const web = path.join(root, 'dist')
    const admin = path.join(root, 'dist-admin')
    for (const dir of [web, admin]) fs.mkdirSync(path.join(dir, 'assets'), { recursive: true })
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html lang="ja"><title>団体保険</title></html>',
    )
    fs.writeFileSync(
      path.join(admin, 'index.html'),
      '<!doctype html><html lang="ja"><title>団体保険 管理コンソール</title><script type="module" src="/admin/assets/index-adm111.js"></script></html>',
    )
    fs.writeFileSync(path.join(admin, 'assets', 'index-adm111.js'), 'console.log("admin")')
    database = await createTestDatabase()
    // ADMIN_DIST_DIR unset: the console's build is the dist-admin folder beside the web build
    app = await createTestApp(database, { env: { WEB_DIST_DIR: web } })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('/admin/ とコンソールの画面のパスにはコンソールの index.html を保存させずに返すこと', async () => {
    for (const url of [
      '/admin/',
      '/admin',
      '/admin/applications',
      '/admin/applications/x?page=2',
    ]) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.body).toContain('<title>団体保険 管理コンソール</title>')
      // the security headers hold for the console too
      expect(response.headers['content-security-policy']).toContain("script-src 'self'")
      expect(response.headers['x-frame-options']).toBe('DENY')
    }
    // the applicant app is still its own
    expect((await app.inject('/app/ent/x')).body).toContain('<title>団体保険</title>')
  })

  it('コンソールのハッシュ付きファイルは1年キャッシュし、無いファイルは 404 を返すこと', async () => {
    const asset = await app.inject('/admin/assets/index-adm111.js')
    expect([asset.statusCode, asset.body]).toEqual([200, 'console.log("admin")'])
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const missing = await app.inject('/admin/assets/x.js')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().errorCode).toBe('APFN0001')
  })

  it('コンソールのページへの GET 以外は 404 を返すこと', async () => {
    const response = await app.inject({ method: 'POST', url: '/admin/applications' })
    expect(response.statusCode).toBe(404)
  })
})
