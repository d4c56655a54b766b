import { t } from '@app/shared/messages/t'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MyPageState } from '../my-page-state.ts'
import {
  ATTEMPT_TOKEN,
  codeSent,
  heldAttempt,
  jsonResponse,
  myPageLink,
  mypPath,
  openMyPage,
  readMyPageSteps,
  USER_ID,
} from '@/test/my-page.ts'

const signingIn: Omit<MyPageState, 'link'> = {
  processingUser: { userId: USER_ID, attempt: heldAttempt(null) },
  authTypeForLogin: 'telephone',
  flowType: 'telephoneLogin',
  maskedPhoneNumberForTelephoneAuthSelect: '*******5678',
}

function registering(smsAvailable = true): Omit<MyPageState, 'link'> {
  return {
    flowType: 'telephoneRegister',
    maskedPhoneNumberForTelephoneAuthSelect: '*******1234',
    phoneNumber: { maskedPhoneNumber: '*******1234', smsAvailable, attempt: heldAttempt(null) },
  }
}

const smsBox = () => screen.getByRole('radio', { name: 'SMS（ショートメッセージ）で受け取る' })
const voiceBox = () =>
  screen.getByRole('radio', { name: '音声ガイダンス（自動音声のお電話）で受け取る' })
const submit = () => screen.getByRole('button', { name: '認証コードを送信する' })

describe('電話番号認証の方法の選択（SPEC §2.2, §3.6 flowType, §8.4 "Telephone"）', () => {
  it('flowType telephoneLogin: SMS を選ぶと POST /authcodeMail/ に送り、認証コードの入力へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('telephoneAuthSelect', {
      steps: signingIn,
      respond: () => jsonResponse(200, codeSent('sms', '*******5678')),
    })
    expect(
      screen.getByText(
        'ご登録の電話番号（*******5678）に認証コードをお送りします。受け取る方法を選んでください。',
      ),
    ).toBeTruthy()

    await user.click(smsBox())
    await user.click(submit())

    expect(
      await screen.findByRole('heading', { level: 1, name: '電話番号認証の認証コードの入力' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('verifyTelephoneAuth'))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/authcodeMail/' })
    expect(requests[0]?.body).toEqual({ attemptToken: ATTEMPT_TOKEN, channel: 'sms' })
    expect(screen.getByText('*******5678 あてに、認証コードをSMSでお送りしました。')).toBeTruthy()
  })

  it('flowType telephoneLogin はまだセッションがなくても開けること（サインインの途中）', async () => {
    const { router } = await openMyPage('telephoneAuthSelect', { steps: signingIn })

    expect(router.state.location.pathname).toBe(mypPath('telephoneAuthSelect'))
    expect(smsBox()).toBeTruthy()
  })

  it('flowType telephoneRegister: 音声ガイダンスを選ぶと POST /tmpPhoneNumber/code/ に送ること', async () => {
    const user = userEvent.setup()
    const { requests } = await openMyPage('telephoneAuthSelect', {
      signedIn: true,
      steps: registering(),
      respond: () => jsonResponse(200, codeSent('voice', '*******1234')),
    })
    expect(
      screen.getByText(
        '登録する電話番号（*******1234）に認証コードをお送りします。受け取る方法を選んでください。',
      ),
    ).toBeTruthy()

    await user.click(voiceBox())
    await user.click(submit())

    expect(
      await screen.findByText(
        '*******1234 あてにお電話し、認証コードを音声ガイダンスでお伝えしました。',
      ),
    ).toBeTruthy()
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/tmpPhoneNumber/code/' })
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      attemptToken: ATTEMPT_TOKEN,
      channel: 'voice',
    })
    expect(readMyPageSteps().authTypeForRegister).toBe('voice')
  })

  it('flowType telephoneRegister でマイページのセッションがなければ、ログインへ移ること', async () => {
    const { router } = await openMyPage('telephoneAuthSelect', { steps: registering() })

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })

  it('SMS を受け取れない番号なら、そのことを伝えて音声ガイダンスを選んでおくこと', async () => {
    await openMyPage('telephoneAuthSelect', { signedIn: true, steps: registering(false) })

    expect(screen.getByText(t('myp.telephoneAuthSelect.smsUnavailable'))).toBeTruthy()
    expect(voiceBox()).toHaveProperty('checked', true)
    expect(smsBox()).toHaveProperty('checked', false)
  })

  it('選ばずに送ると、受け取り方法を選ぶよう示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openMyPage('telephoneAuthSelect', { steps: signingIn })

    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(
      '認証コードの受け取り方法：認証コードの受け取り方法を選んでください。',
    )
    expect(screen.getByRole('radiogroup').getAttribute('aria-invalid')).toBe('true')
    expect(requests).toEqual([])
  })

  it('APFT0001（SMS を受け取れない）は、登録の流れでは電話番号の変更への道も示すこと', async () => {
    const user = userEvent.setup()
    const { router } = await openMyPage('telephoneAuthSelect', {
      signedIn: true,
      steps: registering(),
      respond: () => jsonResponse(400, { errorCode: 'APFT0001' }),
    })

    await user.click(smsBox())
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFT0001'))).toBeTruthy()
    await user.click(within(alert).getByRole('link', { name: '電話番号を変更する' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: '電話番号認証の登録' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('startRegisterTelephoneAuth'))
  })

  it('APFT0001 はサインインの流れでは音声ガイダンスを選べるよう、フォームを残すこと', async () => {
    const user = userEvent.setup()
    await openMyPage('telephoneAuthSelect', {
      steps: signingIn,
      respond: () => jsonResponse(400, { errorCode: 'APFT0001' }),
    })

    await user.click(smsBox())
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t('error.APFT0001'))
    expect(voiceBox()).toBeTruthy()
  })

  it('APFT0002（送信の失敗）を伝えること', async () => {
    const user = userEvent.setup()
    await openMyPage('telephoneAuthSelect', {
      steps: signingIn,
      respond: () => jsonResponse(502, { errorCode: 'APFT0002' }),
    })

    await user.click(voiceBox())
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t('error.APFT0002'))
    await waitFor(() => expect(document.activeElement).toBe(alert))
  })

  it('手続きの期限が切れていたら（APFL0014）、最初からやり直すよう伝えてフォームを閉じること', async () => {
    const user = userEvent.setup()
    await openMyPage('telephoneAuthSelect', {
      steps: signingIn,
      respond: () => jsonResponse(410, { errorCode: 'APFL0014' }),
    })

    await user.click(voiceBox())
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFL0016'))).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'ログイン画面へ戻る' })).toBeTruthy()
    expect(screen.queryByRole('radiogroup')).toBeNull()
  })
})

describe('電話番号認証の方法の選択の流れ（SPEC §3.6）', () => {
  it('手続きがないまま来たら、最初からやり直すよう伝えること', async () => {
    await openMyPage('telephoneAuthSelect')

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFL0016'))).toBeTruthy()
  })
})
