import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { formatJapaneseDate } from '@app/shared/format/display'
import { t } from '@app/shared/messages/application-forms-common'
import { validateRules } from '@app/shared/rules/fields'
import { validateItemAnswer, type ItemAnswer } from '@app/shared/rules/item-answers'
import {
  useController,
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from '@/components/form/form-store.ts'
import * as z from 'zod/mini'
import { CheckboxGroup } from '@/components/form/checkbox-group.tsx'
import { DateInput, dateInputRules } from '@/components/form/date-input.tsx'
import { textInputClassName } from '@/components/form/field-parts.tsx'
import { Field, type FieldControlProps } from '@/components/form/field.tsx'
import { RadioGroup, type ChoiceOption } from '@/components/form/radio-group.tsx'
import type { BoundFieldProps } from '@/components/form/use-step-form.ts'

// The one renderer of a group's item definitions (SPEC §3.5, issue #6 point 4, ADR 0012): the
// policy holder's items, the insured persons' items and the notice matters. Each answer is
// checked with the item's ruleArray through validateItemAnswer, as the server checks it.

/** An answer in the form: one string, or the ticked codes of a checkbox item. */
export type ItemAnswerValue = string | string[]
export type ItemAnswerValues = Record<string, ItemAnswerValue>

function isRequired(item: ItemDefinition): boolean {
  return item.ruleArray.includes('required')
}

function emptyAnswer(item: ItemDefinition): ItemAnswerValue {
  return item.inputType === 'checkbox' ? [] : ''
}

/** A saved answer in the form the item's control holds. */
function answerFor(item: ItemDefinition, saved: ItemAnswer): ItemAnswerValue {
  if (saved === undefined) return emptyAnswer(item)
  if (item.inputType === 'checkbox') {
    return typeof saved === 'string' ? (saved === '' ? [] : [saved]) : [...saved]
  }
  return typeof saved === 'string' ? saved : (saved[0] ?? '')
}

/**
 * The form's answers: every saved answer (an item not asked on this screen, such as the
 * three-item authentication values copied from the roster, goes back to the server unchanged),
 * and for each item shown its saved answer or an empty one.
 */
export function itemAnswerDefaults(
  items: readonly ItemDefinition[],
  saved: Readonly<Record<string, ItemAnswer>> = {},
): ItemAnswerValues {
  const values: ItemAnswerValues = {}
  for (const [code, answer] of Object.entries(saved)) {
    if (answer !== undefined) values[code] = typeof answer === 'string' ? answer : [...answer]
  }
  for (const item of items) values[item.itemCode] = answerFor(item, saved[item.itemCode])
  return values
}

// The three date boxes' own format message comes before yearMonthDate, as on every date input
// of the kit (ADR 0007): 「半角数字8桁」 would not describe the boxes the applicant sees.
const dateBoxRules = dateInputRules({ required: false })

/** The message for an answer, or undefined when it passes: the rules the server runs. */
export function itemAnswerMessage(item: ItemDefinition, answer: ItemAnswer): string | undefined {
  if (item.inputType === 'date' && typeof answer === 'string' && answer !== '') {
    const format = validateRules(dateBoxRules, answer)
    if (format !== undefined) return format
  }
  return validateItemAnswer(item, answer)
}

/** A further rule of an answer (a notice answer that blocks the application). */
export type ExtraAnswerRule = (item: ItemDefinition, answer: ItemAnswerValue) => string | undefined

/**
 * The schema of the answers to `items`, keyed by itemCode, for useStepForm: each answer gets
 * its item's message (itemAnswerMessage, then `extraRule`). Answers to other items pass as they
 * are.
 */
export function itemAnswersSchemaFor(
  items: readonly ItemDefinition[],
  extraRule?: ExtraAnswerRule,
): z.ZodMiniType<ItemAnswerValues, ItemAnswerValues> {
  const answer = z.union([z.string(), z.array(z.string())])
  const shape = Object.fromEntries(
    items.map((item) => [
      item.itemCode,
      answer.check((payload) => {
        const message = itemAnswerMessage(item, payload.value) ?? extraRule?.(item, payload.value)
        if (message !== undefined) {
          payload.issues.push({ code: 'custom', message, input: payload.value })
        }
      }),
    ]),
  )
  return z.looseObject(shape)
}

/** An answer as a screen shows it: the choices' labels, a date as 「2027年1月1日」, text as it is. */
export function itemAnswerText(item: ItemDefinition, answer: ItemAnswer): string {
  const values = answer === undefined ? [] : typeof answer === 'string' ? [answer] : answer
  return values
    .filter((value) => value !== '')
    .map((value) => {
      if (item.inputType === 'date') return formatJapaneseDate(value)
      return item.choiceArray.find((choice) => choice.code === value)?.label ?? value
    })
    .join('、')
}

/** Each item's label under its field name (`${prefix}${itemCode}`), for useStepForm's labels. */
export function itemLabels<P extends string>(
  items: readonly ItemDefinition[],
  prefix: P,
): Record<`${P}${string}`, string> {
  return Object.fromEntries(
    items.map((item) => [`${prefix}${item.itemCode}`, item.itemName]),
  ) as Record<`${P}${string}`, string>
}

export interface ItemFieldProps<
  TFieldValues extends FieldValues,
  TTransformed,
> extends BoundFieldProps<FieldPath<TFieldValues>> {
  item: ItemDefinition
  control: Control<TFieldValues, TTransformed>
}

function optionsOf(item: ItemDefinition): ChoiceOption[] {
  return item.choiceArray.map((choice) => ({ value: choice.code, label: choice.label }))
}

interface TextControlProps<TFieldValues extends FieldValues, TTransformed> {
  item: ItemDefinition
  control: Control<TFieldValues, TTransformed>
  name: FieldPath<TFieldValues>
  /** what the Field hands to its control: id, aria-describedby, aria-invalid, aria-required */
  aria: FieldControlProps
}

/** A text box, a free-text area or a select, held by the form store as one string. */
function TextControl<TFieldValues extends FieldValues, TTransformed>({
  item,
  control,
  name,
  aria,
}: TextControlProps<TFieldValues, TTransformed>) {
  const { field } = useController({ control, name })
  const value: unknown = field.value
  const bound = {
    ...aria,
    name: field.name,
    ref: field.ref,
    value: typeof value === 'string' ? value : '',
    onChange: field.onChange,
    onBlur: field.onBlur,
  }
  if (item.inputType === 'textarea') {
    return <textarea rows={4} className={`${textInputClassName} w-full`} {...bound} />
  }
  if (item.inputType === 'select') {
    return (
      <select className={`${textInputClassName} w-full md:w-96`} {...bound}>
        <option value="">{t('applicationForm.select.empty')}</option>
        {item.choiceArray.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.label}
          </option>
        ))}
      </select>
    )
  }
  return <input type="text" className={`${textInputClassName} w-full md:w-96`} {...bound} />
}

