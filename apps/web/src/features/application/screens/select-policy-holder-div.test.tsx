import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { entBase } from '@/test/fixtures.ts'
import { jsonResponse } from '@/test/http.ts'
import { testApplication } from '@/test/application.ts'
import { openStep, sent } from '../test-open-step.ts'

describe('加入者区分の選択（selectPolicyHolderDiv）', () => {
  it('個人を選んだ状態で表示し、法人を選ぶと保存して次の手順へ移ること', async () => {
    const user = userEvent.setup()
    const saved = testApplication(['entryTerms', 'selectPolicyHolderDiv'], {
      version: 3,
      shape: { policyHolderDiv: '2' },
    })
    const { router, requests } = await openStep('selectPolicyHolderDiv', {
      views: [testApplication(['entryTerms'], { version: 2 }), saved],
      respond: () => jsonResponse(200, saved),
    })

    const group = await screen.findByRole('radiogroup', { name: '加入者区分 ※必須' })
    expect(screen.getByRole('radio', { name: '個人' })).toHaveProperty('checked', true)
    expect(group.getAttribute('aria-required')).toBe('true')

    await user.click(screen.getByRole('radio', { name: '法人' }))
    await user.click(screen.getByRole('button', { name: '次へ' }))

    await waitFor(() => expect(router.state.location.pathname).toBe(`${entBase}/selectCategory`))
    expect(sent(requests)).toEqual([
      {
        method: 'PUT',
        url: '/api/applyInfo/selectPolicyHolderDiv',
        body: { version: 2, policyHolderDiv: '2' },
      },
    ])
  })

  it('まだ同意事項が済んでいなければ、同意事項の画面へ移ること', async () => {
    const { router } = await openStep('selectPolicyHolderDiv', { views: [testApplication()] })

    expect(
      await screen.findByRole('heading', { level: 1, name: 'お申し込みにあたっての同意事項' }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`${entBase}/entryTerms`)
  })
})
