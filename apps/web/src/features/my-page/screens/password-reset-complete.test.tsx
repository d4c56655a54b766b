import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mypPath, mypRouterBase, openMyPage } from '@/test/my-page.ts'

describe('パスワードの再設定の完了（SPEC §2.2, §2.7）', () => {
  it('再設定できたことを伝え、ログイン画面への道を示すこと', async () => {
    const user = userEvent.setup()
    const { router } = await openMyPage('passwordResetComplete')

    expect(
      screen.getByText('パスワードを再設定しました。新しいパスワードでログインしてください。'),
    ).toBeTruthy()
    await user.click(screen.getByRole('link', { name: 'ログイン画面へ' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })

  it('完了から戻る操作は、ログインへ以外は取り消して完了にとどまること', async () => {
    const { router } = await openMyPage('passwordReset')
    await act(() => router.navigate(`${mypRouterBase}/passwordResetComplete`))
    await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定の完了' })

    await act(() => router.navigate(-1))

    await waitFor(() =>
      expect([...router.state.blockers.values()].map((blocker) => blocker.state)).toEqual([
        'unblocked',
      ]),
    )
    expect(router.state.location.pathname).toBe(mypPath('passwordResetComplete'))
  })

  it('完了から戻る先がログインなら、戻れること', async () => {
    const { router } = await openMyPage('passwordResetComplete')

    await act(() => router.navigate(-1))

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })
})
