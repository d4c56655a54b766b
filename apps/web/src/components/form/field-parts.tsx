import { t } from '@app/shared/messages/shell'
import { useId, type ReactNode } from 'react'

/**
 * The pieces every field of the kit shares (DADS anatomy: label, 「※必須」, support text, input,
 * error text). The element that carries `data-field` is the whole field: use-step-form reads it
 * to tell which field an event belongs to and whether focus has left that field.
 */
export const FIELD_ATTRIBUTE = 'data-field'

export interface FieldIds {
  /** the control's id: the label's `for`, and the error summary's link target */
  id: string
  supportId: string
  errorId: string
}

export function useFieldIds(id: string | undefined): FieldIds {
  const generated = useId()
  const base = id ?? generated
  return { id: base, supportId: `${base}-support`, errorId: `${base}-error` }
}

/** Whether a support text was given (`support={condition && '…'}` gives false when it is not). */
export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== ''
}

/** `aria-describedby`: the support text, then the error text; undefined when there is neither. */
export function describedBy(
  ids: FieldIds,
  hasSupport: boolean,
  error: string | undefined,
): string | undefined {
  const parts = [hasSupport ? ids.supportId : undefined, error ? ids.errorId : undefined]
  const value = parts.filter((part) => part !== undefined).join(' ')
  return value === '' ? undefined : value
}

function RequiredMarker() {
  return (
    <span className="text-dns-16N-130 whitespace-nowrap text-error-2">{t('form.required')}</span>
  )
}

/** A label's or legend's text with 「※必須」; `textId` names the label text alone. */
export function LabelContent({
  label,
  required,
  textId,
}: {
  label: string
  required: boolean
  textId?: string | undefined
}) {
  return (
    <>
      {textId === undefined ? label : <span id={textId}>{label}</span>}
      {required && (
        <>
          {' '}
          <RequiredMarker />
        </>
      )}
    </>
  )
}

/** The support text; a block (a list of conditions) when it is more than a sentence. */
export function SupportText({ id, children }: { id: string; children: ReactNode }) {
  const Element = typeof children === 'string' ? 'p' : 'div'
  return (
    <Element id={id} className="text-std-16N-170 text-solid-gray-700">
      {children}
    </Element>
  )
}

function ErrorIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-1 size-5 shrink-0 fill-current">
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.25 5h2.5v7h-2.5V7Zm0 9h2.5v2.5h-2.5V16Z" />
    </svg>
  )
}

/**
 * The error text under a field. The icon is the cue that does not rely on colour (WCAG 1.4.1);
 * the field's `aria-invalid` tells a screen reader, and the text is its description.
 */
export function ErrorText({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="flex items-start gap-1 text-std-16B-170 text-error-1">
      <ErrorIcon />
      <span>{children}</span>
    </p>
  )
}

/** Looks shared by every text box of the kit (DADS input: 56 px high, 8 px radius). */
export const textInputClassName =
  'min-h-14 rounded-8 border border-solid-gray-600 bg-white px-4 py-3 text-std-16N-170 text-solid-gray-900 hover:border-black aria-[invalid=true]:border-2 aria-[invalid=true]:border-error-1'

export const legendClassName = 'text-std-17B-170 text-solid-gray-900'

export interface ChoiceListProps {
  type: 'radio' | 'checkbox'
  /** the first input's id (what the label of the group and the error summary point at) */
  firstId: string
  name: string
  options: readonly { value: string; label: string }[]
  isChecked: (value: string) => boolean
  onToggle: (value: string, isTicked: boolean) => void
  onBlur: () => void
  /** the form store's ref, given to the first input so focus can be moved to the group */
  inputRef: (instance: HTMLInputElement | null) => void
  /** set on each box for checkboxes; a radio group carries it on its fieldset instead */
  isInvalid?: boolean | undefined
}

/** The options of a radio or checkbox group: native inputs, each with its own label. */
export function ChoiceList({
  type,
  firstId,
  name,
  options,
  isChecked,
  onToggle,
  onBlur,
  inputRef,
  isInvalid,
}: ChoiceListProps) {
  return (
    <div className="flex flex-col gap-2">
      {options.map((option, index) => {
        const optionId = index === 0 ? firstId : `${firstId}-${index}`
        return (
          <div key={option.value} className="flex items-center gap-2">
            <input
              ref={index === 0 ? inputRef : undefined}
              id={optionId}
              type={type}
              name={name}
              value={option.value}
              checked={isChecked(option.value)}
              onChange={(event) => onToggle(option.value, event.currentTarget.checked)}
              onBlur={onBlur}
              aria-invalid={isInvalid}
              className="size-6 accent-blue-900"
            />
            <label htmlFor={optionId} className="py-1 text-std-16N-170">
              {option.label}
            </label>
          </div>
        )
      })}
    </div>
  )
}
