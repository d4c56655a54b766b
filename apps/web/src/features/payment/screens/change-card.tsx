import type { CardChangeView } from '@app/shared/api/my-page/card-change'
import type { ShownCard } from '@app/shared/api/my-page/endpoints'
import type { PuzzleSolution } from '@app/shared/api/payment/payment'
import { cardBrandName } from '@app/shared/format/card-brand'
import { myPagePathWithQuery } from '@app/shared/format/page-urls'
import { findIn } from '@app/shared/messages/format'
import { paymentMessages } from '@app/shared/messages/payment.ja'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Link } from '@/components/link.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import {
  changeCard,
  fetchCardChange,
  fetchCardChangePuzzle,
  finishCardChangeThreeDSecure,
  type CardChangeContract,
} from '../card-change-api.ts'
import { MyPageCardForm } from '../components/my-page-card-form.tsx'
import { t } from '../invoice-messages.ts'
import {
  clearIdempotencyKey,
  executionClient,
  idempotencyKeyFor,
  readIdempotencyKey,
} from '../idempotency-key.ts'

// お支払いカードの変更 (issue #24 point 4, ADR 0038; signed in to the my-page): the card a monthly
// contract's later instalments are charged to (?groupPfCodeInceptionDateYm=YYYYMM). The new card
// goes to the provider's token endpoint only; the puzzle; then 3-D Secure on the provider's page
// and back here (&threeDSecure=return). Nothing is taken. Loaded on its own (route-table.ts).

const YEAR_MONTH = /^\d{6}$/

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; view: CardChangeView }
  | { state: 'none' }
  | { state: 'failed' }

type Notice = { kind: 'changed' } | { kind: 'failed'; text: string }

/** The refusal in words: the payment's text of the code (SPEC §8.4), else the code itself. */
function refusalText(error: unknown): string {
  const code = error instanceof ApiError ? error.body.errorCode : 'E9999'
  const text = findIn(paymentMessages, `error.${code}`)
  return text === undefined ? t('cardChange.failed', { code }) : `${text}（${code}）`
}

function cardText(card: ShownCard): string {
  return t('cardChange.cardValue', {
    brand: cardBrandName(card.brand),
    last4: card.last4,
    month: card.expiryMonth,
    year: card.expiryYear,
  })
}

export default function ChangeCardScreen() {
  const { api, storage, browser } = useServices()
  const { groupPfCode = '', urlKey = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const ym = searchParams.get('groupPfCodeInceptionDateYm') ?? ''
  const isReturn = searchParams.get('threeDSecure') === 'return'
  const contract = useMemo<CardChangeContract>(
    () => ({ groupPfCode, urlKey, groupPfCodeInceptionDateYm: ym }),
    [groupPfCode, urlKey, ym],
  )
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [notice, setNotice] = useState<Notice | undefined>(undefined)

  const load = useCallback(async () => {
    if (!YEAR_MONTH.test(contract.groupPfCodeInceptionDateYm)) {
      setLoaded({ state: 'none' })
      return
    }
    try {
      setLoaded({ state: 'loaded', view: await fetchCardChange(api, contract) })
    } catch (error) {
      const isNone = error instanceof ApiError && error.status === 409
      setLoaded({ state: isNone ? 'none' : 'failed' })
    }
  }, [api, contract])

  useEffect(() => {
    let isCurrent = true
    async function start() {
      const key = readIdempotencyKey(storage, 'cardChange')
      if (isReturn && key !== undefined) {
        try {
          await finishCardChangeThreeDSecure(executionClient(storage, key), contract)
          if (isCurrent) setNotice({ kind: 'changed' })
        } catch (error) {
          if (isCurrent) setNotice({ kind: 'failed', text: refusalText(error) })
        }
        clearIdempotencyKey(storage, 'cardChange')
      }
      if (isCurrent) await load()
      if (isReturn && isCurrent) {
        setSearchParams({ groupPfCodeInceptionDateYm: ym }, { replace: true })
      }
    }
    void start()
    return () => {
      isCurrent = false
    }
    // the return is finished once, when the screen opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  async function submit(cardToken: string, puzzle: PuzzleSolution): Promise<boolean> {
    const key = idempotencyKeyFor(storage, 'cardChange')
    try {
      const outcome = await changeCard(executionClient(storage, key), {
        ...contract,
        cardToken,
        puzzle,
      })
      if (outcome.result === 'threeDSecure') {
        browser.assign(outcome.redirectUrl)
        return true
      }
      clearIdempotencyKey(storage, 'cardChange')
      setNotice({ kind: 'changed' })
      await load()
      return true
    } catch (error) {
      clearIdempotencyKey(storage, 'cardChange')
      setNotice({ kind: 'failed', text: refusalText(error) })
      return false
    }
  }

  const contractPath = myPagePathWithQuery(
    'checkContractInfo',
    contract,
    new URLSearchParams({ groupPfCodeInceptionDateYm: ym }),
  )

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.changeCard.title')} />
      <div aria-live="polite">
        {notice?.kind === 'changed' && (
          <div
            role="status"
            className="flex flex-col gap-2 rounded-8 border-2 border-success-1 p-4"
          >
            <p className="text-std-16B-170">{t('cardChange.changed')}</p>
            <p className="text-std-16N-170">{t('cardChange.retryNote')}</p>
          </div>
        )}
        {notice?.kind === 'failed' && (
          <p role="alert" className="text-std-16B-170 text-error-1">
            {notice.text}
          </p>
        )}
      </div>
      {loaded.state === 'loading' && (
        <p role="status" className="text-std-16N-170">
          {isReturn ? t('cardChange.threeDSecure') : t('cardChange.processing')}
        </p>
      )}
      {loaded.state === 'failed' && (
        <p className="text-std-16N-170">{t('cardChange.failed', { code: 'E9999' })}</p>
      )}
      {loaded.state === 'none' && <p className="text-std-16N-170">{t('cardChange.none')}</p>}
      {loaded.state === 'loaded' && (
        <>
          <p className="text-std-16N-170">{t('cardChange.lead')}</p>
          <section className="flex flex-col gap-4" aria-labelledby="card-change-current">
            <h2 id="card-change-current" className="text-std-20B-150">
              {t('cardChange.current')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt className="text-std-16B-170 text-solid-gray-900">
                {t('cardChange.policyHolderNo')}
              </dt>
              <dd className="text-std-16N-170">{loaded.view.groupPfPolicyHolderNo}</dd>
              <dt className="text-std-16B-170 text-solid-gray-900">{t('cardChange.card')}</dt>
              <dd className="text-std-16N-170" data-testid="current-card">
                {cardText(loaded.view.card)}
              </dd>
            </dl>
          </section>
          <section className="flex flex-col gap-4" aria-labelledby="card-change-new">
            <h2 id="card-change-new" className="text-std-20B-150">
              {t('cardChange.heading')}
            </h2>
            <MyPageCardForm
              provider={loaded.view.provider}
              loadPuzzle={() => fetchCardChangePuzzle(api, contract)}
              submitLabel={t('cardChange.submit')}
              processingText={t('cardChange.processing')}
              onSubmit={submit}
            />
          </section>
        </>
      )}
      <p>
        <Link className="text-std-16N-170 underline" to={contractPath}>
          {t('cardChange.toContract')}
        </Link>
      </p>
    </div>
  )
}
