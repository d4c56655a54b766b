import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { CodeSentLead } from '../components/code-field.tsx'
import { CodeForm } from '../components/code-form.tsx'
import { ResendButton } from '../components/resend-button.tsx'
import { PageLinks, StepAlert } from '../components/step-alert.tsx'
import { codeFormSchema } from '../form-schemas.ts'
import { finishMailChange, startMailChange } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { holdAttempt, liveAttempt } from '../my-page-state.ts'
import { useCodeStep } from '../use-code-step.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// メールアドレス変更の認証コードの入力 (SPEC §2.2, §2.5 no direct-access block, §8.4 "mail change
// (with lock and mail failure)"; signed in): the code mailed to the new address changes it
// (PUT /mailAddress/) → mailChangeComplete. 再送信 starts the change again for the same address
// (a new attempt and code). Without a change in progress, mailChange.

export default function MailChangeCodeScreen() {
  const { api, now } = useServices()
  const navigate = useNavigate()
  const { link, pathTo } = useMyPageLink()
  const { state, update } = useMyPageState()
  const [started] = useState(() => {
    const attempt = liveAttempt(state.mailChange?.attempt, now())
    const newMail = state.mailChange?.newMail
    return attempt === undefined || newMail === undefined ? undefined : { newMail, attempt }
  })
  const forget = useCallback(() => update(({ mailChange: _over, ...rest }) => rest), [update])
  const step = useCodeStep(started !== undefined, forget)
  const newMail = started?.newMail ?? ''
  const attempt = state.mailChange?.attempt ?? started?.attempt
  const reenter = { to: pathTo('mailChange'), label: t('myp.mailChangeCode.reenter') }

  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.mailChangeCode.title')} />
      <div className="flex flex-col gap-6">
        {attempt !== undefined && !step.isOver && <CodeSentLead codeSent={attempt.codeSent} />}
        <StepAlert message={step.message} restart={step.isOver ? reenter : undefined} />
        {attempt !== undefined && !step.isOver && (
          <>
            <CodeForm
              key={attempt.attemptToken}
              schema={codeFormSchema}
              defaultValues={{ code: '' }}
              labels={{ code: t('myp.code') }}
              submitLabel={t('myp.mailChangeCode.submit')}
              onSubmit={({ code }) =>
                step.submit(async () => {
                  const { mailAddress } = await finishMailChange(api, {
                    ...link,
                    attemptToken: attempt.attemptToken,
                    code,
                  })
                  update((current) => ({ ...current, mailChange: { newMail: mailAddress } }))
                  await navigate(pathTo('mailChangeComplete'), { replace: true })
                })
              }
            />
            <ResendButton
              isResent={step.isResent}
              onResend={() =>
                step.resend(async () => {
                  const answer = await startMailChange(api, { ...link, newMailAddress: newMail })
                  update((current) => ({
                    ...current,
                    mailChange: { newMail, attempt: holdAttempt(answer, answer.codeSent, now()) },
                  }))
                })
              }
            />
          </>
        )}
        <PageLinks
          links={[
            ...(step.isOver ? [] : [reenter]),
            { to: pathTo('home'), label: t('myp.toHome') },
          ]}
        />
      </div>
    </div>
  )
}
