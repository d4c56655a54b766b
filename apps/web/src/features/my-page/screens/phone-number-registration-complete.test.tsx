import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mypPath, openMyPage } from '@/test/my-page.ts'

describe('電話番号の登録の完了（SPEC §2.2）', () => {
  it('登録した番号（伏せたもの）と、次回から認証コードをその番号に送ることを伝えること', async () => {
    await openMyPage('phoneNumberRegistrationComplete', {
      signedIn: true,
      steps: {
        flowType: 'telephoneRegister',
        phoneNumber: { maskedPhoneNumber: '*******9999', smsAvailable: true },
      },
    })

    expect(
      screen.getByText(
        '電話番号（*******9999）を登録しました。次回のログインから、認証コードはこの電話番号にお送りします。',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ホームへ戻る' }).getAttribute('href')).toBe(
      mypPath('home'),
    )
  })

  it('登録が済んでいなければ、ホームへ移ること', async () => {
    const { router } = await openMyPage('phoneNumberRegistrationComplete', { signedIn: true })

    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('home'))
  })

  it('マイページのセッションがなければ、ログインへ移ること', async () => {
    const { router } = await openMyPage('phoneNumberRegistrationComplete')

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })
})
