import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

// axe on the console's screens (issue #20). happy-dom lays nothing out, so the rules that need
// a layout (colour contrast, target size) are left to the browser tests.

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
  })
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  )
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

describe('管理コンソールのアクセシビリティ（axe、issue #20）', () => {
  it('サインイン画面に axe の違反がないこと', async () => {
    renderAdmin('/signin', () => undefined)
    await screen.findByRole('heading', { level: 1, name: 'サインイン' })
    expect(await violations()).toEqual([])
  })

  it('申込検索の画面（条件欄と結果の表）に axe の違反がないこと', async () => {
    renderAdmin(
      '/applications',
      (_method, path) => {
        if (path.startsWith('/admin/groups/')) return jsonResponse(200, { groups: [] })
        if (path.startsWith('/admin/applications/')) {
          return jsonResponse(200, { total: 1, page: 1, pageSize: 50, rows: [row] })
        }
        return undefined
      },
      { role: 'insurerAdmin' },
    )
    await screen.findByRole('link', { name: 'M0001' })
    expect(await violations()).toEqual([])
  })

  it('監査ログとスタッフ管理の画面に axe の違反がないこと', async () => {
    const user = userEvent.setup()
    renderAdmin(
      '/audit',
      (_method, path) => {
        if (path.startsWith('/admin/audit/')) {
          return jsonResponse(200, { total: 0, page: 1, pageSize: 50, entries: [] })
        }
        if (path.startsWith('/admin/staff/')) return jsonResponse(200, { staff: [] })
        if (path.startsWith('/admin/agencies/')) return jsonResponse(200, { agencies: [] })
        return undefined
      },
      { role: 'insurerAdmin' },
    )
    await screen.findByText('該当するデータはありません。')
    expect(await violations()).toEqual([])
    await user.click(screen.getByRole('link', { name: 'スタッフ管理' }))
    await screen.findByRole('heading', { level: 2, name: 'スタッフを招待する' })
    expect(await violations()).toEqual([])
  })
})
