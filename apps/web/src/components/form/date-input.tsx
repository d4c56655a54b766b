import { t } from '@app/shared/messages/shell'
import type { RuleSpec } from '@app/shared/rules/fields'
import { useId, useState, type ChangeEvent, type ReactNode } from 'react'
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from './form-store.ts'
import {
  describedBy,
  ErrorText,
  FIELD_ATTRIBUTE,
  hasContent,
  LabelContent,
  legendClassName,
  SupportText,
  textInputClassName,
  useFieldIds,
} from './field-parts.tsx'

export interface DateParts {
  year: string
  month: string
  day: string
}

const EMPTY_PARTS: DateParts = { year: '', month: '', day: '' }
const YEAR = /^[0-9]{4}$/
const MONTH_OR_DAY = /^[0-9]{1,2}$/
const YYYYMMDD = /^([0-9]{4})([0-9]{2})([0-9]{2})$/
// Joins parts that do not make 8 digits. The result always holds a separator, so it can never
// pass yearMonthDate, and nothing the user typed is dropped.
const SEPARATOR = '-'

/**
 * The wire form (SPEC §5.2 yearMonthDate, YYYYMMDD) of what is in the three boxes: '' while all
 * are empty; 4 + 1–2 + 1–2 half-width digits become 8 digits (月・日 padded with 0); anything
 * else is kept as typed, joined with '-', so the rule reports it. Never truncated or normalised:
 * 「１９９０」 or 「90」 stays wrong rather than being read as some other year.
 */
export function combineDateParts({ year, month, day }: DateParts): string {
  if (year === '' && month === '' && day === '') return ''
  if (YEAR.test(year) && MONTH_OR_DAY.test(month) && MONTH_OR_DAY.test(day)) {
    return `${year}${month.padStart(2, '0')}${day.padStart(2, '0')}`
  }
  return [year, month, day].join(SEPARATOR)
}

/**
 * The rules of a date typed in the three boxes: the boxes' own format message first (the wire
 * rule's 「半角数字8桁」 would not describe what the applicant sees), then SPEC §5.2 yearMonthDate
 * for a date that does not exist. The server checks the YYYYMMDD value with yearMonthDate itself.
 */
export function dateInputRules(options: { required: boolean }): RuleSpec[] {
  return [
    ...(options.required ? (['required'] as const) : []),
    ['regex', { pattern: YYYYMMDD, messageKey: 'validation.dateParts' }],
    'yearMonthDate',
  ]
}

/** The boxes for a value set from outside (the saved draft, a reset). */
export function splitDateValue(value: string): DateParts {
  const match = YYYYMMDD.exec(value)
  if (match !== null) return { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' }
  const pieces = value.split(SEPARATOR)
  if (pieces.length === 3)
    return { year: pieces[0] ?? '', month: pieces[1] ?? '', day: pieces[2] ?? '' }
  return { ...EMPTY_PARTS, year: value }
}

export interface DateInputProps<TFieldValues extends FieldValues, TTransformed> {
  control: Control<TFieldValues, TTransformed>
  name: FieldPathByValue<TFieldValues, string>
  /** the 年 box's id: the error summary links to it */
  id?: string | undefined
  /** the legend, e.g. 生年月日 */
  label: string
  required?: boolean | undefined
  support?: ReactNode
  error?: string | undefined
  /** `bday` for a date of birth: the boxes get bday-year, bday-month and bday-day */
  autoComplete?: 'bday' | undefined
}

type PartName = keyof DateParts

const partLabelKey = {
  year: 'form.date.year',
  month: 'form.date.month',
  day: 'form.date.day',
} as const satisfies Record<PartName, string>

// Wide enough for 4 and 2 digits with the box's padding, and narrow enough that the three boxes
// with their labels share one line on a 375 px screen (issue #23 point 21). Below that the boxes
// give way down to their minimum (a 320 px screen still fits) rather than wrapping one box alone.
const partWidth: Record<PartName, string> = {
  year: 'w-24 min-w-[4.5rem]',
  month: 'w-16 min-w-14',
  day: 'w-16 min-w-14',
}

/**
 * A date as three boxes, 年 / 月 / 日 (DADS date input, for dates people know such as a date of
 * birth), in `<fieldset><legend>`. The form value is one string, YYYYMMDD (combineDateParts).
 * Each box is named by the legend and its own label (「生年月日 年」), opens the numeric keyboard,
 * and has no maxLength.
 */
export function DateInput<TFieldValues extends FieldValues, TTransformed = TFieldValues>({
  control,
  name,
  id,
  label,
  required = false,
  support,
  error,
  autoComplete,
}: DateInputProps<TFieldValues, TTransformed>) {
  const { field } = useController({ control, name })
  const ids = useFieldIds(id)
  const labelTextId = useId()
  const hasSupport = hasContent(support)
  const message = error === '' ? undefined : error
  const fieldValue: unknown = field.value
  const value = typeof fieldValue === 'string' ? fieldValue : ''

  // The boxes are this component's state: '1990' '4' '1' and '1990' '04' '01' are the same value.
  // A value from outside that the boxes do not already make replaces them.
  const [boxes, setBoxes] = useState(() => ({ parts: splitDateValue(value), value }))
  if (boxes.value !== value) {
    const parts = combineDateParts(boxes.parts) === value ? boxes.parts : splitDateValue(value)
    setBoxes({ parts, value })
  }

  function change(part: PartName, event: ChangeEvent<HTMLInputElement>): void {
    const parts = { ...boxes.parts, [part]: event.currentTarget.value }
    const combined = combineDateParts(parts)
    setBoxes({ parts, value: combined })
    field.onChange(combined)
  }

  const partIds: Record<PartName, string> = {
    year: ids.id,
    month: `${ids.id}-month`,
    day: `${ids.id}-day`,
  }

  return (
    <fieldset
      // a fieldset is at least as wide as its content unless told otherwise: the boxes could not
      // give way on a narrow screen
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={describedBy(ids, hasSupport, message)}
      {...{ [FIELD_ATTRIBUTE]: name }}
    >
      <legend className={legendClassName}>
        <LabelContent label={label} required={required} textId={labelTextId} />
      </legend>
      {hasSupport && <SupportText id={ids.supportId}>{support}</SupportText>}
      <div className="flex items-center gap-3">
        {(['year', 'month', 'day'] as const).map((part) => (
          <div key={part} className="flex min-w-0 items-center gap-2">
            <input
              ref={part === 'year' ? field.ref : undefined}
              id={partIds[part]}
              type="text"
              inputMode="numeric"
              autoComplete={autoComplete === 'bday' ? `bday-${part}` : undefined}
              aria-labelledby={`${labelTextId} ${partIds[part]}-label`}
              aria-invalid={message !== undefined}
              aria-required={required ? true : undefined}
              value={boxes.parts[part]}
              onChange={(event) => change(part, event)}
              onBlur={field.onBlur}
              className={`${textInputClassName} ${partWidth[part]}`}
            />
            <label
              id={`${partIds[part]}-label`}
              htmlFor={partIds[part]}
              className="shrink-0 text-std-16N-170"
            >
              {t(partLabelKey[part])}
            </label>
          </div>
        ))}
      </div>
      {message !== undefined && <ErrorText id={ids.errorId}>{message}</ErrorText>}
    </fieldset>
  )
}
