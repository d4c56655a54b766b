import { t } from '@app/shared/messages/t'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, myPageLink, mypPath, openMyPage, readMyPageSteps } from '@/test/my-page.ts'

const mailBox = () => screen.getByRole('textbox', { name: 'ご登録のメールアドレス ※必須' })
const submit = () => screen.getByRole('button', { name: 'IDを送信する' })

describe('IDの再通知（SPEC §2.2, §2.5 直接アクセスの防止なし）', () => {
  it('登録のアドレスを POST /idReNotificationMail/ に送り、完了へ進むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openMyPage('idReNotification', {
      respond: () => jsonResponse(202, { maskedDestination: 't***@example.jp' }),
    })

    await user.type(mailBox(), 'taro@example.jp')
    await user.click(submit())

    expect(await screen.findByRole('heading', { level: 1, name: 'IDの再通知の完了' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('idReNotificationComplete'))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/idReNotificationMail/' })
    expect(requests[0]?.body).toEqual({ ...myPageLink, mailAddress: 'taro@example.jp' })
    expect(readMyPageSteps().idReNotification).toEqual({ maskedDestination: 't***@example.jp' })
  })

  it('形式の違うアドレスは送らずに示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openMyPage('idReNotification')

    await user.type(mailBox(), 'taro')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(
      `ご登録のメールアドレス：${t('validation.email')}`,
    )
    expect(requests).toEqual([])
  })

  it('APFR0001 は画面の中に伝えること', async () => {
    const user = userEvent.setup()
    await openMyPage('idReNotification', {
      respond: () => jsonResponse(429, { errorCode: 'APFR0001' }),
    })

    await user.type(mailBox(), 'taro@example.jp')
    await user.click(submit())

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFR0001'))
  })
})
