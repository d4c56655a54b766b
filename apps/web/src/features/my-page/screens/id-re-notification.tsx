import { mailAddressSchema } from '@app/shared/api/access/fields'
import { errorCodes } from '@app/shared/errors'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { InFlowAlert } from '@/components/in-flow-alert.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { FormBody, MailAddressField } from '../components/form-parts.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { sendIdReNotification } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { useMyPageAction } from '../use-my-page-action.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// IDの再通知 (SPEC §2.2, §2.5 no direct-access block; not signed in): the registered address
// (POST /idReNotificationMail/) → idReNotificationComplete. The answer is the same whether or
// not the address is registered.

const idReNotificationFormSchema = z.object({ mailAddress: mailAddressSchema })

const reNotificationCodes: readonly string[] = [errorCodes.rateLimited]

export default function IdReNotificationScreen() {
  const { api } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const { update } = useMyPageState()
  const action = useMyPageAction(reNotificationCodes)
  const form = useStepForm({
    schema: idReNotificationFormSchema,
    defaultValues: { mailAddress: '' },
    labels: { mailAddress: t('myp.registeredMailAddress') },
    onSubmit: async (values) => {
      await action.run(async () => {
        const { maskedDestination } = await sendIdReNotification(api, { ...link, ...values })
        update((current) => ({ ...current, idReNotification: { maskedDestination } }))
        await navigate(pathTo('idReNotificationComplete'), { replace: true })
      })
    },
  })

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.idReNotification.title')} />
      <div className="flex flex-col gap-6">
        <p className="text-std-16N-170">{t('myp.idReNotification.lead')}</p>
        <InFlowAlert message={action.message} />
        <FormBody form={form} submitLabel={t('myp.idReNotification.submit')}>
          <MailAddressField form={form} name="mailAddress" />
        </FormBody>
        <PageLinks links={[{ to: pathTo('login'), label: t('myp.backToLogin') }]} />
      </div>
    </div>
  )
}
