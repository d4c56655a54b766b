import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { CodeForm } from '../components/code-form.tsx'
import { NewPasswordFields } from '../components/password-fields.tsx'
import { ResendButton } from '../components/resend-button.tsx'
import { PageLinks, StepAlert } from '../components/step-alert.tsx'
import { passwordResetCodeFormSchema } from '../form-schemas.ts'
import { finishPasswordReset, startPasswordReset } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { holdAttempt, liveAttempt } from '../my-page-state.ts'
import { useCodeStep } from '../use-code-step.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// パスワード再設定の認証コードの入力 (SPEC §2.2, §2.5 no direct-access block, §5.2 password, §8.4
// "password reset (with lock)"): the mailed code and a new password (PUT /passwordReset/) →
// passwordResetComplete. 再送信 asks again with the same ID and address (a new attempt). Without
// a reset in progress, passwordReset.

export default function PasswordResetCodeScreen() {
  const { api, now } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const { state, update } = useMyPageState()
  const [isPasswordShown, setIsPasswordShown] = useState(false)
  const [started] = useState(() => {
    const reset = state.passwordReset
    const attempt = liveAttempt(reset?.attempt, now())
    return reset === undefined || attempt === undefined ? undefined : { ...reset, attempt }
  })
  const forget = useCallback(() => update(({ passwordReset: _over, ...rest }) => rest), [update])
  const step = useCodeStep(started !== undefined, forget)
  const attempt = state.passwordReset?.attempt ?? started?.attempt
  const restart = { to: pathTo('passwordReset'), label: t('myp.passwordResetCode.restart') }

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.passwordResetCode.title')} />
      <div className="flex flex-col gap-6">
        {started !== undefined && attempt !== undefined && !step.isOver && (
          <p className="text-std-16N-170">
            {t('myp.passwordResetCode.lead', {
              destination: attempt.codeSent?.maskedDestination ?? started.mailAddress,
            })}
          </p>
        )}
        <StepAlert message={step.message} restart={step.isOver ? restart : undefined} />
        {started !== undefined && attempt !== undefined && !step.isOver && (
          <>
            <CodeForm
              key={attempt.attemptToken}
              schema={passwordResetCodeFormSchema}
              defaultValues={{
                code: '',
                newPassword: '',
                newPasswordConfirmation: '',
              }}
              labels={{
                code: t('myp.code'),
                newPassword: t('myp.newPassword'),
                newPasswordConfirmation: t('myp.newPasswordConfirmation'),
              }}
              submitLabel={t('myp.passwordResetCode.submit')}
              onSubmit={(values) =>
                step.submit(async () => {
                  await finishPasswordReset(api, {
                    ...link,
                    attemptToken: attempt.attemptToken,
                    ...values,
                  })
                  // the login screen starts with the ID the reset was for (SPEC §3.6)
                  update(({ passwordReset: done, ...rest }) => ({
                    ...rest,
                    ...(done === undefined ? {} : { idPassingLogin: done.userId }),
                  }))
                  await navigate(pathTo('passwordResetComplete'), { replace: true })
                })
              }
            >
              {(form) => (
                <NewPasswordFields
                  form={form}
                  isShown={isPasswordShown}
                  onShownChange={setIsPasswordShown}
                />
              )}
            </CodeForm>
            <ResendButton
              isResent={step.isResent}
              onResend={() =>
                step.resend(async () => {
                  const answer = await startPasswordReset(api, {
                    ...link,
                    userId: started.userId,
                    mailAddress: started.mailAddress,
                  })
                  update((current) => ({
                    ...current,
                    passwordReset: {
                      userId: started.userId,
                      mailAddress: started.mailAddress,
                      attempt: holdAttempt(answer, answer.codeSent, now()),
                    },
                  }))
                })
              }
            />
          </>
        )}
        <PageLinks
          links={[
            ...(step.isOver ? [] : [restart]),
            { to: pathTo('login'), label: t('myp.backToLogin') },
          ]}
        />
      </div>
    </div>
  )
}
