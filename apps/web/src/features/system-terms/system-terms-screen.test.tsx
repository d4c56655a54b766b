import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createTestServices, renderApp } from '@/test/render-app.tsx'

const PATH = '/app/systemTermsOfServiceAndPolicies'
const DOCUMENTS = [
  ['terms-of-use', '利用規約'],
  ['system-terms', 'システム利用規約'],
  ['privacy-policy', '個人情報保護方針'],
  ['security-policy', '情報セキュリティ方針'],
] as const

async function openPage(path = PATH) {
  const rendered = renderApp(path, createTestServices())
  await screen.findByRole('heading', { level: 1, name: '利用規約・各種ポリシー' })
  return rendered
}

describe('利用規約・各種ポリシー（systemTermsOfServiceAndPolicies）', () => {
  it('冒頭の目次に4つの文書へのページ内リンクを並べること', async () => {
    await openPage()

    const contents = screen.getByRole('navigation', { name: '目次' })
    expect(
      within(contents)
        .getAllByRole('link')
        .map((item) => [item.getAttribute('href'), item.textContent]),
    ).toEqual(DOCUMENTS.map(([id, title]) => [`#${id}`, title]))
  })

  it.each(DOCUMENTS)(
    '#%s に「%s」の見出し・制定日・条と、ページの先頭へ戻るリンクがあること',
    async (id, title) => {
      await openPage()

      const section = document.getElementById(id)
      if (section === null) throw new Error(`no #${id}`)
      expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(title)
      expect(screen.getByRole('region', { name: title })).toBe(section)
      expect(within(section).getByText('2026年11月1日 制定')).toBeTruthy()
      expect(within(section).getAllByRole('heading', { level: 3 })[0]?.textContent).toMatch(
        /^第1条（.+）$/,
      )
      expect(
        within(section).getByRole('link', { name: 'ページの先頭へ戻る' }).getAttribute('href'),
      ).toBe('#page-top')
    },
  )

  it('見出しは h1 が1つで、目次と文書が h2、条が h3 であること', async () => {
    await openPage()

    const headings = screen.getAllByRole('heading')
    expect(headings.filter((heading) => heading.tagName === 'H1')).toHaveLength(1)
    expect(
      headings.filter((heading) => heading.tagName === 'H2').map((heading) => heading.textContent),
    ).toEqual(['目次', ...DOCUMENTS.map(([, title]) => title)])
    expect(
      screen.getByRole('heading', { level: 3, name: '第3条（操作のない時間の上限）' }),
    ).toBeTruthy()
  })

  it('目次のリンクでその文書の見出しへ移り、先頭へ戻るリンクで見出しへ戻ること（履歴は増やさない）', async () => {
    const user = userEvent.setup()
    const { router } = await openPage()
    const contents = screen.getByRole('navigation', { name: '目次' })

    await user.click(within(contents).getByRole('link', { name: '個人情報保護方針' }))

    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: '個人情報保護方針' }),
    )
    expect(router.state.location.hash).toBe('')

    const privacy = document.getElementById('privacy-policy')
    if (privacy === null) throw new Error('no #privacy-policy')
    await user.click(within(privacy).getByRole('link', { name: 'ページの先頭へ戻る' }))
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: '利用規約・各種ポリシー' }),
    )
    expect(router.state.location.pathname).toBe(PATH)
  })

  it('アンカー付きのアドレスで開くと、その文書の見出しにフォーカスすること', async () => {
    await openPage(`${PATH}#privacy-policy`)

    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: '個人情報保護方針' }),
    )
  })
})
