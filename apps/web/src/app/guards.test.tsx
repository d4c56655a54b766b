import { screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { entryGroupResponse } from '../test/entry-group.ts'
import { testPaymentInfo } from '../features/payment/test-payment.ts'
import { ApiError } from '../lib/api-client.ts'
import { REACHED_PAGES_KEY } from '../lib/flow-tracker.ts'
import { storeSession } from '../lib/session.ts'
import { giveTermsOfUseConsent, storeMyPageSession, storeTestSession } from '../test/access.ts'
import { entBase, groupName, link, mypBase } from '../test/fixtures.ts'
import { createTestServices, renderApp } from '../test/render-app.tsx'

const entRouterBase = entBase.replace(/^\/app/, '')

// payment and completeApplication load their screens and their guard on demand: transformed once
// here, so a busy machine's first transform does not count against a test's waits.
beforeAll(async () => {
  await Promise.all([
    import('../features/payment/screens/payment.tsx'),
    import('../features/payment/screens/complete-application.tsx'),
    import('../features/payment/payment-initialisation.ts'),
  ])
})

describe('直接アクセスの防止（SPEC §2.5）', () => {
  it('申込の途中の画面へ直接来たら、同じリンクの利用規約へ移ること', async () => {
    const { router } = renderApp(`${entBase}/selectType`)

    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
  })

  it('マイページの画面へ直接来たら、クエリを保ったままログインへ移ること', async () => {
    const query = `?groupPfCodeInceptionDateYm=${link.groupPfCodeInceptionDateYm}&groupPfBranchNo=${link.groupPfBranchNo}`
    const { router } = renderApp(`${mypBase}/home${query}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`/app/myp/${link.groupPfCode}/${link.urlKey}/login`)
    expect(router.state.location.search).toBe(query)
  })

  it.each([
    [`${entBase}/termsOfService`, '利用規約'],
    [`${entBase}/verifyUser`, '本人確認'],
    [`${mypBase}/login`, 'ログイン'],
    [`${mypBase}/mailChangeCode`, 'メールアドレス変更の認証コードの入力'],
    [`${mypBase}/passwordResetCode`, 'パスワード再設定の認証コードの入力'],
    [`${mypBase}/idReNotification`, 'IDの再通知'],
    [
      `/app/pamphlet/${link.groupPfCode}/${link.groupPfCodeInceptionDateYm}/${link.groupPfBranchNo}/${link.urlKey}`,
      'パンフレット',
    ],
    ['/app/systemTermsOfServiceAndPolicies', '利用規約・各種ポリシー'],
  ])('%s へは直接来ても表示すること', async (path, title) => {
    giveTermsOfUseConsent()
    // mailChangeCode opens directly, but only signed in (it changes the holder's address).
    storeMyPageSession()
    const services = createTestServices()
    renderApp(path, services)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    // the pamphlet is the server's page: reached in the app, it is loaded from the server
    expect(services.browser.reload).toHaveBeenCalledTimes(title === 'パンフレット' ? 1 : 0)
  })

  it('このタブで到達した画面の再読み込みは表示すること', async () => {
    storeTestSession()
    window.sessionStorage.setItem(REACHED_PAGES_KEY, JSON.stringify([`${entBase}/selectType`]))
    renderApp(`${entBase}/selectType`, createTestServices({ navigationType: 'reload' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'プラン・タイプの選択' }),
    ).toBeTruthy()
    expect(screen.getByText(`団体名：${groupName}`)).toBeTruthy()
  })

  it('到達済みの画面でも、再読み込みでなくアドレスを入力して来たら利用規約へ移ること', async () => {
    window.sessionStorage.setItem(REACHED_PAGES_KEY, JSON.stringify([`${entBase}/selectType`]))
    renderApp(`${entBase}/selectType`, createTestServices({ navigationType: 'navigate' }))

    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
  })

  it('アプリの中での画面遷移は通し、到達した画面として記録すること', async () => {
    storeTestSession()
    const { router } = renderApp(`${entBase}/termsOfService`)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    await router.navigate(`${entRouterBase}/selectType`)

    expect(
      await screen.findByRole('heading', { level: 1, name: 'プラン・タイプの選択' }),
    ).toBeTruthy()
    expect(JSON.parse(window.sessionStorage.getItem(REACHED_PAGES_KEY) ?? '[]')).toEqual([
      `${entBase}/termsOfService`,
      `${entBase}/selectType`,
    ])
  })

  it.each([
    ['payment', 'お支払い', 'open'],
    ['completeApplication', 'お申し込みの完了', 'applied'],
  ] as const)(
    '初期化ガードのある %s も直接来たら利用規約へ移り、フローの中からなら表示すること',
    async (page, title, state) => {
      storeTestSession()
      const services = createTestServices({
        handlers: { '/paymentInfo/': () => testPaymentInfo({ state }) },
      })
      const { router } = renderApp(`${entBase}/${page}`, services)
      await screen.findByRole('heading', { level: 1, name: '利用規約' })
      expect(services.getCalls.map((call) => call.path)).not.toContain('/paymentInfo/')
      await router.navigate(`${entRouterBase}/${page}`)
      expect(router.state.location.pathname).toBe(`${entBase}/${page}`)
      expect(
        await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 }),
      ).toBeTruthy()
      expect(screen.getByText(`団体名：${groupName}`)).toBeTruthy()
      expect(services.getCalls.filter((call) => call.path === '/paymentInfo/')).toHaveLength(1)
    },
  )

  it.each(['payment', 'completeApplication'])(
    '%s の初期化ガード（GET /paymentInfo/）が失敗したら、エラー画面を出すこと',
    async (page) => {
      storeTestSession()
      const services = createTestServices({
        handlers: {
          '/paymentInfo/': () => {
            throw new ApiError(500, { errorCode: 'E9999' })
          },
        },
      })
      const { router } = renderApp(`${entBase}/termsOfService`, services)
      await screen.findByRole('heading', { level: 1, name: '利用規約' })
      await router.navigate(`${entRouterBase}/${page}`)
      expect(
        await screen.findByRole('heading', { level: 1, name: 'エラー' }, { timeout: 5000 }),
      ).toBeTruthy()
      expect(screen.getByText('（エラーコード：E9999）')).toBeTruthy()
    },
  )
})

describe('本人確認の後の画面のセッション（issue #5）', () => {
  async function navigateSignedInto(page: string) {
    // the whole group: applyLinkGuide shows its periods and required documents
    const services = createTestServices({
      handlers: { '/groupPfInfo/': () => entryGroupResponse() },
    })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await router.navigate(`${entRouterBase}/${page}`)
    return router
  }

  it.each(['entryTerms', 'selectPolicyHolderDiv', 'checkPolicyHolderInfo', 'renewalProcedure'])(
    'セッションがなければ、アプリの中からでも %s から利用規約へ移ること',
    async (page) => {
      const router = await navigateSignedInto(page)
      await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`))
      expect(screen.getByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
      expect(JSON.parse(window.sessionStorage.getItem(REACHED_PAGES_KEY) ?? '[]')).toEqual([
        `${entBase}/termsOfService`,
      ])
    },
  )

  it('セッションがあれば、アプリの中から本人確認の後の画面へ進めること', async () => {
    storeTestSession()
    const router = await navigateSignedInto('entryTerms')
    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`))
  })

  it.each(['autoRenewStopComplete', 'entryTerms'])(
    'マイページのセッション（issue #9 更新）でも、アプリの中から %s へ進めること',
    async (page) => {
      storeMyPageSession()
      const router = await navigateSignedInto(page)
      await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/${page}`))
    },
  )

  it('終わったセッションでは、利用規約へ移ること', async () => {
    storeTestSession(Date.now() - 31 * 60_000)
    const router = await navigateSignedInto('entryTerms')
    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`))
  })

  it('別の団体のセッションでは、利用規約へ移ること', async () => {
    const session = storeTestSession()
    storeSession(window.sessionStorage, { ...session, groupPfCode: 'G999' })
    const router = await navigateSignedInto('entryTerms')
    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`))
  })

  it('セッションがあっても、アドレスを入力して直接来たら利用規約へ移ること', async () => {
    storeTestSession()
    const { router } = renderApp(`${entBase}/entryTerms`)
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
  })

  it('セッションがあり、このタブで到達した画面なら、再読み込みで表示すること', async () => {
    storeTestSession()
    window.sessionStorage.setItem(REACHED_PAGES_KEY, JSON.stringify([`${entBase}/entryTerms`]))
    renderApp(`${entBase}/entryTerms`, createTestServices({ navigationType: 'reload' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' }),
    ).toBeTruthy()
  })

  it('お申し込み用URLのご案内は、セッションがなくてもアプリの中から表示すること', async () => {
    const router = await navigateSignedInto('applyLinkGuide')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込み用URLのご案内' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/applyLinkGuide`)
  })
})

