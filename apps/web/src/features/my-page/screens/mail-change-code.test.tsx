import { t } from '@app/shared/messages/t'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storeMyPageSession } from '@/test/access.ts'
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
  openMyPage,
  readMyPageSteps,
  storeMyPageSteps,
  type Respond,
} from '@/test/my-page.ts'

const changing = {
  mailChange: {
    newMail: 'new@example.jp',
    attempt: heldAttempt({ channel: 'mail', maskedDestination: 'n***@example.jp' }),
  },
}

const codeBox = () => screen.getByRole('textbox', { name: '認証コード ※必須' })
const submit = () => screen.getByRole('button', { name: '認証してメールアドレスを変更する' })

function openCode(respond?: Respond) {
  return openMyPage('mailChangeCode', {
    signedIn: true,
    steps: changing,
    ...(respond ? { respond } : {}),
  })
}

describe('メールアドレス変更の認証コードの入力（SPEC §2.2, §2.5, §8.4 "mail change"）', () => {
  it('コードを PUT /mailAddress/ に送り、変更の完了へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openCode(() =>
      jsonResponse(200, { mailAddress: 'new@example.jp' }),
    )

    await user.type(codeBox(), '246810')
    await user.click(submit())

    expect(
      await screen.findByRole('heading', { level: 1, name: 'メールアドレスの変更の完了' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('mailChangeComplete'))
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/api/mailAddress/' })
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      attemptToken: ATTEMPT_TOKEN,
      code: '246810',
    })
    expect(
      screen.getByText(
        'メールアドレスを new@example.jp に変更しました。変更前のメールアドレスにも、変更のお知らせをお送りしました。',
      ),
    ).toBeTruthy()
  })

  it.each([
    ['APFL0013', 400],
    ['APFL0014', 410],
  ])('%s は画面の中に伝え、フォームを残すこと', async (errorCode, status) => {
    const user = userEvent.setup()
    await openCode(() => jsonResponse(status, { errorCode }))

    await user.type(codeBox(), '246810')
    await user.click(submit())

    expect((await screen.findByRole('alert')).textContent).toBe(
      t(`error.${errorCode}` as 'error.APFL0013'),
    )
    expect(codeBox()).toBeTruthy()
  })

  it('APFL0015 は手続きが終わったことを伝え、アドレスの入力からやり直す道を示すこと', async () => {
    const user = userEvent.setup()
    await openCode(() => jsonResponse(423, { errorCode: 'APFL0015' }))

    await user.type(codeBox(), '246810')
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFL0015'))).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'メールアドレスを入力し直す' })).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(readMyPageSteps().mailChange).toBeUndefined()
  })

  it('再送信は同じアドレスで POST /mailAddress/ を送り、新しい手続きのコードを受け付けること', async () => {
    const user = userEvent.setup()
    const { requests } = await openCode((method) =>
      method === 'POST'
        ? jsonResponse(200, {
            ...attemptAnswer(NEW_ATTEMPT_TOKEN),
            codeSent: codeSent('mail', 'n***@example.jp'),
          })
        : jsonResponse(200, { mailAddress: 'new@example.jp' }),
    )

    await user.click(screen.getByRole('button', { name: '認証コードを再送信する' }))
    await screen.findByText('認証コードを再送信しました。新しい認証コードを入力してください。')
    await user.type(codeBox(), '135790')
    await user.click(submit())

    await screen.findByRole('heading', { level: 1, name: 'メールアドレスの変更の完了' })
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', '/api/mailAddress/'],
      ['PUT', '/api/mailAddress/'],
    ])
    expect(requests[0]?.body).toEqual({ ...myPageLink, newMailAddress: 'new@example.jp' })
    expect(requests[1]?.body).toMatchObject({ attemptToken: NEW_ATTEMPT_TOKEN, code: '135790' })
  })
})

describe('メールアドレス変更の認証コードの入力への入り方（SPEC §2.5 直接アクセスの防止なし）', () => {
  it('アドレスを直接開いても、マイページのセッションと変更の手続きがあれば表示すること', async () => {
    storeMyPageSession()
    storeMyPageSteps(changing)
    const { router } = renderApp(`${mypBase}/mailChangeCode`, createTestServices())

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'メールアドレス変更の認証コードの入力',
      }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('mailChangeCode'))
    expect(codeBox()).toBeTruthy()
  })

  it('マイページのセッションがなければ、ログインへ移ること', async () => {
    storeMyPageSteps(changing)
    const { router } = renderApp(`${mypBase}/mailChangeCode`, createTestServices())

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })
})
