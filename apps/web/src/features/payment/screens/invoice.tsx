import type { Invoice } from '@app/shared/api/my-page/invoice'
import type { PuzzleSolution } from '@app/shared/api/payment/payment'
import { formatJapaneseDate, formatYen } from '@app/shared/format/display'
import { myPagePathWithQuery } from '@app/shared/format/page-urls'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Link } from '@/components/link.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import {
  clearInvoiceKey,
  fetchInvoice,
  fetchInvoicePuzzle,
  finishInvoiceThreeDSecure,
  invoiceExecutionClient,
  invoiceKeyFor,
  issueInvoiceAccount,
  payInvoiceByCard,
  requestInvoiceCardToken,
  storedInvoiceKey,
  type InvoiceLink,
} from '../invoice-api.ts'
import { t } from '../invoice-messages.ts'

// 保険料のお支払い (issue #21 point 4, ADR 0032; signed in to the my-page): the invoice of an
// auto-renewed contract paid by card or transfer (SPEC §4 220), paid here by card — the card data
// to the provider's token endpoint only, the puzzle, then 3-D Secure on the provider's page and
// back here (?threeDSecure=return) — or by a virtual account of its own. Ends at 330 (paid).
// Loaded on its own (route-table.ts): it shares no module with the payment screen.

type Loaded =
  { state: 'loading' } | { state: 'loaded'; invoice: Invoice | null } | { state: 'failed' }

/** The form fields' look (components/form/field-parts.tsx textInputClassName), spelt here so that
 * this chunk shares no module with the enrolment screens' (their bundles stay as they are). */
const textInputClassName =
  'min-h-14 rounded-8 border border-solid-gray-600 bg-white px-4 py-3 text-std-16N-170 text-solid-gray-900 hover:border-black aria-[invalid=true]:border-2 aria-[invalid=true]:border-error-1'

const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'))

function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.body.errorCode : 'E9999'
}

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-std-16B-170 text-solid-gray-900">{term}</dt>
          <dd className="text-std-16N-170">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function PuzzleBox({
  link,
  onSolved,
}: {
  link: InvoiceLink
  onSolved: (puzzle: PuzzleSolution | undefined) => void
}) {
  const { api } = useServices()
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
      const challenge = await fetchInvoicePuzzle(api, link)
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
          {t('invoice.puzzle.label')}
        </label>
      </div>
      <p role="status" aria-live="polite" className="text-std-16N-170">
        {status === 'solving'
          ? t('invoice.puzzle.solving')
          : status === 'solved'
            ? t('invoice.puzzle.solved')
            : status === 'failed'
              ? t('invoice.puzzle.failed')
              : ''}
      </p>
    </div>
  )
}

