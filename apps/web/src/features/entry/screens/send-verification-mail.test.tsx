import { t } from '@app/shared/messages/t'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { linkKey } from '@/lib/group-store.ts'
import { giveTermsOfUseConsent } from '@/test/access.ts'
import { entBase, link } from '@/test/fixtures.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { expectConsoleError } from '@/test/setup.ts'
import { ENTRY_TICKET_KEY, storeEntryTicket } from '../access-storage.ts'
import { entryGroupResponse } from '@/test/entry-group.ts'

const entRouterBase = entBase.replace(/^\/app/, '')
const ENTRY_TOKEN = 'entry.ticket.0001'
// 2026-11-20 11:05 in Japan
const LINK_EXPIRES_AT = '2026-11-20T02:05:00.000Z'
const PASSWORD = 'Abcdef12#$'

type Respond = (method: string, path: string) => Response

const sentAnswer: Respond = () => jsonResponse(200, { expiresAt: LINK_EXPIRES_AT })

function storeTicket(minutesLeft = 30, ticketLink = linkKey('ent', link), isResuming = false) {
  storeEntryTicket(window.sessionStorage, {
    link: ticketLink,
    entryToken: ENTRY_TOKEN,
    expiresAt: new Date(Date.now() + minutesLeft * 60_000).toISOString(),
    isResuming,
  })
}

