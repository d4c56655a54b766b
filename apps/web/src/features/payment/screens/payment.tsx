import type { PaymentInfo } from '@app/shared/api/payment/payment'
import { paymentRoute } from '@app/shared/rules/payment'
import { useId } from 'react'
import { Navigate, useLoaderData } from 'react-router'
import { Link } from '@/components/link.tsx'
import type { ScreenLoaderData } from '@/lib/screen-module.ts'
import { InFlowAlert } from '@/components/in-flow-alert.tsx'
import { CardPayment } from '../components/card-payment.tsx'
import { OfflinePayment, VirtualAccountPayment } from '../components/offline-payment.tsx'
import { asPaymentScreenData } from '../payment-initialisation.ts'
import { t } from '../payment-messages.ts'
import {
  AmountWithScope,
  PayeeAccountInfo,
  payeeAccntInfoOf,
  PaymentScreenHeader,
} from '../components/payment-parts.tsx'
import { DescriptionList } from '@/components/description-list.tsx'
import { usePaymentExecution } from '../use-payment-execution.ts'
import { useEntryGroup } from '@/lib/use-entry-group.ts'

// お支払い (SPEC §2.1 payment, §2.5 initialisation guard, §2.8, §7.4, §8.4; PRODUCT.md "Money";
// ADR 0014): what is due and how, then the group's way of paying — card (with the puzzle and
// 3-D Secure), virtual account or group collection. Done, the applicant goes to
// completeApplication and cannot come back (SPEC §2.7).

function PaymentContent({ paymentInfo }: { paymentInfo: PaymentInfo }) {
  const execution = usePaymentExecution()
  const group = useEntryGroup()
  const methodHeadingId = useId()
  const { registration } = paymentInfo
  const route = paymentRoute(registration.pymntMethod)
  const payeeAccntInfo = payeeAccntInfoOf(registration)
  const methodName = t(`payment.method.${registration.pymntMethod}`)

  return (
    <>
      <DescriptionList
        rows={[
          {
            label: t('payment.amountHeading'),
            value: (
              <AmountWithScope
                amount={paymentInfo.invoiceAmount}
                emphasised
                terms={
                  group === undefined
                    ? undefined
                    : {
                        pymntMethod: registration.pymntMethod,
                        pymntCount: group.groupPfInfo.pymntCount,
                        closingDay: group.groupPfInfo.closingDay,
                      }
                }
              />
            ),
          },
          { label: t('payment.method'), value: methodName },
        ]}
      />
      {payeeAccntInfo !== undefined && <PayeeAccountInfo text={payeeAccntInfo} />}
      <section aria-labelledby={methodHeadingId} className="flex flex-col gap-6">
        <h2 id={methodHeadingId} className="text-std-20B-150 text-solid-gray-900">
          {methodName}
        </h2>
        <InFlowAlert message={execution.message} />
        {route === 'card' && <CardPayment paymentInfo={paymentInfo} execution={execution} />}
        {route === 'virtualAccount' && (
          <VirtualAccountPayment paymentInfo={paymentInfo} execution={execution} />
        )}
        {route === 'offline' && <OfflinePayment paymentInfo={paymentInfo} execution={execution} />}
      </section>
      <div>
        <Link
          to="../checkPolicyHolderInfo"
          relative="path"
          className="app-button-secondary w-full md:w-auto"
        >
          {t('payment.back')}
        </Link>
      </div>
    </>
  )
}

export default function PaymentScreen() {
  const data = asPaymentScreenData(useLoaderData<ScreenLoaderData>().initialData)
  // SPEC §2.5: an applied application is complete; a step not done comes first.
  if (data.kind === 'redirect') return <Navigate to={`../${data.target}`} relative="path" replace />
  return (
    <div className="flex flex-col gap-8">
      <PaymentScreenHeader title={t('screen.payment.title')} isPayment />
      <PaymentContent paymentInfo={data.paymentInfo} />
    </div>
  )
}
