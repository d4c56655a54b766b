import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { REACHED_PAGES_KEY } from '@/lib/flow-tracker.ts'
import { linkKey } from '@/lib/group-store.ts'
import { entBase, groupName, link } from '@/test/fixtures.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { entryGroupResponse } from '@/test/entry-group.ts'
import { CONSENTS_KEY, readConsents } from '../consent.ts'

const termsPath = `${entBase}/termsOfService`
const REQUIRED = 'お申し込みには利用規約への同意が必要です。'

function services(phase: Parameters<typeof entryGroupResponse>[0] = 'atOnce', reload = false) {
  return createTestServices({
    handlers: { '/groupPfInfo/': () => entryGroupResponse(phase) },
    navigationType: reload ? 'reload' : 'navigate',
  })
}

const consentBox = () => screen.getByRole('checkbox', { name: '利用規約に同意する' })
const submit = () => screen.getByRole('button', { name: '同意して次へ' })

async function openTerms(phase: Parameters<typeof entryGroupResponse>[0] = 'atOnce') {
  const rendered = renderApp(termsPath, services(phase))
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  return rendered
}

describe('利用規約（termsOfService）', () => {
  it('団体名と利用規約の各条を見出しの順に表示し、同意の欄は必須であること', async () => {
    await openTerms()

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByText(`団体名：${groupName}`)).toBeTruthy()
    expect(
      screen.getByText(/へのお申し込みには、本サービスの利用規約への同意が必要です。/),
    ).toBeTruthy()
    const articles = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
    expect(articles[0]).toBe('第1条（目的）')
    expect(articles).toContain('第13条（準拠法と裁判管轄）')
    expect(screen.getByText('2026年11月1日 制定')).toBeTruthy()
    expect(screen.getByRole('group', { name: '利用規約への同意 ※必須' })).toBeTruthy()
    expect(consentBox()).toHaveProperty('checked', false)
    const policies = screen.getByRole('link', {
      name: '利用規約・各種ポリシー（新しいタブで開きます）',
    })
    expect(policies.getAttribute('href')).toBe('/app/systemTermsOfServiceAndPolicies')
    expect(policies.getAttribute('target')).toBe('_blank')
  })

  it('お申し込み用URLのご案内へアプリの中で移り、そこから利用規約へ戻れること（SPEC §2.1、issue #17 の10）', async () => {
    const user = userEvent.setup()
    const { router } = await openTerms()

    await user.click(screen.getByRole('link', { name: 'お申し込み用URLのご案内を見る' }))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込み用URLのご案内' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/applyLinkGuide`)
    await user.click(screen.getByRole('link', { name: '利用規約の確認へ進む' }))
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(termsPath)
  })

  it('同意せずに進むと、サマリーに必須のメッセージを出して移らないこと', async () => {
    const user = userEvent.setup()
    const { router } = await openTerms()

    await user.click(submit())

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe(`利用規約への同意：${REQUIRED}`)
    expect(document.activeElement).toBe(summary)
    expect(
      screen.getByRole('group', { name: '利用規約への同意 ※必須', description: REQUIRED }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(termsPath)
    expect(window.sessionStorage.getItem(CONSENTS_KEY)).toBeNull()
  })

  it('同意して進むと同意を記録し、アプリの中で本人確認へ移ること', async () => {
    const user = userEvent.setup()
    const { router } = await openTerms()

    await user.click(consentBox())
    await user.click(submit())

    expect(await screen.findByRole('heading', { level: 1, name: '本人確認' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/verifyUser`)
    const consents = readConsents(window.sessionStorage, linkKey('ent', link))
    expect(consents).toEqual([
      { documentId: 'terms-of-use', version: '2026-11-01', agreedAt: expect.any(String) },
    ])
    expect(consents[0]?.agreedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('戻ると同意の欄にチェックが入ったままであること', async () => {
    const user = userEvent.setup()
    const { router } = await openTerms()
    await user.click(consentBox())
    await user.click(submit())
    await screen.findByRole('heading', { level: 1, name: '本人確認' })

    await router.navigate(-1)

    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    expect(consentBox()).toHaveProperty('checked', true)
  })

  it('再読み込みしても同意の欄にチェックが入っていること', async () => {
    window.sessionStorage.setItem(
      CONSENTS_KEY,
      JSON.stringify({
        [linkKey('ent', link)]: [
          {
            documentId: 'terms-of-use',
            version: '2026-11-01',
            agreedAt: '2026-11-20T01:00:00.000Z',
          },
        ],
      }),
    )
    window.sessionStorage.setItem(REACHED_PAGES_KEY, JSON.stringify([termsPath]))
    renderApp(termsPath, services('atOnce', true))

    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    expect(consentBox()).toHaveProperty('checked', true)
  })

  it('前の版への同意では、チェックを入れた状態にしないこと', async () => {
    window.sessionStorage.setItem(
      CONSENTS_KEY,
      JSON.stringify({
        [linkKey('ent', link)]: [
          {
            documentId: 'terms-of-use',
            version: '2025-04-01',
            agreedAt: '2025-04-20T01:00:00.000Z',
          },
        ],
      }),
    )
    await openTerms()
    expect(consentBox()).toHaveProperty('checked', false)
  })

  it('募集期間外は、受付期間外のメッセージと募集期間を表示し、同意の欄を出さないこと', async () => {
    await openTerms('closed')

    expect(
      screen.getByText('現在、お申し込みを受け付けていません。募集期間をご確認ください。'),
    ).toBeTruthy()
    expect(screen.getByText(`団体名：${groupName}`)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: '募集期間' })).toBeTruthy()
    const terms = screen.getAllByRole('term').map((term) => term.textContent)
    const definitions = screen.getAllByRole('definition').map((item) => item.textContent)
    expect(terms.slice(0, 2)).toEqual(['一括募集の受付期間', '一括募集の補償開始日'])
    expect(definitions.slice(0, 2)).toEqual(['2026-11-10〜2026-12-10', '2027-01-01'])
    expect(screen.getByRole('heading', { level: 2, name: 'お問い合わせ先' })).toBeTruthy()
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByRole('button', { name: '同意して次へ' })).toBeNull()
    expect(screen.queryByRole('heading', { name: '第1条（目的）' })).toBeNull()
  })

  it('同意の欄とボタンはキーボードだけで操作できること', async () => {
    const user = userEvent.setup()
    const { router } = await openTerms()

    consentBox().focus()
    await user.keyboard(' ')
    await user.tab()
    expect(document.activeElement).toBe(submit())
    await user.keyboard('{Enter}')

    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/verifyUser`))
  })
})
