import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { giveTermsOfUseConsent } from '../test/access.ts'
import { entBase } from '../test/fixtures.ts'
import { createTestServices, renderApp } from '../test/render-app.tsx'

const entRouterBase = entBase.replace(/^\/app/, '')

describe('新しいビルドの後の画面遷移（SPEC §4）', () => {
  it('新しいビルドがなければルーターの中で遷移すること', async () => {
    giveTermsOfUseConsent()
    const services = createTestServices()
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    await router.navigate(`${entRouterBase}/verifyUser`)

    expect(await screen.findByRole('heading', { level: 1, name: '本人確認' })).toBeTruthy()
    expect(services.browser.assign).not.toHaveBeenCalled()
  })

  it('新しいビルドがあれば、次の遷移を行き先への全画面の読み込みにすること', async () => {
    let isAvailable = false
    const services = createTestServices()
    const { router } = renderApp(`${entBase}/termsOfService`, services, {
      isAvailable: () => isAvailable,
    })
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    isAvailable = true
    void router.navigate(`${entRouterBase}/verifyUser?from=terms`)

    await vi.waitFor(() =>
      expect(services.browser.assign).toHaveBeenCalledWith(`${entBase}/verifyUser?from=terms`),
    )
    expect(services.browser.assign).toHaveBeenCalledTimes(1)
  })
})
