import { t } from '@app/shared/messages/admin-console'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Field } from '@/components/form/field.tsx'
import { ModalDialog } from './dialog.tsx'
import {
  dangerButtonClassName,
  ErrorAlert,
  inputClassName,
  primaryButtonClassName,
  secondaryButtonClassName,
} from './ui.tsx'

// An action behind a typed reason (issue #20: the notice answers, a document, the support
// actions, cancelling) or an optional note (marking processed): the dialog asks for it, checks
// it (2–500 characters, as the server does), calls the action and shows its failure in place.

export const REASON_MIN = 2
export const REASON_MAX = 500

/** The reason's error text, or undefined when it may be sent. */
export function reasonError(value: string, required: boolean): string | undefined {
  const length = [...value.trim()].length
  if (length > REASON_MAX) return t('admin.reason.tooLong')
  if (required && length < REASON_MIN) return t('admin.reason.required')
  return undefined
}

export interface ReasonDialogProps {
  open: boolean
  title: string
  /** what happens, told before the field (a confirmation, 「閲覧は監査ログに記録されます」) */
  description?: ReactNode
  reasonLabel?: string
  /** false: an optional note (up to 500 characters) */
  required?: boolean
  /** fields before the reason (a new mail address); `validate` checks them */
  extra?: ReactNode
  validate?: () => boolean
  submitLabel: string
  danger?: boolean
  onSubmit: (reason: string) => Promise<void>
  onClose: () => void
}

export function ReasonDialog(props: ReasonDialogProps) {
  return (
    <ModalDialog open={props.open} title={props.title} onClose={props.onClose}>
      {/* a fresh form each time it opens */}
      {props.open && <ReasonForm {...props} />}
    </ModalDialog>
  )
}

function ReasonForm({
  description,
  reasonLabel = t('admin.reason.label'),
  required = true,
  extra,
  validate,
  submitLabel,
  danger = false,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const [isBusy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (isBusy) return
    const fieldError = reasonError(reason, required)
    setError(fieldError)
    const extraValid = validate?.() ?? true
    if (fieldError !== undefined || !extraValid) return
    setBusy(true)
    setFailure(undefined)
    try {
      await onSubmit(reason.trim())
    } catch (caught) {
      setFailure(caught)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {description !== undefined && <div className="text-std-16N-170">{description}</div>}
      <ErrorAlert error={failure} />
      {extra}
      <Field
        label={reasonLabel}
        required={required}
        support={required ? t('admin.reason.support') : undefined}
        error={error}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={inputClassName}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={secondaryButtonClassName}>
          {t('admin.common.cancel')}
        </button>
        <button
          type="submit"
          aria-disabled={isBusy}
          className={danger ? dangerButtonClassName : primaryButtonClassName}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
