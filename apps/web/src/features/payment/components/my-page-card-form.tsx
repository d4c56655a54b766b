import type { PuzzleChallenge, PuzzleSolution } from '@app/shared/api/payment/payment'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { t } from '../invoice-messages.ts'
import { requestCardToken } from '../payment-api.ts'

// The my-page's card form (the invoice of an auto-renewed contract, ADR 0032; the card change of
// a monthly contract, issue #24, ADR 0038): the card data to the provider's token endpoint only,
// and the puzzle (SPEC §2.8). The token call is the payment's own (payment-api.ts); the form is
// spelt apart from the applicant's payment form, whose field components would bring the
// enrolment screens' form code to these screens.

/** The form fields' look (components/form/field-parts.tsx textInputClassName), spelt here (see
 * above). */
const textInputClassName =
  'min-h-14 rounded-8 border border-solid-gray-600 bg-white px-4 py-3 text-std-16N-170 text-solid-gray-900 hover:border-black aria-[invalid=true]:border-2 aria-[invalid=true]:border-error-1'

const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))

function PuzzleBox({
  loadPuzzle,
  onSolved,
}: {
  loadPuzzle: () => Promise<PuzzleChallenge>
  onSolved: (puzzle: PuzzleSolution | undefined) => void
}) {
  const id = useId()
  const [status, setStatus] = useState<'idle' | 'solving' | 'solved' | 'failed'>('idle')
  const controller = useRef<AbortController | undefined>(undefined)
  useEffect(() => () => controller.current?.abort(), [])

  async function solve(checked: boolean) {
    controller.current?.abort()
    onSolved(undefined)
    if (!checked) {
      setStatus('idle')
      return
    }
    const current = new AbortController()
    controller.current = current
    setStatus('solving')
    try {
      const challenge = await loadPuzzle()
      const { solvePuzzle } = await import('../puzzle-solver.ts')
      const solution = await solvePuzzle(challenge, current.signal)
      if (current.signal.aborted) return
      if (solution === null) throw new Error('not solved')
      onSolved({ challenge, solution })
      setStatus('solved')
    } catch {
      if (!current.signal.aborted) setStatus('failed')
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="size-6"
          checked={status === 'solving' || status === 'solved'}
          onChange={(event) => void solve(event.target.checked)}
        />
        <label htmlFor={id} className="text-std-16N-170">
          {t('myPageCard.puzzle.label')}
        </label>
      </div>
      <p role="status" aria-live="polite" className="text-std-16N-170">
        {status === 'solving'
          ? t('myPageCard.puzzle.solving')
          : status === 'solved'
            ? t('myPageCard.puzzle.solved')
            : status === 'failed'
              ? t('myPageCard.puzzle.failed')
              : ''}
      </p>
    </div>
  )
}

/**
 * The card form of the my-page's card screens: number, expiry and security code, checked to be
 * there, to the provider's token endpoint only (cleared from the form once sent), then the
 * screen's own submission with the token and the solved puzzle.
 */
export function MyPageCardForm({
  provider,
  loadPuzzle,
  submitLabel,
  processingText,
  onSubmit,
}: {
  provider: { tokenUrl: string; publishableKey: string }
  loadPuzzle: () => Promise<PuzzleChallenge>
  submitLabel: string
  processingText: string
  /** the screen's execution; false when it was refused (the puzzle is then solved again) */
  onSubmit: (cardToken: string, puzzle: PuzzleSolution) => Promise<boolean>
}) {
  const [card, setCard] = useState({
    cardNumber: '',
    expiryMonth: '',
    expiryYear: '',
    securityCode: '',
  })
  const [puzzle, setPuzzle] = useState<PuzzleSolution | undefined>(undefined)
  const [puzzleRound, setPuzzleRound] = useState(0)
  const [errors, setErrors] = useState<string[]>([])
  const [isProcessing, setProcessing] = useState(false)
  const ids = { number: useId(), month: useId(), year: useId(), code: useId(), errors: useId() }
  const years = useMemo(() => {
    const first = new Date().getFullYear()
    return Array.from({ length: 15 }, (_, index) => String(first + index))
  }, [])
  const fields = [
    ['cardNumber', t('myPageCard.card.number')],
    ['expiryMonth', t('myPageCard.card.expiryMonth')],
    ['expiryYear', t('myPageCard.card.expiryYear')],
    ['securityCode', t('myPageCard.card.securityCode')],
  ] as const

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing = fields
      .filter(([name]) => card[name].trim() === '')
      .map(([, label]) => t('myPageCard.card.required', { field: label }))
    if (puzzle === undefined) missing.push(t('myPageCard.puzzle.required'))
    setErrors(missing)
    if (missing.length > 0 || puzzle === undefined) return
    setProcessing(true)
    const result = await requestCardToken(provider.tokenUrl, {
      publishableKey: provider.publishableKey,
      cardNumber: card.cardNumber.replace(/\s|-/g, ''),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      securityCode: card.securityCode,
    })
    // the card data leaves the form's state once sent
    setCard({ cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '' })
    if (result.kind === 'refused') {
      setProcessing(false)
      setErrors([t('myPageCard.card.refused')])
      return
    }
    if (!(await onSubmit(result.token, puzzle))) {
      // a puzzle is used once: a refused execution needs a new one
      setProcessing(false)
      setPuzzle(undefined)
      setPuzzleRound((round) => round + 1)
    }
  }

  return (
    <form className="flex flex-col gap-6" noValidate onSubmit={(event) => void submit(event)}>
      {errors.length > 0 && (
        <div id={ids.errors} role="alert" className="rounded-8 border-2 border-error-1 p-4">
          <ul className="list-disc pl-6 text-std-16N-170 text-error-1">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.number} className="text-std-17B-170">
          {t('myPageCard.card.number')}
        </label>
        <input
          id={ids.number}
          inputMode="numeric"
          autoComplete="cc-number"
          className={textInputClassName}
          value={card.cardNumber}
          onChange={(event) => setCard({ ...card, cardNumber: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap gap-6">
        {(
          [
            [ids.month, 'expiryMonth', months, 'cc-exp-month'],
            [ids.year, 'expiryYear', years, 'cc-exp-year'],
          ] as const
        ).map(([id, name, options, autoComplete]) => (
          <div key={name} className="flex flex-col gap-2">
            <label htmlFor={id} className="text-std-17B-170">
              {t(
                name === 'expiryMonth'
                  ? 'myPageCard.card.expiryMonth'
                  : 'myPageCard.card.expiryYear',
              )}
            </label>
            <select
              id={id}
              autoComplete={autoComplete}
              className={`${textInputClassName} w-auto min-w-32`}
              value={card[name]}
              onChange={(event) => setCard({ ...card, [name]: event.target.value })}
            >
              <option value="">{t('myPageCard.card.choose')}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.code} className="text-std-17B-170">
          {t('myPageCard.card.securityCode')}
        </label>
        <input
          id={ids.code}
          inputMode="numeric"
          autoComplete="cc-csc"
          className={`${textInputClassName} w-32`}
          value={card.securityCode}
          onChange={(event) => setCard({ ...card, securityCode: event.target.value })}
        />
      </div>
      <PuzzleBox key={puzzleRound} loadPuzzle={loadPuzzle} onSolved={setPuzzle} />
      <div>
        <button type="submit" className="app-button w-full md:w-auto" disabled={isProcessing}>
          {submitLabel}
        </button>
      </div>
      {isProcessing && (
        <p role="status" className="text-std-16N-170">
          {processingText}
        </p>
      )}
    </form>
  )
}
