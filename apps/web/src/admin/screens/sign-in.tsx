import {
  passkeySignInOptionsRoute,
  passkeySignInRoute,
  passwordSignInRoute,
} from '@app/shared/api/admin/routes'
import type {
  passkeySignInApi,
  passkeySignInOptionsApi,
  passwordSignInApi,
  StaffSession,
} from '@app/shared/api/admin/endpoints'
import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Field } from '@/components/form/field.tsx'
import { callEndpoint } from '@/lib/call-endpoint.ts'
import {
  ErrorAlert,
  inputClassName,
  InputField,
  LiveStatus,
  primaryButtonClassName,
  ScreenHeading,
  secondaryButtonClassName,
  Section,
} from '../components/ui.tsx'
import { codeText } from '../lib/format.ts'
import { useAdminServices } from '../lib/services.tsx'
import { storeStaffSession } from '../lib/staff-session.ts'
import { browserWebAuthn, isWebAuthnCancel } from '../lib/webauthn.ts'

// サインイン (issue #20): a passkey, or mail address + password + the authenticator's code.

interface SignInState {
  errorCode?: string
  signedOut?: boolean
}

type Errors = Partial<Record<'email' | 'password' | 'totpCode', string>>

export function SignInScreen() {
  const { api, storage, now } = useAdminServices()
  const navigate = useNavigate()
  const state = (useLocation().state ?? {}) as SignInState
  const [failure, setFailure] = useState<unknown>(
    state.errorCode === undefined ? undefined : codeText(state.errorCode),
  )
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [totpCode, setTotpCode] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [isBusy, setBusy] = useState(false)

  function signedIn(session: StaffSession) {
    storeStaffSession(storage, session, now())
    void navigate('/', { replace: true })
  }

  async function withPasskey() {
    if (isBusy) return
    setBusy(true)
    setFailure(undefined)
    try {
      const { challengeId, options } = await callEndpoint<typeof passkeySignInOptionsApi>(
        api,
        passkeySignInOptionsRoute,
        {},
      )
      const { startAuthentication } = await browserWebAuthn()
      const response = await startAuthentication({ optionsJSON: options as never })
      signedIn(
        await callEndpoint<typeof passkeySignInApi>(api, passkeySignInRoute, {
          body: { challengeId, response: response as unknown as Record<string, unknown> },
        }),
      )
    } catch (error) {
      setFailure(isWebAuthnCancel(error) ? t('admin.signIn.passkeyCancelled') : error)
    } finally {
      setBusy(false)
    }
  }

  async function withPassword(event: FormEvent) {
    event.preventDefault()
    if (isBusy) return
    const found: Errors = {}
    if (email.trim() === '') found.email = t('admin.signIn.emailRequired')
    if (password === '') found.password = t('admin.signIn.passwordRequired')
    if (!/^\d{6}$/.test(totpCode.trim())) found.totpCode = t('admin.signIn.totpInvalid')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFailure(undefined)
    try {
      signedIn(
        await callEndpoint<typeof passwordSignInApi>(api, passwordSignInRoute, {
          body: { email: email.trim(), password, totpCode: totpCode.trim() },
        }),
      )
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 p-6">
      <p className="text-std-20B-150 text-blue-1000">{t('admin.productName')}</p>
      <ScreenHeading>{t('admin.signIn.title')}</ScreenHeading>
      <LiveStatus message={state.signedOut ? t('admin.session.signedOut') : undefined} />
      <ErrorAlert error={failure} />
      <Section title={t('admin.signIn.passkeyHeading')}>
        <div>
          <button
            type="button"
            onClick={() => void withPasskey()}
            aria-disabled={isBusy}
            className={primaryButtonClassName}
          >
            {t('admin.signIn.passkeyButton')}
          </button>
        </div>
      </Section>
      <Section title={t('admin.signIn.passwordHeading')}>
        <form
          noValidate
          onSubmit={(event) => void withPassword(event)}
          className="flex flex-col gap-4"
        >
          <InputField
            label={t('admin.signIn.email')}
            required
            error={errors.email}
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
          />
          <InputField
            label={t('admin.signIn.password')}
            required
            error={errors.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <Field
            label={t('admin.signIn.totpCode')}
            required
            support={t('admin.signIn.totpSupport')}
            error={errors.totpCode}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={totpCode}
                onChange={(event) => setTotpCode(event.target.value)}
                className={`${inputClassName} max-w-40`}
              />
            )}
          </Field>
          <div>
            <button type="submit" aria-disabled={isBusy} className={secondaryButtonClassName}>
              {t('admin.signIn.submit')}
            </button>
          </div>
        </form>
      </Section>
    </main>
  )
}
