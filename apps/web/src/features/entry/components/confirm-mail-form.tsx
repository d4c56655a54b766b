import { confirmVerificationApi, verificationLinkStatusApi } from '@app/shared/api/access/endpoints'
import { confirmVerificationRoute } from '@app/shared/api/access/routes'
import { errorCodes } from '@app/shared/errors'
import { t } from '@app/shared/messages/verify-user'
import { useEffect, useId, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Link } from '@/components/link.tsx'
import * as z from 'zod/mini'
import { InFlowAlert, inFlowCodeOf, useInFlowMessage } from '@/components/in-flow-alert.tsx'
import { useEntryLink } from './use-entry-link.ts'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { useServices } from '@/lib/services.tsx'
import { fetchApplication } from '@/lib/fetch-application.ts'
import { localExpiry, storeSession } from '@/lib/session.ts'
import {
  clearEntryTicket,
  clearVerificationToken,
  readVerificationToken,
  storeVerificationToken,
} from '../access-storage.ts'

// The page the verification mail links to: verifyUser of the link with `#token=…` (issue #5).
// The password chosen before the mail opens the session, and the application goes on.

/** SPEC §8.4 "Verification link": told on the screen. */
const mailLinkCodes: readonly string[] = [
  errorCodes.verificationUrlExpired,
  errorCodes.verificationPasswordWrong,
  errorCodes.verificationLocked,
  errorCodes.rateLimited,
]

const tokenSchema = confirmVerificationApi.body.shape.token
const passwordFormSchema = z.pick(confirmVerificationApi.body, { password: true })

function tokenOfFragment(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return token === null || token === '' ? undefined : token
}

/**
 * The mail link's token: from the address on arrival, then from this tab's storage. Once read it
 * leaves the address bar (history, bookmarks, a shared screen), and stays in storage so that a
 * wrong password or a reload does not lose it; it is dropped on success or when it is used up.
 */
export function useMailLinkToken(): string | undefined {
  const { storage, browser } = useServices()
  const { hash } = useLocation()
  const { key } = useEntryLink()
  const fromAddress = tokenOfFragment(hash)
  useEffect(() => {
    if (fromAddress === undefined) return
    storeVerificationToken(storage, { link: key, token: fromAddress })
    browser.removeFragment()
  }, [fromAddress, key, storage, browser])
  return fromAddress ?? readVerificationToken(storage, key)
}

function RestartLink() {
  const { storage } = useServices()
  return (
    <p className="text-std-16N-170">
      <Link
        to="../termsOfService"
        relative="path"
        onClick={() => clearVerificationToken(storage)}
        className="app-link"
      >
        {t('verifyUser.mail.restart')}
      </Link>
    </p>
  )
}

/**
 * メールアドレスの確認: the password chosen before the mail, then the application signed in, at
 * its next step (entryTerms for a new one).
 */
export function ConfirmMailForm({ token }: { token: string }) {
  const { api, storage, now } = useServices()
  const navigate = useNavigate()
  const inFlow = useInFlowMessage()
  const headingId = useId()
  const isTokenWellFormed = tokenSchema.safeParse(token).success
  // Issue #23 point 14: a used or expired link is told as the page opens, before a password is
  // typed; the form waits for the answer. Should the check fail, the form is shown and the
  // confirmation itself answers.
  const [linkState, setLinkState] = useState<'checking' | 'usable' | 'resuming' | 'usedUp'>(
    'checking',
  )
  const { show } = inFlow
  useEffect(() => {
    if (!isTokenWellFormed) return
    let isCurrent = true
    void api
      .post<{ usable: boolean; isResuming: boolean }>(verificationLinkStatusApi.path, { token })
      .then(
        ({ usable, isResuming }) => (!usable ? 'usedUp' : isResuming ? 'resuming' : 'usable'),
        () => 'usable' as const,
      )
      .then((state) => {
        if (!isCurrent) return
        setLinkState(state)
        if (state === 'usedUp') {
          clearVerificationToken(storage)
          show(errorCodes.verificationUrlExpired)
        }
      })
    return () => {
      isCurrent = false
    }
  }, [api, isTokenWellFormed, show, storage, token])
  const form = useStepForm({
    schema: passwordFormSchema,
    defaultValues: { password: '' },
    labels: { password: t('verifyUser.mail.password') },
    onSubmit: async ({ password }) => {
      inFlow.clear()
      try {
        const answer = await callEndpoint<typeof confirmVerificationApi>(
          api,
          confirmVerificationRoute,
          { body: { token, password } },
        )
        storeSession(storage, {
          sessionToken: answer.sessionToken,
          expiresAt: localExpiry(answer.expiresInSeconds, now()),
          userId: answer.userId,
          groupPfCode: answer.link.groupPfCode,
          link: answer.link,
        })
        clearVerificationToken(storage)
        clearEntryTicket(storage)
        // A returning applicant goes on where the application stands (issue #6); if it cannot be
        // read here, entryTerms reads it again and shows the failure.
        const nextStep = await fetchApplication(api).then(
          (view) => view.progress.nextStep,
          () => 'entryTerms',
        )
        await navigate(`../${nextStep}`, { relative: 'path' })
      } catch (error) {
        const code = inFlowCodeOf(error, mailLinkCodes)
        if (code === undefined) throw error
        if (code === errorCodes.verificationUrlExpired) clearVerificationToken(storage)
        inFlow.show(code, error)
      }
    },
  })

  const isUsedUp =
    !isTokenWellFormed || inFlow.message?.errorCode === errorCodes.verificationUrlExpired
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <h2 id={headingId} className="text-std-20B-150 text-solid-gray-900">
        {t('verifyUser.mail.heading')}
      </h2>
      {isTokenWellFormed ? (
        <InFlowAlert message={inFlow.message}>{isUsedUp && <RestartLink />}</InFlowAlert>
      ) : (
        <div className="flex flex-col gap-4 rounded-8 border-2 border-error-1 bg-white p-4 md:p-6">
          <p className="text-std-16B-170 text-solid-gray-900">{t('error.APFA2007')}</p>
          <RestartLink />
        </div>
      )}
      {!isUsedUp && linkState === 'checking' && (
        <p role="status" className="text-std-16N-170">
          {t('verifyUser.mail.checking')}
        </p>
      )}
      {!isUsedUp && (linkState === 'usable' || linkState === 'resuming') && (
        <>
          {linkState === 'resuming' && (
            <p className="rounded-8 border border-solid-gray-420 bg-solid-gray-50 p-4 text-std-16N-170">
              {t('verifyUser.mail.resuming')}
            </p>
          )}
          <p className="text-std-16N-170">{t('verifyUser.mail.lead')}</p>
          <form {...form.formProps} className="flex flex-col gap-6">
            <ErrorSummary {...form.summary} />
            <Field
              {...form.fieldProps('password')}
              required
              support={t('verifyUser.mail.password.support')}
            >
              {(control) => (
                <input
                  type="password"
                  autoComplete="current-password"
                  className={`${textInputClassName} w-full md:w-96`}
                  {...control}
                  {...form.register('password')}
                />
              )}
            </Field>
            <div>
              <button type="submit" className="app-button w-full md:w-auto">
                {t('verifyUser.mail.submit')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  )
}
