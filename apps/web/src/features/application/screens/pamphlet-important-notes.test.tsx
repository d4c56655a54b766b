import { screen, waitFor } from '@testing-library/react'
import { currentConsentVersions } from '@app/shared/documents'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storeTestSession } from '@/test/access.ts'
import { entBase } from '@/test/fixtures.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { entryGroupResponse } from '@/test/entry-group.ts'
import { testApplication } from '@/test/application.ts'
import { jsonResponse, mockFetch } from '@/test/http.ts'
import { applicationSteps } from '@app/shared/rules/application-steps'

const entRouterBase = entBase.replace(/^\/app/, '')
const NOTES_BOX = '上記の重要事項（契約概要・注意喚起情報）を確認し、同意する'

type Respond = (method: string, path: string) => Response

const beforeNotes = testApplication(
  applicationSteps.filter((step) => step !== 'pamphletImportantNotes'),
)

/** SPEC §2.7: reachable only from checkPolicyHolderInfo. */
async function openNotes(respond: Respond = () => jsonResponse(500, { errorCode: 'E9999' })) {
  storeTestSession()
  const { fetch, requests } = mockFetch(respond)
  const services = createTestServices({
    handlers: {
      '/groupPfInfo/': () => entryGroupResponse('atOnce'),
      '/applyInfo/': () => beforeNotes,
    },
    fetch,
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await rendered.router.navigate(`${entRouterBase}/checkPolicyHolderInfo`)
  await screen.findByRole('heading', { level: 1, name: 'お申し込み内容の確認' })
  await rendered.router.navigate(`${entRouterBase}/pamphletImportantNotes`)
  await screen.findByRole('heading', { level: 1, name: '重要事項のご確認' })
  await screen.findByRole('button', { name: 'お支払い手続きへ進む' })
  return { ...rendered, requests }
}

describe('重要事項のご確認（pamphletImportantNotes）', () => {
  it('契約概要（補償の5区分）と注意喚起情報、事故の連絡先を表示すること', async () => {
    await openNotes()

    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['この画面について', '契約概要', '注意喚起情報', '事故が起きたとき'])
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent)
        .slice(0, 5),
    ).toEqual([
      '補償の内容：傷害',
      '補償の内容：疾病',
      '補償の内容：賠償責任',
      '補償の内容：携行品',
      '補償の内容：各種サービス',
    ])
    expect(
      screen.getByRole('heading', { level: 3, name: '保険金をお支払いできない主な場合' }),
    ).toBeTruthy()
    expect(screen.getByText('入院1日につき5,000円')).toBeTruthy()
    expect(
      screen.getByText(
        (_content, element) =>
          element?.tagName === 'P' &&
          element.textContent === '事故受付センター 0120-000-102\n24時間365日受付',
      ),
    ).toBeTruthy()
  })

  it('お申し込み内容の確認へ戻れること', async () => {
    const user = userEvent.setup()
    const { router } = await openNotes()

    await user.click(screen.getByRole('link', { name: 'お申し込み内容の確認へ戻る' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込み内容の確認' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/checkPolicyHolderInfo`)
  })

  it('同意せずに進むと必須のメッセージを出し、同意すると申込情報に保存してお支払いへ移ること', async () => {
    const user = userEvent.setup()
    const done = testApplication(applicationSteps, { version: 8 })
    const { router, requests } = await openNotes(() => jsonResponse(200, done))

    await user.click(screen.getByRole('button', { name: 'お支払い手続きへ進む' }))
    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(summary.textContent).toContain(
      '重要事項の確認：お申し込みには、重要事項への同意が必要です。',
    )
    expect(requests).toEqual([])

    await user.click(screen.getByRole('checkbox', { name: NOTES_BOX }))
    await user.click(screen.getByRole('button', { name: 'お支払い手続きへ進む' }))

    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/payment`))
    expect(requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'PUT',
        url: '/api/applyInfo/pamphletImportantNotes',
        body: {
          version: 1,
          consentArray: [
            {
              documentId: 'important-notes',
              version: currentConsentVersions['important-notes'],
            },
          ],
        },
      },
    ])
  })
})