/**
 * One item definition as its inputType asks (DADS anatomy): label = itemName, 「※必須」 when
 * ruleArray has required, supportText as the support text, the error linked. Spread
 * `form.fieldProps(name)` on it, with a name such as `itemAnswers.${itemCode}`.
 */
export function ItemField<TFieldValues extends FieldValues, TTransformed>({
  item,
  control,
  id,
  name,
  label,
  error,
}: ItemFieldProps<TFieldValues, TTransformed>) {
  const common = {
    id,
    label,
    error,
    required: isRequired(item),
    support: item.supportText === '' ? undefined : item.supportText,
  }
  switch (item.inputType) {
    case 'radio':
      return (
        <RadioGroup
          {...common}
          control={control}
          name={name as FieldPathByValue<TFieldValues, string>}
          options={optionsOf(item)}
        />
      )
    case 'checkbox':
      return (
        <CheckboxGroup
          {...common}
          control={control}
          name={name as FieldPathByValue<TFieldValues, string[]>}
          options={optionsOf(item)}
        />
      )
    case 'date':
      return (
        <DateInput
          {...common}
          control={control}
          name={name as FieldPathByValue<TFieldValues, string>}
        />
      )
    default:
      return (
        <Field {...common} name={name}>
          {(aria) => <TextControl item={item} control={control} name={name} aria={aria} />}
        </Field>
      )
  }
}
