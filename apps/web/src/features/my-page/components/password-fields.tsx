import type { ReactNode } from 'react'
import { PasswordConditions } from '@/components/form/password-conditions.tsx'
import { ShowPasswordToggle } from '@/components/form/show-password-toggle.tsx'
import type { FieldPath, FieldValues } from '@/components/form/form-store.ts'
import type { StepForm } from '@/components/form/use-step-form.ts'
import { t, type MyPageMessageKey } from '../my-page-messages.ts'
import { TextField } from './form-parts.tsx'

/** SPEC §5.3: the five conditions of the password rule. */
const conditionKeys = [
  'myp.password.length',
  'myp.password.lowercase',
  'myp.password.uppercase',
  'myp.password.digit',
  'myp.password.symbol',
] as const satisfies readonly MyPageMessageKey[]

/** A password box, shown as text while 「パスワードを表示する」 is ticked. */
export function PasswordField<TInput extends FieldValues, TOutput>({
  form,
  name,
  autoComplete,
  isShown,
  support,
}: {
  form: StepForm<TInput, TOutput>
  name: FieldPath<TInput>
  autoComplete: 'current-password' | 'new-password'
  isShown: boolean
  support?: ReactNode
}) {
  return (
    <TextField
      form={form}
      name={name}
      type={isShown ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      support={support}
    />
  )
}

/**
 * A new password (SPEC §5.2 password, its conditions shown first) and its confirmation, with
 * 「パスワードを表示する」 for every password box of the form.
 */
export function NewPasswordFields<
  TInput extends FieldValues & { newPassword: string; newPasswordConfirmation: string },
  TOutput,
>({
  form,
  isShown,
  onShownChange,
}: {
  form: StepForm<TInput, TOutput>
  isShown: boolean
  onShownChange: (isShown: boolean) => void
}) {
  return (
    <>
      <PasswordField
        form={form}
        name={'newPassword' as FieldPath<TInput>}
        autoComplete="new-password"
        isShown={isShown}
        support={
          <PasswordConditions
            intro={t('myp.password.conditions')}
            conditions={conditionKeys.map((key) => t(key))}
          />
        }
      />
      <PasswordField
        form={form}
        name={'newPasswordConfirmation' as FieldPath<TInput>}
        autoComplete="new-password"
        isShown={isShown}
        support={t('myp.newPasswordConfirmation.support')}
      />
      <ShowPasswordToggle
        label={t('myp.showPassword')}
        isShown={isShown}
        onChange={onShownChange}
      />
    </>
  )
}
