import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mypPath, mypRouterBase, openMyPage } from '@/test/my-page.ts'

const sent = { idReNotification: { maskedDestination: 't***@example.jp' } }

describe('IDの再通知の完了（SPEC §2.2, §2.7）', () => {
  it('登録のアドレスであれば送ったと伝え、登録の有無は明かさないこと', async () => {
    await openMyPage('idReNotificationComplete', { steps: sent })

    expect(
      screen.getByText(
        'ご入力のメールアドレス（t***@example.jp）がご登録のものであれば、IDをお知らせするメールをお送りしました。',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'メールが届かないときは' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ログイン画面へ' }).getAttribute('href')).toBe(
      mypPath('login'),
    )
  })

  it('完了から戻る操作は、ログインへ以外は取り消して完了にとどまること', async () => {
    const { router } = await openMyPage('idReNotification', { steps: sent })
    await act(() => router.navigate(`${mypRouterBase}/idReNotificationComplete`))
    await screen.findByRole('heading', { level: 1, name: 'IDの再通知の完了' })

    await act(() => router.navigate(-1))

    await waitFor(() =>
      expect([...router.state.blockers.values()].map((blocker) => blocker.state)).toEqual([
        'unblocked',
      ]),
    )
    expect(router.state.location.pathname).toBe(mypPath('idReNotificationComplete'))
  })

  it('完了から戻る先がログインなら、戻れること', async () => {
    const { router } = await openMyPage('idReNotificationComplete', { steps: sent })

    await act(() => router.navigate(-1))

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
  })

  it('送っていなければ、IDの再通知へ移ること', async () => {
    const { router } = await openMyPage('idReNotificationComplete')

    expect(await screen.findByRole('heading', { level: 1, name: 'IDの再通知' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('idReNotification'))
  })
})