function CardForm({
  invoice,
  link,
  onOutcome,
}: {
  invoice: Invoice
  link: InvoiceLink
  onOutcome: (message?: string) => void
}) {
  const { storage, browser } = useServices()
  const [card, setCard] = useState({
    cardNumber: '',
    expiryMonth: '',
    expiryYear: '',
    securityCode: '',
  })
  const [puzzle, setPuzzle] = useState<PuzzleSolution | undefined>(undefined)
  const [errors, setErrors] = useState<string[]>([])
  const [isProcessing, setProcessing] = useState(false)
  const ids = { number: useId(), month: useId(), year: useId(), code: useId(), errors: useId() }
  const years = useMemo(() => {
    const first = new Date().getFullYear()
    return Array.from({ length: 15 }, (_, index) => String(first + index))
  }, [])
  const fields = [
    ['cardNumber', t('invoice.card.number')],
    ['expiryMonth', t('invoice.card.expiryMonth')],
    ['expiryYear', t('invoice.card.expiryYear')],
    ['securityCode', t('invoice.card.securityCode')],
  ] as const

  async function submit(event: FormEvent) {
    event.preventDefault()
    const missing = fields
      .filter(([name]) => card[name].trim() === '')
      .map(([, label]) => t('invoice.card.required', { field: label }))
    if (puzzle === undefined) missing.push(t('invoice.puzzle.required'))
    setErrors(missing)
    if (missing.length > 0 || puzzle === undefined) return
    setProcessing(true)
    const token = await requestInvoiceCardToken(invoice.card.tokenUrl, {
      publishableKey: invoice.card.publishableKey,
      cardNumber: card.cardNumber.replace(/\s|-/g, ''),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      securityCode: card.securityCode,
    })
    // the card data leaves the form's state once sent
    setCard({ cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '' })
    if (token === undefined) {
      setProcessing(false)
      setErrors([t('invoice.card.refused')])
      return
    }
    const key = invoiceKeyFor(storage)
    try {
      const outcome = await payInvoiceByCard(invoiceExecutionClient(storage, key), {
        ...link,
        cardToken: token,
        puzzle,
      })
      if (outcome.result === 'threeDSecure') {
        browser.assign(outcome.redirectUrl)
        return
      }
      clearInvoiceKey(storage)
      onOutcome()
    } catch (error) {
      clearInvoiceKey(storage)
      setProcessing(false)
      setPuzzle(undefined)
      onOutcome(t('invoice.failed', { code: errorCodeOf(error) }))
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
          {t('invoice.card.number')}
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
              {t(name === 'expiryMonth' ? 'invoice.card.expiryMonth' : 'invoice.card.expiryYear')}
            </label>
            <select
              id={id}
              autoComplete={autoComplete}
              className={`${textInputClassName} w-auto min-w-32`}
              value={card[name]}
              onChange={(event) => setCard({ ...card, [name]: event.target.value })}
            >
              <option value="">{t('invoice.card.choose')}</option>
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
          {t('invoice.card.securityCode')}
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
      <PuzzleBox link={link} onSolved={setPuzzle} />
      <div>
        <button type="submit" className="app-button w-full md:w-auto" disabled={isProcessing}>
          {t('invoice.card.submit')}
        </button>
      </div>
      {isProcessing && (
        <p role="status" className="text-std-16N-170">
          {t('invoice.processing')}
        </p>
      )}
    </form>
  )
}

function TransferSection({
  link,
  onOutcome,
}: {
  link: InvoiceLink
  onOutcome: (message?: string) => void
}) {
  const { storage } = useServices()
  const [isProcessing, setProcessing] = useState(false)
  async function issue() {
    setProcessing(true)
    const key = invoiceKeyFor(storage)
    try {
      await issueInvoiceAccount(invoiceExecutionClient(storage, key), link)
      clearInvoiceKey(storage)
      onOutcome()
    } catch (error) {
      clearInvoiceKey(storage)
      setProcessing(false)
      onOutcome(t('invoice.failed', { code: errorCodeOf(error) }))
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-std-16N-170">{t('invoice.transfer.lead')}</p>
      <div>
        <button
          type="button"
          className="app-button-secondary w-full md:w-auto"
          disabled={isProcessing}
          onClick={() => void issue()}
        >
          {t('invoice.transfer.submit')}
        </button>
      </div>
    </div>
  )
}

function InvoiceContent({
  invoice,
  link,
  onOutcome,
}: {
  invoice: Invoice
  link: InvoiceLink
  onOutcome: (message?: string) => void
}) {
  const account = invoice.virtualAccount
  return (
    <div className="flex flex-col gap-10">
      <section className="flex flex-col gap-4" aria-labelledby="invoice-summary">
        <h2 id="invoice-summary" className="text-std-20B-150">
          {t('invoice.summary')}
        </h2>
        <Rows
          rows={[
            [t('invoice.policyHolderNo'), invoice.groupPfPolicyHolderNo],
            [
              t('invoice.period'),
              t('invoice.periodValue', {
                from: formatJapaneseDate(invoice.inceptionDate),
                to: formatJapaneseDate(invoice.expiryDate),
              }),
            ],
            [t('invoice.amount'), formatYen(invoice.invoiceAmount)],
            [t('invoice.status'), t(`invoice.status.${invoice.statusPattern}`)],
          ]}
        />
      </section>
      {invoice.state === 'paid' && <p className="text-std-16B-170">{t('invoice.paid')}</p>}
      {invoice.state === 'transfer' && account !== null && (
        <section className="flex flex-col gap-4" aria-labelledby="invoice-transfer">
          <h2 id="invoice-transfer" className="text-std-20B-150">
            {t('invoice.transfer.heading')}
          </h2>
          <p className="text-std-16N-170">{t('invoice.transfer.issued')}</p>
          <Rows
            rows={[
              [t('invoice.transfer.bank'), `${account.bankName} ${account.branchName}`],
              [t('invoice.transfer.account'), `${account.accountType} ${account.accountNumber}`],
              [t('invoice.transfer.holder'), account.accountHolder],
              [t('invoice.amount'), formatYen(account.amount - account.paidAmount)],
              [t('invoice.transfer.due'), formatJapaneseDate(account.dueDate)],
            ]}
          />
        </section>
      )}
      {(invoice.state === 'open' || invoice.state === 'threeDSecure') && (
        <>
          <section className="flex flex-col gap-4" aria-labelledby="invoice-card">
            <h2 id="invoice-card" className="text-std-20B-150">
              {t('invoice.card.heading')}
            </h2>
            <CardForm invoice={invoice} link={link} onOutcome={onOutcome} />
          </section>
          <section className="flex flex-col gap-4" aria-labelledby="invoice-transfer">
            <h2 id="invoice-transfer" className="text-std-20B-150">
              {t('invoice.transfer.heading')}
            </h2>
            <TransferSection link={link} onOutcome={onOutcome} />
          </section>
        </>
      )}
    </div>
  )
}

export default function InvoiceScreen() {
  const { api, storage } = useServices()
  const { groupPfCode = '', urlKey = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const link = useMemo(() => ({ groupPfCode, urlKey }), [groupPfCode, urlKey])
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [message, setMessage] = useState<string | undefined>(undefined)
  const isReturn = searchParams.get('threeDSecure') === 'return'

  const load = useCallback(async () => {
    try {
      const { invoice } = await fetchInvoice(api, link)
      setLoaded({ state: 'loaded', invoice })
    } catch {
      setLoaded({ state: 'failed' })
    }
  }, [api, link])

  useEffect(() => {
    let isCurrent = true
    async function start() {
      const key = storedInvoiceKey(storage)
      if (isReturn && key !== undefined) {
        try {
          await finishInvoiceThreeDSecure(invoiceExecutionClient(storage, key), link)
        } catch (error) {
          if (isCurrent) setMessage(t('invoice.failed', { code: errorCodeOf(error) }))
        }
        clearInvoiceKey(storage)
      }
      if (isCurrent) await load()
      if (isReturn && isCurrent) setSearchParams({}, { replace: true })
    }
    void start()
    return () => {
      isCurrent = false
    }
    // the return is finished once, when the screen opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onOutcome = (failure?: string) => {
    setMessage(failure)
    void load()
  }

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.invoice.title')} />
      <div aria-live="polite">
        {message !== undefined && (
          <p role="alert" className="text-std-16B-170 text-error-1">
            {message}
          </p>
        )}
      </div>
      {loaded.state === 'loading' && (
        <p role="status" className="text-std-16N-170">
          {isReturn ? t('invoice.threeDSecure') : t('invoice.processing')}
        </p>
      )}
      {loaded.state === 'failed' && <p className="text-std-16N-170">{t('invoice.loadFailed')}</p>}
      {loaded.state === 'loaded' && loaded.invoice === null && (
        <p className="text-std-16N-170">{t('invoice.none')}</p>
      )}
      {loaded.state === 'loaded' && loaded.invoice !== null && (
        <>
          <p className="text-std-16N-170">{t('invoice.lead')}</p>
          <InvoiceContent invoice={loaded.invoice} link={link} onOutcome={onOutcome} />
        </>
      )}
      <p>
        <Link
          className="text-std-16N-170 underline"
          to={myPagePathWithQuery('home', link, new URLSearchParams())}
        >
          {t('invoice.toHome')}
        </Link>
      </p>
    </div>
  )
}
