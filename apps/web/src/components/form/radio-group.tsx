import type { ReactNode } from 'react'
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from './form-store.ts'
import {
  ChoiceList,
  describedBy,
  ErrorText,
  FIELD_ATTRIBUTE,
  hasContent,
  LabelContent,
  legendClassName,
  SupportText,
  useFieldIds,
} from './field-parts.tsx'

export interface ChoiceOption {
  /** the code value sent on the wire */
  value: string
  label: string
}

export interface RadioGroupProps<TFieldValues extends FieldValues, TTransformed> {
  control: Control<TFieldValues, TTransformed>
  name: FieldPathByValue<TFieldValues, string>
  /** the first radio's id: the error summary links to it */
  id?: string | undefined
  /** the legend */
  label: string
  required?: boolean | undefined
  support?: ReactNode
  error?: string | undefined
  options: readonly ChoiceOption[]
}

/**
 * One choice out of a few (DADS radio buttons) in `<fieldset><legend>`. The fieldset is the
 * radiogroup: it carries `aria-required`, `aria-invalid` and `aria-describedby` (support text,
 * error text). Native radios sharing a name, so Tab enters the group and the arrow keys choose.
 * The value is the chosen option's value, '' while none is chosen.
 */
export function RadioGroup<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  control,
  name,
  id,
  label,
  required = false,
  support,
  error,
  options,
}: RadioGroupProps<TFieldValues, TTransformed>) {
  const { field } = useController({ control, name })
  const ids = useFieldIds(id)
  const hasSupport = hasContent(support)
  const message = error === '' ? undefined : error
  const selected: unknown = field.value
  return (
    <fieldset
      role="radiogroup"
      className="flex flex-col gap-2"
      aria-describedby={describedBy(ids, hasSupport, message)}
      aria-invalid={message !== undefined}
      aria-required={required ? true : undefined}
      {...{ [FIELD_ATTRIBUTE]: name }}
    >
      <legend className={legendClassName}>
        <LabelContent label={label} required={required} />
      </legend>
      {hasSupport && <SupportText id={ids.supportId}>{support}</SupportText>}
      <ChoiceList
        type="radio"
        firstId={ids.id}
        name={field.name}
        options={options}
        isChecked={(value) => selected === value}
        onToggle={(value) => field.onChange(value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
      />
      {message !== undefined && <ErrorText id={ids.errorId}>{message}</ErrorText>}
    </fieldset>
  )
}
