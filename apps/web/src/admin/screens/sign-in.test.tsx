import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { STAFF_TOKEN_KEY } from '../lib/staff-session.ts'
import { meOf, renderAdmin } from '../test/render-admin.tsx'

const session = {
  sessionToken: 'new-staff-token',
  // the server's own clock (pinned by APP_NOW in a demo), days from this browser's
  expiresAt: '2026-11-20T01:15:00.000Z',
  expiresInSeconds: 900,
  absoluteExpiresAt: '2026-11-20T09:00:00.000Z',
}

async function fillPasswordForm(code = '123456') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText(/^メールアドレス/), 'staff@example.jp')
  await user.type(screen.getByLabelText(/^パスワード(?!と)/), 'Secret-pass1')
  await user.type(screen.getByLabelText(/^確認コード（6桁）/), code)
  await user.click(screen.getByRole('button', { name: 'サインインする' }))
}

describe('管理コンソールのサインイン（issue #20）', () => {
  it('未入力のまま送ると項目ごとの誤りを示し、サーバーには送らないこと', async () => {
    const { requests } = renderAdmin('/signin', () => undefined)
    await userEvent.click(await screen.findByRole('button', { name: 'サインインする' }))
    expect(screen.getByLabelText(/^メールアドレス/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('メールアドレスを入力してください。')).toBeTruthy()
    expect(screen.getByText('確認コードを半角数字6桁で入力してください。')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it('サインインできなかったときは理由をアラートで知らせること（ADMA0003）', async () => {
    renderAdmin('/signin', (method, path) =>
      method === 'POST' && path === '/admin/signIn/password/'
        ? jsonResponse(401, { errorCode: 'ADMA0003' })
        : undefined,
    )
    await fillPasswordForm()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('サインインできませんでした。')
    expect(alert.textContent).toContain('ADMA0003')
    await waitFor(() => expect(document.activeElement).toBe(alert))
  })

  it('ロック中（423 ADMA0004）は再びサインインできる時刻を示すこと', async () => {
    renderAdmin('/signin', (method) =>
      method === 'POST'
        ? jsonResponse(423, { errorCode: 'ADMA0004' }, { 'Retry-After': '600' })
        : undefined,
    )
    await fillPasswordForm()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('サインインの失敗が続いたため')
    expect(alert.textContent).toMatch(/\d+時\d{2}分以降に、もう一度お試しください。/)
  })

  it('サインインできたらトークンを専用のキーに保存し、役割の最初の画面へ進むこと', async () => {
    const { requests, router } = renderAdmin('/signin', (method, path) => {
      if (method === 'POST' && path === '/admin/signIn/password/') return jsonResponse(200, session)
      if (path.startsWith('/admin/me/')) return jsonResponse(200, meOf('auditor'))
      if (path.startsWith('/admin/audit/')) {
        return jsonResponse(200, { total: 0, page: 1, pageSize: 50, entries: [] })
      }
      return undefined
    })
    await fillPasswordForm()
    expect(await screen.findByRole('heading', { level: 1, name: '監査ログ' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/audit')
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe('new-staff-token')
    // the applicant's session key is untouched
    expect(window.sessionStorage.getItem('sessionToken')).toBeNull()
    const signIn = requests.find((request) => request.url.endsWith('/admin/signIn/password/'))
    expect(signIn?.body).toEqual({
      email: 'staff@example.jp',
      password: 'Secret-pass1',
      totpCode: '123456',
    })
    const me = requests.find((request) => request.url.includes('/admin/me/'))
    expect(me?.headers.get('Authorization')).toBe('Bearer new-staff-token')
  })

  it('セッションが切れた（401 ADMA0001）ときはサインイン画面へ戻り、その旨を示すこと', async () => {
    const { router } = renderAdmin(
      '/applications',
      (_method, path) =>
        path.startsWith('/admin/applications/') || path.startsWith('/admin/groups/')
          ? jsonResponse(401, { errorCode: 'ADMA0001' })
          : undefined,
      { role: 'insurerOperator' },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'サインイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/signin')
    expect((await screen.findByRole('alert')).textContent).toContain('ADMA0001')
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull()
  })
})
