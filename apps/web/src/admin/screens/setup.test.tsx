import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

// Issue #21 points 1 and 2: 商品設定 and 名簿取込 (ADR 0030).

const groups = {
  groups: [
    {
      groupPfCode: 'G1',
      groupPfCodeInceptionDateYm: '202612',
      groupNameKanji: 'テスト団体',
      branches: [],
    },
  ],
}
const token = 'a'.repeat(64)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('商品設定（issue #21 point 1）', () => {
  it('エラーをパスと文言の一覧で示し、直すと差分の表を示し、確認の後に公開すること', async () => {
    const user = userEvent.setup()
    let checks = 0
    const { requests } = renderAdmin(
      '/products',
      (method, path) => {
        if (path.startsWith('/admin/groups/')) return jsonResponse(200, groups)
        if (method === 'POST' && path === '/admin/products/check/') {
          checks += 1
          return jsonResponse(
            200,
            checks === 1
              ? {
                  issues: [
                    {
                      path: 'groupPfInfo.groupExpiryDate',
                      message: '団体満期日は団体始期日より後の日付にしてください。',
                    },
                  ],
                  groupPfCode: 'G1',
                  groupPfCodeInceptionDateYm: '202612',
                  isNew: false,
                  changes: [],
                  versionToken: 'none',
                }
              : {
                  issues: [],
                  groupPfCode: 'G1',
                  groupPfCodeInceptionDateYm: '202612',
                  isNew: false,
                  changes: [
                    {
                      path: 'groupPfInfo.sectionName',
                      kind: 'changed',
                      before: '"営業第一課"',
                      after: '"営業第二課"',
                    },
                  ],
                  versionToken: token,
                },
          )
        }
        if (method === 'POST' && path === '/admin/products/publish/') {
          return jsonResponse(200, {
            groupPfCode: 'G1',
            groupPfCodeInceptionDateYm: '202612',
            links: [{ groupPfBranchNo: '00001', urlKey: 'Abcde12345', isNew: false }],
            versionToken: 'b'.repeat(64),
          })
        }
        return undefined
      },
      { role: 'insurerOperator' },
    )
    const editor = await screen.findByLabelText('団体商品ドキュメント（JSON）')
    fireEvent.change(editor, { target: { value: '{ not json' } })
    await user.click(screen.getByRole('button', { name: 'チェック' }))
    expect(await screen.findByText(/JSON として読めません/)).toBeTruthy()

    fireEvent.change(editor, { target: { value: '{"formatVersion":1}' } })
    await user.click(screen.getByRole('button', { name: 'チェック' }))
    const list = await screen.findByRole('list', { name: 'エラーの一覧' })
    expect(list.textContent).toContain(
      'groupPfInfo.groupExpiryDate：団体満期日は団体始期日より後の日付にしてください。',
    )
    expect(screen.queryByRole('button', { name: '公開' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'チェック' }))
    const table = await screen.findByRole('table', { name: '公開中の版との違い' })
    expect(within(table).getByRole('rowheader').textContent).toContain('groupPfInfo.sectionName')
    expect(table.textContent).toContain('"営業第二課"')
    await waitFor(() => expect(document.activeElement).toBe(table.parentElement))

    await user.click(screen.getByRole('button', { name: '公開' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: '公開' }))
    expect(await screen.findByText('公開しました（リンク1件）。')).toBeTruthy()
    const publish = requests.find((request) => request.url.endsWith('/admin/products/publish/'))
    expect(publish?.body).toEqual({
      document: { formatVersion: 1 },
      images: {},
      versionToken: token,
    })
  })
})

describe('名簿取込（issue #21 point 2）', () => {
  it('行ごとのエラー・追加・削除できない理由を示し、公開すると案内を2つのダウンロードで一度だけ渡すこと', async () => {
    const user = userEvent.setup()
    const created = vi.fn(() => 'blob:letters')
    URL.createObjectURL = created
    URL.revokeObjectURL = vi.fn()
    let checks = 0
    renderAdmin(
      '/rosters',
      (method, path) => {
        if (path.startsWith('/admin/groups/')) return jsonResponse(200, groups)
        if (method === 'POST' && path === '/admin/rosters/check/') {
          checks += 1
          const base = { unchanged: 0, versionToken: token }
          return jsonResponse(
            200,
            checks === 1
              ? {
                  ...base,
                  errors: [{ line: 3, message: 'memberCode: 必須です。' }],
                  encoding: null,
                  additions: [],
                  changes: [],
                  removals: [],
                }
              : {
                  ...base,
                  errors: [],
                  encoding: 'sjis',
                  additions: [{ line: 2, memberCode: 'NEW001' }],
                  changes: [],
                  removals: [{ memberCode: 'OLD001', refusal: null }],
                },
          )
        }
        if (method === 'POST' && path === '/admin/rosters/publish/') {
          return jsonResponse(200, {
            added: 1,
            changed: 0,
            removed: 1,
            letters: {
              csv: { fileName: 'letters.csv', contentType: 'text/csv', base64: 'YQ==' },
              pdf: { fileName: 'letters.pdf', contentType: 'application/pdf', base64: 'JVBERg==' },
            },
            versionToken: token,
          })
        }
        return undefined
      },
      { role: 'agencyStaff' },
    )
    await screen.findByRole('option', { name: /テスト団体/ })
    await user.click(screen.getByRole('button', { name: 'チェック' }))
    expect(await screen.findByText('団体商品・年度を選んでください。')).toBeTruthy()

    await user.selectOptions(screen.getByLabelText('団体商品・年度'), 'G1/202612')
    const file = new File(['memberCode\r\nNEW001\r\n'], 'roster.csv', { type: 'text/csv' })
    await user.upload(screen.getByLabelText('名簿のCSVファイル（UTF-8 または Shift_JIS）'), file)
    await user.click(screen.getByRole('button', { name: 'チェック' }))
    const errors = await screen.findByRole('table', { name: 'エラーのある行' })
    expect(errors.textContent).toContain('3memberCode: 必須です。')

    await user.click(screen.getByRole('button', { name: 'チェック' }))
    expect(
      await screen.findByText('追加1人・変更0人・削除1人・変更なし0人（文字コード：Shift_JIS）。'),
    ).toBeTruthy()
    expect(screen.getByRole('table', { name: '名簿から外れる加入者' }).textContent).toContain(
      'OLD001削除します',
    )
    await user.click(screen.getByRole('button', { name: '公開' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '公開' }),
    )
    const csvLink = await screen.findByRole('link', { name: '案内の一覧（CSV）をダウンロード' })
    expect(csvLink.getAttribute('href')).toBe('blob:letters')
    expect(csvLink.getAttribute('download')).toBe('letters.csv')
    const pdfLink = screen.getByRole('link', { name: '案内状（PDF、1人1ページ）をダウンロード' })
    expect(pdfLink.getAttribute('download')).toBe('letters.pdf')
    expect(screen.getByText(/あとから表示することはできません/)).toBeTruthy()
    expect(created).toHaveBeenCalledTimes(2)
  })
})
