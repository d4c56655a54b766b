import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { linkKey } from '../../../lib/group-store.ts'
import { storeTestSession } from '../../../test/access.ts'
import { entBase, link } from '../../../test/fixtures.ts'
import { createTestServices, renderApp } from '../../../test/render-app.tsx'
import { entryGroupResponse } from '../components/entry-test-group.ts'
import { readConsents } from '../consent.ts'

const entRouterBase = entBase.replace(/^\/app/, '')
const ENTRY_REQUIRED = 'お申し込みには、同意事項への同意が必要です。'
const PRIVACY_REQUIRED = 'お申し込みには、個人情報の取扱いへの同意が必要です。'

/**
 * entryTerms is reached through the flow (SPEC §2.5) with a session (issue #5): the test starts on
 * the link's first page, signed in as the verification mail's link leaves the applicant.
 */
async function openEntryTerms(phase: Parameters<typeof entryGroupResponse>[0] = 'atOnce') {
  storeTestSession()
  const services = createTestServices({
    handlers: { '/groupPfInfo/': () => entryGroupResponse(phase) },
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await rendered.router.navigate(`${entRouterBase}/entryTerms`)
  await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })
  return rendered
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
    await openEntryTerms('halfway')
    expect(definitionOf('今回のお申し込みの補償開始日')).toBe('2027-02-01')
  })

  it('同意せずに進むと、2つの同意それぞれの必須のメッセージを出して移らないこと', async () => {
    const user = userEvent.setup()
    const { router } = await openEntryTerms()

    await user.click(screen.getByRole('button', { name: '同意して次へ' }))

    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([`同意事項の確認：${ENTRY_REQUIRED}`, `個人情報の取扱い：${PRIVACY_REQUIRED}`])
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)

    await user.click(screen.getByRole('checkbox', { name: '上記の同意事項を確認し、同意する' }))
    await user.click(screen.getByRole('button', { name: '同意して次へ' }))

    expect(
      within(screen.getByRole('region', { name: '入力内容を確認してください' }))
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual([`個人情報の取扱い：${PRIVACY_REQUIRED}`])
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)
  })

  it('両方に同意すると同意を記録し、加入者区分の選択へ移ること。戻るとチェックが残っていること', async () => {
    const user = userEvent.setup()
    const { router } = await openEntryTerms()

    await user.click(screen.getByRole('checkbox', { name: '上記の同意事項を確認し、同意する' }))
    await user.click(screen.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }))
    await user.click(screen.getByRole('button', { name: '同意して次へ' }))

    expect(await screen.findByRole('heading', { level: 1, name: '加入者区分の選択' })).toBeTruthy()
    expect(
      readConsents(window.sessionStorage, linkKey('ent', link)).map(({ documentId, version }) => ({
        documentId,
        version,
      })),
    ).toEqual([
      { documentId: 'entry-terms', version: '2026-11-01' },
      { documentId: 'privacy-policy', version: '2026-11-01' },
    ])

    await router.navigate(-1)
    await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' })
    expect(
      screen.getByRole('checkbox', { name: '上記の同意事項を確認し、同意する' }),
    ).toHaveProperty('checked', true)
    expect(screen.getByRole('checkbox', { name: '個人情報の取扱いに同意する' })).toHaveProperty(
      'checked',
      true,
    )
  })
})
