import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/sha'
import { createRef } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { Puzzle, type PuzzleHandle } from './puzzle.tsx'
import { easyChallenge, PUZZLE_SECRET } from '../test-payment.ts'

// The widget loads the solver on demand; transformed once here rather than inside a test's waits.
beforeAll(async () => {
  await import('../puzzle-solver.ts')
})

const CHECKBOX = '私はロボットではありません'
const SOLVED = '確認しました。'

function renderPuzzle(loadChallenge: () => Promise<PuzzleChallenge> = () => easyChallenge()) {
  const onChange = vi.fn<(solved: PuzzleSolution | undefined) => void>()
  const ref = createRef<PuzzleHandle>()
  render(<Puzzle ref={ref} loadChallenge={loadChallenge} onChange={onChange} />)
  const checkbox = screen.getByRole('checkbox', { name: CHECKBOX })
  const status = () => screen.getByRole('status').textContent
  return { onChange, ref, checkbox, status }
}

const lastSolution = (onChange: ReturnType<typeof renderPuzzle>['onChange']) =>
  onChange.mock.calls.at(-1)?.[0]

describe('ロボットによる操作でないことの確認（パズル, SPEC §8.4, §9）', () => {
  it('見出し（legend）・チェックボックス・補足テキストが結び付いていること', () => {
    const { checkbox } = renderPuzzle()
    expect(screen.getByRole('group', { name: 'ロボットによる操作でないことの確認' })).toBeTruthy()
    const supportId = checkbox.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(supportId)?.textContent).toBe(
      'チェックを入れると、お使いの端末で自動的に確認の計算をします。画像や音声の操作は必要ありません。確認の有効期限は5分です。',
    )
    expect((checkbox as HTMLInputElement).checked).toBe(false)
  })

  it('キーボード（Tab と Space）でチェックを入れると、確認中を知らせ、解いた答えを渡すこと', async () => {
    const user = userEvent.setup()
    // The challenge is held back, so the state while it is being worked on can be seen.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const { onChange, checkbox, status } = renderPuzzle(async () => {
      await held
      return easyChallenge()
    })

    await user.tab()
    expect(document.activeElement).toBe(checkbox)
    await user.keyboard(' ')

    expect((checkbox as HTMLInputElement).checked).toBe(true)
    expect(status()).toBe('確認しています。しばらくお待ちください。')
    expect(onChange).not.toHaveBeenCalledWith(
      expect.objectContaining({ solution: expect.anything() }),
    )
    release()
    await waitFor(() => expect(status()).toBe(SOLVED), { timeout: 5000 })
    expect(document.activeElement).toBe(checkbox)

    const solved = lastSolution(onChange)
    expect(solved).toBeDefined()
    // The answer is a real one: the server's check (altcha-lib) accepts it.
    const verdict = await verifySolution({
      challenge: solved!.challenge,
      solution: solved!.solution,
      deriveKey,
      hmacSignatureSecret: PUZZLE_SECRET,
    })
    expect(verdict.verified).toBe(true)
  })

  it('チェックを外すと答えを捨てること', async () => {
    const user = userEvent.setup()
    const { onChange, checkbox, status } = renderPuzzle()
    await user.click(checkbox)
    await waitFor(() => expect(status()).toBe(SOLVED), { timeout: 5000 })

    await user.click(checkbox)

    expect((checkbox as HTMLInputElement).checked).toBe(false)
    expect(lastSolution(onChange)).toBeUndefined()
    expect(status()).toBe('')
  })

  it('問題を取得できなければ、確認できなかったことを知らせてチェックを外すこと', async () => {
    const user = userEvent.setup()
    const { onChange, checkbox, status } = renderPuzzle(() => Promise.reject(new Error('down')))

    await user.click(checkbox)

    await waitFor(() =>
      expect(status()).toBe('確認できませんでした。もう一度チェックを入れてください。'),
    )
    expect((checkbox as HTMLInputElement).checked).toBe(false)
    expect(lastSolution(onChange)).toBeUndefined()
  })

  it('有効期限（5分）が来たらチェックを外し、答えを捨てて知らせること', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { onChange, checkbox, status } = renderPuzzle()
    await user.click(checkbox)
    await waitFor(() => expect(status()).toBe(SOLVED), { timeout: 5000 })

    await act(() => vi.advanceTimersByTimeAsync(4 * 60 * 1000))
    expect((checkbox as HTMLInputElement).checked).toBe(true)

    await act(() => vi.advanceTimersByTimeAsync(60 * 1000))

    expect(status()).toBe('確認の有効期限（5分）が切れました。もう一度チェックを入れてください。')
    expect((checkbox as HTMLInputElement).checked).toBe(false)
    expect(lastSolution(onChange)).toBeUndefined()
  })

  it('reset() は知らせずにチェックを外し、答えを捨てること（支払いの後）', async () => {
    const user = userEvent.setup()
    const { onChange, ref, checkbox, status } = renderPuzzle()
    await user.click(checkbox)
    await waitFor(() => expect(status()).toBe(SOLVED), { timeout: 5000 })

    act(() => ref.current?.reset())

    expect((checkbox as HTMLInputElement).checked).toBe(false)
    expect(lastSolution(onChange)).toBeUndefined()
    expect(status()).toBe('')
  })
})
