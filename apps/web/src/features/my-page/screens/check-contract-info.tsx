import type {
  ContractInfo,
  InstalmentState,
  PremiumPayments,
} from '@app/shared/api/my-page/endpoints'
import type { VirtualAccount } from '@app/shared/api/payment/virtual-account'
import { cardBrandName } from '@app/shared/format/card-brand'
import { formatJapaneseDate, formatJapaneseYearMonth, formatYen } from '@app/shared/format/display'
import { errorCodes } from '@app/shared/errors'
import { t as checkT } from '@app/shared/messages/application-flow'
import { translator } from '@app/shared/messages/format'
import { premiumPaymentsMessages } from '@app/shared/messages/premium-payments.ja'
import { insuredItems, policyHolderItems } from '@app/shared/rules/application'
import { useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  coverageRows,
  insuredRows,
  itemRows,
  periodRows,
  policyHolderRows,
  Rows,
  type Row,
} from '@/components/contract-details.tsx'
import { Link } from '@/components/link.tsx'
import { LoadingRegion } from '@/components/loading-indicator.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { Section } from '@/components/titled-section.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { contractSummaryRows, periodText } from '../contract-summary.ts'
import { fetchContractInfo } from '../my-page-api.ts'
import { myPageErrorText, t } from '../my-page-messages.ts'
import { useMyPageLink } from '../use-my-page.ts'

// ご契約内容の確認 (SPEC §2.2, §8.4 "The contract for the specified coverage period cannot be
// displayed"; signed in): the contract of the coverage period in the query
// (?groupPfCodeInceptionDateYm=YYYYMM) — the policy holder, the insured persons by unit, the
// coverage and the payment — in the confirmation screen's look (components/contract-details.tsx),
// with the group's items answered as the confirmation showed them (issue #23 point 22).

const YEAR_MONTH = /^\d{6}$/

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; contract: ContractInfo }
  | { state: 'notShown' }
  | { state: 'failed'; error: unknown }

function ContractContent({
  contract,
  changeCardTo,
}: {
  contract: ContractInfo
  changeCardTo: string
}) {
  const { summary, policyHolderInfo, insrdInfoArray, cvrgeInfo, unitNames } = contract
  const items = contract.itemDefinitionArray
  const chosenUnitNos = cvrgeInfo.unitArray.map((entry) => entry.unit)
  const unitName = (unitNo: number) => unitNames[String(unitNo)] ?? String(unitNo)
  const units = [...new Set(insrdInfoArray.map((person) => person.unit))].sort((a, b) => a - b)
  return (
    <div className="flex flex-col gap-10">
      <p className="text-std-16N-170">
        {t('myp.checkContractInfo.lead', { period: periodText(summary) })}
      </p>
      <Section title={t('myp.checkContractInfo.summary')}>
        <Rows rows={contractSummaryRows(summary)} />
      </Section>
      <Section title={checkT('check.section.coverage')}>
        <Rows rows={coverageRows(cvrgeInfo, unitName, summary.pymntCount)} />
      </Section>
      {contract.premiumPayments !== null && (
        <PremiumPaymentsSection payments={contract.premiumPayments} changeCardTo={changeCardTo} />
      )}
      <Section title={checkT('check.section.policyHolder')}>
        <Rows
          rows={[
            ...policyHolderRows(policyHolderInfo),
            ...itemRows(policyHolderItems(items, chosenUnitNos), policyHolderInfo.itemAnswers),
          ]}
        />
      </Section>
      {units.length > 0 && (
        <Section title={checkT('check.section.insured')}>
          {units.map((unitNo) => (
            <div key={unitNo} className="flex flex-col gap-3">
              <h3 className="text-std-18B-160 text-solid-gray-900">
                {checkT('check.unitHeading', { unitName: unitName(unitNo) })}
              </h3>
              {insrdInfoArray
                .filter((person) => person.unit === unitNo)
                .map((person, index) => (
                  <div key={person.insrdId} className="flex flex-col gap-2">
                    <h4 className="text-std-16B-170 text-solid-gray-900">
                      {checkT('check.insuredHeading', { count: index + 1 })}
                    </h4>
                    <Rows
                      rows={[
                        ...insuredRows(person),
                        ...itemRows(insuredItems(items, unitNo), person.itemAnswers),
                      ]}
                    />
                  </div>
                ))}
            </div>
          ))}
        </Section>
      )}
      <Section title={checkT('check.section.period')}>
        <Rows rows={periodRows(policyHolderInfo)} />
      </Section>
    </div>
  )
}

