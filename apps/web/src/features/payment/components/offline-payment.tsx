import type { PaymentInfo, PaymentOutcome } from '@app/shared/api/payment/payment'
import type { ApiClient } from '@/lib/api-client.ts'
import { executePaymentVAccount, registerOfflinePayment } from '../payment-api.ts'
import { t } from '../payment-messages.ts'
import { ProcessingStatus } from './payment-parts.tsx'
import type { PaymentExecution } from '../use-payment-execution.ts'

// The routes without card data (PRODUCT.md "Money"): the virtual account ("3": the provider issues
// the account, shown on completeApplication) and group collection ("4" 団体扱: the group collects,
// nothing is paid online; SPEC §7.4 payment registration).

function ConfirmPayment({
  lead,
  submitLabel,
  execution,
  call,
}: {
  lead: string
  submitLabel: string
  execution: PaymentExecution
  call: (client: ApiClient) => Promise<PaymentOutcome>
}) {
  return (
    <div className="flex flex-col gap-6">
      <p className="text-std-16N-170">{lead}</p>
      <ProcessingStatus isProcessing={execution.isProcessing}>
        <button
          type="button"
          className="app-button w-full md:w-auto"
          disabled={execution.isProcessing}
          onClick={() =>
            void execution.process(async () => {
              execution.clearMessage()
              await execution.execute(call)
            })
          }
        >
          {submitLabel}
        </button>
      </ProcessingStatus>
    </div>
  )
}

export function VirtualAccountPayment({
  paymentInfo,
  execution,
}: {
  paymentInfo: PaymentInfo
  execution: PaymentExecution
}) {
  return (
    <ConfirmPayment
      lead={t('vaccount.lead')}
      submitLabel={t('vaccount.submit')}
      execution={execution}
      call={(client) => executePaymentVAccount(client, paymentInfo.registration)}
    />
  )
}

export function OfflinePayment({
  paymentInfo,
  execution,
}: {
  paymentInfo: PaymentInfo
  execution: PaymentExecution
}) {
  return (
    <ConfirmPayment
      lead={t('offline.lead')}
      submitLabel={t('offline.submit')}
      execution={execution}
      call={(client) => registerOfflinePayment(client, paymentInfo.registration)}
    />
  )
}
