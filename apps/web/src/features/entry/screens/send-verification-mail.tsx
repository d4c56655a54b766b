import {
  sendVerificationMailApi,
  type SendVerificationMailBody,
} from '@app/shared/api/access/endpoints'
import { sendVerificationMailRoute } from '@app/shared/api/access/routes'
import { errorCodes } from '@app/shared/errors'
import { t, type SendVerificationMailMessageKey } from '@app/shared/messages/send-verification-mail'
import { formatJapaneseDateTime } from '@app/shared/format/display'
import { useEffect, useId, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import { PasswordConditions } from '@/components/form/password-conditions.tsx'
import { ShowPasswordToggle } from '@/components/form/show-password-toggle.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { PageHeading } from '@/components/page-heading.tsx'
import { useServices } from '@/lib/services.tsx'
import { parseInstant } from '@/lib/session.ts'
import { readEntryTicket } from '../access-storage.ts'
import { InFlowAlert, inFlowCodeOf, useInFlowMessage } from '@/components/in-flow-alert.tsx'
import { useEntryGroup } from '@/lib/use-entry-group.ts'
import { useEntryLink } from '../components/use-entry-link.ts'

/** SPEC §8.4 "Verification mail sending failed", and too many tries: told on the screen. */
const sendMailCodes: readonly string[] = [errorCodes.verificationMailFailed, errorCodes.rateLimited]

/** SPEC §5.3: the five conditions of the password rule, shown before anyone gets them wrong. */
const passwordConditionKeys = [
  'sendVerificationMail.password.length',
  'sendVerificationMail.password.lowercase',
  'sendVerificationMail.password.uppercase',
  'sendVerificationMail.password.digit',
  'sendVerificationMail.password.symbol',
] as const satisfies readonly SendVerificationMailMessageKey[]

interface SentMail {
  address: string
  /** ISO 8601, when the link stops working */
  expiresAt: string
}

/** An instant in Japan time: 「2026年11月20日 10時05分（日本時間）」; the value itself if unreadable. */
function formatJst(value: string): string {
  const instant = parseInstant(value)
  if (instant === undefined) return value
  return t('dateTime.jst', { dateTime: formatJapaneseDateTime(new Date(instant)) })
}

function MailForm({
  entryToken,
  address,
  isResuming,
  onSent,
}: {
  entryToken: string
  address: string
  /** a half-done application is resumed: the password set here replaces the earlier one */
  isResuming: boolean
  onSent: (sent: SentMail) => void
}) {
  const { api } = useServices()
  const inFlow = useInFlowMessage()
  const [isPasswordShown, setIsPasswordShown] = useState(false)
  const form = useStepForm({
    schema: sendVerificationMailApi.body,
    defaultValues: {
      entryToken,
      policyHolderEmailAddress: address,
      password: '',
      passwordConfirmation: '',
    },
    labels: {
      policyHolderEmailAddress: t('sendVerificationMail.email'),
      password: t('sendVerificationMail.password'),
      passwordConfirmation: t('sendVerificationMail.passwordConfirmation'),
    },
    onSubmit: async (values: SendVerificationMailBody) => {
      inFlow.clear()
      try {
        const answer = await callEndpoint<typeof sendVerificationMailApi>(
          api,
          sendVerificationMailRoute,
          { body: values },
        )
        onSent({ address: values.policyHolderEmailAddress, expiresAt: answer.expiresAt })
      } catch (error) {
        // What was typed stays, the passwords included, so only the address needs fixing.
        const code = inFlowCodeOf(error, sendMailCodes)
        if (code === undefined) throw error
        inFlow.show(code, error)
      }
    },
  })
  const passwordType = isPasswordShown ? 'text' : 'password'

  return (
    <div className="flex flex-col gap-6">
      <p className="text-std-16N-170">{t('sendVerificationMail.lead')}</p>
      {/* issue #23 point 14: resuming is said, and so is what happens to the old password */}
      {isResuming && (
        <p className="rounded-8 border border-solid-gray-420 bg-solid-gray-50 p-4 text-std-16N-170">
          {t('sendVerificationMail.resuming')}
        </p>
      )}
      <InFlowAlert message={inFlow.message} />
      <form {...form.formProps} className="flex flex-col gap-6">
        <ErrorSummary {...form.summary} />
        <Field
          {...form.fieldProps('policyHolderEmailAddress')}
          required
          support={t('sendVerificationMail.email.support')}
        >
          {(control) => (
            <input
              type="email"
              autoComplete="email"
              spellCheck={false}
              className={`${textInputClassName} w-full`}
              {...control}
              {...form.register('policyHolderEmailAddress')}
            />
          )}
        </Field>
        <Field
          {...form.fieldProps('password')}
          required
          support={
            <PasswordConditions
              intro={t('sendVerificationMail.password.conditions')}
              conditions={passwordConditionKeys.map((key) => t(key))}
            />
          }
        >
          {(control) => (
            <input
              type={passwordType}
              autoComplete="new-password"
              spellCheck={false}
              className={`${textInputClassName} w-full md:w-96`}
              {...control}
              {...form.register('password')}
            />
          )}
        </Field>
        <Field
          {...form.fieldProps('passwordConfirmation')}
          required
          support={t('sendVerificationMail.passwordConfirmation.support')}
        >
          {(control) => (
            <input
              type={passwordType}
              autoComplete="new-password"
              spellCheck={false}
              className={`${textInputClassName} w-full md:w-96`}
              {...control}
              {...form.register('passwordConfirmation')}
            />
          )}
        </Field>
        <ShowPasswordToggle
          label={t('sendVerificationMail.showPassword')}
          isShown={isPasswordShown}
          onChange={setIsPasswordShown}
        />
        <div>
          <button type="submit" className="app-button w-full md:w-auto">
            {t('sendVerificationMail.submit')}
          </button>
        </div>
      </form>
    </div>
  )
}

function SentNotice({ sent, onResend }: { sent: SentMail; onResend: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <h2
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className="text-std-20B-150 text-solid-gray-900 md:text-std-24B-150"
      >
        {t('sendVerificationMail.sent.heading')}
      </h2>
      <p className="text-std-16N-170">{t('sendVerificationMail.sent.body')}</p>
      <dl className="flex flex-col border-t border-solid-gray-420 text-std-16N-170">
        {[
          [t('sendVerificationMail.sent.address'), sent.address],
          [t('sendVerificationMail.sent.expiresAt'), formatJst(sent.expiresAt)],
        ].map(([term, description]) => (
          <div
            key={term}
            className="flex flex-col gap-1 border-b border-solid-gray-420 py-3 md:flex-row md:gap-6"
          >
            <dt className="text-std-16B-170 text-solid-gray-900 md:w-56 md:shrink-0">{term}</dt>
            <dd className="break-all">{description}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-3">
        <h3 className="text-std-18B-160 text-solid-gray-900">
          {t('sendVerificationMail.notArrived.heading')}
        </h3>
        <ul className="flex list-disc flex-col gap-2 pl-6 text-std-16N-170">
          <li>{t('sendVerificationMail.notArrived.spam')}</li>
          <li>{t('sendVerificationMail.notArrived.domain')}</li>
          <li>{t('sendVerificationMail.notArrived.resend')}</li>
        </ul>
      </div>
      <div>
        <button type="button" onClick={onResend} className="app-button-secondary w-full md:w-auto">
          {t('sendVerificationMail.resend')}
        </button>
      </div>
    </section>
  )
}

/**
 * 確認メールの送信 (issue #5): the mail address and the my-page password (SPEC §5.2 email and
 * password, the five conditions shown), then the sent notice on the same screen: where it went,
 * until when the single-use link works (1 hour, SPEC §9), and what to do if it does not arrive.
 * The route lets only an applicant with a valid entry ticket for the link in (app/guards.ts).
 */
export default function SendVerificationMailScreen() {
  const group = useEntryGroup()
  const { storage, now } = useServices()
  const navigate = useNavigate()
  const { key } = useEntryLink()
  const [ticket] = useState(() => readEntryTicket(storage, key, now()))
  const [sent, setSent] = useState<SentMail | undefined>(undefined)
  const [address, setAddress] = useState('')
  if (group === undefined) return null
  if (ticket === undefined) return <Navigate to="../verifyUser" relative="path" replace />

  function handleResend(): void {
    // A resend needs a ticket that is still valid; otherwise verifyUser gives a new one.
    if (readEntryTicket(storage, key, now()) === undefined) {
      void navigate('../verifyUser', { relative: 'path', replace: true })
      return
    }
    setSent(undefined)
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <PageHeading>{t('screen.sendVerificationMail.title')}</PageHeading>
        <p className="text-std-16N-170">
          {t('screen.groupName', { groupName: group.groupPfInfo.groupNameKanji })}
        </p>
      </div>
      {sent === undefined ? (
        <MailForm
          entryToken={ticket.entryToken}
          address={address}
          isResuming={ticket.isResuming}
          onSent={(mail) => {
            setAddress(mail.address)
            setSent(mail)
          }}
        />
      ) : (
        <SentNotice sent={sent} onResend={handleResend} />
      )}
    </div>
  )
}
