import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { createStaffApiClient } from './staff-api.ts'
import { readStaffSession, STAFF_TOKEN_KEY, storeStaffSession } from './staff-session.ts'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
}

describe('管理コンソールの API クライアント（issue #20）', () => {
  it('スタッフのトークンを Bearer で送り、応答の新しいトークンと残り時間を保存すること', async () => {
    const storage = memoryStorage()
    storeStaffSession(
      storage,
      // a server whose clock is pinned days behind this browser's (APP_NOW): only its seconds count
      {
        sessionToken: 'old',
        expiresAt: '2026-11-20T01:01:00.000Z',
        expiresInSeconds: 60,
        absoluteExpiresAt: '2026-11-20T09:00:00.000Z',
      },
      Date.now(),
    )
    const absoluteEnd = Date.parse(readStaffSession(storage)?.absoluteExpiresAt ?? '')
    expect(absoluteEnd - Date.now()).toBeGreaterThan(8 * 3_600_000 - 10_000)
    expect(absoluteEnd - Date.now()).toBeLessThanOrEqual(8 * 3_600_000)
    const { fetch, requests } = mockFetch(() =>
      jsonResponse(200, { ok: true }, { 'x-session-token': 'new', 'x-session-expires-in': '900' }),
    )
    const api = createStaffApiClient({ baseUrl: '/api', fetch, storage, onSessionEnded: vi.fn() })
    await api.get('/x/')
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer old')
    expect(storage.getItem(STAFF_TOKEN_KEY)).toBe('new')
    const expiresAt = Date.parse(readStaffSession(storage)?.expiresAt ?? '')
    expect(expiresAt - Date.now()).toBeGreaterThan(890_000)
    // the applicant's key is not used
    expect(storage.getItem('sessionToken')).toBeNull()
  })

  it('401 ADMA0001 ではセッションを消して知らせ、ほかの 401 では消さないこと', async () => {
    const storage = memoryStorage()
    storeStaffSession(
      storage,
      {
        sessionToken: 't',
        expiresAt: '2026-11-20T01:01:00.000Z',
        expiresInSeconds: 60,
        absoluteExpiresAt: '2026-11-20T09:00:00.000Z',
      },
      Date.now(),
    )
    let code = 'ADMA0003'
    const { fetch } = mockFetch(() => jsonResponse(401, { errorCode: code }))
    const onSessionEnded = vi.fn()
    const api = createStaffApiClient({ baseUrl: '/api', fetch, storage, onSessionEnded })
    await expect(api.get('/x/')).rejects.toMatchObject({ status: 401 })
    expect(storage.getItem(STAFF_TOKEN_KEY)).toBe('t')
    code = 'ADMA0001'
    await expect(api.get('/x/')).rejects.toMatchObject({ body: { errorCode: 'ADMA0001' } })
    expect(storage.getItem(STAFF_TOKEN_KEY)).toBeNull()
    expect(onSessionEnded).toHaveBeenCalledTimes(1)
  })
})
