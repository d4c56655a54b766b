import {
  enrolmentInfoRoute,
  enrolmentPasskeyOptionsRoute,
  enrolmentTotpOptionsRoute,
  enrolPasskeyRoute,
  enrolPasswordRoute,
} from '@app/shared/api/admin/routes'
import type {
  enrolmentInfoApi,
  enrolmentPasskeyOptionsApi,
  enrolmentTotpOptionsApi,
  enrolPasskeyApi,
  enrolPasswordApi,
  StaffSession,
} from '@app/shared/api/admin/endpoints'
import type { EndpointResponse } from '@app/shared/api/endpoint'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Field } from '@/components/form/field.tsx'
import { legendClassName } from '@/components/form/field-parts.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import {
  ErrorAlert,
  inputClassName,
  InputField,
  Loading,
  Pairs,
  primaryButtonClassName,
  ScreenHeading,
  secondaryButtonClassName,
  Section,
} from '../components/ui.tsx'
import { CopyButton } from '../components/copy-button.tsx'
import { dateTimeText, isApiError } from '../lib/format.ts'
import { useAdminServices } from '../lib/services.tsx'
import { storeStaffSession } from '../lib/staff-session.ts'
import { useLoad } from '../lib/use-load.ts'
import { browserWebAuthn, isWebAuthnCancel } from '../lib/webauthn.ts'

// 登録 (issue #20): the invitation's link, /admin/enrol#<token>. The token is read from the
// fragment (never sent in a URL) and goes to the server in the body of each step.

type Method = 'passkey' | 'password'

