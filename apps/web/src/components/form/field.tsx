import type { ReactNode } from 'react'
import {
  describedBy,
  ErrorText,
  FIELD_ATTRIBUTE,
  hasContent,
  LabelContent,
  SupportText,
  useFieldIds,
} from './field-parts.tsx'

/** What a Field hands to its control: spread it onto the `<input>`, `<select>` or `<textarea>`. */
export interface FieldControlProps {
  id: string
  name: string | undefined
  'aria-describedby': string | undefined
  'aria-invalid': boolean
  'aria-required': true | undefined
}

export interface FieldProps {
  /** the control's id (use-step-form's `fieldProps` gives one the error summary links to) */
  id?: string | undefined
  /** the form field's name (its path in the form values) */
  name?: string | undefined
  label: string
  required?: boolean | undefined
  /** 補足テキスト: the format, an example. Never a placeholder (STYLE.md §5). */
  support?: ReactNode
  error?: string | undefined
  children: (control: FieldControlProps) => ReactNode
}

/**
 * One text-like field in the DADS anatomy: label with 「※必須」, support text, the control, and
 * the error text, linked by `aria-describedby` and `aria-invalid`. No `placeholder`, no
 * `maxLength`: a paste over the limit would be cut off without a word (STYLE.md §5).
 *
 * ```tsx
 * <Field {...form.fieldProps('insrdNameKana')} required support={…}>
 *   {(control) => <input type="text" className={textInputClassName} {...control} {...form.register('insrdNameKana')} />}
 * </Field>
 * ```
 */
export function Field({ id, name, label, required = false, support, error, children }: FieldProps) {
  const ids = useFieldIds(id)
  const message = error === '' ? undefined : error
  const hasSupport = hasContent(support)
  const fieldAttribute = name === undefined ? {} : { [FIELD_ATTRIBUTE]: name }
  return (
    <div className="flex flex-col gap-2" {...fieldAttribute}>
      <label htmlFor={ids.id} className="text-std-17B-170 text-solid-gray-900">
        <LabelContent label={label} required={required} />
      </label>
      {hasSupport && <SupportText id={ids.supportId}>{support}</SupportText>}
      {children({
        id: ids.id,
        name,
        'aria-describedby': describedBy(ids, hasSupport, message),
        'aria-invalid': message !== undefined,
        'aria-required': required ? true : undefined,
      })}
      {message !== undefined && <ErrorText id={ids.errorId}>{message}</ErrorText>}
    </div>
  )
}
