import { t } from '@app/shared/messages/t'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  ATTEMPT_TOKEN,
  attemptAnswer,
  jsonResponse,
  myPageLink,
  mypPath,
  openMyPage,
  readMyPageSteps,
} from '@/test/my-page.ts'

const phoneBox = () => screen.getByRole('textbox', { name: '電話番号 ※必須' })

describe('電話番号認証の登録（SPEC §2.2, §9 phone 10 or 11 digits）', () => {
  it('電話番号を POST /tmpPhoneNumber/ に送り、flowType telephoneRegister で受け取り方法の選択へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('startRegisterTelephoneAuth', {
      signedIn: true,
      respond: () =>
        jsonResponse(200, {
          ...attemptAnswer(),
          maskedPhoneNumber: '*******5678',
          smsAvailable: true,
        }),
    })
    expect(phoneBox().getAttribute('type')).toBe('tel')
    expect(phoneBox().getAttribute('autocomplete')).toBe('tel-national')

    await user.type(phoneBox(), '09012345678')
    await user.click(screen.getByRole('button', { name: '次へ' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: '電話番号認証の方法の選択' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('telephoneAuthSelect'))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/tmpPhoneNumber/' })
    expect(requests[0]?.body).toEqual({ ...myPageLink, phoneNumber: '09012345678' })
    expect(
      screen.getByText(
        '登録する電話番号（*******5678）に認証コードをお送りします。受け取る方法を選んでください。',
      ),
    ).toBeTruthy()
    expect(readMyPageSteps()).toMatchObject({
      flowType: 'telephoneRegister',
      maskedPhoneNumberForTelephoneAuthSelect: '*******5678',
      phoneNumber: { smsAvailable: true, attempt: { attemptToken: ATTEMPT_TOKEN } },
    })
  })

  it('SMS を受け取れない番号なら（smsAvailable false）、次の画面で音声ガイダンスを選んでおくこと', async () => {
    const user = userEvent.setup()
    await openMyPage('startRegisterTelephoneAuth', {
      signedIn: true,
      respond: () =>
        jsonResponse(200, {
          ...attemptAnswer(),
          maskedPhoneNumber: '******5678',
          smsAvailable: false,
        }),
    })

    await user.type(phoneBox(), '0312345678')
    await user.click(screen.getByRole('button', { name: '次へ' }))

    expect(await screen.findByText(t('myp.telephoneAuthSelect.smsUnavailable'))).toBeTruthy()
    expect(
      screen.getByRole('radio', { name: '音声ガイダンス（自動音声のお電話）で受け取る' }),
    ).toHaveProperty('checked', true)
  })

  it.each(['090-1234-5678', '123456789', '090123456789'])(
    '「%s」は送らずに、ハイフンなしの10桁または11桁で入力するよう示すこと',
    async (typed) => {
      const user = userEvent.setup()
      const { requests } = await openMyPage('startRegisterTelephoneAuth', { signedIn: true })

      await user.type(phoneBox(), typed)
      await user.click(screen.getByRole('button', { name: '次へ' }))

      const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
      expect(within(summary).getByRole('link').textContent).toBe(
        `電話番号：${t('validation.telephone')}`,
      )
      expect(requests).toEqual([])
    },
  )

  it('電話番号認証を提供していなければ（404 APFT0003）、画面でそう伝えて先へ進まないこと', async () => {
    const user = userEvent.setup()
    const { router } = await openMyPage('startRegisterTelephoneAuth', {
      signedIn: true,
      respond: () => jsonResponse(404, { errorCode: 'APFT0003' }),
    })

    await user.type(phoneBox(), '09012345678')
    await user.click(screen.getByRole('button', { name: '次へ' }))

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFT0003'))
    expect(router.state.location.pathname).toBe(mypPath('startRegisterTelephoneAuth'))
  })

  it('マイページのセッションがなければ、ログインへ移ること', async () => {
    const { router } = await openMyPage('startRegisterTelephoneAuth')

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })
})
