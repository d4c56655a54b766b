import { withRetryTime } from '@app/shared/messages/retry-time'
import { t } from '@app/shared/messages/t'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { linkKey } from '@/lib/group-store.ts'
import { readSession } from '@/lib/session.ts'
import { expectConsoleError } from '@/test/setup.ts'
import { giveTermsOfUseConsent } from '@/test/access.ts'
import { entBase, link, refFreeField } from '@/test/fixtures.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { ENTRY_TICKET_KEY, VERIFICATION_TOKEN_KEY } from '../access-storage.ts'
import { authItemDefinitions, threeItemGroupResponse } from '@/test/access-group.ts'
import { entryGroupResponse } from '@/test/entry-group.ts'
import { testApplication } from '@/test/application.ts'
import type { ApplicationView } from '@app/shared/api/application/apply-info'

const verifyPath = `${entBase}/verifyUser`
const ticketExpiresAt = () => new Date(Date.now() + 30 * 60_000).toISOString()
const LINK_TOKEN = 'Abcdefghij0123456789_-xyz'

type Respond = (method: string, path: string) => Response

function setup(
  respond: Respond,
  group: 'byId' | 'byItems' | 'closed' = 'byId',
  path: string = verifyPath,
  application: () => ApplicationView = () => testApplication(),
) {
  const { fetch, requests } = mockFetch(respond)
  const services = createTestServices({
    handlers: {
      '/applyInfo/': application,
      '/mainCoverageTypes/': () => ({ planArray: [] }),
      '/groupPfInfo/': () =>
        group === 'byItems'
          ? threeItemGroupResponse()
          : entryGroupResponse(group === 'closed' ? 'closed' : 'atOnce'),
      '/itemDefinitions/': () => ({ itemDefinitionArray: authItemDefinitions }),
    },
    fetch,
  })
  const rendered = renderApp(path, services)
  return { ...rendered, requests }
}

const ticketAnswer: Respond = () =>
  jsonResponse(200, {
    entryToken: 'entry.ticket.0001',
    expiresAt: ticketExpiresAt(),
    expiresInSeconds: 30 * 60,
  })

const failWith =
  (status: number, errorCode: string, issues?: { path: string; message: string }[]): Respond =>
  () =>
    jsonResponse(status, { errorCode, message: 'server text', ...(issues ? { issues } : {}) })

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name })
const idBox = () => textbox('初回登録ID ※必須')
const passwordBox = () => screen.getByLabelText<HTMLInputElement>('パスワード ※必須')
const submit = () => screen.getByRole('button', { name: '本人確認をする' })

async function openById(respond: Respond = ticketAnswer) {
  giveTermsOfUseConsent()
  const rendered = setup(respond)
  await screen.findByRole('heading', { level: 1, name: '本人確認' })
  return rendered
}

async function fillById(user: ReturnType<typeof userEvent.setup>) {
  await user.type(idBox(), 'AB12CD34EF')
  await user.type(passwordBox(), 'pass1234WORD')
}

