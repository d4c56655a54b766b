import { mailAddressSchema } from '@app/shared/api/access/fields'
import { userIdSchema } from '@app/shared/api/my-page/fields'
import { errorCodes } from '@app/shared/errors'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { InFlowAlert } from '@/components/in-flow-alert.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { FormBody, MailAddressField, UserIdField } from '../components/form-parts.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { startPasswordReset } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { holdAttempt } from '../my-page-state.ts'
import { useMyPageAction } from '../use-my-page-action.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// パスワードの再設定 (SPEC §2.2, §8.4 "password reset"; not signed in): the ID and the registered
// address (POST /passwordReset/). The answer is the same whether or not they match an account,
// so the screen never says which; the code goes out only when they do → passwordResetCode.

const passwordResetFormSchema = z.object({ userId: userIdSchema, mailAddress: mailAddressSchema })

const resetCodes: readonly string[] = [errorCodes.rateLimited]

export default function PasswordResetScreen() {
  const { api, now } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const { state, update } = useMyPageState()
  const action = useMyPageAction(resetCodes)
  const form = useStepForm({
    schema: passwordResetFormSchema,
    defaultValues: {
      userId: state.passwordReset?.userId ?? '',
      mailAddress: state.passwordReset?.mailAddress ?? '',
    },
    labels: { userId: t('myp.userId'), mailAddress: t('myp.registeredMailAddress') },
    onSubmit: async (values) => {
      await action.run(async () => {
        const answer = await startPasswordReset(api, { ...link, ...values })
        update((current) => ({
          ...current,
          passwordReset: {
            userId: values.userId,
            mailAddress: values.mailAddress,
            attempt: holdAttempt(answer, answer.codeSent, now()),
          },
        }))
        await navigate(pathTo('passwordResetCode'))
      })
    },
  })

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.passwordReset.title')} />
      <div className="flex flex-col gap-6">
        <p className="text-std-16N-170">{t('myp.passwordReset.lead')}</p>
        <InFlowAlert message={action.message} />
        <FormBody form={form} submitLabel={t('myp.passwordReset.submit')}>
          <UserIdField form={form} name="userId" />
          <MailAddressField form={form} name="mailAddress" />
        </FormBody>
        <PageLinks links={[{ to: pathTo('login'), label: t('myp.backToLogin') }]} />
      </div>
    </div>
  )
}
