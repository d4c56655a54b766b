import { t } from '@app/shared/messages/t'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client.ts'
import { readSession } from '@/lib/session.ts'
import { storeTestSession } from '@/test/access.ts'
import { link } from '@/test/fixtures.ts'
import {
  contractSummary,
  jsonResponse,
  myPageInfo,
  myPageLink,
  mypPath,
  NEW_PASSWORD,
  openMyPage,
  PASSWORD,
  type Respond,
} from '@/test/my-page.ts'

const currentBox = () => screen.getByLabelText<HTMLInputElement>('現在のパスワード ※必須')
const newBox = () => screen.getByLabelText<HTMLInputElement>('新しいパスワード ※必須')
const confirmationBox = () =>
  screen.getByLabelText<HTMLInputElement>('新しいパスワード（確認用） ※必須')
const changeButton = () => screen.getByRole('button', { name: 'パスワードを変更する' })

async function fillPasswords(
  user: ReturnType<typeof userEvent.setup>,
  confirmation = NEW_PASSWORD,
) {
  await user.type(currentBox(), PASSWORD)
  await user.type(newBox(), NEW_PASSWORD)
  await user.type(confirmationBox(), confirmation)
}

function openHome(options: Parameters<typeof openMyPage>[1] = {}) {
  return openMyPage('home', { signedIn: true, ...options })
}

const contractCard = (period: string) =>
  screen.getByRole('article', { name: `保険期間：${period}` })

