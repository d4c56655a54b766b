import type { Completion, VirtualAccount } from '@app/shared/api/payment/payment'
import { formatJapaneseDate } from '@app/shared/format/display'
import { useId } from 'react'
import { t } from '../payment-messages.ts'
import { DescriptionList, type DescriptionRow } from '@/components/description-list.tsx'
import { AmountWithScope, yen } from './payment-parts.tsx'

// What completeApplication shows of the completed application (SPEC §2.1, §3.1, §4 status
// patterns; ADR 0014): the numbers the applicant keeps, and where to transfer to.

function paymentStatusText(completion: Completion): string {
  // 団体扱: the group collects; the status pattern says nothing the applicant can act on.
  if (completion.pymntMethod === '4') return t('complete.status.offline')
  return t(`complete.status.${completion.statusPattern}`)
}

/** `usesMyPage`: SPEC §6 policy-holder-page use division "1" (else no my-page ID is shown). */

/** The deposit's state, with the shortfall or the excess in yen (issue #23 point 17). */
function depositStatusText(account: VirtualAccount): string {
  const difference = yen(Math.abs(account.amount - account.paidAmount))
  switch (account.depositStatus) {
    case 'underpaid':
      return t('vaccount.status.underpaid', { difference })
    case 'overpaid':
      return t('vaccount.status.overpaid', { difference })
    default:
      return t(`vaccount.status.${account.depositStatus}`)
  }
}

export function CompletionRows({
  completion,
  usesMyPage,
  pymntCount,
  closingDay,
  fromMyPage = false,
}: {
  completion: Completion
  usesMyPage: boolean
  /** signed in on the my-page (a renewal procedure): the password is the one in use */
  fromMyPage?: boolean
  /** the group's payment count (SPEC §3.3); undefined while the group loads */
  pymntCount: number | undefined
  /** the group's closing day (SPEC §3.3): when a card's later instalments are charged (issue #24) */
  closingDay?: number | null
}) {
  const myPageRow: DescriptionRow = {
    label: t('complete.userId'),
    value: (
      <span className="flex flex-col gap-1">
        <span className="text-std-16B-170 text-solid-gray-900">{completion.userId}</span>
        <span className="text-solid-gray-700">
          {t(fromMyPage ? 'complete.userId.support.renewal' : 'complete.userId.support')}
        </span>
      </span>
    ),
  }
  const rows: DescriptionRow[] = [
    { label: t('complete.policyHolderNo'), value: completion.groupPfPolicyHolderNo },
    ...(usesMyPage ? [myPageRow] : []),
    {
      label: t('complete.applicationDate'),
      value: formatJapaneseDate(completion.applicationDate),
    },
    {
      label: t('complete.amount'),
      value: (
        <AmountWithScope
          amount={completion.invoiceAmount}
          terms={
            pymntCount === undefined
              ? undefined
              : {
                  pymntMethod: completion.pymntMethod,
                  pymntCount,
                  ...(closingDay === undefined ? {} : { closingDay }),
                }
          }
        />
      ),
    },
    { label: t('complete.status'), value: paymentStatusText(completion) },
  ]
  return <DescriptionList rows={rows} />
}

/** お振込先: the application's own virtual account, and what has been paid in so far. */
export function VirtualAccountDetails({ account }: { account: VirtualAccount }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-std-20B-150 text-solid-gray-900">
        {t('vaccount.heading')}
      </h2>
      <DescriptionList
        rows={[
          {
            label: t('vaccount.bank'),
            value: t('vaccount.bankValue', {
              bankName: account.bankName,
              bankCode: account.bankCode,
            }),
          },
          {
            label: t('vaccount.branch'),
            value: t('vaccount.branchValue', {
              branchName: account.branchName,
              branchCode: account.branchCode,
            }),
          },
          {
            label: t('vaccount.account'),
            value: t('vaccount.accountValue', {
              accountType: account.accountType,
              accountNumber: account.accountNumber,
            }),
          },
          { label: t('vaccount.holder'), value: account.accountHolder },
          { label: t('vaccount.amount'), value: yen(account.amount) },
          { label: t('vaccount.dueDate'), value: formatJapaneseDate(account.dueDate) },
          { label: t('vaccount.paidAmount'), value: yen(account.paidAmount) },
          { label: t('vaccount.status'), value: depositStatusText(account) },
        ]}
      />
      <p className="text-std-16N-170">{t('vaccount.note')}</p>
    </section>
  )
}
