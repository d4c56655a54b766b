import { paymentScopeText, type PaymentTerms } from '@app/shared/messages/payment-scope-text'
import type { PaymentRegistration } from '@app/shared/api/payment/payment'
import { formatYen } from '@app/shared/format/display'
import { phaseProgressText } from '@app/shared/messages/flow-phase'
import { PAYMENT_STEP } from '@app/shared/rules/application-steps'
import { useId, type ReactNode } from 'react'
import { PageHeading } from '@/components/page-heading.tsx'
import { useEntryGroup } from '@/lib/use-entry-group.ts'
import { t } from '../payment-messages.ts'

// Pieces payment and completeApplication share (issue #7).

/**
 * The screen's title and the group line, as the application steps show them (StepHeader); on
 * payment, its phase too (「ステップ 5 / 5：お支払い」, issue #23 point 11).
 */
export function PaymentScreenHeader({
  title,
  isPayment = false,
}: {
  title: string
  isPayment?: boolean
}) {
  const group = useEntryGroup()
  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{title}</PageHeading>
      {isPayment && (
        <p className="text-std-16N-170 text-solid-gray-700">{phaseProgressText(PAYMENT_STEP)}</p>
      )}
      {group !== undefined && (
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      )}
    </div>
  )
}

/** 1500 → 「1,500円」 (SPEC §5.3 thousands commas). */
export function yen(amount: number): string {
  return formatYen(amount)
}

/** 振込先のご案内: the group's payee account text, when the group shows it (SPEC §3.1, §4). */
export function PayeeAccountInfo({ text }: { text: string }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-8 border border-solid-gray-420 bg-solid-gray-50 p-4 md:p-6"
    >
      <h2 id={headingId} className="text-std-20B-150 text-solid-gray-900">
        {t('payment.payeeAccntInfo')}
      </h2>
      <p className="text-std-16N-170 whitespace-pre-wrap">{text}</p>
    </section>
  )
}

/** The payee account text of a registration, when it is to be shown (payeeAccntDisplayDiv "1"). */
export function payeeAccntInfoOf(registration: PaymentRegistration): string | undefined {
  return registration.payeeAccntDisplayDiv === '1' && registration.payeeAccntInfo !== null
    ? registration.payeeAccntInfo
    : undefined
}

/**
 * The payment's button and, in a polite live region, payment.processing while the payment is on
 * its way (the button is disabled meanwhile: no second submission).
 */
export function ProcessingStatus({
  isProcessing,
  children,
}: {
  isProcessing: boolean
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-3">
      <div>{children}</div>
      <p role="status" className="text-std-16B-170 text-solid-gray-900">
        {isProcessing ? t('payment.processing') : ''}
      </p>
    </div>
  )
}

/**
 * An amount due with what it is for and how the rest is paid (issue #23 point 4): 「2,460円」
 * then 「今回のお支払いは、初回（1か月分）の保険料です。…」.
 */
export function AmountWithScope({
  amount,
  terms,
  emphasised = false,
}: {
  amount: number
  terms: PaymentTerms | undefined
  emphasised?: boolean
}) {
  return (
    <span className="flex flex-col gap-1">
      <span className={emphasised ? 'text-std-20B-150 text-solid-gray-900' : undefined}>
        {yen(amount)}
      </span>
      {terms !== undefined && (
        <span className="text-solid-gray-700">{paymentScopeText(terms)}</span>
      )}
    </span>
  )
}
