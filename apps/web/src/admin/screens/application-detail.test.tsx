import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '@/test/http.ts'
import { renderAdmin } from '../test/render-admin.tsx'

const applicationId = '11111111-1111-4111-8111-111111111111'

function detail(version = 3, status = 'applied') {
  return {
    applicationId,
    version,
    groupPfCode: 'G1',
    groupPfCodeInceptionDateYm: '202604',
    groupPfBranchNo: '001',
    groupNameKanji: 'テスト団体',
    memberId: '22222222-2222-4222-8222-222222222222',
    memberCode: 'M0001',
    userId: 'user0001',
    status,
    statusPattern: status === 'processed' ? '210' : '110',
    paymentStatus: 'paid',
    groupPfPolicyHolderNo: null,
    appliedAt: '2026-04-10T01:00:00.000Z',
    policyHolder: [{ itemCode: 'nameKanji', label: '氏名', value: '山田 花子' }],
    coverage: { totalPremium: 12000, units: [{ unitNo: 1, displayName: '基本プラン' }] },
    insured: [],
    consents: [],
    history: [],
    payments: [],
    mails: [],
    documents: [{ fileId: 'file-1', slot: '本人確認書類', fileName: 'license.pdf' }],
    hasNoticeAnswers: true,
  }
}

const detailPath = `/admin/applications/${applicationId}`

describe('申込詳細（issue #20）', () => {
  it('告知内容は閲覧理由を入れるまで送らず、理由を付けて取得して表示すること', async () => {
    const user = userEvent.setup()
    const { requests } = renderAdmin(
      `/applications/${applicationId}`,
      (method, path) => {
        if (method === 'GET' && path === detailPath) return jsonResponse(200, detail())
        if (method === 'POST' && path === `${detailPath}/notice/`) {
          return jsonResponse(200, {
            answers: [
              {
                insrdId: null,
                unitNo: null,
                itemCode: 'q1',
                question: '入院中ですか',
                answer: 'いいえ',
              },
            ],
          })
        }
        return undefined
      },
      { role: 'agencyStaff' },
    )
    expect(screen.queryByText('いいえ')).toBeNull()
    await user.click(await screen.findByRole('button', { name: '告知内容を表示する' }))
    const dialog = await screen.findByRole('dialog', { name: '告知内容の閲覧理由' })
    expect(dialog.textContent).toContain('閲覧は監査ログに記録されます。')
    const reason = within(dialog).getByLabelText(/^閲覧理由/)
    expect(document.activeElement).toBe(reason)

    await user.type(reason, 'a')
    await user.click(within(dialog).getByRole('button', { name: '告知内容を表示する' }))
    expect(within(dialog).getByText('理由を2文字以上で入力してください。')).toBeTruthy()
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(requests.some((request) => request.method === 'POST')).toBe(false)

    await user.type(reason, 'お客様からの問い合わせ')
    await user.click(within(dialog).getByRole('button', { name: '告知内容を表示する' }))
    expect(await screen.findByText('いいえ')).toBeTruthy()
    const post = requests.find((request) => request.method === 'POST')
    expect(post?.url).toBe(`/api${detailPath}/notice/`)
    expect(post?.body).toEqual({ reason: 'aお客様からの問い合わせ' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('書類は理由を付けて短時間のURLを受け取り、新しいタブで開くこと', async () => {
    const user = userEvent.setup()
    const { requests, openTab } = renderAdmin(
      `/applications/${applicationId}`,
      (method, path) => {
        if (method === 'GET' && path === detailPath) return jsonResponse(200, detail())
        if (method === 'POST' && path === `${detailPath}/documents/file-1/link/`) {
          return jsonResponse(200, {
            url: 'https://files.example/x?sig=1',
            expiresAt: '2026-04-10T01:05:00.000Z',
          })
        }
        return undefined
      },
      { role: 'insurerOperator' },
    )
    await user.click(await screen.findByRole('button', { name: 'license.pdfを表示' }))
    const dialog = await screen.findByRole('dialog', { name: '書類を表示する理由' })
    await user.type(within(dialog).getByLabelText(/^閲覧理由/), '書類の確認')
    await user.click(within(dialog).getByRole('button', { name: '表示' }))
    await waitFor(() => expect(openTab).toHaveBeenCalledWith('https://files.example/x?sig=1'))
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      reason: '書類の確認',
    })
    expect(await screen.findByText(/書類を新しいタブで開きました。/)).toBeTruthy()
  })

  it('代理店担当者には処理済・取消の操作を出さず、保険会社担当者には出すこと', async () => {
    const answer = (method: string, path: string) =>
      method === 'GET' && path === detailPath ? jsonResponse(200, detail()) : undefined
    const agency = renderAdmin(`/applications/${applicationId}`, answer, { role: 'agencyStaff' })
    await screen.findByRole('heading', { level: 2, name: '基本情報' })
    expect(screen.queryByRole('button', { name: '処理済にする' })).toBeNull()
    expect(screen.queryByRole('button', { name: '申込を取り消す' })).toBeNull()
    const menu = screen.getByRole('navigation', { name: 'メニュー' })
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '申込検索',
      '加入者サポート',
      '加入状況',
      '加入者一覧',
      '名簿取込',
      '月払保険料の未収',
      'お知らせ',
    ])
    expect(screen.getByText('代理店：テスト代理店')).toBeTruthy()
    agency.unmount()

    renderAdmin(`/applications/${applicationId}`, answer, { role: 'insurerAdmin' })
    expect(await screen.findByRole('button', { name: '処理済にする' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '申込を取り消す' })).toBeTruthy()
    expect(
      within(screen.getByRole('navigation', { name: 'メニュー' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      '申込検索',
      '加入者サポート',
      '取込データ出力',
      '加入状況',
      '加入者一覧',
      '商品設定',
      '名簿取込',
      '入金・決済照合',
      '月払保険料の未収',
      '監査ログ',
      'スタッフ管理',
      'お知らせ',
      'メンテナンス',
    ])
  })

  it('取消は理由と読んだ版を送り、申込者へのメールを伝えること。競合（409）なら知らせて読み直すこと', async () => {
    const user = userEvent.setup()
    let cancelled = false
    let readsAfter = 0
    const { requests } = renderAdmin(
      `/applications/${applicationId}`,
      (method, path) => {
        if (method === 'GET' && path === detailPath) {
          if (cancelled) readsAfter += 1
          // someone else changed it meanwhile
          return jsonResponse(200, detail(cancelled ? 4 : 3))
        }
        if (method === 'POST' && path === `${detailPath}/cancel/`) {
          cancelled = true
          return jsonResponse(409, { errorCode: 'ADMC0001' })
        }
        return undefined
      },
      { role: 'insurerOperator' },
    )
    await user.click(await screen.findByRole('button', { name: '申込を取り消す' }))
    const dialog = await screen.findByRole('dialog', { name: '申込を取り消す' })
    expect(dialog.textContent).toContain('申込者には取消のメールが送られます。')
    await user.type(within(dialog).getByLabelText(/^取消の理由/), '申込者の申し出')
    await user.click(within(dialog).getByRole('button', { name: '申込を取り消す' }))
    const alert = await screen.findByText(/この申込は現在の状態では操作できません。/)
    expect(alert.textContent).toContain('最新の内容を読み込み直しました。')
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      reason: '申込者の申し出',
      version: 3,
    })
    await waitFor(() => expect(readsAfter).toBeGreaterThanOrEqual(1))
    // the message stays once the detail has been read again (the screen is not replaced)
    await waitFor(() => expect(screen.getByText(/最新の内容を読み込み直しました。/)).toBeTruthy())
  })
})
