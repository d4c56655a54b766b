import type { ApplicationView } from '@app/shared/api/application/apply-info'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storeTestSession } from '@/test/access.ts'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { applicationHandlers, testApplication } from '@/test/application.ts'
import { entryGroupResponse } from '@/test/entry-group.ts'

const entRouterBase = entBase.replace(/^\/app/, '')
const ENTRY_REQUIRED = 'お申し込みには、同意事項への同意が必要です。'
const PRIVACY_REQUIRED = 'お申し込みには、個人情報の取扱いへの同意が必要です。'
const ENTRY_BOX = '上記の同意事項を確認し、同意する'
const PRIVACY_BOX = '個人情報の取扱いに同意する'

type Respond = (method: string, path: string) => Response

/**
 * entryTerms is reached through the flow (SPEC §2.5) with a session (issue #5): the test starts on
 * the link's first page, signed in as the verification mail's link leaves the applicant.
 */
async function openEntryTerms({
  phase = 'atOnce',
  views = [testApplication()],
  respond = () => jsonResponse(500, { errorCode: 'E9999' }),
}: {
  phase?: Parameters<typeof entryGroupResponse>[0]
  views?: ApplicationView[]
  respond?: Respond
} = {}) {
  storeTestSession()
  let loads = 0
  const { fetch, requests } = mockFetch(respond)
  const services = createTestServices({
    handlers: {
      ...applicationHandlers(() => views[Math.min(loads++, views.length - 1)] as ApplicationView),
      '/groupPfInfo/': () => entryGroupResponse(phase),
    },
    fetch,
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await rendered.router.navigate(`${entRouterBase}/entryTerms`)
  await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })
  await screen.findByRole('button', { name: '同意して次へ' })
  return { ...rendered, requests }
}

const definitionOf = (term: string) => {
  const element = screen.getAllByRole('term').find((candidate) => candidate.textContent === term)
  return element?.nextElementSibling?.textContent
}

