import { describe, expect, it } from 'vitest'
import { applicationSteps } from '../rules/application-steps.ts'
import { allEndpoints } from './all-endpoints.ts'
import { saveStepApis } from './application/endpoints.ts'
import * as AccessRoutes from './access/routes.ts'
import * as AdminRoutes from './admin/routes.ts'
import * as AdminNoticeRoutes from './admin/notice-routes.ts'
import * as AdminParticipationRoutes from './admin/participation-routes.ts'
import * as AdminSetup from './admin/setup-routes.ts'
import * as AdminMoneyRoutes from './admin/money-routes.ts'
import * as SessionRoutes from './access/session.ts'
import * as CurrentRoute from './application/current-route.ts'
import * as ApplicationRoutes from './application/routes.ts'
import { fillPath, pathParamNames, type Endpoint, type Route } from './endpoint.ts'
import * as GroupRoutes from './group/routes.ts'
import * as MyPageRoutes from './my-page/routes.ts'
import * as CardChangeRoutes from './my-page/card-change-routes.ts'
import * as InvoiceRoutes from './my-page/invoice-routes.ts'
import * as PaymentRoutes from './payment/routes.ts'
import * as RenewalRoutes from './renewal/routes.ts'

// Issue #18 point 2 (ADR 0022): every endpoint is defined once, from its route. These checks hold
// the definitions to that: each route of an area's routes.ts has exactly one endpoint, a
// template's params are exactly the params its schema checks, and no two endpoints share a method
// and path.

const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  typeof value.path === 'string'

const routeKey = (route: Route) => `${route.method} ${route.path}`

const routeModules = [
  CurrentRoute,
  AccessRoutes,
  AdminRoutes,
  AdminNoticeRoutes,
  AdminParticipationRoutes,
  AdminSetup,
  AdminMoneyRoutes,
  SessionRoutes,
  ApplicationRoutes,
  GroupRoutes,
  MyPageRoutes,
  InvoiceRoutes,
  CardChangeRoutes,
  PaymentRoutes,
  RenewalRoutes,
]
/** Every route an area declares; the per-step save is one route per application step. */
const routes: Route[] = [
  ...routeModules.flatMap((module) => Object.values(module).filter(isRoute)),
  ...applicationSteps.map((step) => ApplicationRoutes.saveStepRoute(step)),
]

const endpoints = allEndpoints

/** The keys a params schema checks (zod/mini object: its shape). */
function paramKeys(endpoint: Endpoint): string[] {
  const schema: unknown = endpoint.params
  if (schema === undefined) return []
  const shape = (schema as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape
  return Object.keys(shape).sort()
}

describe('エンドポイントの定義（issue #18 §2）', () => {
  it('メソッドとパスの組はどれも一度だけ定義されていること', () => {
    expect(routes.length).toBeGreaterThan(50)
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length)
    expect(new Set(endpoints.map(routeKey)).size).toBe(endpoints.length)
  })

  it('どのルートにもエンドポイントがちょうど一つあり、ルートのないエンドポイントはないこと', () => {
    expect(endpoints.map(routeKey).sort()).toEqual(routes.map(routeKey).sort())
  })

  it('パスの {name} と末尾の * が params のスキーマの項目と一致すること', () => {
    for (const endpoint of endpoints) {
      expect(paramKeys(endpoint), routeKey(endpoint)).toEqual(pathParamNames(endpoint.path).sort())
    }
  })

  it('GET と DELETE は本文を取らないこと（問い合わせは querystring）', () => {
    const withBody = endpoints.filter(
      (endpoint) =>
        (endpoint.method === 'GET' || endpoint.method === 'DELETE') && endpoint.body !== undefined,
    )
    expect(withBody.map(routeKey)).toEqual([])
  })

  it('申込の各ステップに保存のエンドポイントがあること', () => {
    expect(Object.keys(saveStepApis).sort()).toEqual([...applicationSteps].sort())
    expect(saveStepApis.selectType.path).toBe('/applyInfo/selectType')
  })
})

describe('fillPath', () => {
  it('{name} を URL のセグメントとして埋めること', () => {
    expect(fillPath(ApplicationRoutes.editInsuredRoute.path, { unitNo: 3, insrdId: 'a/b c' })).toBe(
      '/applyInfo/insured/3/a%2Fb%20c',
    )
  })

  it('末尾の * には残りのパス（署名付きトークン）をそのまま置くこと', () => {
    expect(fillPath(ApplicationRoutes.fileUploadRoute.path, { '*': 'eyJ.abc-_' })).toBe(
      '/files/upload/eyJ.abc-_',
    )
  })

  it('パラメーターのないパスはそのまま返し、足りないパラメーターは誤りとすること', () => {
    expect(fillPath(CurrentRoute.applyInfoRoute.path, undefined)).toBe('/applyInfo/')
    expect(() => fillPath(ApplicationRoutes.addInsuredRoute.path, {})).toThrow(
      'missing path param unitNo',
    )
  })

  it('pathParamNames がパスの順にパラメーター名を返すこと', () => {
    expect(pathParamNames('/applyInfo/insured/{unitNo}/{insrdId}')).toEqual(['unitNo', 'insrdId'])
    expect(pathParamNames('/files/download/*')).toEqual(['*'])
    expect(pathParamNames('/applyInfo/')).toEqual([])
  })
})
