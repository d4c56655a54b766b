import * as Access from './access/endpoints.ts'
import * as Admin from './admin/endpoints.ts'
import * as AdminNotices from './admin/notice-endpoints.ts'
import * as AdminParticipation from './admin/participation.ts'
import * as AdminSetup from './admin/setup.ts'
import * as AdminMoney from './admin/money.ts'
import * as Application from './application/endpoints.ts'
import type { Endpoint } from './endpoint.ts'
import * as Group from './group/endpoints.ts'
import * as CardChange from './my-page/card-change.ts'
import * as MyPage from './my-page/endpoints.ts'
import * as Invoice from './my-page/invoice.ts'
import * as Payment from './payment/payment.ts'
import * as Renewal from './renewal/endpoints.ts'

// Every endpoint of the API (ADR 0022), for the checks that hold the server and the definitions to
// one another (a test that every one is registered, and that every route has one). The browser
// never imports this: it would build every schema.

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  typeof value.path === 'string'

export const allEndpoints: readonly Endpoint[] = [
  ...[
    Access,
    Admin,
    AdminMoney,
    AdminNotices,
    AdminParticipation,
    AdminSetup,
    Application,
    CardChange,
    Group,
    Invoice,
    MyPage,
    Payment,
    Renewal,
  ].flatMap((module) => Object.values(module).filter(isEndpoint)),
  ...Object.values(Application.saveStepApis),
]
