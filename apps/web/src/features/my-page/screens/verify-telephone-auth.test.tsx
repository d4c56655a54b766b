import { t } from '@app/shared/messages/t'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { readSession } from '@/lib/session.ts'
import type { MyPageState } from '../my-page-state.ts'
import {
  ATTEMPT_TOKEN,
  heldAttempt,
  jsonResponse,
  myPageLink,
  mypPath,
  openMyPage,
  readMyPageSteps,
  sessionAnswer,
  USER_ID,
} from '@/test/my-page.ts'

const signingIn: Omit<MyPageState, 'link'> = {
  processingUser: {
    userId: USER_ID,
    attempt: heldAttempt({ channel: 'sms', maskedDestination: '*******5678' }),
  },
  authTypeForLogin: 'telephone',
  flowType: 'telephoneLogin',
  maskedPhoneNumberForTelephoneAuthSelect: '*******5678',
}

const registering: Omit<MyPageState, 'link'> = {
  flowType: 'telephoneRegister',
  maskedPhoneNumberForTelephoneAuthSelect: '*******1234',
  authTypeForRegister: 'voice',
  phoneNumber: {
    maskedPhoneNumber: '*******1234',
    smsAvailable: true,
    attempt: heldAttempt({ channel: 'voice', maskedDestination: '*******1234' }),
  },
}

const codeBox = () => screen.getByRole('textbox', { name: '認証コード ※必須' })

describe('電話番号認証の認証コードの入力（SPEC §2.2, §3.6 flowType）', () => {
  it('flowType telephoneLogin: POST /sessionInfo/ でマイページのセッションを開き、ホームへ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('verifyTelephoneAuth', {
      steps: signingIn,
      respond: () => jsonResponse(200, sessionAnswer()),
    })
    expect(screen.getByText('*******5678 あてに、認証コードをSMSでお送りしました。')).toBeTruthy()

    await user.type(codeBox(), '654321')
    await user.click(screen.getByRole('button', { name: '認証してログインする' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('home'))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/sessionInfo/' })
    expect(requests[0]?.body).toEqual({ attemptToken: ATTEMPT_TOKEN, code: '654321' })
    expect(readSession(window.sessionStorage)?.purpose).toBe('myPage')
  })

  it('flowType telephoneRegister: PUT /tmpPhoneNumber/ で番号を登録し、登録の完了へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('verifyTelephoneAuth', {
      signedIn: true,
      steps: registering,
      respond: () =>
        jsonResponse(200, { maskedPhoneNumber: '*******1234', authTypeForLogin: 'telephone' }),
    })

    await user.type(codeBox(), '111222')
    await user.click(screen.getByRole('button', { name: '認証して電話番号を登録する' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: '電話番号の登録の完了' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('phoneNumberRegistrationComplete'))
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/api/tmpPhoneNumber/' })
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json')
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      attemptToken: ATTEMPT_TOKEN,
      code: '111222',
    })
    expect(
      screen.getByText(
        '電話番号（*******1234）を登録しました。次回のログインから、認証コードはこの電話番号にお送りします。',
      ),
    ).toBeTruthy()
    expect(readMyPageSteps()).toMatchObject({
      authTypeForLogin: 'telephone',
      phoneNumber: { maskedPhoneNumber: '*******1234' },
    })
    expect(readMyPageSteps().phoneNumber?.attempt).toBeUndefined()

    await user.click(screen.getByRole('link', { name: 'ホームへ戻る' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
  })

  it('flowType telephoneRegister でマイページのセッションがなければ、ログインへ移ること', async () => {
    const { router } = await openMyPage('verifyTelephoneAuth', { steps: registering })

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })

  it('APFL0013 は画面の中に伝えること', async () => {
    const user = userEvent.setup()
    await openMyPage('verifyTelephoneAuth', {
      steps: signingIn,
      respond: () => jsonResponse(400, { errorCode: 'APFL0013' }),
    })

    await user.type(codeBox(), '000000')
    await user.click(screen.getByRole('button', { name: '認証してログインする' }))

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFL0013'))
    expect(codeBox()).toBeTruthy()
  })

  it('登録の流れで APFL0015 なら、電話番号の入力からやり直す道を示すこと', async () => {
    const user = userEvent.setup()
    await openMyPage('verifyTelephoneAuth', {
      signedIn: true,
      steps: registering,
      respond: () => jsonResponse(423, { errorCode: 'APFL0015' }),
    })

    await user.type(codeBox(), '000000')
    await user.click(screen.getByRole('button', { name: '認証して電話番号を登録する' }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFL0015'))).toBeTruthy()
    expect(within(alert).getByRole('link', { name: '電話番号を変更する' })).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('受け取り方法を選び直して、新しい認証コードを受け取れること', async () => {
    const user = userEvent.setup()
    const { router } = await openMyPage('verifyTelephoneAuth', { steps: signingIn })

    await user.click(
      screen.getByRole('link', { name: '認証コードを受け取り直す（受け取り方法の選択へ）' }),
    )

    expect(
      await screen.findByRole('heading', { level: 1, name: '電話番号認証の方法の選択' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('telephoneAuthSelect'))
  })
})
