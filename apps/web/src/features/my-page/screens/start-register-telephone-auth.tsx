import { phoneNumberSchema } from '@app/shared/api/my-page/fields'
import { errorCodes } from '@app/shared/errors'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { InFlowAlert } from '@/components/in-flow-alert.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { FormBody, TextField } from '../components/form-parts.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { startPhoneRegistration } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { holdAttempt } from '../my-page-state.ts'
import { useMyPageAction } from '../use-my-page-action.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// 電話番号認証の登録 (SPEC §2.2, §3.6, §9 phone: 10 or 11 digits; signed in): the number to
// register → telephoneAuthSelect with flowType telephoneRegister, where SMS or voice is chosen
// (voice already chosen when the number cannot take SMS).

const phoneNumberFormSchema = z.object({ phoneNumber: phoneNumberSchema })

/** too many tries; telephone authentication not offered (issue #19 point 3: no link leads here) */
const registerCodes: readonly string[] = [
  errorCodes.rateLimited,
  errorCodes.telephoneAuthNotOffered,
]

export default function StartRegisterTelephoneAuthScreen() {
  const { api, now } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const { update } = useMyPageState()
  const action = useMyPageAction(registerCodes)
  const form = useStepForm({
    schema: phoneNumberFormSchema,
    defaultValues: { phoneNumber: '' },
    labels: { phoneNumber: t('myp.startRegisterTelephoneAuth.phoneNumber') },
    onSubmit: async (values) => {
      await action.run(async () => {
        const answer = await startPhoneRegistration(api, { ...link, ...values })
        update((current) => ({
          ...current,
          flowType: 'telephoneRegister',
          maskedPhoneNumberForTelephoneAuthSelect: answer.maskedPhoneNumber,
          phoneNumber: {
            maskedPhoneNumber: answer.maskedPhoneNumber,
            smsAvailable: answer.smsAvailable,
            attempt: holdAttempt(answer, null, now()),
          },
        }))
        await navigate(pathTo('telephoneAuthSelect'))
      })
    },
  })

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.startRegisterTelephoneAuth.title')} />
      <div className="flex flex-col gap-6">
        <p className="text-std-16N-170">{t('myp.startRegisterTelephoneAuth.lead')}</p>
        <InFlowAlert message={action.message} />
        <FormBody form={form} submitLabel={t('myp.startRegisterTelephoneAuth.submit')}>
          <TextField
            form={form}
            name="phoneNumber"
            type="tel"
            autoComplete="tel-national"
            inputMode="numeric"
            support={t('myp.startRegisterTelephoneAuth.phoneNumber.support')}
          />
        </FormBody>
        <PageLinks links={[{ to: pathTo('home'), label: t('myp.toHome') }]} />
      </div>
    </div>
  )
}
