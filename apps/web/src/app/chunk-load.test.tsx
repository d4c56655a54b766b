import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY } from '../lib/chunk-reload.ts'
import { FLOW_HANDOFF_KEY, HANDOFF_VALID_MS } from '../lib/flow-tracker.ts'
import { storeTestSession } from '../test/access.ts'
import { entBase, refFreeField } from '../test/fixtures.ts'
import { createTestServices, renderApp } from '../test/render-app.tsx'

// The selectType chunk cannot be fetched (a deploy removed it).
vi.mock('../features/application/screens/select-type.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

const entRouterBase = entBase.replace(/^\/app/, '')

describe('画面のチャンクを読み込めないとき（SPEC §4）', () => {
  it('一度目は行き先を全画面で読み込み直すこと', async () => {
    storeTestSession(100_000)
    const services = createTestServices({ now: () => 100_000 })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    void router.navigate(`${entRouterBase}/selectType`)

    await vi.waitFor(() =>
      expect(services.browser.assign).toHaveBeenCalledWith(`${entBase}/selectType`),
    )
    expect(JSON.parse(window.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? '{}')).toEqual({
      [`${entBase}/selectType`]: 100_000,
    })
    // The reloaded page was reached from inside the app: its direct-access block lets it in.
    expect(JSON.parse(window.sessionStorage.getItem(FLOW_HANDOFF_KEY) ?? '{}')).toEqual({
      path: `${entBase}/selectType`,
      at: 100_000,
      validForMs: HANDOFF_VALID_MS,
    })
  })

  it('10秒以内の二度目はエラー画面にし、代理店の連絡先を出すこと', async () => {
    storeTestSession(100_000)
    window.sessionStorage.setItem(
      CHUNK_RELOAD_KEY,
      JSON.stringify({ [`${entBase}/selectType`]: 95_000 }),
    )
    const services = createTestServices({ now: () => 100_000 })
    const { router } = renderApp(`${entBase}/termsOfService`, services)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })

    await router.navigate(`${entRouterBase}/selectType`)

    expect(await screen.findByRole('heading', { level: 1, name: 'エラー' })).toBeTruthy()
    expect(screen.getByText('（エラーコード：XPFF0001）')).toBeTruthy()
    const contact = screen.getByRole('region', { name: 'お問い合わせ先' })
    const text = within(contact).getByText(/さくら保険サービス株式会社/)
    expect(text.textContent).toBe(refFreeField)
    expect(text.className).toContain('whitespace-pre-wrap')
    expect(services.browser.assign).not.toHaveBeenCalled()
  })
})
