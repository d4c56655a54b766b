import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

// 入金・決済照合 (issue #21 point 3): the list of a state in a captioned table, an action behind
// its dialog (a note required), the result announced, and the daily totals beside the provider's.
// Issue #24: the monthly instalments not collected, failed or retried, a failed one resolved.

const applicationId = '33333333-3333-4333-8333-333333333333'
const underpaid = {
  itemKey: 'deposit-dep_abcdefgh12345678',
  notificationId: 'dep_abcdefgh12345678',
  accountNumber: '1234567',
  amount: 350,
  depositedAt: '2026-11-21T00:30:00.000Z',
  depositorName: null,
  outcome: 'underpaid',
  matchedByHand: false,
  account: {
    applicationId,
    groupPfCode: 'G1',
    groupPfPolicyHolderNo: '0000000001',
    dueAmount: 1350,
    paidAmount: 350,
    depositStatus: 'underpaid',
    dueDate: '20261127',
    isLate: false,
  },
  shortfallRequestedAt: null,
  refund: null,
  resolution: null,
}
const instalmentId = '44444444-4444-4444-8444-444444444444'
const failedInstalment = {
  itemKey: `instalment-${instalmentId}`,
  instalmentId,
  applicationId,
  groupPfCode: 'G1',
  groupPfPolicyHolderNo: '0000000001',
  coversMonth: '202702',
  amount: 2280,
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
const figures = { depositsReceived: 350, cardCaptured: 0, refunded: 0, net: 350 }
const zero = { depositsReceived: 0, cardCaptured: 0, refunded: 0, net: 0 }

describe('入金・決済照合（issue #21 の3）', () => {
  it('入金不足の一覧を表で示し、メモを入れて対応済みにし、日次の合計と差額を示すこと', async () => {
    const user = userEvent.setup()
    const { requests } = renderAdmin(
      '/money',
      (method, path) => {
        if (path.startsWith('/admin/money/deposits/')) {
          return jsonResponse(200, { items: [underpaid] })
        }
        if (path.startsWith('/admin/money/instalments/')) return jsonResponse(200, { items: [] })
        if (path.startsWith('/admin/money/totals/')) {
          return jsonResponse(200, {
            days: [
              {
                date: '2026-11-21',
                groups: [{ groupPfCode: 'G1', ...figures }],
                total: figures,
                provider: figures,
                difference: zero,
              },
            ],
          })
        }
        if (method === 'POST' && path.endsWith('/resolve/'))
          return jsonResponse(200, { done: true })
        return undefined
      },
      { role: 'insurerOperator' },
    )
    const table = await screen.findByRole('table', { name: '入金不足の一覧（1件）' })
    expect(within(table).getByText('1,350円／350円')).toBeTruthy()
    expect(screen.getByRole('button', { name: '入金不足', pressed: true })).toBeTruthy()
    const totals = await screen.findByRole('table', { name: /日次の合計と決済代行会社の数字/ })
    expect(within(totals).getByRole('cell', { name: '差額' })).toBeTruthy()

    await user.click(within(table).getByRole('button', { name: '対応済みにする' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: '対応済みにする' }))
    expect(requests.some((request) => request.url.endsWith('/resolve/'))).toBe(false)
    await user.type(within(dialog).getByLabelText(/^メモ/), '残額の入金を確認')
    await user.click(within(dialog).getByRole('button', { name: '対応済みにする' }))
    // the layout's maintenance banner is a (silent) status region of its own
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
        '対応済みにしました。',
      ),
    )
    const sent = requests.find((request) => request.url.endsWith('/resolve/'))
    expect(sent?.url).toBe('/api/admin/money/items/deposit-dep_abcdefgh12345678/resolve/')
  })

  it('月払保険料の未収を表で示し、3回失敗した月をメモ付きで対応済みにし、再試行中の月は次回の請求日を示すこと', async () => {
    const user = userEvent.setup()
    let isResolved = false
    const { requests } = renderAdmin(
      '/money',
      (method, path) => {
        if (path.startsWith('/admin/money/deposits/')) return jsonResponse(200, { items: [] })
        if (path.startsWith('/admin/money/totals/')) return jsonResponse(200, { days: [] })
        if (path === '/admin/money/instalments/?state=failed') {
          const resolution = isResolved
            ? { resolvedAt: '2027-02-06T01:00:00.000Z', note: '団体経由で集金済み' }
            : null
          return jsonResponse(200, { items: [{ ...failedInstalment, resolution }] })
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
      { role: 'insurerOperator' },
    )
    const section = await screen.findByRole('region', { name: '月払保険料の未収' })
    const table = await within(section).findByRole('table', {
      name: '月払保険料の未収（3回失敗）の一覧（1件）',
    })
    expect(
      within(section).getByRole('button', { name: '未収（3回失敗）', pressed: true }),
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
      '決済代行会社のエラー',
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
      'Visa 末尾 1111',
      '未対応',
      '対応済みにする',
    ])

    await user.click(within(row).getByRole('button', { name: '対応済みにする' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('カードへの請求はもう行われません。')
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
      'JCB 末尾 2222',
      '次回の請求日に自動で請求します',
      '',
    ])
  })
})
