import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { entBase, refFreeField } from '@/test/fixtures.ts'
import { jsonResponse } from '@/test/http.ts'
import { testApplication, testUnits } from '@/test/application.ts'
import { openStep, sent } from '../test-open-step.ts'

const before = testApplication(['entryTerms', 'selectPolicyHolderDiv'], { version: 4 })

describe('加入区分の選択（selectCategory）', () => {
  it('プランを表示名（補償名が同じ名前を重ねるときは表示名だけ）と1名あたりの保険料（3桁区切り）で選択肢にすること', async () => {
    await openStep('selectCategory', { views: [before] })

    const group = await screen.findByRole('radiogroup', { name: 'プラン ※必須' })
    expect(within(group).getAllByRole('radio')).toEqual([
      screen.getByRole('radio', {
        name: 'Aプラン　1,200円（1名あたり・月額）',
      }),
      screen.getByRole('radio', {
        name: 'Bプラン　2,500円（1名あたり・月額）',
      }),
    ])
  })

  it('選ばずに進むと「プランを選択してください。」を出し、選ぶと番号で保存して次へ移ること', async () => {
    const user = userEvent.setup()
    const saved = testApplication(['entryTerms', 'selectPolicyHolderDiv', 'selectCategory'], {
      version: 5,
    })
    const { router, requests } = await openStep('selectCategory', {
      views: [before, saved],
      respond: () => jsonResponse(200, saved),
    })
    await screen.findByRole('radiogroup', { name: 'プラン ※必須' })

    await user.click(screen.getByRole('button', { name: '次へ' }))
    const summary = await screen.findByRole('region', { name: '入力内容を確認してください' })
    expect(within(summary).getByRole('link').textContent).toBe('プラン：プランを選択してください。')
    expect(requests).toEqual([])

    await user.click(screen.getByRole('radio', { name: /^Bプラン/ }))
    await user.click(screen.getByRole('button', { name: '次へ' }))

    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/selectType`))
    expect(sent(requests)).toEqual([
      { method: 'PUT', url: '/api/applyInfo/selectCategory', body: { version: 4, planUnitNo: 2 } },
    ])
  })

  it('選べるプランがなければ、取扱代理店のお問い合わせ先とともに知らせること', async () => {
    await openStep('selectCategory', {
      views: [before],
      units: testUnits.filter((unit) => unit.coverageTypeFlg !== '1'),
    })

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'お申し込みいただけるプランがありません。取扱代理店にお問い合わせください。',
    )
    expect(alert.textContent).toContain(refFreeField)
    expect(screen.queryByRole('button', { name: '次へ' })).toBeNull()
  })
})
