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
import { startMailChange } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { holdAttempt } from '../my-page-state.ts'
import { useMyPageAction } from '../use-my-page-action.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// メールアドレスの変更 (SPEC §2.2, §3.6 mailChange.newMail; signed in): the new address gets a code
// (POST /mailAddress/) → mailChangeCode. The same address as now is the server's field issue
// (APFV0001 on newMailAddress); a refused address SPEC §8.4 "mail failure" (APFM0002).

const mailChangeFormSchema = z.object({ newMailAddress: mailAddressSchema })

const mailChangeCodes: readonly string[] = [errorCodes.codeMailFailed, errorCodes.rateLimited]

export default function MailChangeScreen() {
  const { api, now } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const { state, update } = useMyPageState()
  const action = useMyPageAction(mailChangeCodes)
  const form = useStepForm({
    schema: mailChangeFormSchema,
    // A change still waiting for its code comes back with its address; a finished one keeps the
    // new address only for mailChangeComplete, so the form starts empty.
    defaultValues: {
      newMailAddress:
        state.mailChange?.attempt === undefined ? '' : (state.mailChange.newMail ?? ''),
    },
    labels: { newMailAddress: t('myp.mailChange.newMailAddress') },
    onSubmit: async (values) => {
      await action.run(async () => {
        const answer = await startMailChange(api, { ...link, ...values })
        update((current) => ({
          ...current,
          mailChange: {
            newMail: values.newMailAddress,
            attempt: holdAttempt(answer, answer.codeSent, now()),
          },
        }))
        await navigate(pathTo('mailChangeCode'))
      })
    },
  })

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.mailChange.title')} />
      <div className="flex flex-col gap-6">
        <p className="text-std-16N-170">{t('myp.mailChange.lead')}</p>
        <InFlowAlert message={action.message} />
        <FormBody form={form} submitLabel={t('myp.mailChange.submit')}>
          <MailAddressField
            form={form}
            name="newMailAddress"
            support={t('myp.mailChange.newMailAddress.support')}
          />
        </FormBody>
        <PageLinks links={[{ to: pathTo('home'), label: t('myp.toHome') }]} />
      </div>
    </div>
  )
}
