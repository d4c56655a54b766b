import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { storeTestSession } from '../test/access.ts'
import { entBase } from '../test/fixtures.ts'
import { createTestServices, renderApp } from '../test/render-app.tsx'
import type { PaymentInfo } from '@app/shared/api/payment/payment'
import { testPaymentInfo } from '../features/payment/test-payment.ts'

const entRouterBase = entBase.replace(/^\/app/, '')

describe('画面遷移の取り消し（SPEC §2.7）', () => {
  // The pages after verification need a session (issue #5).
  beforeEach(() => {
    storeTestSession()
  })

  it('申込完了画面から戻ると、申込完了画面にとどまること', async () => {
    // The payment screen opens on an open payment; completeApplication on an applied one (§2.5).
    let paymentState: PaymentInfo['state'] = 'open'
    const services = createTestServices({
      handlers: { '/paymentInfo/': () => testPaymentInfo({ state: paymentState }) },
    })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await router.navigate(`${entRouterBase}/payment`)
    await screen.findByRole('heading', { level: 1, name: 'お支払い' })
    paymentState = 'applied'
    await router.navigate(`${entRouterBase}/completeApplication`)
    await screen.findByRole('heading', { level: 1, name: 'お申し込みの完了' })

    await router.navigate(-1)

    await waitFor(() =>
      expect([...router.state.blockers.values()].map((blocker) => blocker.state)).toEqual([
        'unblocked',
      ]),
    )
    expect(router.state.location.pathname).toBe(`${entBase}/completeApplication`)
    expect(screen.getByRole('heading', { level: 1, name: 'お申し込みの完了' })).toBeTruthy()
  })

  it('申込内容の確認以外から重要事項の確認へは進めないこと', async () => {
    const { router } = renderApp(`${entBase}/termsOfService`)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    await router.navigate(`${entRouterBase}/pamphletImportantNotes`)

    expect(router.state.location.pathname).toBe(`${entBase}/termsOfService`)
    expect(screen.getByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy()
  })

  it('申込内容の確認からは重要事項の確認へ進めること', async () => {
    const { router } = renderApp(`${entBase}/termsOfService`)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    await router.navigate(`${entRouterBase}/checkPolicyHolderInfo`)
    await screen.findByRole('heading', { level: 1, name: 'お申し込み内容の確認' })

    await router.navigate(`${entRouterBase}/pamphletImportantNotes`)

    expect(await screen.findByRole('heading', { level: 1, name: '重要事項のご確認' })).toBeTruthy()
  })
})
