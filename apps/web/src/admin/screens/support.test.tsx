import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

const memberId = '33333333-3333-4333-8333-333333333333'
const member = {
  memberId,
  memberCode: 'M0001',
  groupPfCode: 'G1',
  groupPfCodeInceptionDateYm: '202604',
  firstEntryId: 'FE0001',
  userId: null,
  maskedMailAddress: 'm***@example.jp',
  applicationId: null,
  applicationStatus: null,
  locked: true,
  pendingVerification: false,
}
const groups = {
  groups: [
    {
      groupPfCode: 'G1',
      groupPfCodeInceptionDateYm: '202604',
      groupNameKanji: 'テスト団体',
      branches: [],
    },
  ],
}

describe('加入者サポート（issue #20）', () => {
  it('加入者を探し、理由を入れてから操作し、結果を読み上げ領域で知らせること', async () => {
    const user = userEvent.setup()
    const { requests } = renderAdmin(
      '/support',
      (method, path) => {
        if (path.startsWith('/admin/groups/')) return jsonResponse(200, groups)
        if (method === 'GET' && path.startsWith('/admin/members/')) {
          return jsonResponse(200, { members: [member] })
        }
        if (method === 'POST' && path === `/admin/members/${memberId}/firstEntryPassword/`) {
          return jsonResponse(200, { firstEntryId: 'FE0001', password: 'Xy7-once-only' })
        }
        return undefined
      },
      { role: 'agencyStaff' },
    )
    await screen.findByRole('option', { name: /テスト団体/ })
    await user.selectOptions(screen.getByLabelText(/^団体商品・年度/), 'G1/202604')
    await user.type(screen.getByLabelText(/^会員番号/), 'M0001')
    await user.click(screen.getByRole('button', { name: '検索する' }))
    const found = requests.find((request) => request.url.includes('/admin/members/'))
    expect(found?.url).toBe(
      '/api/admin/members/?groupPfCode=G1&groupPfCodeInceptionDateYm=202604&memberCode=M0001',
    )

    await user.click(await screen.findByRole('button', { name: '初回登録パスワード再発行' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: '初回登録パスワード再発行' }))
    expect(within(dialog).getByText('理由を2文字以上で入力してください。')).toBeTruthy()
    expect(requests.some((request) => request.method === 'POST')).toBe(false)

    await user.type(within(dialog).getByLabelText(/^理由/), '本人からの電話')
    await user.click(within(dialog).getByRole('button', { name: '初回登録パスワード再発行' }))
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
        '初回登録パスワードを再発行しました。',
      ),
    )
    expect(screen.getByText('Xy7-once-only')).toBeTruthy()
    expect(
      screen.getByText('このパスワードは今回だけ表示します。画面を離れると二度と表示できません。'),
    ).toBeTruthy()
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      reason: '本人からの電話',
    })
  })

  it('監査担当者はサポート画面を使えず、権限がないことを示すこと', async () => {
    renderAdmin(
      '/support',
      (_method, path) =>
        path.startsWith('/admin/audit/')
          ? jsonResponse(200, { total: 0, page: 1, pageSize: 50, entries: [] })
          : undefined,
      { role: 'auditor' },
    )
    expect((await screen.findByRole('alert')).textContent).toContain(
      'この操作を行う権限がありません。',
    )
    expect(
      within(screen.getByRole('navigation', { name: 'メニュー' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['監査ログ'])
  })
})
