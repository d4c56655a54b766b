import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { isoToJstInput, jstInputToIso } from '../lib/jst-datetime.ts'
import { renderAdmin } from '../test/render-admin.tsx'

// Issue #21 point 7: the console's お知らせ and メンテナンス screens and the maintenance banner.

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
  })
  return result.violations.map((violation) => violation.id)
}

const notice = {
  noticeId: '22222222-2222-4222-8222-222222222222',
  groupPfCode: 'G1',
  title: '<b>年末年始</b>のお知らせ',
  noticeBody: '一行目\n二行目',
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: '2026-12-28T09:00:00.000Z',
  state: 'current',
  endedEarlyAt: null,
  updatedAt: '2026-11-20T00:00:00.000Z',
  version: 0,
}

const group = {
  groupPfCode: 'G1',
  groupPfCodeInceptionDateYm: '202604',
  groupNameKanji: 'テスト団体',
  branches: [],
}

describe('お知らせ・メンテナンスの画面（issue #21 point 7）', () => {
  it('日本時間の入力欄の値と ISO の時刻を行き来すること', () => {
    expect(jstInputToIso('2026-12-31T18:00')).toBe('2026-12-31T09:00:00.000Z')
    expect(isoToJstInput('2026-12-31T15:30:00.000Z')).toBe('2027-01-01T00:30')
    expect(jstInputToIso('')).toBeUndefined()
    expect(jstInputToIso('2026-12-31')).toBeUndefined()
  })

  it('お知らせを作成して、掲載中の表に文字のまま出し、axe の違反がないこと', async () => {
    const user = userEvent.setup()
    let created: unknown
    const { requests } = renderAdmin(
      '/notices',
      (method, path) => {
        if (path.startsWith('/admin/groups/')) return jsonResponse(200, { groups: [group] })
        if (method === 'GET' && path.startsWith('/admin/notices/')) {
          return jsonResponse(200, { notices: created === undefined ? [] : [notice] })
        }
        if (method === 'POST' && path.startsWith('/admin/notices/')) {
          created = notice
          return jsonResponse(201, notice)
        }
        return undefined
      },
      { role: 'insurerOperator' },
    )
    await screen.findByRole('heading', { level: 1, name: 'お知らせ' })
    await screen.findByRole('option', { name: 'テスト団体（G1）' })
    expect(await violations()).toEqual([])

    await user.click(screen.getByRole('button', { name: '作成する' }))
    expect(await screen.findByText('団体を選んでください。')).toBeTruthy()
    expect(screen.getByText('題名を入力してください。')).toBeTruthy()

    await user.selectOptions(screen.getByRole('combobox', { name: /^団体/ }), 'G1')
    await user.type(screen.getByRole('textbox', { name: /^題名/ }), notice.title)
    await user.type(screen.getByRole('textbox', { name: /^本文/ }), '一行目{Enter}二行目')
    await user.type(screen.getByLabelText(/^掲載開始/), '2026-11-20T09:00')
    await user.type(screen.getByLabelText(/^掲載終了/), '2026-12-28T18:00')
    await user.click(screen.getByRole('button', { name: '作成する' }))
    expect(await screen.findByText('お知らせを作成しました。')).toBeTruthy()
    const post = requests.find((request) => request.method === 'POST')
    expect(post?.body).toEqual({
      groupPfCode: 'G1',
      title: notice.title,
      noticeBody: '一行目\n二行目',
      startsAt: '2026-11-20T00:00:00.000Z',
      endsAt: '2026-12-28T09:00:00.000Z',
    })
    const table = await screen.findByRole('table', { name: '掲載中のお知らせ' })
    expect(within(table).getByText(notice.title)).toBeTruthy()
    expect(table.querySelector('b')).toBeNull()
    expect(await violations()).toEqual([])
  }, 30_000)

  it('メンテナンス中は、どの画面の上にもその旨を示すこと', async () => {
    renderAdmin(
      '/audit',
      (_method, path) => {
        if (path.startsWith('/admin/maintenance/status/')) {
          return jsonResponse(200, { active: true, source: 'manual' })
        }
        if (path.startsWith('/admin/audit/')) {
          return jsonResponse(200, { total: 0, page: 1, pageSize: 50, entries: [] })
        }
        return undefined
      },
      { role: 'auditor' },
    )
    expect(
      await screen.findByText(
        'メンテナンス中です（手動で開始）。申込者・加入者の画面は使えません。管理コンソールは使えます。',
      ),
    ).toBeTruthy()
  })

  it('メンテナンスの画面で状態を示し、理由を入れて開始できること。axe の違反がないこと', async () => {
    const user = userEvent.setup()
    let on = false
    const { requests } = renderAdmin(
      '/maintenance',
      (method, path) => {
        if (path.startsWith('/admin/maintenance/status/')) {
          return jsonResponse(200, { active: on, source: on ? 'manual' : null })
        }
        if (method === 'GET' && path.startsWith('/admin/maintenance/')) {
          return jsonResponse(200, {
            active: on,
            source: on ? 'manual' : null,
            manual: { on, reason: on ? '保守' : null, switchedAt: null },
            dailyWindow: '04:00-06:00',
            windows: [],
          })
        }
        if (method === 'PUT' && path.startsWith('/admin/maintenance/switch/')) {
          on = true
          return jsonResponse(200, { on: true })
        }
        return undefined
      },
      { role: 'insurerAdmin' },
    )
    await screen.findByText('04:00-06:00')
    expect(screen.getByText('通常運用')).toBeTruthy()
    expect(await violations()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'メンテナンスを開始する' }))
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: /^理由/ }), '保守作業')
    await user.click(within(dialog).getByRole('button', { name: 'メンテナンスを開始する' }))
    expect(await screen.findByText('メンテナンスを開始しました。')).toBeTruthy()
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      on: true,
      reason: '保守作業',
    })
    expect(await screen.findByText(/メンテナンス中です（手動で開始）/)).toBeTruthy()
  }, 30_000)
})