// 保険料のお支払い (issue #24 point 4, ADR 0038; in the screen's own chunk, not the my-page
// chunk every my-page screen loads): a monthly contract's schedule in words and each
// instalment's state in a table with a caption and column headers for screen readers. Paid by
// card: the card the provider keeps (brand, last 4 digits, expiry: all the product knows of it).
// Paid by transfer (ADR 0039): each unpaid instalment's own account, under a heading of its month.

/** The section's texts: here, in the screen's chunk, not in the my-page's (ADR 0011). */
const premiumT = translator(premiumPaymentsMessages)

const INSTALMENT_COLUMNS = ['seq', 'coversMonth', 'dueDate', 'amount', 'status'] as const

type PaymentMethod = PremiumPayments['method']

function columnText(column: (typeof INSTALMENT_COLUMNS)[number], method: PaymentMethod): string {
  if (column === 'dueDate' && method === 'transfer') {
    return premiumT('myp.premiumPayments.transferDueDate')
  }
  return premiumT(`myp.premiumPayments.${column}`)
}

function statusText(instalment: InstalmentState, method: PaymentMethod): string {
  const { status } = instalment
  if (method === 'transfer' && (status === 'paid' || status === 'due' || status === 'failed')) {
    return premiumT(`myp.premiumPayments.status.transfer.${status}`)
  }
  if (status === 'due' && instalment.isRetry) {
    return premiumT('myp.premiumPayments.status.retry', {
      date: formatJapaneseDate(instalment.dueDate),
    })
  }
  return premiumT(`myp.premiumPayments.status.${status}`)
}

function cardRow(card: PremiumPayments['card']): Row {
  return {
    label: premiumT('myp.premiumPayments.card'),
    value:
      card === null
        ? premiumT('myp.premiumPayments.noCard')
        : premiumT('myp.premiumPayments.cardValue', {
            brand: cardBrandName(card.brand),
            last4: card.last4,
            month: card.expiryMonth,
            year: card.expiryYear,
          }),
  }
}

/** お振込先 of one transferred instalment not paid yet: the account, the amount, by when. */
function transferAccountRows(account: VirtualAccount): Row[] {
  const rows: Row[] = [
    {
      label: premiumT('myp.premiumPayments.account.bank'),
      value: premiumT('myp.premiumPayments.account.bankValue', {
        bankName: account.bankName,
        bankCode: account.bankCode,
      }),
    },
    {
      label: premiumT('myp.premiumPayments.account.branch'),
      value: premiumT('myp.premiumPayments.account.branchValue', {
        branchName: account.branchName,
        branchCode: account.branchCode,
      }),
    },
    { label: premiumT('myp.premiumPayments.account.type'), value: account.accountType },
    { label: premiumT('myp.premiumPayments.account.number'), value: account.accountNumber },
    { label: premiumT('myp.premiumPayments.account.holder'), value: account.accountHolder },
    { label: premiumT('myp.premiumPayments.account.amount'), value: formatYen(account.amount) },
    {
      label: premiumT('myp.premiumPayments.transferDueDate'),
      value: formatJapaneseDate(account.dueDate),
    },
  ]
  // part of it paid in: what has come so far (the rest is still to be transferred)
  if (account.paidAmount > 0 && account.paidAmount < account.amount) {
    rows.push({
      label: premiumT('myp.premiumPayments.account.paidAmount'),
      value: formatYen(account.paidAmount),
    })
  }
  return rows
}

/**
 * 「2027年3月25日」 that a narrow table cell breaks after the year only, never inside a number
 * (a phone's width: 「2027年2 / 月25日」 otherwise).
 */
function YearThenRest({ text }: { text: string }) {
  const at = text.indexOf('年') + 1
  if (at === 0) return text
  return (
    <>
      <span className="inline-block whitespace-nowrap">{text.slice(0, at)}</span>
      <span className="inline-block whitespace-nowrap">{text.slice(at)}</span>
    </>
  )
}

