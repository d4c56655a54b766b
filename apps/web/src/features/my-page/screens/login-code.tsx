import { useCallback, useState } from 'react'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { CodeSentLead } from '../components/code-field.tsx'
import { CodeForm } from '../components/code-form.tsx'
import { ResendButton } from '../components/resend-button.tsx'
import { PageLinks, StepAlert } from '../components/step-alert.tsx'
import { codeFormSchema } from '../form-schemas.ts'
import { sendLoginCode, verifyLoginCode } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { liveAttempt, sentCodeOf } from '../my-page-state.ts'
import { useCodeStep } from '../use-code-step.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'
import { useCompleteSignIn } from '../use-sign-in.ts'

// 認証コードの入力 (SPEC §2.2, §8.4 "Authentication code … for login"): the code mailed for the
// sign-in attempt (processingUser) opens the my-page session → home. 再送信 mails a new one.
// Wrong or expired: try again; the 5th wrong code, or no sign-in in progress: back to login.

export default function LoginCodeScreen() {
  const { api, now } = useServices()
  const { pathTo } = useMyPageLink()
  const { state, update } = useMyPageState()
  const completeSignIn = useCompleteSignIn()
  const [startedWith] = useState(() => liveAttempt(state.processingUser?.attempt, now()))
  const forget = useCallback(() => update(({ processingUser: _over, ...rest }) => rest), [update])
  const step = useCodeStep(startedWith !== undefined, forget)
  const attempt = state.processingUser?.attempt ?? startedWith
  const toLogin = { to: pathTo('login'), label: t('myp.backToLogin') }

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.loginCode.title')} />
      <div className="flex flex-col gap-6">
        {attempt !== undefined && !step.isOver && <CodeSentLead codeSent={attempt.codeSent} />}
        <StepAlert message={step.message} restart={step.isOver ? toLogin : undefined} />
        {attempt !== undefined && !step.isOver && (
          <>
            <CodeForm
              schema={codeFormSchema}
              defaultValues={{ code: '' }}
              labels={{ code: t('myp.code') }}
              submitLabel={t('myp.loginCode.submit')}
              onSubmit={({ code }) =>
                step.submit(async () =>
                  completeSignIn(
                    await verifyLoginCode(api, { attemptToken: attempt.attemptToken, code }),
                  ),
                )
              }
            />
            <ResendButton
              isResent={step.isResent}
              onResend={() =>
                step.resend(async () => {
                  const sent = await sendLoginCode(api, {
                    attemptToken: attempt.attemptToken,
                    channel: 'mail',
                  })
                  update((current) =>
                    current.processingUser === undefined
                      ? current
                      : {
                          ...current,
                          processingUser: {
                            ...current.processingUser,
                            attempt: { ...attempt, codeSent: sentCodeOf(sent) },
                          },
                        },
                  )
                })
              }
            />
            <PageLinks links={[toLogin]} />
          </>
        )}
      </div>
    </div>
  )
}