describe('入口のチェック（SPEC §2.6）', () => {
  it('同じリンクの団体情報と項目定義は一度だけ並行して読み込むこと', async () => {
    giveTermsOfUseConsent()
    const services = createTestServices()
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await router.navigate(`${entRouterBase}/verifyUser`)
    await screen.findByRole('heading', { level: 1, name: '本人確認' })

    expect(services.getCalls).toEqual([
      {
        path: '/groupPfInfo/',
        query: {
          urlKey: link.urlKey,
          groupPfCode: link.groupPfCode,
          groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
          groupPfBranchNo: link.groupPfBranchNo,
        },
      },
      {
        path: '/itemDefinitions/',
        query: {
          groupPfCode: link.groupPfCode,
          urlKey: link.urlKey,
          groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
        },
      },
    ])
  })

  it('マイページでは団体PFコードとURLキーだけで団体情報を読み、項目定義は読まないこと', async () => {
    const services = createTestServices()
    renderApp(`${mypBase}/login?groupPfCodeInceptionDateYm=202604&groupPfBranchNo=00001`, services)
    await screen.findByRole('heading', { level: 1, name: 'ログイン' })

    expect(services.getCalls).toEqual([
      { path: '/groupPfInfo/', query: { urlKey: link.urlKey, groupPfCode: link.groupPfCode } },
    ])
  })

  it('システム利用規約では入口のチェックをしないこと', async () => {
    const services = createTestServices()
    renderApp('/app/systemTermsOfServiceAndPolicies', services)
    await screen.findByRole('heading', { level: 1, name: '利用規約・各種ポリシー' })
    expect(services.getCalls).toEqual([])
  })

  it('失敗した入口のチェックは繰り返さず、同じエラーを表示すること', async () => {
    const services = createTestServices({
      handlers: {
        '/groupPfInfo/': () => {
          throw new Error('connection reset')
        },
      },
    })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByText('（エラーコード：XPFF0001）')
    const callsAfterFailure = services.getCalls.length

    await router.navigate(`${entRouterBase}/verifyUser`)
    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/verifyUser`))
    expect(await screen.findByText('（エラーコード：XPFF0001）')).toBeTruthy()
    expect(services.getCalls.length).toBe(callsAfterFailure)
  })

  it('ヘッダーに団体名を出し、テーマカラーを CSS 変数にすること', async () => {
    const { container } = renderApp(`${entBase}/termsOfService`)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    expect(screen.getByRole('banner').textContent).toContain(groupName)
    const shell = container.querySelector<HTMLElement>('[data-layout]')
    expect(shell?.style.getPropertyValue('--theme-color')).toBe('#197a4b')
    expect(shell?.style.getPropertyValue('--theme-on-color')).toBe('#ffffff')
    expect(screen.getByRole('main')).toBeTruthy()
    expect(screen.getByRole('link', { name: '利用規約・各種ポリシー' }).getAttribute('href')).toBe(
      '/app/systemTermsOfServiceAndPolicies',
    )
    await waitFor(() => expect(document.title).toBe(`利用規約 | ${groupName}`))
  })
})

describe('正当性チェック（SPEC §2.5）', () => {
  it.each([
    ['1', true],
    ['20', true],
    ['0', false],
    ['21', false],
    ['01', false],
    ['1.5', false],
    ['abc', false],
  ])('registerInsuredInfo/%s は表示できること: %s', async (unitNo, isShown) => {
    storeTestSession()
    // The route's own check is under test: the application never loads here, so a valid unit
    // number stays on the screen rather than meeting the screen's later check that the unit is
    // one of the applicant's (a race between the two otherwise).
    const services = createTestServices({
      handlers: { '/applyInfo/': () => new Promise(() => {}) },
    })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    await router.navigate(`${entRouterBase}/registerInsuredInfo/${unitNo}`)

    const name = isShown ? '被保険者情報の入力' : 'ページが見つかりません'
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy()
  })
})
