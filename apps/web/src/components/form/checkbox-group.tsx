import type { ReactNode } from 'react'
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form'
import {
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
  control: Control<TFieldValues, unknown, TTransformed>
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
      <div className="flex flex-col gap-2">
        {options.map((option, index) => {
          const optionId = index === 0 ? ids.id : `${ids.id}-${index}`
          return (
            <div key={option.value} className="flex items-center gap-2">
              <input
                ref={index === 0 ? field.ref : undefined}
                id={optionId}
                type="checkbox"
                name={field.name}
                value={option.value}
                checked={ticked.includes(option.value)}
                onChange={(event) => toggle(option.value, event.currentTarget.checked)}
                onBlur={field.onBlur}
                aria-invalid={message !== undefined}
                className="size-6 accent-blue-900"
              />
              <label htmlFor={optionId} className="py-1 text-std-16N-170">
                {option.label}
              </label>
            </div>
          )
        })}
      </div>
      {message !== undefined && <ErrorText id={ids.errorId}>{message}</ErrorText>}
    </fieldset>
  )
}
