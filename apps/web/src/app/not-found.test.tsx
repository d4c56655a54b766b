import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { entBase, groupName } from '../test/fixtures.ts'
import { createTestServices, renderApp } from '../test/render-app.tsx'

describe('ページが見つからない（SPEC §8.1）', () => {
  it('どのルートにも合わないアドレスはパスを添えて 404 を表示すること', async () => {
    const services = createTestServices()
    renderApp('/app/no/such/page', services)

    const heading = await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' })
    expect(document.activeElement).toBe(heading)
    expect(screen.getByText(/\/app\/no\/such\/page のページは存在しません/)).toBeTruthy()
    expect(document.title).toBe('ページが見つかりません | 団体保険 Web加入・加入者マイページ')
    expect(services.getCalls).toEqual([])
  })

  it('/app そのものも 404 を表示すること', async () => {
    renderApp('/app')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeTruthy()
  })

  it('申込のリンクの下の知らない画面名は、団体のヘッダーのまま 404 を表示すること', async () => {
    renderApp(`${entBase}/noSuchScreen`)

    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeTruthy()
    expect(screen.getByText(new RegExp(`${entBase}/noSuchScreen`))).toBeTruthy()
    expect(screen.getByRole('banner').textContent).toContain(groupName)
  })

  it.each([
    'registerInsuredInfo/interaction/Interaction',
    'registerInsuredInfo/model/FormElements',
    'registerInsuredInfo/model/InsuredInfo',
    'registerInsuredInfo/model/InsuredInfoForEdit',
    'registerInsuredInfo/model/InsuredInfoList',
  ])('画面ではない補助ルート %s は 404 を表示すること', async (segment) => {
    renderApp(`${entBase}/${segment}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeTruthy()
  })
})
