import { t } from '@app/shared/messages/t'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  ATTEMPT_TOKEN,
  attemptAnswer,
  codeSent,
  jsonResponse,
  myPageLink,
  mypPath,
  openMyPage,
  readMyPageSteps,
  USER_ID,
} from '@/test/my-page.ts'

const idBox = () => screen.getByRole('textbox', { name: 'ID ※必須' })
const mailBox = () => screen.getByRole('textbox', { name: 'ご登録のメールアドレス ※必須' })
const submit = () => screen.getByRole('button', { name: '認証コードを送信する' })

describe('パスワードの再設定（SPEC §2.2, §8.4 "password reset"）', () => {
  it('IDと登録のアドレスを POST /passwordReset/ に送り、認証コードの入力へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('passwordReset', {
      respond: () =>
        jsonResponse(200, { ...attemptAnswer(), codeSent: codeSent('mail', 't***@example.jp') }),
    })

    await user.type(idBox(), USER_ID)
    await user.type(mailBox(), 'taro@example.jp')
    await user.click(submit())

    expect(
      await screen.findByRole('heading', { level: 1, name: 'パスワード再設定の認証コードの入力' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('passwordResetCode'))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/passwordReset/' })
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      userId: USER_ID,
      mailAddress: 'taro@example.jp',
    })
    expect(readMyPageSteps().passwordReset).toMatchObject({
      userId: USER_ID,
      mailAddress: 'taro@example.jp',
      attempt: { attemptToken: ATTEMPT_TOKEN },
    })
  })

  it('未入力と形式の違いは送らずに示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openMyPage('passwordReset')

    await user.type(mailBox(), 'taro@')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([
      `ID：${t('validation.required')}`,
      `ご登録のメールアドレス：${t('validation.email')}`,
    ])
    expect(requests).toEqual([])
  })

  it('APFR0001（短い時間の繰り返し）は画面の中に伝えること', async () => {
    const user = userEvent.setup()
    await openMyPage('passwordReset', {
      respond: () => jsonResponse(429, { errorCode: 'APFR0001' }),
    })

    await user.type(idBox(), USER_ID)
    await user.type(mailBox(), 'taro@example.jp')
    await user.click(submit())

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFR0001'))
  })

  it('ログインしていなくても、ログイン画面から来られること（直接は来られない: SPEC §2.5）', async () => {
    const { router } = await openMyPage('passwordReset')

    expect(router.state.location.pathname).toBe(mypPath('passwordReset'))
    expect(screen.getByRole('link', { name: 'ログイン画面へ戻る' })).toBeTruthy()
  })
})
