import type { InputHTMLAttributes, ReactNode } from 'react'
import { ErrorSummary } from '@/components/form/error-summary.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import type { FieldPath, FieldValues } from '@/components/form/form-store.ts'
import type { StepForm } from '@/components/form/use-step-form.ts'
import { t } from '../my-page-messages.ts'

/** A my-page form: the error summary first, the fields, then its one button. */
export function FormBody<TInput extends FieldValues, TOutput>({
  form,
  submitLabel,
  children,
}: {
  form: StepForm<TInput, TOutput>
  submitLabel: string
  children: ReactNode
}) {
  return (
    <form {...form.formProps} className="flex flex-col gap-6">
      <ErrorSummary {...form.summary} />
      {children}
      <div>
        <button type="submit" className="app-button w-full md:w-auto">
          {submitLabel}
        </button>
      </div>
    </form>
  )
}

/** One text box of the form (a mail address, an ID, a phone number, a password). */
export function TextField<TInput extends FieldValues, TOutput>({
  form,
  name,
  support,
  isWide = false,
  ...input
}: {
  form: StepForm<TInput, TOutput>
  name: FieldPath<TInput>
  support?: ReactNode
  /** the whole width (a mail address); otherwise a box for an ID, a number or a password */
  isWide?: boolean
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'autoCapitalize' | 'spellCheck'
>) {
  return (
    <Field {...form.fieldProps(name)} required support={support}>
      {(control) => (
        <input
          {...input}
          className={`${textInputClassName} w-full ${isWide ? '' : 'md:w-96'}`}
          {...control}
          {...form.register(name)}
        />
      )}
    </Field>
  )
}

/** The my-page ID (login, passwordReset). */
export function UserIdField<TInput extends FieldValues, TOutput>({
  form,
  name,
}: {
  form: StepForm<TInput, TOutput>
  name: FieldPath<TInput>
}) {
  return (
    <TextField
      form={form}
      name={name}
      type="text"
      autoComplete="username"
      autoCapitalize="characters"
      spellCheck={false}
      support={t('myp.userId.support')}
    />
  )
}

/** A mail address (mailChange, passwordReset, idReNotification). */
export function MailAddressField<TInput extends FieldValues, TOutput>({
  form,
  name,
  support,
}: {
  form: StepForm<TInput, TOutput>
  name: FieldPath<TInput>
  support?: ReactNode
}) {
  return (
    <TextField
      form={form}
      name={name}
      type="email"
      autoComplete="email"
      spellCheck={false}
      isWide
      support={support}
    />
  )
}
