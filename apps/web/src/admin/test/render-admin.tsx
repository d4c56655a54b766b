import { render } from '@testing-library/react'
import { createMemoryRouter } from 'react-router'
import { vi } from 'vitest'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { AdminApp } from '../app.tsx'
import { createStaffApiClient } from '../lib/staff-api.ts'
import { STAFF_SESSION_KEY, STAFF_TOKEN_KEY } from '../lib/staff-session.ts'
import { adminRoutes } from '../router.tsx'
import type { StaffRoleName } from '@app/shared/api/admin/endpoints'

// The console as the browser runs it, on a memory router, with fetch answered by `respond`
// (method and path below /api). A signed-in role stores a staff session first.

export const staffId = '00000000-0000-4000-8000-000000000001'

export function meOf(role: StaffRoleName) {
  return {
    staffId,
    name: '管理 太郎',
    email: 'staff@example.jp',
    role,
    agency: role === 'agencyStaff' ? { agentCd: 'A001', agentName: 'テスト代理店' } : null,
    expiresAt: '2026-11-27T10:15:00.000Z',
    absoluteExpiresAt: '2026-11-27T18:00:00.000Z',
  }
}

export function signInAs(): void {
  window.sessionStorage.setItem(STAFF_TOKEN_KEY, 'staff-token-1')
  window.sessionStorage.setItem(
    STAFF_SESSION_KEY,
    JSON.stringify({
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      absoluteExpiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString(),
    }),
  )
}

export function renderAdmin(
  path: string,
  respond: (method: string, path: string) => Response | undefined,
  { role }: { role?: StaffRoleName } = {},
) {
  if (role !== undefined) signInAs()
  const { fetch, requests } = mockFetch((method, url) => {
    const answer = respond(method, url)
    if (answer !== undefined) return answer
    if (role !== undefined && method === 'GET' && url.startsWith('/admin/me/')) {
      return jsonResponse(200, meOf(role))
    }
    return jsonResponse(404, { errorCode: 'APFN0001' })
  })
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] })
  const api = createStaffApiClient({
    baseUrl: '/api',
    fetch,
    storage: window.sessionStorage,
    onSessionEnded: () => void router.navigate('/signin', { state: { errorCode: 'ADMA0001' } }),
  })
  const openTab = vi.fn(() => true)
  const view = render(
    <AdminApp
      services={{ api, storage: window.sessionStorage, now: () => Date.now(), openTab }}
      router={router}
    />,
  )
  return { ...view, router, requests, fetch, openTab }
}