describe('本人確認（verifyUser）初回登録IDとパスワード（authenticationType "1"）', () => {
  it('2つの欄に名前・必須・補足があり、パスワードは伏せて表示すること', async () => {
    await openById()

    expect(
      screen.getByText(
        'ご本人であることを確認します。団体からお知らせした初回登録IDとパスワードを入力してください。',
      ),
    ).toBeTruthy()
    expect(
      screen.getByRole('textbox', {
        name: '初回登録ID ※必須',
        description: '半角の英大文字と数字で入力してください。',
      }),
    ).toBeTruthy()
    expect(passwordBox().type).toBe('password')
    expect(passwordBox().getAttribute('aria-required')).toBe('true')
  })

  it('入力した内容・リンク・利用規約への同意を送り、受付票を保存して確認メールの送信へ移ること', async () => {
    const user = userEvent.setup()
    const { router, requests } = await openById()

    await fillById(user)
    await user.click(submit())

    expect(await screen.findByRole('heading', { level: 1, name: '確認メールの送信' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/sendVerificationMail`)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/policyHolderInfoById/' })
    expect(requests[0]?.body).toEqual({
      ...link,
      firstEntryId: 'AB12CD34EF',
      firstEntryPassword: 'pass1234WORD',
      consents: [{ documentId: 'terms-of-use', version: '2026-11-01' }],
    })
    expect(JSON.parse(window.sessionStorage.getItem(ENTRY_TICKET_KEY) ?? '{}')).toEqual({
      link: linkKey('ent', link),
      entryToken: 'entry.ticket.0001',
      expiresAt: expect.any(String),
    })
  })

  it('未入力や使えない文字は、送らずにサマリーとそれぞれの欄に示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = await openById()

    await user.type(idBox(), 'ab12')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(document.activeElement).toBe(summary)
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([
      `初回登録ID：${t('validation.onlyNumberAndUpperAlphabet')}`,
      `パスワード：${t('validation.required')}`,
    ])
    expect(requests).toEqual([])
  })

  it.each([
    ['APFL0001', 401],
    ['APFL0003', 423],
    ['APFA2001', 403],
    ['APFR0001', 429],
  ])(
    '%s は画面の中にメッセージを出してフォーカスを移し、入力をそのまま残すこと',
    async (code, status) => {
      const user = userEvent.setup()
      const { router } = await openById(failWith(status, code))

      await fillById(user)
      await user.click(submit())

      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toBe(t(`error.${code}` as 'error.APFL0001'))
      await waitFor(() => expect(document.activeElement).toBe(alert))
      expect(idBox()).toHaveProperty('value', 'AB12CD34EF')
      expect(passwordBox().value).toBe('pass1234WORD')
      expect(router.state.location.pathname).toBe(verifyPath)
      expect(window.sessionStorage.getItem(ENTRY_TICKET_KEY)).toBeNull()
    },
  )

  // Issue #23 point 15: the lockout says when to try again (the server's Retry-After).
  it('APFL0003 に Retry-After があれば、何時何分以降にもう一度試せるかを示すこと', async () => {
    const user = userEvent.setup()
    const retryAfterSeconds = 15 * 60
    await openById(() =>
      jsonResponse(423, { errorCode: 'APFL0003' }, { 'Retry-After': String(retryAfterSeconds) }),
    )
    await fillById(user)
    const before = Date.now()
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    const expected = [0, 1].map((minute) =>
      withRetryTime(t('error.APFL0003'), retryAfterSeconds + minute * 60, new Date(before)),
    )
    expect(expected).toContain(alert.textContent)
    expect(alert.textContent).toMatch(
      /^本人確認に続けて失敗したため.*\d+時\d{2}分以降に、もう一度お試しください。$/,
    )
  })

  it.each([
    ['APFA2002', 409],
    ['APFA2004', 404],
  ])(
    '%s は代理店へのお問い合わせを促すメッセージに、お問い合わせ先を添えること',
    async (code, status) => {
      const user = userEvent.setup()
      await openById(failWith(status, code))

      await fillById(user)
      await user.click(submit())

      const alert = await screen.findByRole('alert')
      expect(within(alert).getByText(t(`error.${code}` as 'error.APFA2002'))).toBeTruthy()
      expect(within(alert).getByText('お問い合わせ先')).toBeTruthy()
      expect(within(alert).getByText(/さくら保険サービス株式会社/).textContent).toBe(refFreeField)
    },
  )

  it('同じ失敗が続いても、そのたびにメッセージへフォーカスを移すこと', async () => {
    const user = userEvent.setup()
    await openById(failWith(401, 'APFL0001'))
    await fillById(user)
    await user.click(submit())
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(alert))

    await user.click(submit())

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('サーバーの入力チェック（APFV0001）の issues は、それぞれの欄とサマリーに示すこと', async () => {
    const user = userEvent.setup()
    const message = t('validation.onlyNumberAndUpperAlphabet')
    await openById(failWith(400, 'APFV0001', [{ path: 'firstEntryId', message }]))

    await fillById(user)
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(`初回登録ID：${message}`)
    expect(
      screen.getByRole('textbox', { name: '初回登録ID ※必須', description: /この項目/ }),
    ).toBeTruthy()
    expect(idBox().getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('画面の中で扱わない失敗は、エラー画面に出すこと', async () => {
    // React and React Router each report the error the boundary shows.
    expectConsoleError(2)
    const user = userEvent.setup()
    await openById(failWith(500, 'E9999'))

    await fillById(user)
    await user.click(submit())

    expect(await screen.findByRole('heading', { level: 1, name: 'エラー' })).toBeTruthy()
    expect(screen.getByText(t('errorScreen.systemError.description'))).toBeTruthy()
  })

  it('利用規約に同意していなければ、利用規約へ戻ること', async () => {
    const { router } = setup(ticketAnswer)

    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
  })

  it('募集期間外は、受付期間外のメッセージと募集期間を表示し、入力欄を出さないこと', async () => {
    giveTermsOfUseConsent()
    setup(ticketAnswer, 'closed')

    await screen.findByRole('heading', { level: 1, name: '本人確認' })
    expect(screen.getByText(t('recruitment.closed'))).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: '募集期間' })).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: '本人確認をする' })).toBeNull()
  })
})

describe('本人確認（verifyUser）三項目認証（authenticationType "2"）', () => {
  async function openByItems(respond: Respond = ticketAnswer) {
    giveTermsOfUseConsent()
    const rendered = setup(respond, 'byItems')
    await screen.findByRole('heading', { level: 1, name: '本人確認' })
    return rendered
  }

  async function fillItems(user: ReturnType<typeof userEvent.setup>) {
    await user.type(textbox('社員番号 ※必須'), '12345678')
    await user.type(textbox('生年月日 年'), '1990')
    await user.type(textbox('生年月日 月'), '4')
    await user.type(textbox('生年月日 日'), '1')
    await user.type(textbox('氏名（フリガナ） ※必須'), 'ヤマダ　タロウ')
  }

  it('認証項目だけを authItemCd の順に、項目名・補足・入力の種類どおりに表示すること', async () => {
    await openByItems()

    expect(
      screen.getByText(
        'ご本人であることを確認します。団体に登録されている内容と同じになるように、次の項目を入力してください。',
      ),
    ).toBeTruthy()
    const names = [...document.querySelectorAll<HTMLElement>('form label[for], form legend')].map(
      (label) => label.textContent,
    )
    expect(names.filter((name) => name?.includes('※必須'))).toEqual([
      '社員番号 ※必須',
      '生年月日 ※必須',
      '氏名（フリガナ） ※必須',
    ])
    expect(
      screen.getByRole('textbox', {
        name: '社員番号 ※必須',
        description: '社員証に記載の8桁の番号です。',
      }),
    ).toBeTruthy()
    expect(screen.getByRole('group', { name: '生年月日 ※必須' })).toBeTruthy()
    expect(textbox('生年月日 年')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: /住所/ })).toBeNull()
  })

  it('答えを項目コードごとに authItems で送り、確認メールの送信へ移ること', async () => {
    const user = userEvent.setup()
    const { requests } = await openByItems()

    await fillItems(user)
    await user.click(submit())

    expect(await screen.findByRole('heading', { level: 1, name: '確認メールの送信' })).toBeTruthy()
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/policyHolderInfoByItem/' })
    expect(requests[0]?.body).toEqual({
      ...link,
      authItems: {
        employeeNo: '12345678',
        insrdBirthDate: '19900401',
        insrdNameKana: 'ヤマダ　タロウ',
      },
      consents: [{ documentId: 'terms-of-use', version: '2026-11-01' }],
    })
  })

  it('項目の ruleArray で入力をチェックすること', async () => {
    const user = userEvent.setup()
    const { requests } = await openByItems()

    await user.type(textbox('社員番号 ※必須'), '１２３')
    await user.type(textbox('生年月日 年'), '1990')
    await user.type(textbox('生年月日 月'), '2')
    await user.type(textbox('生年月日 日'), '30')
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([
      `社員番号：${t('validation.onlyNumeric')}`,
      `生年月日：${t('validation.yearMonthDate.invalid')}`,
      `氏名（フリガナ）：${t('validation.required')}`,
    ])
    expect(requests).toEqual([])
  })

  it('APFL0002 は画面の中にメッセージを出し、入力をそのまま残すこと', async () => {
    const user = userEvent.setup()
    await openByItems(failWith(401, 'APFL0002'))

    await fillItems(user)
    await user.click(submit())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t('error.APFL0002'))
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(textbox('社員番号 ※必須')).toHaveProperty('value', '12345678')
    expect(textbox('生年月日 月')).toHaveProperty('value', '4')
    expect(textbox('氏名（フリガナ） ※必須')).toHaveProperty('value', 'ヤマダ　タロウ')
  })

  it('サーバーの issues（authItems.項目コード）は、その項目の欄に示すこと', async () => {
    const user = userEvent.setup()
    const message = t('validation.onlyFullKatakana')
    await openByItems(failWith(400, 'APFV0001', [{ path: 'authItems.insrdNameKana', message }]))

    await fillItems(user)
    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(`氏名（フリガナ）：${message}`)
    const kana = textbox('氏名（フリガナ） ※必須')
    expect(kana.getAttribute('aria-invalid')).toBe('true')
    expect(
      screen.getByRole('textbox', { name: '氏名（フリガナ） ※必須', description: message }),
    ).toBe(kana)
  })
})

describe('本人確認（verifyUser）確認メールのURLから（#token=…）', () => {
  const sessionAnswer: Respond = () =>
    jsonResponse(200, {
      sessionToken: 'session.from.mail',
      // a server whose clock is pinned far in the past (APP_NOW): the browser counts the seconds
      expiresAt: '2020-01-01T00:30:00.000Z',
      expiresInSeconds: 30 * 60,
      userId: 'U00000042',
      link,
    })

  const STATUS_PATH = '/policyHolderInfoByMail/status/'

  /**
   * Opens the mail link; the link's status (issue #23 point 14) answers `usable`. Once the screen
   * has settled, the status call is checked and taken out of `requests`, so that the tests read
   * the confirmation as the first request.
   */
  async function openMailLink(
    respond: Respond = sessionAnswer,
    token: string = LINK_TOKEN,
    application?: () => ApplicationView,
    usable = true,
    isResuming = false,
  ) {
    const rendered = setup(
      (method, path) =>
        path === STATUS_PATH ? jsonResponse(200, { usable, isResuming }) : respond(method, path),
      'byId',
      `${verifyPath}#token=${token}`,
      application,
    )
    await screen.findByRole('heading', { level: 2, name: 'メールアドレスの確認' })
    await waitFor(() => expect(screen.queryByText(t('verifyUser.mail.checking'))).toBeNull())
    const statusCalls = rendered.requests.filter((request) => request.url === `/api${STATUS_PATH}`)
    for (const call of statusCalls) {
      expect(call).toMatchObject({ method: 'POST', body: { token } })
      rendered.requests.splice(rendered.requests.indexOf(call), 1)
    }
    return { ...rendered, statusCalls }
  }

  const mailPassword = () => screen.getByLabelText<HTMLInputElement>('パスワード ※必須')
  const confirm = () => screen.getByRole('button', { name: '確認して次へ' })

  it('利用規約の同意がなくても、説明とパスワードの欄を出し、トークンをアドレスから消すこと', async () => {
    const { services } = await openMailLink()

    expect(screen.getByRole('heading', { level: 1, name: '本人確認' })).toBeTruthy()
    expect(screen.getByText(t('verifyUser.mail.lead'))).toBeTruthy()
    expect(mailPassword().type).toBe('password')
    expect(mailPassword().autocomplete).toBe('current-password')
    await waitFor(() => expect(services.browser.removeFragment).toHaveBeenCalledTimes(1))
    expect(JSON.parse(window.sessionStorage.getItem(VERIFICATION_TOKEN_KEY) ?? '{}')).toEqual({
      link: linkKey('ent', link),
      token: LINK_TOKEN,
    })
  })

  // Issue #23 point 14: a used or expired link says so before the password is asked.
  it('使用済み・期限切れのURLは、開いたときにそう伝え、パスワードを尋ねないこと', async () => {
    const { statusCalls, requests } = await openMailLink(
      sessionAnswer,
      LINK_TOKEN,
      undefined,
      false,
    )

    expect(statusCalls).toHaveLength(1)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(t('error.APFA2007'))
    expect(within(alert).getByRole('link', { name: t('verifyUser.mail.restart') })).toBeTruthy()
    expect(screen.queryByLabelText('パスワード ※必須')).toBeNull()
    expect(screen.queryByRole('button', { name: '確認して次へ' })).toBeNull()
    expect(window.sessionStorage.getItem(VERIFICATION_TOKEN_KEY)).toBeNull()
    expect(requests).toEqual([])
  })

  // Issue #23 point 14: a resumed application is said before the password is asked
  it('途中のお申し込みを再開するURLは、そのことと、新しく設定したパスワードを使うことを伝えること', async () => {
    await openMailLink(sessionAnswer, LINK_TOKEN, undefined, true, true)
    expect(screen.getByText(t('verifyUser.mail.resuming'))).toBeTruthy()
    expect(mailPassword().type).toBe('password')
  })

  it('初めてのお申し込みのURLには、再開の案内を出さないこと', async () => {
    await openMailLink()
    expect(screen.queryByText(t('verifyUser.mail.resuming'))).toBeNull()
  })

  it('トークンとパスワードを送り、セッションを保存して同意事項の画面へアプリの中で移ること', async () => {
    const user = userEvent.setup()
    const { router, requests } = await openMailLink()

    await user.type(mailPassword(), 'Abcdef12#$')
    await user.click(confirm())

    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/policyHolderInfoByMail/' })
    expect(requests[0]?.body).toEqual({ token: LINK_TOKEN, password: 'Abcdef12#$' })
    expect(readSession(window.sessionStorage)).toEqual({
      sessionToken: 'session.from.mail',
      expiresAt: expect.any(String),
      userId: 'U00000042',
      groupPfCode: link.groupPfCode,
      link,
    })
    // 30 minutes on this browser's clock, although the server's clock said 2020
    const left = Date.parse(readSession(window.sessionStorage)?.expiresAt ?? '') - Date.now()
    expect(left).toBeGreaterThan(29 * 60_000)
    expect(left).toBeLessThanOrEqual(30 * 60_000)
    expect(window.sessionStorage.getItem(VERIFICATION_TOKEN_KEY)).toBeNull()
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeTruthy()
  })

  it('申込の途中で戻ってきた人は、申込の次の手順へ移ること（issue #6）', async () => {
    const user = userEvent.setup()
    const { router } = await openMailLink(sessionAnswer, LINK_TOKEN, () =>
      testApplication(['entryTerms', 'selectPolicyHolderDiv']),
    )

    await user.type(mailPassword(), 'Abcdef12#$')
    await user.click(confirm())

    expect(await screen.findByRole('heading', { level: 1, name: '加入区分の選択' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/selectCategory`)
  })

  it('パスワードの誤り（APFL0004）はメッセージを出し、同じトークンでもう一度試せること', async () => {
    const user = userEvent.setup()
    let attempts = 0
    const { requests } = await openMailLink((method, path) => {
      attempts += 1
      return attempts === 1 ? failWith(401, 'APFL0004')(method, path) : sessionAnswer(method, path)
    })

    await user.type(mailPassword(), 'Wrong12#$x')
    await user.click(confirm())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t('error.APFL0004'))
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(mailPassword().value).toBe('Wrong12#$x')

    await user.clear(mailPassword())
    await user.type(mailPassword(), 'Abcdef12#$')
    await user.click(confirm())

    await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })
    expect(requests.map((request) => request.body)).toEqual([
      { token: LINK_TOKEN, password: 'Wrong12#$x' },
      { token: LINK_TOKEN, password: 'Abcdef12#$' },
    ])
  })

  it('ロック（APFL0005）はメッセージを出し、入力を残すこと', async () => {
    const user = userEvent.setup()
    await openMailLink(failWith(423, 'APFL0005'))

    await user.type(mailPassword(), 'Abcdef12#$')
    await user.click(confirm())

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.APFL0005'))
    expect(mailPassword().value).toBe('Abcdef12#$')
  })

  it('期限切れ・使用済み（APFA2007）はメッセージとやり直しのリンクを出し、フォームを閉じること', async () => {
    const user = userEvent.setup()
    const { router } = await openMailLink(failWith(410, 'APFA2007'))

    await user.type(mailPassword(), 'Abcdef12#$')
    await user.click(confirm())

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(t('error.APFA2007'))).toBeTruthy()
    expect(screen.queryByRole('button', { name: '確認して次へ' })).toBeNull()
    expect(window.sessionStorage.getItem(VERIFICATION_TOKEN_KEY)).toBeNull()

    await user.click(within(alert).getByRole('link', { name: '本人確認を最初からやり直す' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`))
  })

  it('形の正しくないトークンは、送らずに期限切れと同じメッセージを出すこと', async () => {
    const { requests } = await openMailLink(sessionAnswer, 'short')

    expect(screen.getByText(t('error.APFA2007'))).toBeTruthy()
    expect(screen.queryByLabelText('パスワード ※必須')).toBeNull()
    expect(requests).toEqual([])
  })

  it('アドレスからトークンを消した後の再読み込みでも、保存したトークンで続けられること', async () => {
    window.sessionStorage.setItem(
      VERIFICATION_TOKEN_KEY,
      JSON.stringify({ link: linkKey('ent', link), token: LINK_TOKEN }),
    )
    const user = userEvent.setup()
    const { requests } = setup((method, path) =>
      path === STATUS_PATH
        ? jsonResponse(200, { usable: true, isResuming: false })
        : sessionAnswer(method, path),
    )
    await screen.findByRole('heading', { level: 2, name: 'メールアドレスの確認' })

    await user.type(
      await screen.findByLabelText<HTMLInputElement>('パスワード ※必須'),
      'Abcdef12#$',
    )
    await user.click(confirm())

    await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })
    expect(requests.map((request) => request.body)).toEqual([
      { token: LINK_TOKEN },
      { token: LINK_TOKEN, password: 'Abcdef12#$' },
    ])
  })
})
