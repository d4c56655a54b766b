import { useNavigate } from 'react-router'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { CodeSentLead } from '../components/code-field.tsx'
import { CodeForm } from '../components/code-form.tsx'
import { PageLinks, StepAlert } from '../components/step-alert.tsx'
import { codeFormSchema } from '../form-schemas.ts'
import { finishPhoneRegistration, verifyLoginCode } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { telephoneAttemptOf } from '../my-page-state.ts'
import { useMyPageLink } from '../use-my-page.ts'
import { useCompleteSignIn } from '../use-sign-in.ts'
import { useTelephoneStep } from '../use-telephone-step.ts'

// 電話番号認証の認証コードの入力 (SPEC §2.2, §3.6, §8.4 "telephone verification"): the code sent
// by SMS or voice. flowType telephoneLogin: it opens the my-page session (POST /sessionInfo/) →
// home; telephoneRegister: it registers the number (PUT /tmpPhoneNumber/, signed in) →
// phoneNumberRegistrationComplete. A new code: back to telephoneAuthSelect, to choose again.

export default function VerifyTelephoneAuthScreen() {
  const { api } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const completeSignIn = useCompleteSignIn()
  const { state, update, flowType, isRegistering, attempt, step, startAgain } = useTelephoneStep()
  const attemptToken = attempt?.attemptToken ?? ''

  const form = isRegistering ? (
    <CodeForm
      schema={codeFormSchema}
      defaultValues={{ code: '' }}
      labels={{ code: t('myp.code') }}
      submitLabel={t('myp.verifyTelephoneAuth.submit.telephoneRegister')}
      onSubmit={({ code }) =>
        step.submit(async () => {
          const registered = await finishPhoneRegistration(api, { ...link, attemptToken, code })
          update(({ phoneNumber, ...rest }) => ({
            ...rest,
            authTypeForLogin: registered.authTypeForLogin,
            phoneNumber: {
              maskedPhoneNumber: registered.maskedPhoneNumber,
              smsAvailable: phoneNumber?.smsAvailable ?? true,
            },
          }))
          await navigate(pathTo('phoneNumberRegistrationComplete'), { replace: true })
        })
      }
    />
  ) : (
    <CodeForm
      schema={codeFormSchema}
      defaultValues={{ code: '' }}
      labels={{ code: t('myp.code') }}
      submitLabel={t('myp.verifyTelephoneAuth.submit.telephoneLogin')}
      onSubmit={({ code }) =>
        step.submit(async () => completeSignIn(await verifyLoginCode(api, { attemptToken, code })))
      }
    />
  )

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.verifyTelephoneAuth.title')} />
      <div className="flex flex-col gap-6">
        {!step.isOver && (
          <CodeSentLead codeSent={telephoneAttemptOf(state, flowType)?.codeSent ?? null} />
        )}
        <StepAlert message={step.message} restart={step.isOver ? startAgain : undefined} />
        {attempt !== undefined && !step.isOver && (
          <>
            {form}
            <PageLinks
              links={[
                { to: pathTo('telephoneAuthSelect'), label: t('myp.verifyTelephoneAuth.reselect') },
                startAgain,
              ]}
            />
          </>
        )}
      </div>
    </div>
  )
}
