import { t } from '@app/shared/messages/shell'
import { useEffect, useId, useRef, type MouseEvent } from 'react'
import { FIELD_ATTRIBUTE } from './field-parts.tsx'

export interface ErrorSummaryItem {
  /** the field's control id; without one (an issue no field shows) the item is plain text */
  fieldId?: string | undefined
  /** the field's label, put before the message (STYLE.md §8) */
  label?: string | undefined
  message: string
}

export interface ErrorSummaryProps {
  items: readonly ErrorSummaryItem[]
  /** each new value moves focus to the summary (use-step-form counts failed submits) */
  focusKey: number
}

function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string): void {
  // Focus without a fragment navigation, which the router would record as a history entry
  // (as the skip link does).
  event.preventDefault()
  const control = event.currentTarget.ownerDocument.getElementById(fieldId)
  if (control === null) return
  // Bring the whole field into view, so its label or legend is seen with the control.
  const field = control.closest(`[${FIELD_ATTRIBUTE}]`) ?? control
  field.scrollIntoView?.({ block: 'start' })
  control.focus({ preventScroll: true })
}

/**
 * エラーサマリー: after a failed submit, a box above the form that names each problem and links
 * to its field (GOV.UK / DADS pattern). It is a region named by its heading and takes focus when
 * it appears, so a screen reader reads it at once and a keyboard user goes on from it.
 */
export function ErrorSummary({ items, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLElement>(null)
  const titleId = useId()
  const isShown = items.length > 0

  useEffect(() => {
    if (focusKey > 0 && isShown) ref.current?.focus()
  }, [focusKey, isShown])

  if (!isShown) return null
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-8 border-2 border-error-1 bg-white p-4 md:p-6"
    >
      <h2 id={titleId} className="text-std-20B-150 text-solid-gray-900">
        {t('form.errorSummary.title')}
      </h2>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-6">
        {items.map((item, index) => {
          const text =
            item.label === undefined || item.label === ''
              ? item.message
              : t('form.errorSummary.item', { label: item.label, message: item.message })
          const { fieldId } = item
          return (
            <li key={`${fieldId ?? ''}-${index}`} className="text-std-16N-170">
              {fieldId === undefined ? (
                text
              ) : (
                <a
                  href={`#${fieldId}`}
                  onClick={(event) => focusField(event, fieldId)}
                  className="app-link"
                >
                  {text}
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
