import { act, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LOADING_DELAY_MS, LoadingRegion } from './loading-indicator.tsx'

const LOADING_TEXT = '読み込んでいます…'

function Contract({ data }: { data: { period: string } | undefined }) {
  return (
    <LoadingRegion data={data} className="flex flex-col gap-8">
      {({ period }) => <p>{period}</p>}
    </LoadingRegion>
  )
}

/** The region LoadingRegion renders: the element with aria-busy. */
function busyRegion(container: HTMLElement): Element {
  const region = container.querySelector('[aria-busy]')
  if (region === null) throw new Error('no region with aria-busy')
  return region
}

describe('読み込み中の表示（issue #23 point 10）', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  it('300ミリ秒までは何も見せず、領域だけを aria-busy にすること', () => {
    const { container } = render(<Contract data={undefined} />)

    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS - 1))

    expect(screen.queryByText(LOADING_TEXT)).toBeNull()
    // the live region is there, empty, before its text: a screen reader then announces the text
    expect(screen.getByRole('status').textContent).toBe('')
    expect(busyRegion(container).getAttribute('aria-busy')).toBe('true')
    expect(busyRegion(container).textContent).toBe('')
  })

  it('300ミリ秒を過ぎると「読み込んでいます…」を状態として伝えること', () => {
    const { container } = render(<Contract data={undefined} />)

    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS))

    expect(screen.getByRole('status').textContent).toBe(LOADING_TEXT)
    // the status stands outside the busy region, whose changes a screen reader may hold back
    expect(busyRegion(container).contains(screen.getByRole('status'))).toBe(false)
    // the spinner is decoration; it stops under prefers-reduced-motion
    const spinner = screen.getByRole('status').querySelector('svg')
    expect(spinner?.getAttribute('aria-hidden')).toBe('true')
    expect(spinner?.getAttribute('class')).toContain('motion-reduce:animate-none')
  })

  it('読み込みが済むと表示が消え、内容を出して aria-busy を外すこと', () => {
    const { container, rerender } = render(<Contract data={undefined} />)
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS))
    expect(screen.getByText(LOADING_TEXT)).toBeTruthy()

    rerender(<Contract data={{ period: '保険期間：2027年1月1日から' }} />)

    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByText(LOADING_TEXT)).toBeNull()
    expect(busyRegion(container).getAttribute('aria-busy')).toBe('false')
    expect(busyRegion(container).textContent).toBe('保険期間：2027年1月1日から')
  })

  it('300ミリ秒より早く済んだ読み込みでは、一度も表示しないこと', () => {
    const { rerender } = render(<Contract data={undefined} />)
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS - 100))

    rerender(<Contract data={{ period: '保険期間：2027年1月1日から' }} />)
    act(() => vi.advanceTimersByTime(LOADING_DELAY_MS))

    expect(screen.queryByText(LOADING_TEXT)).toBeNull()
    expect(screen.getByText('保険期間：2027年1月1日から')).toBeTruthy()
  })
})
