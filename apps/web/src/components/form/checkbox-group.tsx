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
import type { ChoiceOption } from './radio-group.tsx'

export interface CheckboxGroupProps<TFieldValues extends FieldValues, TTransformed> {
  control: Control<TFieldValues, TTransformed>
  name: FieldPathByValue<TFieldValues, string[]>
  /** the first checkbox's id: the error summary links to it */
  id?: string | undefined
  /** the legend */
  label: string
  required?: boolean | undefined
  support?: ReactNode
  error?: string | undefined
  options: readonly ChoiceOption[]
}

/**
 * Any number of choices (DADS checkboxes) in `<fieldset><legend>`, with `aria-describedby` on
 * the fieldset. The value is the ticked options' values in the options' order (`fieldGroupSchema`
 * checks it). 「※必須」 in the legend means "at least one": the boxes get no `aria-required`,
 * which would say that every box must be ticked.
 */
export function CheckboxGroup<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  control,
  name,
  id,
  label,
  required = false,
  support,
  error,
  options,
}: CheckboxGroupProps<TFieldValues, TTransformed>) {
  const { field } = useController({ control, name })
  const ids = useFieldIds(id)
  const hasSupport = hasContent(support)
  const message = error === '' ? undefined : error
  const value: unknown = field.value
  const ticked: readonly unknown[] = Array.isArray(value) ? value : []

  function toggle(optionValue: string, isTicked: boolean): void {
    const next = options
      .map((option) => option.value)
      .filter((candidate) => (candidate === optionValue ? isTicked : ticked.includes(candidate)))
    field.onChange(next)
  }

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={describedBy(ids, hasSupport, message)}
      {...{ [FIELD_ATTRIBUTE]: name }}
    >
      <legend className={legendClassName}>
        <LabelContent label={label} required={required} />
      </legend>
      {hasSupport && <SupportText id={ids.supportId}>{support}</SupportText>}
      <ChoiceList
        type="checkbox"
        firstId={ids.id}
        name={field.name}
        options={options}
        isChecked={(value) => ticked.includes(value)}
        onToggle={toggle}
        onBlur={field.onBlur}
        inputRef={field.ref}
        isInvalid={message !== undefined}
      />
      {message !== undefined && <ErrorText id={ids.errorId}>{message}</ErrorText>}
    </fieldset>
  )
}
