import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

const groups = {
  groups: [
    {
      groupPfCode: 'G1',
      groupPfCodeInceptionDateYm: '202604',
      groupNameKanji: 'テスト団体',
      branches: [
        { groupPfBranchNo: '001', sectionName: '本社', agentCd: 'A001', agentName: 'テスト代理店' },
      ],
    },
  ],
}

const row = {
  applicationId: '11111111-1111-4111-8111-111111111111',
  groupPfCode: 'G1',
  groupPfCodeInceptionDateYm: '202604',
  groupPfBranchNo: '001',
  memberCode: 'M0001',
  nameKanji: '山田 花子',
  nameKana: 'ヤマダ ハナコ',
  status: 'applied',
  statusPattern: '110',
  paymentStatus: 'paid',
  appliedAt: '2026-04-10T01:00:00.000Z',
  updatedAt: '2026-04-11T02:30:00.000Z',
}

function respond(total = 1) {
  return (method: string, path: string) => {
    if (path.startsWith('/admin/groups/')) return jsonResponse(200, groups)
    if (method === 'GET' && path.startsWith('/admin/applications/')) {
      const page = Number(new URL(path, 'http://x').searchParams.get('page') ?? '1')
      return jsonResponse(200, { total, page, pageSize: 50, rows: total === 0 ? [] : [row] })
    }
    return undefined
  }
}

/** The query of the last search sent. */
function lastSearch(requests: { url: string }[]): URLSearchParams {
  const search = requests.filter((request) => request.url.includes('/admin/applications/')).at(-1)
  return new URL(search?.url ?? '/', 'http://x').searchParams
}

describe('申込検索（issue #20）', () => {
  it('URL の検索条件で検索し、条件欄にも入れて表示すること（再読み込み・戻るで条件が残る）', async () => {
    const { requests } = renderAdmin(
      '/applications?status=applied&memberCode=M0001&appliedFrom=20260401&page=2',
      respond(120),
      { role: 'insurerOperator' },
    )
    expect(await screen.findByRole('link', { name: 'M0001' })).toBeTruthy()
    const query = lastSearch(requests)
    expect(Object.fromEntries(query)).toEqual({
      status: 'applied',
      memberCode: 'M0001',
      appliedFrom: '20260401',
      sort: 'appliedAt',
      order: 'desc',
      page: '2',
      pageSize: '50',
    })
    expect(screen.getByLabelText<HTMLInputElement>('会員番号').value).toBe('M0001')
    expect(screen.getByLabelText<HTMLSelectElement>('状態').value).toBe('applied')
    expect(screen.getByLabelText<HTMLInputElement>('申込日（から）').value).toBe('2026-04-01')
    expect(screen.getByText('全120件中 51〜100件を表示')).toBeTruthy()
  })

  it('条件を変えて検索すると URL に入り（1ページ目から）、その条件で検索すること', async () => {
    const user = userEvent.setup()
    const { requests, router } = renderAdmin('/applications?page=3', respond(), {
      role: 'insurerOperator',
    })
    await screen.findByRole('link', { name: 'M0001' })
    await user.type(screen.getByLabelText(/^氏名（カナ・漢字）/), 'ヤマダ')
    await user.selectOptions(screen.getByLabelText('入金状況'), 'unpaid')
    await user.type(screen.getByLabelText('申込日（まで）'), '2026-04-30')
    await user.click(screen.getByRole('button', { name: '検索する' }))
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        name: 'ヤマダ',
        paymentStatus: 'unpaid',
        appliedTo: '20260430',
      }),
    )
    await waitFor(() => expect(lastSearch(requests).get('name')).toBe('ヤマダ'))
    expect(lastSearch(requests).get('appliedTo')).toBe('20260430')
    expect(lastSearch(requests).get('page')).toBe('1')
  })

  it('並べ替えの列見出しは aria-sort で今の順を示し、押すとサーバーに並べ替えを頼むこと', async () => {
    const user = userEvent.setup()
    const { requests, router } = renderAdmin('/applications', respond(), {
      role: 'insurerOperator',
    })
    const table = await screen.findByRole('table')
    const header = (name: string) =>
      within(table)
        .getAllByRole('columnheader')
        .find((cell) => cell.textContent?.startsWith(name))
    expect(header('申込日')?.getAttribute('aria-sort')).toBe('descending')
    expect(header('会員番号')?.getAttribute('aria-sort')).toBe('none')
    // a column without a server-side sort has no aria-sort
    expect(header('団体')?.hasAttribute('aria-sort')).toBe(false)

    await user.click(within(header('会員番号')!).getByRole('button'))
    await waitFor(() => expect(router.state.location.search).toBe('?sort=memberCode'))
    await waitFor(() => expect(lastSearch(requests).get('sort')).toBe('memberCode'))
    const table2 = await screen.findByRole('table')
    const memberHeader = within(table2)
      .getAllByRole('columnheader')
      .find((cell) => cell.textContent?.startsWith('会員番号'))
    expect(memberHeader?.getAttribute('aria-sort')).toBe('descending')

    await user.click(
      within(memberHeader!).getByRole('button', { name: '会員番号（昇順に並べ替え）' }),
    )
    await waitFor(() => expect(lastSearch(requests).get('order')).toBe('asc'))
    expect(router.state.location.search).toBe('?sort=memberCode&order=asc')
  })

  it('該当がないときは日本語でそう伝えること', async () => {
    renderAdmin('/applications', respond(0), { role: 'agencyStaff' })
    expect(await screen.findByText('該当するデータはありません。')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
