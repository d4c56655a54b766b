import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client.ts'
import { entBase, mypBase } from '../test/fixtures.ts'
import { createTestServices, renderApp } from '../test/render-app.tsx'

function failing(status: number, errorCode: string) {
  return () => {
    throw new ApiError(status, { errorCode })
  }
}

describe('エラー画面（SPEC §2.9）', () => {
  it('503 ではメンテナンス中を表示し、エラーコードとボタンを出さないこと', async () => {
    const services = createTestServices({
      handlers: { '/groupPfInfo/': failing(503, 'APFS0001') },
    })
    renderApp(`${entBase}/termsOfService`, services)

    const heading = await screen.findByRole('heading', { level: 1, name: 'メンテナンス中' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByText(/毎日4:00〜6:00/)).toBeTruthy()
    expect(screen.queryByText(/エラーコード/)).toBeNull()
    expect(screen.queryByRole('link', { name: /戻る/ })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'お問い合わせ先' })).toBeNull()
    await waitFor(() =>
      expect(document.title).toBe('メンテナンス中 | 団体保険 Web加入・加入者マイページ'),
    )
  })

  it('URLキーの形式違いは API を呼ばずに 400 APFF0001 を表示すること', async () => {
    const services = createTestServices()
    renderApp(`/app/ent/G001/202604/00001/short/termsOfService`, services)

    const heading = await screen.findByRole('heading', { level: 1, name: 'エラー' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByText('（エラーコード：APFF0001）')).toBeTruthy()
    expect(screen.getByText(/指定されたページは存在しません/)).toBeTruthy()
    expect(services.getCalls).toEqual([])
  })

  it('団体が見つからない 404 は APFF0001 とし、お問い合わせ先は既定の文言になること', async () => {
    const services = createTestServices({
      handlers: { '/groupPfInfo/': failing(404, 'APFA1001') },
    })
    renderApp(`${entBase}/termsOfService`, services)

    await screen.findByRole('heading', { level: 1, name: 'エラー' })
    expect(screen.getByText('（エラーコード：APFF0001）')).toBeTruthy()
    const contact = screen.getByRole('region', { name: 'お問い合わせ先' })
    expect(within(contact).getByText(/お問い合わせ先を表示できません/)).toBeTruthy()
    // An unknown link has no login screen to go back to: no button (issue #23 point 18; it
    // led to the same error again).
    expect(screen.queryByRole('link', { name: 'ログイン画面へ戻る' })).toBeNull()
  })

  it('マイページでログイン中ならホームへ戻るボタンを出すこと', async () => {
    const services = createTestServices({
      handlers: { '/groupPfInfo/': failing(500, 'APFA2016') },
    })
    renderApp(`${mypBase}/checkContractInfo`, services)

    await screen.findByRole('heading', { level: 1, name: 'エラー' })
    expect(screen.getByText('（エラーコード：APFA2016）')).toBeTruthy()
    const button = await screen.findByRole('link', { name: 'ホームへ戻る' })
    expect(button.getAttribute('href')).toBe(`${mypBase}/home`)
    expect(services.getCalls.map((call) => call.path)).toContain('/sessionInfo/')
  })

  it('マイページで未ログインならログイン画面へ全画面の読み込みで戻ること', async () => {
    const services = createTestServices({
      handlers: {
        '/groupPfInfo/': failing(500, 'APFA2016'),
        '/sessionInfo/': failing(401, 'E0003'),
      },
    })
    renderApp(`${mypBase}/checkContractInfo`, services)

    const button = await screen.findByRole('link', { name: 'ログイン画面へ戻る' })
    expect(button.getAttribute('href')).toBe(`${mypBase}/login`)
    expect(screen.queryByRole('link', { name: 'ホームへ戻る' })).toBeNull()
    await userEvent.click(button)
    expect(services.browser.assign).toHaveBeenCalledWith(`${mypBase}/login`)
  })

  it('マイページのホームでのエラーはログイン中でもログイン画面へ戻ること', async () => {
    const services = createTestServices({
      handlers: { '/groupPfInfo/': failing(500, 'APFA2016') },
    })
    renderApp(`${mypBase}/home`, services)

    expect(await screen.findByRole('link', { name: 'ログイン画面へ戻る' })).toBeTruthy()
  })

  it('セッションエラーは、別ウィンドウから開かれていればウィンドウを閉じること', async () => {
    const services = createTestServices({
      handlers: { '/groupPfInfo/': failing(401, 'E0003') },
      hasOpener: true,
    })
    renderApp(`${mypBase}/login`, services)

    await screen.findByRole('heading', { level: 1, name: 'エラー' })
    await waitFor(() => expect(services.browser.close).toHaveBeenCalledTimes(1))
  })
})
