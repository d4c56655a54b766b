import { t } from '@app/shared/messages/t'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  ATTEMPT_TOKEN,
  attemptAnswer,
  codeSent,
  heldAttempt,
  jsonResponse,
  myPageLink,
  mypPath,
  openMyPage,
  readMyPageSteps,
} from '@/test/my-page.ts'

const mailBox = () => screen.getByRole('textbox', { name: '新しいメールアドレス ※必須' })
const submit = () => screen.getByRole('button', { name: '認証コードを送信する' })

describe('メールアドレスの変更（SPEC §2.2, §3.6 mailChange.newMail）', () => {
  it('新しいアドレスを POST /mailAddress/ に送り、認証コードの入力へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('mailChange', {
      signedIn: true,
      respond: () =>
        jsonResponse(200, { ...attemptAnswer(), codeSent: codeSent('mail', 'n***@example.jp') }),
    })
    expect(mailBox().getAttribute('autocomplete')).toBe('email')

    await user.type(mailBox(), 'new@example.jp')
    await user.click(submit())

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'メールアドレス変更の認証コードの入力',
      }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('mailChangeCode'))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/mailAddress/' })
    expect(requests[0]?.body).toEqual({ ...myPageLink, newMailAddress: 'new@example.jp' })
    expect(
      screen.getByText('n***@example.jp あてに、認証コードをメールでお送りしました。'),
    ).toBeTruthy()
    expect(readMyPageSteps().mailChange).toMatchObject({
      newMail: 'new@example.jp',
      attempt: { attemptToken: ATTEMPT_TOKEN },
    })
  })

  it('終わった変更のアドレスは入れずに開くこと（同じアドレスとして断られないように）', async () => {
    await openMyPage('mailChange', {
      signedIn: true,
      steps: { mailChange: { newMail: 'done@example.jp' } },
    })
    expect((mailBox() as HTMLInputElement).value).toBe('')
  })

  it('認証コードを待つ変更から戻ると、そのアドレスが入っていること', async () => {
    await openMyPage('mailChange', {
      signedIn: true,
      steps: { mailChange: { newMail: 'pending@example.jp', attempt: heldAttempt() } },
    })
    expect((mailBox() as HTMLInputElement).value).toBe('pending@example.jp')
  })

  it('形式の違うアドレスは送らずに示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openMyPage('mailChange', { signedIn: true })

    await user.type(mailBox(), 'new@')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(
      `新しいメールアドレス：${t('validation.email')}`,
    )
    expect(requests).toEqual([])
  })

  it('今と同じアドレス（APFV0001, newMailAddress）は、その欄とサマリーに示すこと', async () => {
    const user = userEvent.setup()
    const message = t('myPage.mailAddress.same')
    await openMyPage('mailChange', {
      signedIn: true,
      respond: () =>
        jsonResponse(400, {
          errorCode: 'APFV0001',
          issues: [{ path: 'newMailAddress', message }],
        }),
    })

    await user.type(mailBox(), 'taro@example.jp')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(`新しいメールアドレス：${message}`)
    await waitFor(() => expect(mailBox().getAttribute('aria-invalid')).toBe('true'))
  })

  it('APFM0002（送れなかった）は画面の中に伝え、入力を残すこと', async () => {
    const user = userEvent.setup()
    await openMyPage('mailChange', {
      signedIn: true,
      respond: () => jsonResponse(502, { errorCode: 'APFM0002' }),
    })

    await user.type(mailBox(), 'new@example.invalid')
    await user.click(submit())

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFM0002'))
    expect(mailBox()).toHaveProperty('value', 'new@example.invalid')
  })

  it('マイページのセッションがなければ、ログインへ移ること', async () => {
    const { router } = await openMyPage('mailChange')

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })
})