/** The TOTP secret in groups of four, easier to type. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')
}

export function EnrolScreen() {
  const { api } = useAdminServices()
  const token = useLocation().hash.replace(/^#/, '')
  const isTokenShaped = /^[A-Za-z0-9_-]{20,100}$/.test(token)
  const info = useLoad(
    (signal) =>
      isTokenShaped
        ? callEndpoint<typeof enrolmentInfoApi>(
            api,
            enrolmentInfoRoute,
            { body: { token } },
            { signal },
          )
        : Promise.reject(new Error('no token')),
    [api, token],
  )
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 p-6">
      <p className="text-std-20B-150 text-blue-1000">{t('admin.productName')}</p>
      <ScreenHeading>{t('admin.enrol.title')}</ScreenHeading>
      {!isTokenShaped ? (
        <ErrorAlert error={t('admin.enrol.noToken')} />
      ) : info.state === 'loading' ? (
        <Loading />
      ) : info.state === 'failed' ? (
        <ErrorAlert error={info.error} />
      ) : (
        <Enrolment token={token} info={info.data} />
      )}
    </main>
  )
}

function Enrolment({
  token,
  info,
}: {
  token: string
  info: EndpointResponse<typeof enrolmentInfoApi>
}) {
  const { api, storage, now } = useAdminServices()
  const navigate = useNavigate()
  const [method, setMethod] = useState<Method>('passkey')
  const [failure, setFailure] = useState<unknown>(undefined)
  const [isBusy, setBusy] = useState(false)
  const [totp, setTotp] = useState<EndpointResponse<typeof enrolmentTotpOptionsApi> | undefined>()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<
    Partial<Record<'password' | 'confirmation' | 'code', string>>
  >({})
  const expired = isApiError(failure, 410)

  function enrolled(session: StaffSession) {
    storeStaffSession(storage, session, now())
    void navigate('/', { replace: true })
  }

  async function step(action: () => Promise<void>) {
    if (isBusy) return
    setBusy(true)
    setFailure(undefined)
    try {
      await action()
    } catch (error) {
      setFailure(isWebAuthnCancel(error) ? t('admin.signIn.passkeyCancelled') : error)
    } finally {
      setBusy(false)
    }
  }

  const registerPasskey = () =>
    step(async () => {
      const { options } = await callEndpoint<typeof enrolmentPasskeyOptionsApi>(
        api,
        enrolmentPasskeyOptionsRoute,
        { body: { token } },
      )
      const { startRegistration } = await browserWebAuthn()
      const response = await startRegistration({ optionsJSON: options as never })
      enrolled(
        await callEndpoint<typeof enrolPasskeyApi>(api, enrolPasskeyRoute, {
          body: { token, response: response as unknown as Record<string, unknown> },
        }),
      )
    })

  const startTotp = () =>
    step(async () => {
      setTotp(
        await callEndpoint<typeof enrolmentTotpOptionsApi>(api, enrolmentTotpOptionsRoute, {
          body: { token },
        }),
      )
    })

  function submitPassword(event: FormEvent) {
    event.preventDefault()
    const found: typeof errors = {}
    if (password === '') found.password = t('admin.enrol.passwordRequired')
    else if (password !== confirmation) found.confirmation = t('admin.enrol.passwordMismatch')
    if (!/^\d{6}$/.test(code.trim())) found.code = t('admin.signIn.totpInvalid')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    void step(async () => {
      enrolled(
        await callEndpoint<typeof enrolPasswordApi>(api, enrolPasswordRoute, {
          body: { token, password, totpCode: code.trim() },
        }),
      )
    })
  }

  return (
    <>
      <Pairs
        items={[
          { label: t('admin.enrol.name'), value: info.name },
          { label: t('admin.enrol.email'), value: info.email },
          { label: t('admin.enrol.role'), value: t(`admin.role.${info.role}`) },
          { label: t('admin.enrol.expiresAt'), value: dateTimeText(info.expiresAt) },
        ]}
      />
      <ErrorAlert error={failure} />
      {!expired && (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className={legendClassName}>{t('admin.enrol.methodLegend')}</legend>
            {(['passkey', 'password'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-std-16N-170">
                <input
                  type="radio"
                  name="method"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                  className="size-5"
                />
                {t(value === 'passkey' ? 'admin.enrol.passkey' : 'admin.enrol.password')}
              </label>
            ))}
          </fieldset>
          {method === 'passkey' ? (
            <div>
              <button
                type="button"
                onClick={() => void registerPasskey()}
                aria-disabled={isBusy}
                className={primaryButtonClassName}
              >
                {t('admin.enrol.passkeyButton')}
              </button>
            </div>
          ) : totp === undefined ? (
            <div>
              <button
                type="button"
                onClick={() => void startTotp()}
                aria-disabled={isBusy}
                className={secondaryButtonClassName}
              >
                {t('admin.enrol.totpStart')}
              </button>
            </div>
          ) : (
            <Section title={t('admin.enrol.password')}>
              <p className="text-std-16N-170">{t('admin.enrol.totpHelp')}</p>
              <Pairs
                items={[
                  {
                    label: t('admin.enrol.secret'),
                    value: (
                      <span className="flex flex-wrap items-center gap-3">
                        <code className="font-mono text-std-17B-170">
                          {groupedSecret(totp.secret)}
                        </code>
                        <CopyButton text={totp.secret} />
                      </span>
                    ),
                  },
                  {
                    label: t('admin.enrol.otpauthUrl'),
                    value: (
                      <span className="flex flex-wrap items-center gap-3">
                        <code className="font-mono break-all">{totp.otpauthUrl}</code>
                        <CopyButton text={totp.otpauthUrl} />
                      </span>
                    ),
                  },
                ]}
              />
              <form noValidate onSubmit={submitPassword} className="flex flex-col gap-4">
                <Field
                  label={t('admin.enrol.newPassword')}
                  required
                  support={t('admin.enrol.newPasswordSupport')}
                  error={errors.password}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="password"
                      autoComplete="new-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      className={inputClassName}
                    />
                  )}
                </Field>
                <Field
                  label={t('admin.enrol.confirmPassword')}
                  required
                  error={errors.confirmation}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="password"
                      autoComplete="new-password"
                      value={confirmation}
                      onChange={(event) => setConfirmation(event.target.value)}
                      className={inputClassName}
                    />
                  )}
                </Field>
                <InputField
                  label={t('admin.enrol.firstCode')}
                  required
                  error={errors.code}
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={setCode}
                  className={`${inputClassName} max-w-40`}
                />
                <div>
                  <button type="submit" aria-disabled={isBusy} className={primaryButtonClassName}>
                    {t('admin.enrol.submit')}
                  </button>
                </div>
              </form>
            </Section>
          )}
        </>
      )}
    </>
  )
}
