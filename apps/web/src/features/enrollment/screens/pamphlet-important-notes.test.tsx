import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storeTestSession } from '../../../test/access.ts'
import { entBase } from '../../../test/fixtures.ts'
import { createTestServices, renderApp } from '../../../test/render-app.tsx'
import { entryGroupResponse } from '../components/entry-test-group.ts'

const entRouterBase = entBase.replace(/^\/app/, '')

/** SPEC §2.7: reachable only from checkPolicyHolderInfo. */
async function openNotes() {
  storeTestSession()
  const services = createTestServices({
    handlers: { '/groupPfInfo/': () => entryGroupResponse('atOnce') },
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await rendered.router.navigate(`${entRouterBase}/checkPolicyHolderInfo`)
  await screen.findByRole('heading', { level: 1, name: 'お申し込み内容の確認' })
  await rendered.router.navigate(`${entRouterBase}/pamphletImportantNotes`)
  await screen.findByRole('heading', { level: 1, name: '重要事項のご確認' })
  return rendered
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
})
