import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

// 月払保険料の未収 (issue #24 point 3, ADR 0038): the instalments not collected, failed or
// retried, in a captioned table; a failed one resolved with a note. The agency told of a failed
// instalment follows it up here (followInstalments).

const applicationId = '33333333-3333-4333-8333-333333333333'
const instalmentId = '44444444-4444-4444-8444-444444444444'
const failedInstalment = {
  itemKey: `instalment-${instalmentId}`,
  instalmentId,
  applicationId,
  groupPfCode: 'G1',
  groupPfPolicyHolderNo: '0000000001',
  coversMonth: '202702',
  amount: 2280,
  method: 'card',
  tries: 3,
  lastErrorCode: 'card_declined',
  nextAttemptAt: null,
  card: { brand: 'visa', last4: '1111' },
  resolution: null,
}
const retryingInstalment = {
  ...failedInstalment,
  itemKey: 'instalment-55555555-5555-4555-8555-555555555555',
  instalmentId: '55555555-5555-4555-8555-555555555555',
  groupPfPolicyHolderNo: '0000000002',
  coversMonth: '202703',
  tries: 2,
  nextAttemptAt: '2027-02-11T15:00:00.000Z',
  card: { brand: 'jcb', last4: '2222' },
}
// ADR 0039: a transferred month not deposited by its due date; no card
const transferInstalment = {
  ...failedInstalment,
  itemKey: 'instalment-66666666-6666-4666-8666-666666666666',
  instalmentId: '66666666-6666-4666-8666-666666666666',
  groupPfPolicyHolderNo: '0000000003',
  coversMonth: '202704',
  amount: 3150,
  method: 'transfer',
  tries: 1,
  lastErrorCode: 'unpaid',
  card: null,
}

describe('月払保険料の未収（issue #24）', () => {
  it('代理店の担当者にも月払保険料の未収を表で示し、3回失敗した月をメモ付きで対応済みにし、再試行中の月は次回の請求日を、振込の月はお支払い方法を示してカードを示さないこと', async () => {
    const user = userEvent.setup()
    let isResolved = false
    const { requests } = renderAdmin(
      '/instalments',
      (method, path) => {
        if (path === '/admin/money/instalments/?state=failed') {
          const resolution = isResolved
            ? { resolvedAt: '2027-02-06T01:00:00.000Z', note: '団体経由で集金済み' }
            : null
          return jsonResponse(200, {
            items: [{ ...failedInstalment, resolution }, transferInstalment],
          })
        }
        if (path === '/admin/money/instalments/?state=retrying') {
          return jsonResponse(200, { items: [retryingInstalment] })
        }
        if (method === 'POST' && path.endsWith('/resolve/')) {
          isResolved = true
          return jsonResponse(200, { done: true })
        }
        return undefined
      },
      { role: 'agencyStaff' },
    )
    const section = await screen.findByRole('region', { name: '月払保険料の未収' })
    const table = await within(section).findByRole('table', {
      name: '月払保険料の未収（カード3回失敗・振込期日超過）の一覧（2件）',
    })
    expect(
      within(section).getByRole('button', {
        name: '未収（カード3回失敗・振込期日超過）',
        pressed: true,
      }),
    ).toBeTruthy()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      '対象月',
      '団体／加入者番号',
      '金額',
      '請求回数',
      '未収の理由',
      'お支払い方法',
      'カード',
      '対応',
      '操作',
    ])
    const row = within(table).getByRole('row', { name: /2027年2月分/ })
    expect(within(row).getByRole('rowheader').textContent).toBe('2027年2月分')
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'G1／0000000001',
      '2,280円',
      '3回',
      'card_declined',
      'クレジットカード',
      'Visa 末尾 1111',
      '未対応',
      '対応済みにする',
    ])
    // a transferred month: its method, and no card
    const transferred = within(table).getByRole('row', { name: /2027年4月分/ })
    expect(
      within(transferred)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'G1／0000000003',
      '3,150円',
      '1回',
      '期日までに入金なし',
      'お振込み',
      '—',
      '未対応',
      '対応済みにする',
    ])

    await user.click(within(row).getByRole('button', { name: '対応済みにする' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('以後、この月の保険料は請求しません。')
    await user.type(within(dialog).getByLabelText(/^メモ/), '団体経由で集金済み')
    await user.click(within(dialog).getByRole('button', { name: '対応済みにする' }))
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
        '対応済みにしました。',
      ),
    )
    const sent = requests.find((request) => request.url.endsWith('/resolve/'))
    expect(sent?.url).toBe(`/api/admin/money/items/instalment-${instalmentId}/resolve/`)
    expect(sent?.body).toEqual({ note: '団体経由で集金済み' })
    const handled = await within(section).findByRole('cell', {
      name: '対応済み：団体経由で集金済み',
    })
    expect(within(handled.closest('tr') ?? section).queryByRole('button')).toBeNull()

    // the retried ones, by keyboard: their next try, and nothing to resolve while the job tries
    within(section).getByRole('button', { name: '再試行中' }).focus()
    await user.keyboard('{Enter}')
    const retrying = await within(section).findByRole('table', {
      name: '月払保険料の再試行中の一覧（1件）',
    })
    expect(within(retrying).getByRole('columnheader', { name: '次回の請求' })).toBeTruthy()
    const retried = within(retrying).getByRole('row', { name: /2027年3月分/ })
    expect(
      within(retried)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'G1／0000000002',
      '2,280円',
      '2回',
      'card_declined',
      '2027/02/12 00:00',
      'クレジットカード',
      'JCB 末尾 2222',
      '次回の請求日に自動で請求します',
      '',
    ])
  })
})
