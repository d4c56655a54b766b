import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

// 入金・決済照合 (issue #21 point 3): the list of a state in a captioned table, an action behind
// its dialog (a note required), the result announced, and the daily totals beside the provider's.

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
})