function PremiumPaymentsSection({
  payments,
  changeCardTo,
}: {
  payments: PremiumPayments
  /** the card change screen of this contract */
  changeCardTo: string
}) {
  const { method, card } = payments
  const isCard = method === 'card'
  const invoiced = payments.instalments.flatMap((instalment) =>
    instalment.transferAccount === null
      ? []
      : [{ instalment, account: instalment.transferAccount }],
  )
  return (
    <Section
      title={
        isCard
          ? premiumT('myp.premiumPayments.title')
          : premiumT('myp.premiumPayments.title.transfer')
      }
    >
      <Rows
        rows={[
          { label: premiumT('myp.premiumPayments.plan'), value: payments.planText },
          ...(isCard ? [cardRow(card)] : []),
        ]}
      />
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-std-16N-170">
          <caption className="text-left text-std-16B-170 text-solid-gray-900">
            {premiumT('myp.premiumPayments.caption')}
          </caption>
          <thead>
            <tr className="border-b border-solid-gray-420 text-left">
              {INSTALMENT_COLUMNS.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className={column === 'amount' ? 'p-2 text-right' : 'p-2'}
                >
                  {columnText(column, method)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {payments.instalments.map((instalment) => (
              <tr
                key={instalment.seq}
                data-status={instalment.status}
                className="border-b border-solid-gray-200"
              >
                <th scope="row" className="whitespace-nowrap p-2 text-left font-normal">
                  {instalment.seq}
                </th>
                <td className="p-2">
                  <YearThenRest text={formatJapaneseYearMonth(instalment.coversMonth)} />
                </td>
                <td className="p-2">
                  <YearThenRest text={formatJapaneseDate(instalment.dueDate)} />
                </td>
                <td className="whitespace-nowrap p-2 text-right">{formatYen(instalment.amount)}</td>
                <td className="p-2">{statusText(instalment, method)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isCard && card !== null && (
        <div className="flex flex-col gap-2">
          {payments.instalments.some((each) => each.status === 'failed' || each.isRetry) && (
            <p className="text-std-16N-170">{premiumT('myp.premiumPayments.refusedNote')}</p>
          )}
          <p>
            <Link className="text-std-16N-170 underline" to={changeCardTo}>
              {premiumT('myp.premiumPayments.changeCard')}
            </Link>
          </p>
        </div>
      )}
      {!isCard && payments.instalments.some((each) => each.status === 'failed') && (
        <p className="text-std-16N-170">{premiumT('myp.premiumPayments.unpaidNote')}</p>
      )}
      {invoiced.map(({ instalment, account }) => (
        <TransferAccount key={instalment.seq} instalment={instalment} account={account} />
      ))}
    </Section>
  )
}

/** One month's お振込先, a region named by its heading (「2027年2月分のお振込先」). */
function TransferAccount({
  instalment,
  account,
}: {
  instalment: InstalmentState
  account: VirtualAccount
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-std-18B-160 text-solid-gray-900">
        {premiumT('myp.premiumPayments.account.heading', {
          month: formatJapaneseYearMonth(instalment.coversMonth),
        })}
      </h3>
      <Rows rows={transferAccountRows(account)} />
    </section>
  )
}

function isNotShown(error: unknown): boolean {
  return error instanceof ApiError && error.body.errorCode === errorCodes.contractNotShown
}

export default function CheckContractInfoScreen() {
  const { api } = useServices()
  const { link, pathTo } = useMyPageLink()
  const [searchParams] = useSearchParams()
  const ym = searchParams.get('groupPfCodeInceptionDateYm') ?? ''
  const isYm = YEAR_MONTH.test(ym)
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const { groupPfCode, urlKey } = link

  useEffect(() => {
    if (!isYm) return undefined
    const controller = new AbortController()
    setLoaded({ state: 'loading' })
    fetchContractInfo(
      api,
      { groupPfCode, urlKey, groupPfCodeInceptionDateYm: ym },
      controller.signal,
    ).then(
      (contract) => setLoaded({ state: 'loaded', contract }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        setLoaded(isNotShown(error) ? { state: 'notShown' } : { state: 'failed', error })
      },
    )
    return () => controller.abort()
  }, [api, groupPfCode, urlKey, ym, isYm])

  // Shown by the route's error boundary (a 401 E0003 as the session error).
  if (loaded.state === 'failed') throw loaded.error
  // A period that is not one (or not this holder's): the same answer as the server's APFH0001.
  const isNotShownHere = !isYm || loaded.state === 'notShown'

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.checkContractInfo.title')} />
      {isNotShownHere ? (
        <div
          role="alert"
          data-error-code={errorCodes.contractNotShown}
          className="rounded-8 border-2 border-error-1 bg-white p-4 md:p-6"
        >
          <p className="text-std-16B-170 text-solid-gray-900">
            {myPageErrorText(errorCodes.contractNotShown)}
          </p>
        </div>
      ) : (
        <LoadingRegion data={loaded.state === 'loaded' ? loaded.contract : undefined}>
          {(contract) => (
            <ContractContent
              contract={contract}
              changeCardTo={pathTo(
                'changeCard',
                new URLSearchParams({ groupPfCodeInceptionDateYm: ym }),
              )}
            />
          )}
        </LoadingRegion>
      )}
      <PageLinks links={[{ to: pathTo('home'), label: t('myp.toHome') }]} />
    </div>
  )
}
