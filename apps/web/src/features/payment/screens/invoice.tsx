import type { Invoice } from '@app/shared/api/my-page/invoice'
import type { PuzzleSolution } from '@app/shared/api/payment/payment'
import { formatJapaneseDate, formatYen } from '@app/shared/format/display'
import { myPagePathWithQuery } from '@app/shared/format/page-urls'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Link } from '@/components/link.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import { MyPageCardForm } from '../components/my-page-card-form.tsx'
import {
  fetchInvoice,
  fetchInvoicePuzzle,
  finishInvoiceThreeDSecure,
  issueInvoiceAccount,
  payInvoiceByCard,
  type InvoiceLink,
} from '../invoice-api.ts'
import { t } from '../invoice-messages.ts'
import {
  clearIdempotencyKey,
  executionClient,
  idempotencyKeyFor,
  readIdempotencyKey,
} from '../idempotency-key.ts'

// 保険料のお支払い (issue #21 point 4, ADR 0032; signed in to the my-page): the invoice of an
// auto-renewed contract paid by card or transfer (SPEC §4 220), paid here by card — the card data
// to the provider's token endpoint only, the puzzle, then 3-D Secure on the provider's page and
// back here (?threeDSecure=return) — or by a virtual account of its own. Ends at 330 (paid).
// Loaded on its own (route-table.ts); the Idempotency-Key and the card token call are the
// payment's own (idempotency-key.ts, payment-api.ts).

type Loaded =
  { state: 'loading' } | { state: 'loaded'; invoice: Invoice | null } | { state: 'failed' }

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

function InvoiceCardForm({
  invoice,
  link,
  onOutcome,
}: {
  invoice: Invoice
  link: InvoiceLink
  onOutcome: (message?: string) => void
}) {
  const { api, storage, browser } = useServices()
  async function pay(cardToken: string, puzzle: PuzzleSolution): Promise<boolean> {
    const key = idempotencyKeyFor(storage, 'invoice')
    try {
      const outcome = await payInvoiceByCard(executionClient(storage, key), {
        ...link,
        cardToken,
        puzzle,
      })
      if (outcome.result === 'threeDSecure') {
        browser.assign(outcome.redirectUrl)
        return true
      }
      clearIdempotencyKey(storage, 'invoice')
      onOutcome()
      return true
    } catch (error) {
      clearIdempotencyKey(storage, 'invoice')
      onOutcome(t('invoice.failed', { code: errorCodeOf(error) }))
      return false
    }
  }
  return (
    <MyPageCardForm
      provider={invoice.card}
      loadPuzzle={() => fetchInvoicePuzzle(api, link)}
      submitLabel={t('invoice.card.submit')}
      processingText={t('invoice.processing')}
      onSubmit={pay}
    />
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
    const key = idempotencyKeyFor(storage, 'invoice')
    try {
      await issueInvoiceAccount(executionClient(storage, key), link)
      clearIdempotencyKey(storage, 'invoice')
      onOutcome()
    } catch (error) {
      clearIdempotencyKey(storage, 'invoice')
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
            <InvoiceCardForm invoice={invoice} link={link} onOutcome={onOutcome} />
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
      const key = readIdempotencyKey(storage, 'invoice')
      if (isReturn && key !== undefined) {
        try {
          await finishInvoiceThreeDSecure(executionClient(storage, key), link)
        } catch (error) {
          if (isCurrent) setMessage(t('invoice.failed', { code: errorCodeOf(error) }))
        }
        clearIdempotencyKey(storage, 'invoice')
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