describe('ホーム（SPEC §2.2, §2.4, §2.5 初期化ガード, §4 状態パターン）', () => {
  it('初期化ガードで GET /policyHolderInfo/ を読み、名前・マイページID・保険期間ごとのご契約を示すこと', async () => {
    const { services } = await openHome({
      handlers: {
        '/policyHolderInfo/': () =>
          myPageInfo({
            contracts: [
              contractSummary(),
              contractSummary({
                coveragePeriod: {
                  groupPfCodeInceptionDateYm: '202504',
                  inceptionDate: '20250401',
                  expiryDate: '20260331',
                },
                groupPfPolicyHolderNo: 'P000045',
                statusPattern: '211',
                pymntMethod: '3',
                totalPremium: 9800,
                applicationDate: '20250320',
                actions: {
                  certificate: false,
                  renewal: false,
                  autoRenewCheck: false,
                  stopAutoRenewal: false,
                },
              }),
            ],
          }),
      },
    })

    expect(services.getCalls).toContainEqual({ path: '/policyHolderInfo/', query: myPageLink })
    expect(screen.getByText('山田 太郎様')).toBeTruthy()
    expect(screen.getByText('マイページID：AB12CD34EF')).toBeTruthy()
    const current = within(contractCard('2026年4月1日〜2027年3月31日'))
    expect(current.getAllByRole('definition').map((item) => item.textContent)).toEqual([
      'さくら商事 団体総合保険',
      'P000123',
      'お申し込み済み・お支払い済み',
      '12,500円',
      'クレジットカード',
      '2026年3月15日',
    ])
    const previous = within(contractCard('2025年4月1日〜2026年3月31日'))
    expect(previous.getByText('手続き済み・お振込待ち')).toBeTruthy()
    expect(previous.getByText('銀行振込（専用の振込口座）')).toBeTruthy()
    expect(previous.queryByRole('button', { name: '加入者証をダウンロード' })).toBeNull()
  })

  it.each([
    ['110', 'お手続き中・未入金'],
    ['210', '手続き済み・未入金'],
    ['211', '手続き済み・お振込待ち'],
    ['220', '手続き済み・ご請求中'],
    ['330', 'お申し込み済み・お支払い済み'],
  ])('状態パターン %s は「%s」と示すこと', async (statusPattern, words) => {
    await openHome({
      handlers: {
        '/policyHolderInfo/': () => myPageInfo({ contracts: [contractSummary({ statusPattern })] }),
      },
    })

    expect(within(contractCard('2026年4月1日〜2027年3月31日')).getByText(words)).toBeTruthy()
  })

  it('「契約内容を確認する」で、その保険期間を付けてご契約内容の確認へ進むこと', async () => {
    const user = userEvent.setup()
    const { router } = await openHome()

    await user.click(screen.getByRole('link', { name: '契約内容を確認する' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'ご契約内容の確認' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('checkContractInfo'))
    expect(router.state.location.search).toBe('?groupPfCodeInceptionDateYm=202604')
  })

  it('「加入者証をダウンロード」で POST /policyHolderCertificate/ を送り、返された URL をブラウザで開くこと', async () => {
    const user = userEvent.setup()
    const url = '/api/files/certificate/token.0001'
    const { requests, services } = await openHome({
      respond: () =>
        jsonResponse(200, { url, expiresAt: new Date(Date.now() + 300_000).toISOString() }),
    })

    await user.click(screen.getByRole('button', { name: '加入者証をダウンロード' }))

    await waitFor(() => expect(services.browser.assign).toHaveBeenCalledWith(url))
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/policyHolderCertificate/' })
    expect(requests[0]?.body).toEqual({ ...myPageLink, groupPfCodeInceptionDateYm: '202604' })
  })

  it('更新・自動更新の確認・自動更新の停止は、できるご契約にだけ、そのご契約の年度の画面へ示すこと（issue #9）', async () => {
    await openHome({
      handlers: {
        '/policyHolderInfo/': () =>
          myPageInfo({
            contracts: [
              contractSummary({
                renewal: {
                  renewSttsDiv: '3',
                  renewalProcedureButtonAndTextStatus: '1',
                  isAutoRenewing: true,
                  renewalFixDate: '20270301',
                  procedureOpensOn: null,
                },
                actions: {
                  certificate: true,
                  renewal: true,
                  autoRenewCheck: true,
                  stopAutoRenewal: true,
                },
              }),
            ],
          }),
      },
    })

    const card = within(contractCard('2026年4月1日〜2027年3月31日'))
    const ent = `/app/ent/${link.groupPfCode}/202604/${link.groupPfBranchNo}/${link.urlKey}`
    expect(card.getByRole('link', { name: '更新のお手続きをする' }).getAttribute('href')).toBe(
      `${ent}/renewalProcedure`,
    )
    expect(card.getByRole('link', { name: '自動更新の内容を確認する' }).getAttribute('href')).toBe(
      `${ent}/autoRenewCheck`,
    )
    expect(card.getByRole('link', { name: '自動更新を停止する' }).getAttribute('href')).toBe(
      `${ent}/autoRenewStopCheck`,
    )
    expect(card.getByText('更新の状況')).toBeTruthy()
    expect(card.getByText('未更新（2027年3月1日に自動更新されます）')).toBeTruthy()
  })

  it('始めた更新のお手続きは「更新手続きを再開する」と示すこと', async () => {
    await openHome({
      handlers: {
        '/policyHolderInfo/': () =>
          myPageInfo({
            contracts: [
              contractSummary({
                renewal: {
                  renewSttsDiv: '3',
                  renewalProcedureButtonAndTextStatus: '2',
                  isAutoRenewing: false,
                  renewalFixDate: '20270301',
                  procedureOpensOn: null,
                },
                actions: {
                  certificate: true,
                  renewal: true,
                  autoRenewCheck: false,
                  stopAutoRenewal: false,
                },
              }),
            ],
          }),
      },
    })

    expect(screen.getByRole('link', { name: '更新手続きを再開する' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: '更新のお手続きをする' })).toBeNull()
    expect(screen.queryByRole('link', { name: '自動更新の内容を確認する' })).toBeNull()
    expect(screen.getByText('更新のお手続き中')).toBeTruthy()
  })

  it.each([
    [false, '未更新（更新のお手続きは、補償が始まる2026年4月1日からできます）'],
    [
      true,
      '未更新（2027年3月1日に自動更新されます。更新のお手続きは、補償が始まる2026年4月1日からできます）',
    ],
  ] as const)(
    '補償が始まる前のご契約（自動更新 %s）には更新のお手続きを示さず、できるようになる日を示すこと（issue #23 point 19）',
    async (isAutoRenewing, text) => {
      await openHome({
        handlers: {
          '/policyHolderInfo/': () =>
            myPageInfo({
              contracts: [
                contractSummary({
                  renewal: {
                    renewSttsDiv: '3',
                    renewalProcedureButtonAndTextStatus: '3',
                    isAutoRenewing,
                    renewalFixDate: '20270301',
                    procedureOpensOn: '20260401',
                  },
                  actions: {
                    certificate: true,
                    renewal: false,
                    autoRenewCheck: isAutoRenewing,
                    stopAutoRenewal: isAutoRenewing,
                  },
                }),
              ],
            }),
        },
      })

      const card = within(contractCard('2026年4月1日〜2027年3月31日'))
      expect(card.queryByRole('link', { name: '更新のお手続きをする' })).toBeNull()
      expect(card.getByText(text)).toBeTruthy()
    },
  )

  it.each([
    ['1', '1', '更新済み'],
    ['2', '3', '自動更新停止済み（保険期間の満了をもって終了します）'],
    ['3', '1', '未更新'],
    ['4', '3', '更新できません（お手続きの期限を過ぎました）'],
  ] as const)('更新の状況 %s を言葉で示すこと', async (renewSttsDiv, procedure, text) => {
    await openHome({
      handlers: {
        '/policyHolderInfo/': () =>
          myPageInfo({
            contracts: [
              contractSummary({
                renewal: {
                  renewSttsDiv,
                  renewalProcedureButtonAndTextStatus: procedure,
                  isAutoRenewing: false,
                  renewalFixDate: null,
                  procedureOpensOn: null,
                },
              }),
            ],
          }),
      },
    })

    const row = screen.getByText('更新の状況').closest('div')
    expect(row?.querySelector('dd')?.textContent).toBe(text)
  })

  it('更新できないご契約には、更新と自動更新の確認・停止を示さないこと', async () => {
    await openHome()

    expect(screen.queryByRole('link', { name: '更新のお手続きをする' })).toBeNull()
    expect(screen.queryByRole('link', { name: '自動更新の内容を確認する' })).toBeNull()
    expect(screen.queryByRole('link', { name: '自動更新を停止する' })).toBeNull()
    expect(screen.queryByText('更新の状況')).toBeNull()
  })

  it('アカウントの設定に、メールアドレスとその変更、電話番号認証の登録への道を示すこと', async () => {
    const user = userEvent.setup()
    const { router } = await openHome()

    expect(screen.getByText('taro@example.jp')).toBeTruthy()
    expect(screen.getByText(t('myp.home.account.telephone.none'))).toBeTruthy()
    await user.click(screen.getByRole('link', { name: '電話番号認証を登録する' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: '電話番号認証の登録' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('startRegisterTelephoneAuth'))
  })

  it('電話番号を登録済みなら、伏せた番号と変更への道を示すこと', async () => {
    await openHome({
      handlers: {
        '/policyHolderInfo/': () =>
          myPageInfo({ authTypeForLogin: 'telephone', maskedPhoneNumber: '*******5678' }),
      },
    })

    expect(
      screen.getByText(
        '登録済み（*******5678）：ログインのときの認証コードは、この電話番号にお送りします。',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: '登録する電話番号を変更する' })).toBeTruthy()
  })

  it('電話番号認証を提供していなければ（telephoneAuthOffered false）、その登録を示さないこと（issue #19 の3）', async () => {
    await openHome({
      handlers: {
        '/policyHolderInfo/': () =>
          myPageInfo({ telephoneAuthOffered: false, maskedPhoneNumber: '*******5678' }),
      },
    })

    expect(screen.getByText('taro@example.jp')).toBeTruthy()
    expect(screen.queryByText(t('myp.home.account.telephone'))).toBeNull()
    expect(screen.queryByText(/\*\*\*\*\*\*\*5678/)).toBeNull()
    expect(screen.queryByRole('link', { name: '電話番号認証を登録する' })).toBeNull()
    expect(screen.queryByRole('link', { name: '登録する電話番号を変更する' })).toBeNull()
  })

  it('「メールアドレスを変更する」でメールアドレスの変更へ進むこと', async () => {
    const user = userEvent.setup()
    const { router } = await openHome()

    await user.click(screen.getByRole('link', { name: 'メールアドレスを変更する' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'メールアドレスの変更' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('mailChange'))
  })
})

describe('パスワードの変更（SPEC §8.4 "Password change"; SPEC §2.2 に画面がないのでホームで）', () => {
  it('現在・新しい・確認用のパスワードを PUT /password/ に送り、変わったことを伝えて欄を空にすること', async () => {
    const user = userEvent.setup()
    const { requests } = await openHome({ respond: () => jsonResponse(200, {}) })

    await fillPasswords(user)
    await user.click(changeButton())

    const done = await screen.findByText(t('myp.home.password.changed'))
    await waitFor(() => expect(document.activeElement).toBe(done))
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/api/password/' })
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json')
    expect(requests[0]?.body).toEqual({
      ...myPageLink,
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: NEW_PASSWORD,
    })
    expect([currentBox().value, newBox().value, confirmationBox().value]).toEqual(['', '', ''])
  })

  it('新しいパスワードの5つの条件を、欄の説明として示すこと（SPEC §5.3）', async () => {
    await openHome()

    const describedBy = newBox().getAttribute('aria-describedby') ?? ''
    const support = document.getElementById(describedBy.split(' ')[0] ?? '')
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
  })

  it.each([
    ['abcdefghij', 'abcdefghij', `新しいパスワード：${t('validation.password')}`],
    [
      NEW_PASSWORD,
      `${NEW_PASSWORD}x`,
      `新しいパスワード（確認用）：${t('validation.passwordConfirmation')}`,
    ],
  ])(
    '新しいパスワード「%s」・確認用「%s」は送らずに「%s」と示すこと',
    async (password, confirmation, item) => {
      const user = userEvent.setup()
      const { requests } = await openHome()

      await user.type(currentBox(), PASSWORD)
      await user.type(newBox(), password)
      await user.type(confirmationBox(), confirmation)
      await user.click(changeButton())

      const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
      expect(within(summary).getByRole('link').textContent).toBe(item)
      expect(requests).toEqual([])
    },
  )

  it.each([
    ['APFL0017', 400],
    ['APFL0018', 400],
    ['APFL0019', 429],
  ])('%s はパスワードの変更の中に伝えること', async (errorCode, status) => {
    const user = userEvent.setup()
    await openHome({ respond: () => jsonResponse(status, { errorCode }) })

    await fillPasswords(user)
    await user.click(changeButton())

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(t(`error.${errorCode}` as 'error.APFL0017'))
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(screen.queryByText(t('myp.home.password.changed'))).toBeNull()
  })
})

describe('ホームへの入り方（SPEC §2.5）', () => {
  it('マイページのセッションがなければ、同じリンクのログインへ移ること', async () => {
    const { router, services } = await openMyPage('home')

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
    expect(services.getCalls.map((call) => call.path)).not.toContain('/policyHolderInfo/')
  })

  it('申込の確認メールで開いたセッションでは、マイページに入れないこと（セッションの目的）', async () => {
    storeTestSession()
    const { router } = await openMyPage('home')

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('login'))
  })

  it('初期化で 401 E0003 ならセッションエラーの画面を出すこと', async () => {
    await openHome({
      handlers: {
        '/policyHolderInfo/': () => {
          throw new ApiError(401, { errorCode: 'E0003' })
        },
        '/sessionInfo/': () => {
          throw new ApiError(401, { errorCode: 'E0003' })
        },
      },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'エラー' })).toBeTruthy()
    expect(screen.getByText(t('errorScreen.authenticationFailed.description'))).toBeTruthy()
    expect(screen.queryByText('（エラーコード：E9999）')).toBeNull()
  })

  it('「ログアウト」で DELETE /sessionInfo/ を送り、セッションを消してログアウトしたことを伝えること', async () => {
    const user = userEvent.setup()
    const respond: Respond = () => jsonResponse(204, null)
    const { requests, router } = await openHome({ respond })

    await user.click(screen.getByRole('link', { name: 'ログアウト' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'ログアウト' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(mypPath('logout'))
    await waitFor(() => expect(readSession(window.sessionStorage)).toBeUndefined())
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/sessionInfo/' })
    expect(screen.getByText('ログアウトしました。ご利用ありがとうございました。')).toBeTruthy()
  })
})

describe('マイページでの操作のない時間の警告（PRODUCT.md "Sessions"）', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('マイページの画面でも25分で警告を出し、「ログアウト」で同じリンクのログインへ移ること', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router, requests } = await openHome({ respond: () => jsonResponse(204, null) })

    act(() => {
      vi.advanceTimersByTime(25 * 60_000)
    })
    const dialog = await screen.findByRole('alertdialog', {
      name: 'まもなく自動的にログアウトします',
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'ログアウト' }))

    await waitFor(() => expect(router.state.location.pathname).toBe(mypPath('login')))
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/sessionInfo/' })
    expect(readSession(window.sessionStorage)).toBeUndefined()
  })
})
