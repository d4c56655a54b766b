import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { homeOf } from '../lib/staff.tsx'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

// 加入状況 and 加入者一覧 (issue #21 points 5, 6). The uPlot charts draw on a canvas jsdom has
// not: their chunk is replaced by stand-ins with the same role and label.
vi.mock('./participation-charts.tsx', () => ({
  default: ({ kind }: { kind: 'daily' | 'funnel' }) => (
    <div
      role="img"
      aria-label={kind === 'daily' ? '日別の推移のグラフ' : '段階ごとの到達数の棒グラフ'}
    />
  ),
}))

const products = {
  products: [
    { groupPfCode: 'G1', groupPfCodeInceptionDateYm: '202612', groupNameKanji: 'テスト団体' },
  ],
}
const participation = {
  groupPfCode: 'G1',
  groupPfCodeInceptionDateYm: '202612',
  groupNameKanji: 'テスト団体',
  window: { from: '20261101', to: '20261103' },
  figures: { rosterSize: 10, verified: 6, started: 5, applied: 3, paid: 2, processed: 1 },
  daily: [
    { date: '20261101', started: 2, applied: 0, paid: 0 },
    { date: '20261102', started: 3, applied: 2, paid: 1 },
    { date: '20261103', started: 0, applied: 1, paid: 1 },
  ],
  funnel: [
    { stage: 'started', reached: 5 },
    { stage: 'entryTerms', reached: 4 },
    { stage: 'applied', reached: 3 },
    { stage: 'paid', reached: 2 },
  ],
}

describe('加入状況（issue #21）', () => {
  it('団体担当者のホームは加入状況で、メニューは2つだけであること', () => {
    expect(homeOf('groupContact')).toBe('/participation')
    expect(homeOf('agencyStaff')).toBe('/applications')
    expect(homeOf('auditor')).toBe('/audit')
  })

  it('集計のカード、グラフとその表（見出し付き）を示し、CSV を取り込むこと', async () => {
    const user = userEvent.setup()
    const { requests } = renderAdmin(
      '/',
      (method, path) => {
        if (path === '/admin/participation/') return jsonResponse(200, products)
        if (path === '/admin/participation/G1/202612/') return jsonResponse(200, participation)
        if (path === '/admin/participation/G1/202612/csv/') {
          return new Response('\uFEFF区分,項目,件数\r\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="participation-G1.csv"',
            },
          })
        }
        return undefined
      },
      { role: 'groupContact' },
    )
    expect(await screen.findByRole('heading', { level: 1, name: '加入状況' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'メニュー' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['加入状況', '加入者一覧'])
    await screen.findByText('名簿の人数')
    expect(screen.getByText('10人')).toBeTruthy()
    expect(screen.getByText('名簿の30%')).toBeTruthy()
    expect(screen.getByText('募集期間：2026/11/01〜2026/11/03')).toBeTruthy()
    expect(await screen.findByRole('img', { name: '日別の推移のグラフ' })).toBeTruthy()
    expect(await screen.findByRole('img', { name: '段階ごとの到達数の棒グラフ' })).toBeTruthy()
    const daily = screen.getByRole('table', { name: '日別の件数' })
    expect(
      within(daily)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['日付申込開始申込完了入金', '2026/11/01200', '2026/11/02321', '2026/11/03011'])
    const funnel = screen.getByRole('table', { name: '段階ごとの到達数' })
    expect(within(funnel).getByRole('rowheader', { name: '2. 同意事項' })).toBeTruthy()
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
        'テスト団体の加入状況を表示しました。',
      ),
    )
    await user.click(screen.getByRole('button', { name: '集計をCSVでダウンロード' }))
    await waitFor(() =>
      expect(requests.map((request) => request.url)).toContain(
        '/api/admin/participation/G1/202612/csv/',
      ),
    )
  })

  it('加入者一覧は状況で絞り込み、氏名・フリガナ・会員番号・状況だけを表に示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = renderAdmin(
      '/members',
      (method, path) => {
        if (path === '/admin/participation/') return jsonResponse(200, products)
        if (path.startsWith('/admin/participation/G1/202612/members/')) {
          return jsonResponse(200, {
            members: [
              {
                memberCode: 'M0001',
                nameKanji: '山田　太郎',
                nameKana: 'ヤマダ　タロウ',
                state: 'applied',
              },
              { memberCode: 'M0002', nameKanji: null, nameKana: null, state: 'notStarted' },
            ],
            total: 2,
            page: 1,
            pageSize: 50,
          })
        }
        return undefined
      },
      { role: 'groupContact' },
    )
    const table = await screen.findByRole('table', { name: '加入者一覧（2人中 1〜2人目）' })
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      '会員番号氏名フリガナ状況',
      'M0001山田　太郎ヤマダ　タロウ申込完了',
      'M0002（未入力）（未入力）未着手',
    ])
    await user.selectOptions(screen.getByRole('combobox', { name: /^状況/ }), 'applied')
    await user.click(screen.getByRole('button', { name: '表示する' }))
    await waitFor(() =>
      expect(requests.map((request) => request.url)).toContain(
        '/api/admin/participation/G1/202612/members/?state=applied&page=1&pageSize=50',
      ),
    )
  })

  it('団体担当者が申込検索を開くと、権限がないことを示すこと', async () => {
    renderAdmin('/applications', () => undefined, { role: 'groupContact' })
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('ADMA0002')
  })

  it('スタッフ管理の招待で団体担当者を選ぶと担当の団体を選ばせ、団体コードを送ること', async () => {
    const user = userEvent.setup()
    const { requests } = renderAdmin(
      '/staff',
      (method, path) => {
        if (method === 'GET' && path.startsWith('/admin/staff/')) {
          return jsonResponse(200, { staff: [] })
        }
        if (path.startsWith('/admin/agencies/')) return jsonResponse(200, { agencies: [] })
        if (path === '/admin/participation/') return jsonResponse(200, products)
        if (method === 'POST' && path === '/admin/staff/') {
          return jsonResponse(201, {
            enrolmentUrl: 'https://example.jp/admin/enrol#token',
            expiresAt: '2026-11-28T10:00:00.000Z',
            member: {
              staffId: '00000000-0000-4000-8000-000000000002',
              name: '団体 一子',
              email: 'contact@example.jp',
              role: 'groupContact',
              agentCd: null,
              groupPfCode: 'G1',
              status: 'invited',
              hasPasskey: false,
              hasPasswordTotp: false,
              createdAt: '2026-11-27T10:00:00.000Z',
            },
          })
        }
        return undefined
      },
      { role: 'insurerAdmin' },
    )
    await screen.findByRole('heading', { level: 2, name: 'スタッフを招待する' })
    await user.type(screen.getByRole('textbox', { name: /^メールアドレス/ }), 'contact@example.jp')
    await user.type(screen.getByRole('textbox', { name: /^氏名/ }), '団体 一子')
    await user.selectOptions(screen.getByRole('combobox', { name: /^役割/ }), 'groupContact')
    await user.click(screen.getByRole('button', { name: '招待する' }))
    expect(await screen.findByText('団体担当者には、担当の団体を選んでください。')).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: /^担当の団体/ }), 'G1')
    await user.click(screen.getByRole('button', { name: '招待する' }))
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        email: 'contact@example.jp',
        name: '団体 一子',
        role: 'groupContact',
        agentCd: null,
        groupPfCode: 'G1',
      }),
    )
  })
})