describe('お申し込みにあたっての同意事項（entryTerms）', () => {
  it('団体の引受保険会社・取扱代理店・保険期間と、告知義務などの同意事項を見出しの順に表示すること', async () => {
    await openEntryTerms()

    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      '1. 引受保険会社と取扱代理店',
      '2. 補償の期間',
      '3. 告知義務',
      '4. クーリングオフについて',
      '5. 保険料のお支払い方法',
      '6. 個人情報の取扱い',
    ])
    // issue #23 point 11: the phase among five, whatever steps this application's flow has
    expect(screen.getByText('ステップ 1 / 5：プランの選択')).toBeTruthy()
    expect(definitionOf('引受保険会社')).toBe(
      'デモ損害保険株式会社（担当部署：東京法人営業部 第一課）',
    )
    expect(definitionOf('取扱代理店')).toBe('さくら保険サービス株式会社')
    expect(definitionOf('保険期間')).toBe('2027-01-01 00:00から2027-12-31 16:00まで')
    expect(definitionOf('今回のお申し込みの補償開始日')).toBe('2027-01-01 00:00')
    expect(definitionOf('払込方法')).toBe('クレジットカード払い')
    expect(definitionOf('払込回数')).toBe('年12回（月払）')
    const privacy = screen.getByRole('link', { name: '個人情報保護方針（新しいタブで開きます）' })
    expect(privacy.getAttribute('href')).toBe('/app/systemTermsOfServiceAndPolicies#privacy-policy')
    expect(privacy.getAttribute('target')).toBe('_blank')
  })

  it('中途加入の期間には、中途加入の補償開始日を示すこと', async () => {
    await openEntryTerms({ phase: 'halfway' })
    expect(definitionOf('今回のお申し込みの補償開始日')).toBe('2027-02-01')
  })

  it('同意せずに進むと、2つの同意それぞれの必須のメッセージを出して移らないこと', async () => {
    const user = userEvent.setup()
    const { router, requests } = await openEntryTerms()

    await user.click(screen.getByRole('button', { name: '同意して次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([`同意事項の確認：${ENTRY_REQUIRED}`, `個人情報の取扱い：${PRIVACY_REQUIRED}`])
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)

    await user.click(screen.getByRole('checkbox', { name: ENTRY_BOX }))
    await user.click(screen.getByRole('button', { name: '同意して次へ' }))

    expect(
      within(screen.getByRole('region', { name: '入力内容を確認してください' }))
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([`個人情報の取扱い：${PRIVACY_REQUIRED}`])
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)
    expect(requests).toEqual([])
  })

  it('両方に同意すると、同意を申込情報に保存して加入者区分の選択へ移ること', async () => {
    const user = userEvent.setup()
    const saved = testApplication(['entryTerms'], { version: 2 })
    const { router, requests } = await openEntryTerms({
      views: [testApplication(), saved],
      respond: () => jsonResponse(200, saved),
    })

    await user.click(screen.getByRole('checkbox', { name: ENTRY_BOX }))
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_BOX }))
    await user.click(screen.getByRole('button', { name: '同意して次へ' }))

    expect(await screen.findByRole('heading', { level: 1, name: '加入者区分の選択' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/selectPolicyHolderDiv`)
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'PUT',
        url: '/api/applyInfo/entryTerms',
        body: {
          version: 1,
          consentArray: [
            { documentId: 'entry-terms', version: '2026-11-01' },
            { documentId: 'privacy-policy', version: '2026-11-01' },
          ],
        },
      },
    ])
  })

  it('同意済みの人には、申込情報の同意からチェックを入れて表示すること', async () => {
    const agreedAt = '2026-11-20T01:00:00.000Z'
    await openEntryTerms({
      views: [
        testApplication(['entryTerms'], {
          consentArray: [
            { documentId: 'entry-terms', version: '2026-11-01', agreedAt },
            { documentId: 'privacy-policy', version: '2026-11-01', agreedAt },
          ],
        }),
      ],
    })

    expect(screen.getByRole('checkbox', { name: ENTRY_BOX })).toHaveProperty('checked', true)
    expect(screen.getByRole('checkbox', { name: PRIVACY_BOX })).toHaveProperty('checked', true)
  })

  it('別のタブで先に更新されていたら（APFC0001）、最新の内容を読み直して知らせ、この画面にとどまること', async () => {
    const user = userEvent.setup()
    const { router, requests } = await openEntryTerms({
      views: [testApplication(), testApplication([], { version: 5 })],
      respond: () => jsonResponse(409, { errorCode: 'APFC0001' }),
    })

    await user.click(screen.getByRole('checkbox', { name: ENTRY_BOX }))
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_BOX }))
    await user.click(screen.getByRole('button', { name: '同意して次へ' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      '別の画面またはタブで、お申し込みの内容が先に更新されました。最新の内容を表示しましたので、ご確認のうえ、もう一度操作してください。',
    )
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)
    // the newest state: nothing agreed yet
    expect(screen.getByRole('checkbox', { name: ENTRY_BOX })).toHaveProperty('checked', false)

    await user.click(screen.getByRole('checkbox', { name: ENTRY_BOX }))
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_BOX }))
    await user.click(screen.getByRole('button', { name: '同意して次へ' }))
    await waitFor(() => expect(requests).toHaveLength(2))
    expect((requests[1]?.body as { version: number }).version).toBe(5)
  })

  it('申込情報を読み込む間は見出しの下に「読み込んでいます…」を出し、読み込むと同意事項に代えること（issue #23 point 10）', async () => {
    storeTestSession()
    let answer: (view: ApplicationView) => void = () => undefined
    const services = createTestServices({
      handlers: {
        ...applicationHandlers(() => testApplication()),
        '/applyInfo/': () =>
          new Promise<ApplicationView>((resolve) => {
            answer = resolve
          }),
        '/groupPfInfo/': () => entryGroupResponse('atOnce'),
      },
    })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await router.navigate(`${entRouterBase}/entryTerms`)
    await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })

    const status = await screen.findByRole('status')
    await waitFor(() => expect(status.textContent).toBe('読み込んでいます…'))
    expect(screen.queryByRole('button', { name: '同意して次へ' })).toBeNull()

    answer(testApplication())
    await screen.findByRole('button', { name: '同意して次へ' })
    expect(screen.queryByText('読み込んでいます…')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })
})
