import { ONE_TIME_CODE_MINUTES } from '@app/shared/api/my-page/fields'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field } from '@/components/form/field.tsx'
import type { FieldPath, FieldValues } from '@/components/form/form-store.ts'
import type { StepForm } from '@/components/form/use-step-form.ts'
import { t } from '../my-page-messages.ts'
import type { SentCode } from '../my-page-state.ts'
import { toHalfWidthCode } from '../form-schemas.ts'

/**
 * The 6-digit code (PRODUCT.md "One-time codes"): one box, numeric keyboard, filled in from an
 * SMS where the device offers it (autocomplete one-time-code). Full-width digits become half-width
 * when focus leaves the box (form-schemas.ts).
 */
export function CodeField<TInput extends FieldValues & { code: string }, TOutput>({
  form,
}: {
  form: StepForm<TInput, TOutput>
}) {
  const name = 'code' as FieldPath<TInput>
  const registered = form.register(name)
  return (
    <Field {...form.fieldProps(name)} required support={t('myp.code.support')}>
      {(control) => (
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          className={`${textInputClassName} w-full md:w-48`}
          {...control}
          {...registered}
          onBlur={(event) => {
            const typed = event.currentTarget.value
            const converted = toHalfWidthCode(typed)
            if (converted !== typed) form.setValue(name, converted as never)
            registered.onBlur()
          }}
        />
      )}
    </Field>
  )
}

/** Where the code went and how (masked, as the server gave it), and how long it works. */
export function CodeSentLead({ codeSent }: { codeSent: SentCode | null }) {
  return (
    <div className="flex flex-col gap-2 text-std-16N-170">
      {codeSent !== null && (
        <p>
          {t(`myp.code.sentTo.${codeSent.channel}`, {
            destination: codeSent.maskedDestination,
          })}
        </p>
      )}
      <p>{t('myp.code.validity', { minutes: ONE_TIME_CODE_MINUTES })}</p>
    </div>
  )
}
