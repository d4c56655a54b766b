import { enteredPasswordSchema } from '@app/shared/api/access/fields'
import { userIdSchema } from '@app/shared/api/my-page/fields'
import type { Start2FABody } from '@app/shared/api/my-page/endpoints'
import { documentVersions, type PolicyDocumentId } from '@app/shared/documents'
import { errorCodes } from '@app/shared/errors'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import * as z from 'zod/mini'
import { CheckboxGroup } from '@/components/form/checkbox-group.tsx'
import { ShowPasswordToggle } from '@/components/form/show-password-toggle.tsx'
import { useStepForm } from '@/components/form/use-step-form.ts'
import { InFlowAlert } from '@/components/in-flow-alert.tsx'
import { PolicyLink } from '@/components/policy-link.tsx'
import { ScreenHeader } from '@/components/screen-header.tsx'
import { useServices } from '@/lib/services.tsx'
import { FormBody, UserIdField } from '../components/form-parts.tsx'
import { PasswordField } from '../components/password-fields.tsx'
import { PageLinks } from '../components/step-alert.tsx'
import { start2FA } from '../my-page-api.ts'
import { t } from '../my-page-messages.ts'
import { holdAttempt } from '../my-page-state.ts'
import { useMyPageAction } from '../use-my-page-action.ts'
import { useMyPageLink, useMyPageState } from '../use-my-page.ts'

// ログイン (SPEC §2.2, §6, §8.4 "My-page login"; PRODUCT.md "People and how they sign in"): the ID,
// the password and the four consents open a sign-in attempt; its code comes by mail (loginCode)
// or, with a registered phone, by SMS or voice (telephoneAuthSelect, flowType telephoneLogin).

/** SPEC §8.4: wrong ID or password, locked; and too many tries. */
const loginCodes: readonly string[] = [
  errorCodes.myPageLoginFailed,
  errorCodes.myPageLocked,
  errorCodes.rateLimited,
]

/** The four policies of the system terms page, each its own required box (SPEC §8.4). */
const consentItems = [
  { name: 'termsOfUse', documentId: 'terms-of-use' },
  { name: 'systemTerms', documentId: 'system-terms' },
  { name: 'privacyPolicy', documentId: 'privacy-policy' },
  { name: 'securityPolicy', documentId: 'security-policy' },
] as const satisfies readonly { name: string; documentId: PolicyDocumentId }[]

const AGREED = 'agreed'

const agreed = (message: string) => z.array(z.string()).check(z.minLength(1, { error: message }))

const loginFormSchema = z.object({
  userId: userIdSchema,
  password: enteredPasswordSchema,
  termsOfUse: agreed(t('myp.login.consent.termsOfUse.required')),
  systemTerms: agreed(t('myp.login.consent.systemTerms.required')),
  privacyPolicy: agreed(t('myp.login.consent.privacyPolicy.required')),
  securityPolicy: agreed(t('myp.login.consent.securityPolicy.required')),
})

/** The consents as the contract takes them: each policy in the version the page shows. */
const consents: Start2FABody['consents'] = consentItems.map(({ documentId }) => ({
  documentId,
  version: documentVersions[documentId],
}))

function LoginForm() {
  const { api, now } = useServices()
  const navigate = useNavigate()
  const { link, key, pathTo } = useMyPageLink()
  const { state, update } = useMyPageState()
  const action = useMyPageAction(loginCodes)
  const [isPasswordShown, setIsPasswordShown] = useState(false)
  const consentsHeadingId = useId()
  const helpHeadingId = useId()
  const form = useStepForm({
    schema: loginFormSchema,
    defaultValues: {
      // SPEC §3.6 idPassingLogin: the ID a finished step handed over
      userId: state.idPassingLogin ?? '',
      password: '',
      termsOfUse: [],
      systemTerms: [],
      privacyPolicy: [],
      securityPolicy: [],
    },
    labels: {
      userId: t('myp.userId'),
      password: t('myp.password'),
      termsOfUse: t('myp.login.consent.termsOfUse.legend'),
      systemTerms: t('myp.login.consent.systemTerms.legend'),
      privacyPolicy: t('myp.login.consent.privacyPolicy.legend'),
      securityPolicy: t('myp.login.consent.securityPolicy.legend'),
    },
    onSubmit: async ({ userId, password }) => {
      const code = await action.run(async () => {
        const answer = await start2FA(api, { ...link, userId, password, consents })
        // A new sign-in: whatever was in progress on the link before is over.
        update(() => ({
          link: key,
          processingUser: { userId, attempt: holdAttempt(answer, answer.codeSent, now()) },
          authTypeForLogin: answer.authTypeForLogin,
          flowType: 'telephoneLogin',
          ...(answer.maskedPhoneNumber === null
            ? {}
            : { maskedPhoneNumberForTelephoneAuthSelect: answer.maskedPhoneNumber }),
        }))
        await navigate(
          pathTo(answer.authTypeForLogin === 'telephone' ? 'telephoneAuthSelect' : 'loginCode'),
        )
      })
      // The ID and the consents stay; a password that did not work is not kept on the page.
      if (code !== undefined && code !== errorCodes.rateLimited) form.setValue('password', '')
    },
  })

  return (
    <div className="flex flex-col gap-6">
      <p className="text-std-16N-170">{t('myp.login.lead')}</p>
      <InFlowAlert message={action.message} />
      <FormBody form={form} submitLabel={t('myp.login.submit')}>
        <UserIdField form={form} name="userId" />
        <PasswordField
          form={form}
          name="password"
          autoComplete="current-password"
          isShown={isPasswordShown}
        />
        <ShowPasswordToggle
          label={t('myp.showPassword')}
          isShown={isPasswordShown}
          onChange={setIsPasswordShown}
        />
        <section className="flex flex-col gap-4" aria-labelledby={consentsHeadingId}>
          <h2 id={consentsHeadingId} className="text-std-20B-150 text-solid-gray-900">
            {t('myp.login.consents.heading')}
          </h2>
          <p className="text-std-16N-170">{t('myp.login.consents.lead')}</p>
          <div className="flex flex-col gap-6 rounded-8 border border-solid-gray-420 p-4 md:p-6">
            {consentItems.map(({ name, documentId }) => (
              <CheckboxGroup
                key={name}
                {...form.fieldProps(name)}
                control={form.control}
                required
                support={
                  <PolicyLink documentId={documentId}>
                    {t(`myp.login.consent.${name}.link`)}
                  </PolicyLink>
                }
                options={[{ value: AGREED, label: t(`myp.login.consent.${name}.label`) }]}
              />
            ))}
          </div>
        </section>
      </FormBody>
      <section className="flex flex-col gap-3" aria-labelledby={helpHeadingId}>
        <h2 id={helpHeadingId} className="text-std-18B-160 text-solid-gray-900">
          {t('myp.login.help.heading')}
        </h2>
        <PageLinks
          links={[
            { to: pathTo('passwordReset'), label: t('myp.login.forgotPassword') },
            { to: pathTo('idReNotification'), label: t('myp.login.forgotId') },
          ]}
        />
      </section>
    </div>
  )
}

/** ログイン: the first step of the my-page sign-in. */
export default function LoginScreen() {
  return (
    <div className="flex flex-col gap-8">
      <ScreenHeader title={t('screen.login.title')} />
      <LoginForm />
    </div>
  )
}
