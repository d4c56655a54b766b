import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import { PUZZLE_VALIDITY_SECONDS } from '@app/shared/rules/payment'
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type Ref,
} from 'react'
import { legendClassName } from '@/components/form/field-parts.tsx'
import { t } from '../payment-messages.ts'

// ロボットによる操作でないことの確認 (SPEC §2.8 "credit card entry with a puzzle check", §8.4, §9;
// ADR 0014): our own widget over an ALTCHA proof of work, instead of the altcha web component. A
// native checkbox in a fieldset: ticking it fetches a challenge and solves it on the device; the
// progress is told in a polite live region. Nothing is to be seen or heard to solve it, so it
// works alike by keyboard (Space), screen reader and pointer (PRODUCT.md "Accessibility").

export interface PuzzleHandle {
  /** Unticks the box and drops the solution, quietly (a puzzle is used once: after a payment). */
  reset: () => void
}

export interface PuzzleProps {
  /** GET /capyStatus/ */
  loadChallenge: () => Promise<PuzzleChallenge>
  /** the solved puzzle for the payment, or undefined when there is none (any more) */
  onChange: (solved: PuzzleSolution | undefined) => void
  ref?: Ref<PuzzleHandle>
}

type Status = 'idle' | 'solving' | 'solved'

interface Announcement {
  text: string
  /** a new value for every announcement, so the same text is read again */
  key: number
}

const VALIDITY_MS = PUZZLE_VALIDITY_SECONDS * 1000

/**
 * How long the solution may still be used. The server's expiresAt decides; a device clock so far
 * off from the server's that it would make the solution expire at once (or last beyond the
 * validity) is not trusted, and the validity is counted from when the challenge arrived.
 */
function remainingMs(challenge: PuzzleChallenge, receivedAt: number, now: number): number {
  const fromReceipt = receivedAt + VALIDITY_MS - now
  const { expiresAt } = challenge.parameters
  if (expiresAt === undefined) return fromReceipt
  const remaining = expiresAt * 1000 - now
  return remaining > 0 && remaining <= VALIDITY_MS ? remaining : fromReceipt
}

export function Puzzle({ loadChallenge, onChange, ref }: PuzzleProps) {
  const id = useId()
  const supportId = `${id}-support`
  const [status, setStatus] = useState<Status>('idle')
  const [announcement, setAnnouncement] = useState<Announcement | undefined>(undefined)
  // Each tick starts a run; unticking, a reset, expiry or a newer tick ends it.
  const run = useRef<{ controller: AbortController; timer?: ReturnType<typeof setTimeout> }>(
    undefined,
  )
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  }, [onChange])

  const announce = useCallback((text: string) => {
    setAnnouncement((previous) => ({ text, key: (previous?.key ?? 0) + 1 }))
  }, [])

  /** Ends the run under way: the box is unticked and the solution dropped. */
  const stop = useCallback(() => {
    const current = run.current
    run.current = undefined
    if (current !== undefined) {
      current.controller.abort()
      clearTimeout(current.timer)
    }
    setStatus('idle')
    onChangeRef.current(undefined)
  }, [])

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        stop()
        setAnnouncement(undefined)
      },
    }),
    [stop],
  )

  // Leaving the screen ends the run (no solving, no timer, in the background).
  useEffect(
    () => () => {
      run.current?.controller.abort()
      clearTimeout(run.current?.timer)
      run.current = undefined
    },
    [],
  )

  async function solve(): Promise<void> {
    stop()
    const current: NonNullable<typeof run.current> = { controller: new AbortController() }
    run.current = current
    const isCurrent = () => run.current === current
    setStatus('solving')
    announce(t('puzzle.solving'))
    let solved: { puzzle: PuzzleSolution; receivedAt: number } | undefined
    try {
      const challenge = await loadChallenge()
      const receivedAt = Date.now()
      const { solvePuzzle } = await import('../puzzle-solver.ts')
      const solution = isCurrent() ? await solvePuzzle(challenge, current.controller.signal) : null
      if (solution !== null) solved = { puzzle: { challenge, solution }, receivedAt }
    } catch {
      // no challenge (a failed call) or no solver (a failed download): not solved
    }
    if (!isCurrent()) return
    if (solved === undefined) {
      stop()
      announce(t('puzzle.failed'))
      return
    }
    // SPEC §9: valid 5 minutes. Then the box is unticked and the applicant told, politely.
    current.timer = setTimeout(
      () => {
        if (!isCurrent()) return
        stop()
        announce(t('puzzle.expiredNotice'))
      },
      Math.max(0, remainingMs(solved.puzzle.challenge, solved.receivedAt, Date.now())),
    )
    setStatus('solved')
    announce(t('puzzle.solved'))
    onChangeRef.current(solved.puzzle)
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>): void {
    if (event.currentTarget.checked) {
      void solve()
    } else {
      stop()
      setAnnouncement(undefined)
    }
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-8 border border-solid-gray-420 p-4 md:p-6">
      <legend className={`${legendClassName} px-1`}>{t('puzzle.legend')}</legend>
      <p id={supportId} className="text-std-16N-170 text-solid-gray-700">
        {t('puzzle.support')}
      </p>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={status !== 'idle'}
          onChange={handleChange}
          aria-describedby={supportId}
          className="size-6 shrink-0 accent-blue-900"
        />
        <label htmlFor={id} className="py-1 text-std-16B-170 text-solid-gray-900">
          {t('puzzle.checkbox')}
        </label>
      </div>
      <p role="status" className="min-h-7 text-std-16N-170" data-puzzle-status={status}>
        {announcement !== undefined && <span key={announcement.key}>{announcement.text}</span>}
      </p>
    </fieldset>
  )
}
