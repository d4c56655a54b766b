import type { InstalmentState, PremiumPayments } from '@app/shared/api/my-page/endpoints'
import { formatJapaneseDate, formatJapaneseYearMonth, formatYen } from '@app/shared/format/display'
import { Rows } from '@/components/contract-details.tsx'
import { Section } from '@/components/titled-section.tsx'
import { t } from '../my-page-messages.ts'

// 保険料のお支払い (issue #24 point 4, ADR 0038): a card-paid contract's schedule in words, the
// card the provider keeps (brand, last 4 digits, expiry: all the product knows of it), and each
// instalment's state in a table with a caption and column headers for screen readers.

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
  diners: 'Diners Club',
}

function statusText(instalment: InstalmentState): string {
  if (instalment.status === 'due' && instalment.isRetry) {
    return t('myp.premiumPayments.status.retry', {
      date: formatJapaneseDate(instalment.dueDate),
    })
  }
  return t(`myp.premiumPayments.status.${instalment.status}`)
}

export function PremiumPaymentsSection({ payments }: { payments: PremiumPayments }) {
  const { card } = payments
  return (
    <Section title={t('myp.premiumPayments.title')}>
      <Rows
        rows={[
          { label: t('myp.premiumPayments.plan'), value: payments.planText },
          {
            label: t('myp.premiumPayments.card'),
            value:
              card === null
                ? t('myp.premiumPayments.noCard')
                : t('myp.premiumPayments.cardValue', {
                    brand: BRAND_NAMES[card.brand] ?? card.brand,
                    last4: card.last4,
                    month: card.expiryMonth,
                    year: card.expiryYear,
                  }),
          },
        ]}
      />
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-std-16N-170">
          <caption className="text-left text-std-16B-170 text-solid-gray-900">
            {t('myp.premiumPayments.caption')}
          </caption>
          <thead>
            <tr className="border-b border-solid-gray-420 text-left">
              <th scope="col" className="p-2">
                {t('myp.premiumPayments.seq')}
              </th>
              <th scope="col" className="p-2">
                {t('myp.premiumPayments.coversMonth')}
              </th>
              <th scope="col" className="p-2">
                {t('myp.premiumPayments.dueDate')}
              </th>
              <th scope="col" className="p-2 text-right">
                {t('myp.premiumPayments.amount')}
              </th>
              <th scope="col" className="p-2">
                {t('myp.premiumPayments.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.instalments.map((instalment) => (
              <tr
                key={instalment.seq}
                data-status={instalment.status}
                className="border-b border-solid-gray-200"
              >
                <th scope="row" className="p-2 text-left font-normal">
                  {instalment.seq}
                </th>
                <td className="p-2">{formatJapaneseYearMonth(instalment.coversMonth)}</td>
                <td className="p-2">{formatJapaneseDate(instalment.dueDate)}</td>
                <td className="p-2 text-right">{formatYen(instalment.amount)}</td>
                <td className="p-2">{statusText(instalment)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  )
}
