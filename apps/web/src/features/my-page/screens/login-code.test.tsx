import { t } from '@app/shared/messages/t'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { readSession } from '@/lib/session.ts'
import {
  ATTEMPT_TOKEN,
  codeSent,
  heldAttempt,
  jsonResponse,
  myPageLink,
  mypPath,
  openMyPage,
  readMyPageSteps,
  SESSION_TOKEN,
  sessionAnswer,
  USER_ID,
  type Respond,
} from '@/test/my-page.ts'

const signingIn = {
  processingUser: { userId: USER_ID, attempt: heldAttempt() },
  authTypeForLogin: 'mail' as const,
  flowType: 'telephoneLogin' as const,
}

const codeBox = () => screen.getByRole('textbox', { name: '認証コード ※必須' })
const submit = () => screen.getByRole('button', { name: '認証してログインする' })

function openLoginCode(respond?: Respond) {
  return openMyPage('loginCode', { steps: signingIn, ...(respond ? { respond } : {}) })
}

describe('認証コードの入力（SPEC §2.2, §8.4 "Authentication code … for login"）', () => {
  it('送信先を伏せて示し、コードの欄は数字のキーボードとワンタイムコードの自動入力に対応すること', async () => {
    await openLoginCode()

    expect(
      screen.getByText('t***@example.jp あてに、認証コードをメールでお送りしました。'),
    ).toBeTruthy()
    expect(codeBox().getAttribute('inputmode')).toBe('numeric')
    expect(codeBox().getAttribute('autocomplete')).toBe('one-time-code')
  })

  it('全角で入れたコードも半角にして POST /sessionInfo/ に送り、マイページのセッションを保存してホームへ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router, services } = await openLoginCode(() =>
      jsonResponse(200, sessionAnswer()),
    )

    await user.type(codeBox(), '１２３ ４５６')
    await user.click(submit())

    expect(await screen.findByRole('heading', { level: 1, name: 'ホーム' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('home'))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/sessionInfo/' })
    expect(requests[0]?.body).toEqual({ attemptToken: ATTEMPT_TOKEN, code: '123456' })
    expect(readSession(window.sessionStorage)).toMatchObject({
      sessionToken: SESSION_TOKEN,
      userId: USER_ID,
      groupPfCode: myPageLink.groupPfCode,
      purpose: 'myPage',
    })
    // The sign-in is over: its attempt is forgotten.
    expect(readMyPageSteps().processingUser).toBeUndefined()
    // SPEC §2.5: home fetched the holder's information on its way in.
    expect(services.getCalls).toContainEqual({ path: '/policyHolderInfo/', query: myPageLink })
  })

  it('フォーカスを外すと、全角のコードを半角にして見せること', async () => {
    const user = userEvent.setup()
    await openLoginCode()

    await user.type(codeBox(), '１２３４５６')
    await user.tab()

    expect(codeBox()).toHaveProperty('value', '123456')
  })

  it.each([
    ['12345', t('validation.digits', { length: 6 })],
    ['12a456', t('validation.onlyNumeric')],
    ['', t('validation.required')],
  ])('「%s」は送らずに「%s」を示すこと', async (typed, message) => {
    const user = userEvent.setup()
    const { requests } = await openLoginCode()

    if (typed !== '') await user.type(codeBox(), typed)
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(`認証コード：${message}`)
    expect(requests).toEqual([])
  })

  it.each([
    ['APFL0013', 400],
    ['APFL0014', 410],
  ])('%s は画面の中に伝え、コードの欄を残すこと', async (errorCode, status) => {
    const user = userEvent.setup()
    await openLoginCode(() => jsonResponse(status, { errorCode }))

    await user.type(codeBox(), '123456')
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t(`error.${errorCode}` as 'error.APFL0013'))
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(codeBox()).toHaveProperty('value', '123456')
  })

  it.each([
    ['APFL0015', 423],
    ['APFL0016', 404],
  ])(
    '%s は手続きが終わったことを伝え、フォームを閉じてログイン画面へ戻る道を示すこと',
    async (errorCode, status) => {
      const user = userEvent.setup()
      const { router } = await openLoginCode(() => jsonResponse(status, { errorCode }))

      await user.type(codeBox(), '123456')
      await user.click(submit())

      const alert = await screen.findByRole('alert')
      expect(within(alert).getByText(t(`error.${errorCode}` as 'error.APFL0015'))).toBeTruthy()
      expect(screen.queryByRole('textbox', { name: '認証コード ※必須' })).toBeNull()
      expect(readMyPageSteps().processingUser).toBeUndefined()
      await userEvent.click(within(alert).getByRole('link', { name: 'ログイン画面へ戻る' }))
      expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
      expect(router.state.location.pathname).toBe(mypPath('login'))
    },
  )

  it('「認証コードを再送信する」で POST /authcodeMail/（mail）を送り、再送信したことを伝えること', async () => {
    const user = userEvent.setup()
    const { requests } = await openLoginCode(() =>
      jsonResponse(200, codeSent('mail', 'u***@example.jp')),
    )

    await user.click(screen.getByRole('button', { name: '認証コードを再送信する' }))

    expect(
      await screen.findByText('認証コードを再送信しました。新しい認証コードを入力してください。'),
    ).toBeTruthy()
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/authcodeMail/' })
    expect(requests[0]?.body).toEqual({ attemptToken: ATTEMPT_TOKEN, channel: 'mail' })
    expect(
      screen.getByText('u***@example.jp あてに、認証コードをメールでお送りしました。'),
    ).toBeTruthy()
  })

  it('再送信が APFM0002 なら、その旨を伝えること', async () => {
    await openLoginCode(() => jsonResponse(502, { errorCode: 'APFM0002' }))

    await userEvent.click(screen.getByRole('button', { name: '認証コードを再送信する' }))

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFM0002'))
  })

  it('サインインの手続きがないまま来たら（期限切れの後の再読み込みなど）、最初からやり直すよう伝えること', async () => {
    await openMyPage('loginCode')

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFL0016'))).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'ログイン画面へ戻る' })).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })
})