/** sendVerificationMail is reached from verifyUser, in the app, with an entry ticket. */
async function openSendMail(respond: Respond = sentAnswer, isResuming = false) {
  storeTicket(30, linkKey('ent', link), isResuming)
  const { fetch, requests } = mockFetch(respond)
  const services = createTestServices({
    handlers: { '/groupPfInfo/': () => entryGroupResponse('atOnce') },
    fetch,
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await rendered.router.navigate(`${entRouterBase}/sendVerificationMail`)
  await screen.findByRole('heading', { level: 1, name: '確認メールの送信' })
  return { ...rendered, requests }
}

const emailBox = () => screen.getByRole('textbox', { name: 'メールアドレス ※必須' })
const passwordBox = () => screen.getByLabelText<HTMLInputElement>('パスワード ※必須')
const confirmationBox = () => screen.getByLabelText<HTMLInputElement>('パスワード（確認用） ※必須')
const submit = () => screen.getByRole('button', { name: '確認メールを送信する' })

async function fill(user: ReturnType<typeof userEvent.setup>, address = 'taro@example.jp') {
  await user.type(emailBox(), address)
  await user.type(passwordBox(), PASSWORD)
  await user.type(confirmationBox(), PASSWORD)
}

describe('確認メールの送信（sendVerificationMail）', () => {
  // issue #23 point 14: resuming is said, with what becomes of the earlier password
  it('途中のお申し込みがあれば、再開することと前回のパスワードが使えなくなることを示すこと', async () => {
    await openSendMail(sentAnswer, true)
    expect(screen.getByText(t('sendVerificationMail.resuming'))).toBeTruthy()
    expect(t('sendVerificationMail.resuming')).toContain('前回設定したパスワードは使えなくなります')
  })

  it('途中のお申し込みがなければ、再開の案内を出さないこと', async () => {
    await openSendMail()
    expect(screen.queryByText(t('sendVerificationMail.resuming'))).toBeNull()
  })

  it('パスワードの5つの条件を、ラベルの下の一覧で示し、欄の説明として結び付けること', async () => {
    await openSendMail()

    const describedBy = passwordBox().getAttribute('aria-describedby') ?? ''
    const support = document.getElementById(describedBy.split(' ')[0] ?? '')
    expect(support?.textContent).toContain(t('sendVerificationMail.password.conditions'))
    expect(
      within(support as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '10文字以上',
      '英小文字（a〜z）を含む',
      '英大文字（A〜Z）を含む',
      '数字（0〜9）を含む',
      '記号（!、#、% など）を含む',
    ])
    expect(passwordBox().type).toBe('password')
    expect(passwordBox().autocomplete).toBe('new-password')
    expect(emailBox().getAttribute('autocomplete')).toBe('email')
  })

  it('「パスワードを表示する」で2つのパスワードを表示し、外すと伏せること', async () => {
    const user = userEvent.setup()
    await openSendMail()

    await user.click(screen.getByRole('checkbox', { name: 'パスワードを表示する' }))
    expect(passwordBox().type).toBe('text')
    expect(confirmationBox().type).toBe('text')

    await user.click(screen.getByRole('checkbox', { name: 'パスワードを表示する' }))
    expect(passwordBox().type).toBe('password')
  })

  it('送る前に、メールアドレスの形式とパスワードの条件を調べること', async () => {
    const user = userEvent.setup()
    const { requests } = await openSendMail()

    await user.type(emailBox(), 'taro@')
    await user.type(passwordBox(), 'abcdefghij')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([
      `メールアドレス：${t('validation.email')}`,
      `パスワード：${t('validation.password')}`,
      `パスワード（確認用）：${t('validation.required')}`,
    ])
    expect(requests).toEqual([])
  })

  it('確認用のパスワードが一致しなければ、確認用の欄に示して送らないこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openSendMail()

    await user.type(emailBox(), 'taro@example.jp')
    await user.type(passwordBox(), PASSWORD)
    await user.type(confirmationBox(), `${PASSWORD}x`)
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(
      `パスワード（確認用）：${t('validation.passwordConfirmation')}`,
    )
    expect(confirmationBox().getAttribute('aria-invalid')).toBe('true')
    expect(requests).toEqual([])
  })

  it('受付票・メールアドレス・パスワードを送り、同じ画面に送信済みの案内を出すこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = await openSendMail()

    await fill(user)
    await user.click(submit())

    const heading = await screen.findByRole('heading', {
      level: 2,
      name: '確認メールを送信しました',
    })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(router.state.location.pathname).toBe(`${entBase}/sendVerificationMail`)
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/mainMail/' })
    expect(requests[0]?.body).toEqual({
      entryToken: ENTRY_TOKEN,
      policyHolderEmailAddress: 'taro@example.jp',
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    })
    const terms = screen.getAllByRole('term').map((term) => term.textContent)
    const definitions = screen.getAllByRole('definition').map((item) => item.textContent)
    expect(terms).toEqual(['送信先のメールアドレス', 'URLの有効期限'])
    expect(definitions).toEqual(['taro@example.jp', '2026年11月20日 11時05分（日本時間）'])
    expect(screen.getByText(t('sendVerificationMail.sent.body'))).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'メールが届かないときは' })).toBeTruthy()
    expect(screen.getByText(t('sendVerificationMail.notArrived.spam'))).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('「メールアドレスを入力し直す」で、アドレスを入れたままのフォームに戻ること', async () => {
    const user = userEvent.setup()
    await openSendMail()
    await fill(user)
    await user.click(submit())
    await screen.findByRole('heading', { level: 2, name: '確認メールを送信しました' })

    await user.click(screen.getByRole('button', { name: 'メールアドレスを入力し直す' }))

    expect(emailBox()).toHaveProperty('value', 'taro@example.jp')
    expect(passwordBox().value).toBe('')
  })

  it('送信の失敗（APFM0001）は画面の中にメッセージを出し、入力をすべて残すこと', async () => {
    const user = userEvent.setup()
    await openSendMail(() => jsonResponse(502, { errorCode: 'APFM0001' }))

    await fill(user, 'taro@example.invalid')
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t('error.APFM0001'))
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(emailBox()).toHaveProperty('value', 'taro@example.invalid')
    expect(passwordBox().value).toBe(PASSWORD)
    expect(confirmationBox().value).toBe(PASSWORD)
    expect(screen.queryByRole('heading', { name: '確認メールを送信しました' })).toBeNull()
  })

  it('サーバーの入力チェック（APFV0001）の issues は、その欄とサマリーに示すこと', async () => {
    const user = userEvent.setup()
    const message = t('validation.email')
    await openSendMail(() =>
      jsonResponse(400, {
        errorCode: 'APFV0001',
        issues: [{ path: 'policyHolderEmailAddress', message }],
      }),
    )

    await fill(user)
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(`メールアドレス：${message}`)
    expect(emailBox().getAttribute('aria-invalid')).toBe('true')
    expect(
      screen.getByRole('textbox', {
        name: 'メールアドレス ※必須',
        description: `${t('sendVerificationMail.email.support')} ${message}`,
      }),
    ).toBe(emailBox())
  })

  it('受付票の期限切れ（APFA2008）はエラー画面に出すこと', async () => {
    // React and React Router each report the error the boundary shows.
    expectConsoleError(2)
    const user = userEvent.setup()
    await openSendMail(() => jsonResponse(401, { errorCode: 'APFA2008' }))

    await fill(user)
    await user.click(submit())

    expect(await screen.findByRole('heading', { level: 1, name: 'エラー' })).toBeTruthy()
    expect(screen.getByText(t('errorScreen.authenticationFailed.description'))).toBeTruthy()
  })
})

describe('確認メールの送信の受付票（issue #5）', () => {
  async function navigateToSendMail() {
    giveTermsOfUseConsent()
    const services = createTestServices({
      handlers: { '/groupPfInfo/': () => entryGroupResponse('atOnce') },
    })
    const rendered = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await rendered.router.navigate(`${entRouterBase}/sendVerificationMail`)
    return rendered
  }

  it.each([
    ['受付票がない', () => undefined],
    ['受付票の期限が切れている', () => storeTicket(-1)],
    ['受付票が別のリンクのもの', () => storeTicket(30, 'ent/G002/202604/00001/abcDEF1234')],
  ])('%s ときは本人確認へ移ること', async (_case, arrange) => {
    arrange()
    const { router } = await navigateToSendMail()

    expect(await screen.findByRole('heading', { level: 1, name: '本人確認' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/verifyUser`)
  })

  it('受付票があっても、アドレスを入力して直接来たら利用規約へ移ること', async () => {
    storeTicket()
    const { router } = renderApp(`${entBase}/sendVerificationMail`)

    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
    expect(window.sessionStorage.getItem(ENTRY_TICKET_KEY)).not.toBeNull()
  })
})
