import { errorCodes } from '@app/shared/errors'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { RadioGroup } from '@/components/form/radio-group.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { FormBody } from '../components/form-parts.tsx'
import { PageLinks, StepAlert } from '../components/step-alert.tsx'
import { sendLoginCode, sendPhoneCode } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { sentCodeOf, withTelephoneAttempt } from '../my-page-state.ts'
import { useMyPageLink } from '../use-my-page.ts'
import { useTelephoneStep } from '../use-telephone-step.ts'

// 電話番号認証の方法の選択 (SPEC §2.2, §3.6, §8.4 "Telephone"): SMS or voice guidance for the code,
// sent to the masked number. flowType telephoneLogin: the sign-in's code (POST /authcodeMail/);
// telephoneRegister: the code of the number being registered (POST /tmpPhoneNumber/code/,
// signed in: app/guards.ts). Then verifyTelephoneAuth.

const channelSchema = z.object({
  channel: z.pipe(
    z.string(),
    z.enum(['sms', 'voice'], { error: t('myp.telephoneAuthSelect.channel.required') }),
  ),
})

export default function TelephoneAuthSelectScreen() {
  const { api } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const { state, update, flowType, isRegistering, attempt, step, startAgain } = useTelephoneStep()
  const isSmsAvailable = !isRegistering || state.phoneNumber?.smsAvailable !== false
  const form = useStepForm({
    schema: channelSchema,
    defaultValues: { channel: isSmsAvailable ? '' : 'voice' },
    labels: { channel: t('myp.telephoneAuthSelect.channel') },
    onSubmit: async ({ channel }) => {
      if (attempt === undefined) return
      const { attemptToken } = attempt
      await step.request(async () => {
        const sent = isRegistering
          ? await sendPhoneCode(api, { ...link, attemptToken, channel })
          : await sendLoginCode(api, { attemptToken, channel })
        update((current) =>
          withTelephoneAttempt(
            current,
            flowType,
            { ...attempt, codeSent: sentCodeOf(sent) },
            channel,
          ),
        )
        await navigate(pathTo('verifyTelephoneAuth'))
      })
    },
  })

  const isSmsRefused = step.message?.errorCode === errorCodes.smsUnavailable
  const links = isRegistering
    ? [startAgain, { to: pathTo('home'), label: t('myp.toHome') }]
    : [startAgain]

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.telephoneAuthSelect.title')} />
      <div className="flex flex-col gap-6">
        {!step.isOver && (
          <p className="text-std-16N-170">
            {t(`myp.telephoneAuthSelect.lead.${flowType}`, {
              phoneNumber: state.maskedPhoneNumberForTelephoneAuthSelect ?? '',
            })}
          </p>
        )}
        {!step.isOver && !isSmsAvailable && (
          <p className="text-std-16B-170 text-solid-gray-900">
            {t('myp.telephoneAuthSelect.smsUnavailable')}
          </p>
        )}
        {/* SPEC §8.4: no SMS on the number — choose voice, or (registering) change the number. */}
        <StepAlert
          message={step.message}
          restart={step.isOver || (isSmsRefused && isRegistering) ? startAgain : undefined}
        />
        {!step.isOver && (
          <FormBody form={form} submitLabel={t('myp.telephoneAuthSelect.submit')}>
            <RadioGroup
              {...form.fieldProps('channel')}
              control={form.control}
              required
              support={t('myp.telephoneAuthSelect.channel.support')}
              options={[
                { value: 'sms', label: t('myp.telephoneAuthSelect.channel.sms') },
                { value: 'voice', label: t('myp.telephoneAuthSelect.channel.voice') },
              ]}
            />
          </FormBody>
        )}
        <PageLinks links={links} />
      </div>
    </div>
  )
}
