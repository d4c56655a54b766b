import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routerPath } from './register-endpoint.ts'

// Issue #18 point 2 (ADR 0022): every route of the API is registered from its shared endpoint
// definition with registerEndpoint; no route module spells a path or registers a route by hand.
// (register-endpoint.db.test.ts checks the other half: every shared endpoint is registered.)

const sourceRoot = path.resolve(import.meta.dirname, '..')

/** The route modules of the plugins app.ts mounts under the API prefix. */
const apiRouteModules = [
  'modules/access/routes.ts',
  'modules/address/routes.ts',
  'modules/application/routes.ts',
  'modules/audit/routes.ts',
  'modules/back-office/support-routes.ts',
  'modules/payment/money-routes.ts',
  'modules/export/routes.ts',
  'modules/files/routes.ts',
  'modules/group/routes.ts',
  'modules/my-page/auth/routes.ts',
  'modules/my-page/contract/routes.ts',
  'modules/payment/routes.ts',
  'modules/payment/invoice-routes.ts',
  'modules/renewal/routes.ts',
  'modules/staff/routes.ts',
  'modules/back-office/routes.ts',
  'modules/system/maintenance-routes.ts',
  'modules/notices/routes.ts',
  'modules/participation/routes.ts',
  'modules/back-office/setup-routes.ts',
]

/**
 * Route modules that are not the API, each with its reason: the probes, the metrics scrape and the
 * pamphlet page sit outside /api, the sandbox stands in for the payment provider (another
 * system's API), and the development mailbox is not an endpoint. (The SPA's and the console's
 * files are served by the not-found handler, plugins/spa.ts, which registers no route.)
 */
const notApi = [
  'modules/health/routes.ts',
  'modules/metrics/routes.ts',
  'modules/pamphlet/routes.ts',
  'modules/mail/dev-outbox.ts',
  'sandbox/routes.ts',
]

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

const read = (relative: string) =>
  fs
    .readFileSync(path.join(sourceRoot, relative), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')

/** A Fastify registration by hand: app.get('/x', …), api.all(SOME_PATH, …), app.route({ … }) */
const handRegistration =
  /\b\w+\.(?:(?:get|post|put|delete|patch|all)\(\s*(?:['"`]|[A-Z_]*(?:PATH|PREFIX)\b|\w+Path\b)|route\(\s*\{)/g
/** A string or template that starts like a path: '/applyInfo/', `/api${…}` … */
const pathLiteral = /(['"`])\/[\w:*{$-]/g

const registers = (file: string) => read(file).includes('registerEndpoint(')

describe('API のルートは共有のエンドポイント定義から登録すること（issue #18 §2）', () => {
  it('ルートを登録するモジュールは API のものか、理由のある API 以外のものだけであること', () => {
    const registering = sourceFiles(sourceRoot)
      .map((file) => path.relative(sourceRoot, file))
      .filter((file) => read(file).match(handRegistration) !== null || registers(file))
      .filter((file) => file !== 'lib/register-endpoint.ts' && file !== 'app.ts')
      .sort()
    expect(registering).toEqual([...apiRouteModules, ...notApi].sort())
  })

  it.each(apiRouteModules)('%s はパスを書かず、registerEndpoint だけで登録すること', (file) => {
    const text = read(file)
    expect(text.match(handRegistration) ?? []).toEqual([])
    expect(text.match(pathLiteral) ?? []).toEqual([])
    expect(text).toContain('registerEndpoint(')
  })

  it('パスの {name} をルーターの :name に直すこと', () => {
    expect(routerPath('/applyInfo/insured/{unitNo}/{insrdId}')).toBe(
      '/applyInfo/insured/:unitNo/:insrdId',
    )
    expect(routerPath('/files/upload/*')).toBe('/files/upload/*')
  })
})
