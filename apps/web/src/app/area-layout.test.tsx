import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ScreenOutlet } from './area-layout.tsx'
import { LOADING_DELAY_MS } from '../components/loading-indicator.tsx'

const LOADING_TEXT = '読み込んでいます…'

/** Two screens; the second one's loader (its module and guard data) answers when told to. */
function renderScreens() {
  let answer: () => void = () => undefined
  const loaded = new Promise<null>((resolve) => {
    answer = () => resolve(null)
  })
  const router = createMemoryRouter(
    [
      {
        Component: ScreenOutlet,
        children: [
          { path: '/', Component: () => <h1>重要事項のご確認</h1> },
          { path: '/payment', loader: () => loaded, Component: () => <h1>お支払い</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  )
  const { container } = render(<RouterProvider router={router} />)
  return { router, container, answer }
}

function screenRegion(container: HTMLElement): Element {
  const region = container.querySelector('[aria-busy]')
  if (region === null) throw new Error('no region with aria-busy')
  return region
}

const heading = (name: string) => screen.queryByRole('heading', { level: 1, name })

describe('画面の移動中の表示（issue #23 point 10）', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('次の画面を読み込む間は今の画面を busy にし、300ミリ秒を過ぎると「読み込んでいます…」を重ねて出すこと', async () => {
    const { router, container, answer } = renderScreens()
    await act(async () => {
      void router.navigate('/payment')
      await Promise.resolve()
    })

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS - 1)
    })
    expect(heading('重要事項のご確認')).not.toBeNull()
    expect(screen.getByRole('status').textContent).toBe('')
    expect(screenRegion(container).getAttribute('aria-busy')).toBe('true')

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(screen.getByRole('status').textContent).toBe(LOADING_TEXT)
    // the screen being left stays until the next one is there, as a page does in the browser
    expect(heading('重要事項のご確認')).not.toBeNull()
    expect(screenRegion(container).getAttribute('aria-busy')).toBe('true')
    expect(screenRegion(container).contains(screen.getByRole('status'))).toBe(false)

    await act(async () => {
      answer()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(heading('お支払い')).not.toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    expect(heading('重要事項のご確認')).toBeNull()
    expect(screenRegion(container).getAttribute('aria-busy')).toBe('false')
  })

  it('300ミリ秒より早く済んだ移動では、読み込み中の表示を出さないこと', async () => {
    const { router, answer } = renderScreens()
    await act(async () => {
      void router.navigate('/payment')
      await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS - 100)
      answer()
      await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS)
    })

    expect(heading('お支払い')).not.toBeNull()
    expect(screen.queryByText(LOADING_TEXT)).toBeNull()
  })
})
