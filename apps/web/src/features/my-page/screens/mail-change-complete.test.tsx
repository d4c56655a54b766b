import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mypPath, mypRouterBase, openMyPage } from '@/test/my-page.ts'

const changed = { mailChange: { newMail: 'new@example.jp' } }

describe('メールアドレスの変更の完了（SPEC §2.2, §2.7）', () => {
  it('変更が済んでいなければ、ホームへ移ること', async () => {
    const { router } = await openMyPage('mailChangeComplete', { signedIn: true })

    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('home'))
  })

  it('完了から戻る操作は、ホームへ以外は取り消して完了にとどまること', async () => {
    const { router } = await openMyPage('home', {
      signedIn: true,
      steps: changed,
    })
    await act(() => router.navigate(`${mypRouterBase}/mailChange`))
    await screen.findByRole('heading', { level: 1, name: 'メールアドレスの変更' })
    await act(() => router.navigate(`${mypRouterBase}/mailChangeComplete`))
    await screen.findByRole('heading', { level: 1, name: 'メールアドレスの変更の完了' })

    await act(() => router.navigate(-1))

    await waitFor(() =>
      expect([...router.state.blockers.values()].map((blocker) => blocker.state)).toEqual([
        'unblocked',
      ]),
    )
    expect(router.state.location.pathname).toBe(mypPath('mailChangeComplete'))
    expect(
      screen.getByRole('heading', { level: 1, name: 'メールアドレスの変更の完了' }),
    ).toBeTruthy()
  })

  it('完了から戻る先がホームなら、戻れること', async () => {
    const { router } = await openMyPage('home', { signedIn: true, steps: changed })
    await act(() => router.navigate(`${mypRouterBase}/mailChangeComplete`))
    await screen.findByRole('heading', { level: 1, name: 'メールアドレスの変更の完了' })

    await act(() => router.navigate(-1))

    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('home'))
  })

  it('「ホームへ戻る」でホームへ進めること', async () => {
    const user = userEvent.setup()
    const { router } = await openMyPage('mailChangeComplete', { signedIn: true, steps: changed })

    await user.click(screen.getByRole('link', { name: 'ホームへ戻る' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('home'))
  })
})
