import { t } from '@app/shared/messages/t'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mypBase } from '@/test/fixtures.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import {
  ATTEMPT_TOKEN,
  attemptAnswer,
  codeSent,
  heldAttempt,
  jsonResponse,
  myPageLink,
  mypPath,
  NEW_ATTEMPT_TOKEN,
  NEW_PASSWORD,
  openMyPage,
  readMyPageSteps,
  storeMyPageSteps,
  USER_ID,
  type Respond,
} from '@/test/my-page.ts'

const resetting = {
  passwordReset: {
    userId: USER_ID,
    mailAddress: 'taro@example.jp',
    attempt: heldAttempt({ channel: 'mail', maskedDestination: 't***@example.jp' }),
  },
}

const codeBox = () => screen.getByRole('textbox', { name: '認証コード ※必須' })
const newBox = () => screen.getByLabelText<HTMLInputElement>('新しいパスワード ※必須')
const confirmationBox = () =>
  screen.getByLabelText<HTMLInputElement>('新しいパスワード（確認用） ※必須')
const submit = () => screen.getByRole('button', { name: 'パスワードを再設定する' })

function openResetCode(respond?: Respond) {
  return openMyPage('passwordResetCode', { steps: resetting, ...(respond ? { respond } : {}) })
}

async function fill(user: ReturnType<typeof userEvent.setup>, confirmation = NEW_PASSWORD) {
  await user.type(codeBox(), '975310')
  await user.type(newBox(), NEW_PASSWORD)
  await user.type(confirmationBox(), confirmation)
}

describe('パスワード再設定の認証コードの入力（SPEC §2.2, §5.2 password, §8.4）', () => {
  it('送信先を伏せて示し、ID とアドレスが合うときだけ届くことを伝えること（有無を明かさない）', async () => {
    await openResetCode()

    expect(
      screen.getByText(
        't***@example.jp あてに、パスワードを再設定するための認証コードをお送りしました（ご入力のIDとメールアドレスが、ご登録の内容と一致した場合に限ります）。認証コードと新しいパスワードを入力してください。',
      ),
    ).toBeTruthy()
    expect(newBox().getAttribute('autocomplete')).toBe('new-password')
  })

  it('コードと新しいパスワードを PUT /passwordReset/ に送り、再設定の完了へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openResetCode(() => jsonResponse(200, {}))

    await fill(user)
    await user.click(submit())

    expect(
      await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定の完了' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('passwordResetComplete'))
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/api/passwordReset/' })
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      attemptToken: ATTEMPT_TOKEN,
      code: '975310',
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: NEW_PASSWORD,
    })
    expect(readMyPageSteps().passwordReset).toBeUndefined()
  })

  it('完了からログインへ進むと、ID が入った状態で始まること（SPEC §3.6 idPassingLogin）', async () => {
    const user = userEvent.setup()
    await openResetCode(() => jsonResponse(200, {}))
    await fill(user)
    await user.click(submit())
    await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定の完了' })
    expect(readMyPageSteps().idPassingLogin).toBe(USER_ID)

    await user.click(screen.getByRole('link', { name: 'ログイン画面へ' }))

    await screen.findByRole('heading', { level: 1, name: 'ログイン' })
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^ID/ }).value).toBe(USER_ID)
  })

  it('新しいパスワードの条件と確認用の一致を、送る前に調べること', async () => {
    const user = userEvent.setup()
    const { requests } = await openResetCode()

    await fill(user, `${NEW_PASSWORD}x`)
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(
      `新しいパスワード（確認用）：${t('validation.passwordConfirmation')}`,
    )
    expect(requests).toEqual([])
  })

  it.each([
    ['APFL0013', 400],
    ['APFL0014', 410],
  ])('%s は画面の中に伝え、入力を残すこと', async (errorCode, status) => {
    const user = userEvent.setup()
    await openResetCode(() => jsonResponse(status, { errorCode }))

    await fill(user)
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t(`error.${errorCode}` as 'error.APFL0013'))
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(newBox().value).toBe(NEW_PASSWORD)
  })

  it('APFL0015 は手続きが終わったことを伝え、IDとアドレスの入力からやり直す道を示すこと', async () => {
    const user = userEvent.setup()
    await openResetCode(() => jsonResponse(423, { errorCode: 'APFL0015' }))

    await fill(user)
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFL0015'))).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'IDとメールアドレスを入力し直す' })).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('再送信は同じIDとアドレスで POST /passwordReset/ を送り、新しい手続きで続けること', async () => {
    const user = userEvent.setup()
    const { requests } = await openResetCode((method) =>
      method === 'POST'
        ? jsonResponse(200, {
            ...attemptAnswer(NEW_ATTEMPT_TOKEN),
            codeSent: codeSent('mail', 't***@example.jp'),
          })
        : jsonResponse(200, {}),
    )

    await user.click(screen.getByRole('button', { name: '認証コードを再送信する' }))
    await screen.findByText('認証コードを再送信しました。新しい認証コードを入力してください。')
    await fill(user)
    await user.click(submit())

    await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定の完了' })
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      userId: USER_ID,
      mailAddress: 'taro@example.jp',
    })
    expect(requests[1]?.body).toMatchObject({ attemptToken: NEW_ATTEMPT_TOKEN })
  })

  it('アドレスを直接開いても（SPEC §2.5 直接アクセスの防止なし）、手続きがあれば表示すること', async () => {
    storeMyPageSteps(resetting)
    renderApp(`${mypBase}/passwordResetCode`, createTestServices())

    expect(
      await screen.findByRole('heading', { level: 1, name: 'パスワード再設定の認証コードの入力' }),
    ).toBeTruthy()
    expect(codeBox()).toBeTruthy()
  })

  it('手続きがないまま来たら、最初からやり直すよう伝えること', async () => {
    renderApp(`${mypBase}/passwordResetCode`, createTestServices())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFL0016'))).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'IDとメールアドレスを入力し直す' })).toBeTruthy()
  })
})
