import fs from 'node:fs'
import path from 'node:path'
import * as AdminRoutes from '@app/shared/api/admin/routes'
import * as AdminNoticeRoutes from '@app/shared/api/admin/notice-routes'
import * as AdminParticipationRoutes from '@app/shared/api/admin/participation-routes'
import * as AdminSetup from '@app/shared/api/admin/setup-routes'
import * as AdminMoneyRoutes from '@app/shared/api/admin/money-routes'
import * as AccessRoutes from '@app/shared/api/access/routes'
import * as SessionRoutes from '@app/shared/api/access/session'
import * as CurrentRoute from '@app/shared/api/application/current-route'
import * as ApplicationRoutes from '@app/shared/api/application/routes'
import type { extendSessionApi } from '@app/shared/api/access/endpoints'
import type { Route } from '@app/shared/api/endpoint'
import * as GroupRoutes from '@app/shared/api/group/routes'
import * as MyPageRoutes from '@app/shared/api/my-page/routes'
import * as InvoiceRoutes from '@app/shared/api/my-page/invoice-routes'
import * as PaymentRoutes from '@app/shared/api/payment/routes'
import * as RenewalRoutes from '@app/shared/api/renewal/routes'
import { describe, expect, it } from 'vitest'
import { createApiClient } from './api-client.ts'
import { callEndpoint } from './call-endpoint.ts'
import { jsonResponse, mockFetch } from '../test/http.ts'

// Issue #18 point 2 (ADR 0022): the browser calls our API only through callEndpoint, with the
// route of a shared endpoint definition; no module of the app spells an API path.

const sourceRoot = path.resolve(import.meta.dirname, '..')

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** The first segment of every route of ours: '/applyInfo/', '/files/' … */
function apiPrefixes(): string[] {
  const routes = [
    CurrentRoute,
    AccessRoutes,
    SessionRoutes,
    ApplicationRoutes,
    GroupRoutes,
    MyPageRoutes,
    InvoiceRoutes,
    PaymentRoutes,
    RenewalRoutes,
    AdminRoutes,
    AdminNoticeRoutes,
    AdminParticipationRoutes,
    AdminSetup,
    AdminMoneyRoutes,
  ].flatMap((module) =>
    Object.values(module).filter(
      (value): value is Route => typeof value === 'object' && 'path' in value,
    ),
  )
  return [...new Set(routes.map((route) => `/${route.path.split('/')[1] ?? ''}/`))]
}

const relative = (file: string) => path.relative(sourceRoot, file)

/** Strings and template texts of a module, comments left out. */
function literals(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  return [...withoutComments.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map(
    (match) => match[2] ?? '',
  )
}

describe('API の呼び出しは共有のエンドポイント定義から（issue #18 §2）', () => {
  it('アプリのどのモジュールも API のパスを文字列で書かないこと', () => {
    const prefixes = apiPrefixes()
    expect(prefixes).toContain('/applyInfo/')
    expect(prefixes).toContain('/admin/')
    const found = sourceFiles(sourceRoot).flatMap((file) =>
      literals(fs.readFileSync(file, 'utf8'))
        // a module specifier is no path (the admin routes' '/admin/' is in '@app/shared/api/admin/…')
        .filter((literal) => !literal.startsWith('@app/shared/'))
        .filter((literal) => prefixes.some((prefix) => literal.includes(prefix)))
        .map((literal) => `${relative(file)}: ${literal}`),
    )
    expect(found).toEqual([])
  })

  it('API クライアントを直接呼ぶのは callEndpoint と署名付きURLへの送信だけであること', () => {
    const direct = /\b(?:api|client)\.(?:get|post|put|delete)\s*[<(]/g
    const found = sourceFiles(sourceRoot).flatMap((file) => {
      if (relative(file) === path.join('lib', 'call-endpoint.ts')) return []
      const calls = fs.readFileSync(file, 'utf8').match(direct) ?? []
      return calls.map((call) => `${relative(file)}: ${call}`)
    })
    // the upload goes to the URL the server signed (of another origin in production), not a route
    expect(found).toEqual(['features/application/document-api.ts: api.put<'])
  })
})

describe('callEndpoint', () => {
  it('本文のない PUT は本文も Content-Type も付けずに送ること', async () => {
    const { fetch, requests } = mockFetch(() =>
      jsonResponse(200, {
        sessionToken: 't',
        expiresAt: '2026-11-27T00:00:00Z',
        expiresInSeconds: 1,
      }),
    )
    const api = createApiClient({ baseUrl: '/api', fetch })
    const answer = await callEndpoint<typeof extendSessionApi>(
      api,
      SessionRoutes.extendSessionRoute,
      {},
    )
    expect(answer.sessionToken).toBe('t')
    expect(requests[0]?.method).toBe('PUT')
    expect(requests[0]?.url).toBe('/api/sessionInfo/')
    expect(requests[0]?.headers.get('Content-Type')).toBeNull()
  })
})
