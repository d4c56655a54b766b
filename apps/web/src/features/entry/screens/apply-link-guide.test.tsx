import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { entBase, groupName } from '@/test/fixtures.ts'
import { createTestServices, renderApp } from '@/test/render-app.tsx'
import { entryGroupResponse } from '@/test/entry-group.ts'

const entRouterBase = entBase.replace(/^\/app/, '')

async function openGuide() {
  const services = createTestServices({
    handlers: { '/groupPfInfo/': () => entryGroupResponse('atOnce') },
  })
  const rendered = renderApp(`${entBase}/termsOfService`, services)
  await screen.findByRole('heading', { level: 1, name: '利用規約' })
  await rendered.router.navigate(`${entRouterBase}/applyLinkGuide`)
  await screen.findByRole('heading', { level: 1, name: 'お申し込み用URLのご案内' })
  return rendered
}

describe('お申し込み用URLのご案内（applyLinkGuide）', () => {
  it('このURL・対象の方・募集期間・用意するもの・流れを、見出しの順に表示すること', async () => {
    await openGuide()

    expect(
      screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`),
    ).toEqual([
      'H1 お申し込み用URLのご案内',
      'H2 このURLについて',
      'H2 お申し込みいただける方',
      'H2 募集期間',
      'H2 ご用意いただくもの',
      'H3 ご提出いただく書類',
      'H2 お申し込みの流れ',
      'H2 お問い合わせ先',
    ])
    expect(
      screen.getByText(
        `このページは、${groupName}に、インターネットでお申し込みいただくためのご案内です。`,
      ),
    ).toBeTruthy()
    expect(screen.getByText('現在は、一括募集のお申し込みを受け付けています。')).toBeTruthy()
    expect(screen.getByText('2026-11-10〜2026-12-10')).toBeTruthy()
    expect(screen.getByText('2027-01-01〜2027-09-30')).toBeTruthy()
  })

  it('団体の必要書類を、必須（種別2）と任意（種別3）を示して並べ、使わない書類（種別1）は出さないこと', async () => {
    await openGuide()

    const section = screen.getByRole('heading', { name: 'ご提出いただく書類' }).parentElement
    if (section === null) throw new Error('no section')
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      '会員証の写し（必須）会員番号の面を撮影してください。',
      '続柄を確認できる書類（任意）家族型の場合にご提出ください。',
    ])
    expect(screen.queryByText(/本人確認書類/)).toBeNull()
  })

  it('利用規約の確認へ進めること', async () => {
    const user = userEvent.setup()
    const { router } = await openGuide()

    await user.click(screen.getByRole('link', { name: '利用規約の確認へ進む' }))

    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
  })
})
