import { t } from '@app/shared/messages/t'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { entryGroupResponse } from '../test/entry-group.ts'
import { readSession, SESSION_TOKEN_KEY } from '../lib/session.ts'
import { storeTestSession, testSessionToken } from '../test/access.ts'
import { entBase } from '../test/fixtures.ts'
import { jsonResponse, mockFetch } from '../test/http.ts'
import { createTestServices, renderApp } from '../test/render-app.tsx'
import { expectConsoleError } from '../test/setup.ts'

const entRouterBase = entBase.replace(/^\/app/, '')
const MINUTE = 60_000

type Respond = (method: string, path: string) => Response

const extended = (): Response =>
  jsonResponse(200, {
    sessionToken: 'session.token.extended',
    expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString(),
    expiresInSeconds: 30 * 60,
  })

/** Signed in, on entryTerms (reached in the app), with the clock under the test's control. */
async function openSignedIn(respond: Respond = () => jsonResponse(204, null)) {
  storeTestSession(Date.now())
  const { fetch, requests } = mockFetch(respond)
  const services = createTestServices({
    handlers: { '/groupPfInfo/': () => entryGroupResponse('atOnce') },
    fetch,
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await act(() => rendered.router.navigate(`${entRouterBase}/entryTerms`))
  await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })
  return { ...rendered, requests }
}

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

describe('操作のない時間の警告と延長（PRODUCT.md "Sessions"）', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('25分たつまでは警告を出さず、25分で残り時間と2つのボタンの警告を出して延長にフォーカスを移すこと', async () => {
    await openSignedIn()

    advance(25 * MINUTE - 2000)
    expect(screen.queryByRole('alertdialog')).toBeNull()

    advance(2000)
    const dialog = await screen.findByRole('alertdialog', {
      name: 'まもなく自動的にログアウトします',
    })
    // The clock also runs on its own (shouldAdvanceTime), so a second may have gone.
    expect(dialog.textContent).toMatch(/あと(?:5分00|4分5\d)秒で自動的にログアウトします。/)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '延長する' }))
    expect(screen.getAllByRole('button', { name: 'ログアウト' }).length).toBeGreaterThan(0)

    advance(60_000)
    expect(dialog.textContent).toMatch(/あと(?:4分00|3分5\d)秒/)
  })

  it('「延長する」で PUT /sessionInfo/ を送り、新しいトークンを保存して警告を閉じること', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const { requests } = await openSignedIn(extended)
    advance(25 * MINUTE)
    await screen.findByRole('alertdialog')

    await user.click(screen.getByRole('button', { name: '延長する' }))

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/api/sessionInfo/' })
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${testSessionToken}`)
    expect(window.sessionStorage.getItem(SESSION_TOKEN_KEY)).toBe('session.token.extended')

    // The new end counts from the extension: no warning until 25 minutes after it.
    advance(20 * MINUTE)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    advance(5 * MINUTE)
    expect(await screen.findByRole('alertdialog')).toBeTruthy()
  })

  it('時間切れになるとセッションを消し、セッションエラー（E0003）の画面を出すこと', async () => {
    // React and React Router each report the error the boundary shows.
    expectConsoleError(2)
    const { requests } = await openSignedIn()

    advance(25 * MINUTE)
    await screen.findByRole('alertdialog')
    advance(5 * MINUTE)

    expect(await screen.findByRole('heading', { level: 1, name: 'エラー' })).toBeTruthy()
    expect(screen.getByText(t('errorScreen.authenticationFailed.description'))).toBeTruthy()
    expect(screen.queryByText(/エラーコード/)).toBeNull()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(readSession(window.sessionStorage)).toBeUndefined()
    expect(screen.queryByRole('button', { name: 'ログアウト' })).toBeNull()
    expect(requests).toEqual([])
  })

  it('警告の「ログアウト」で DELETE /sessionInfo/ を送り、セッションを消して利用規約へ移ること', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const { requests, router } = await openSignedIn()
    advance(25 * MINUTE)
    const dialog = await screen.findByRole('alertdialog')

    const signOut = [...dialog.querySelectorAll('button')].find(
      (button) => button.textContent === 'ログアウト',
    )
    await user.click(signOut as HTMLButtonElement)

    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
    expect(requests.map((request) => request.method)).toEqual(['DELETE'])
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${testSessionToken}`)
    expect(readSession(window.sessionStorage)).toBeUndefined()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})

describe('ログアウトのボタン（issue #5）', () => {
  it('ログイン中はヘッダーにログアウトを出し、押すと DELETE を送って利用規約へ移ること', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openSignedIn()

    const banner = screen.getByRole('banner')
    const button = screen.getByRole('button', { name: 'ログアウト' })
    expect(banner.contains(button)).toBe(true)

    await user.click(button)

    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /api/sessionInfo/',
    ])
    expect(readSession(window.sessionStorage)).toBeUndefined()
    expect(screen.queryByRole('button', { name: 'ログアウト' })).toBeNull()

    // Signed out, the pages after verification are closed again.
    await act(() => router.navigate(`${entRouterBase}/entryTerms`))
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
  })

  it('マイページのセッション（更新のお手続き中）は、ログアウトでマイページのログインへ戻ること（issue #9）', async () => {
    const user = userEvent.setup()
    storeTestSession(Date.now(), 'myPage')
    const { fetch, requests } = mockFetch(() => jsonResponse(204, null))
    const services = createTestServices({
      handlers: { '/groupPfInfo/': () => entryGroupResponse('atOnce') },
      fetch,
    })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await act(() => router.navigate(`${entRouterBase}/entryTerms`))
    await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })

    await user.click(screen.getByRole('button', { name: 'ログアウト' }))

    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/app\/myp\/[^/]+\/[^/]+\/login$/),
    )
    expect(requests.map((request) => `${request.method} ${request.url}`)).toContain(
      'DELETE /api/sessionInfo/',
    )
    expect(readSession(window.sessionStorage)).toBeUndefined()
  })

  it('サーバーに届かなくても、このタブのセッションは消すこと', async () => {
    const user = userEvent.setup()
    const { router } = await openSignedIn(() => jsonResponse(503, { errorCode: 'APFS0001' }))

    await user.click(screen.getByRole('button', { name: 'ログアウト' }))

    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`))
    expect(readSession(window.sessionStorage)).toBeUndefined()
  })

  it('ログインしていなければ、ヘッダーにログアウトを出さないこと', async () => {
    renderApp(`${entBase}/termsOfService`)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    expect(screen.queryByRole('button', { name: 'ログアウト' })).toBeNull()
  })

  it('ページを開いた時点で終わっていたセッションは、エラーを出さずに消すこと', async () => {
    storeTestSession(Date.now() - 31 * MINUTE)
    renderApp(`${entBase}/termsOfService`)

    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await waitFor(() => expect(readSession(window.sessionStorage)).toBeUndefined())
    expect(screen.queryByRole('heading', { name: 'エラー' })).toBeNull()
  })
})
