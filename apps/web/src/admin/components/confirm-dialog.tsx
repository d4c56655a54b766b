import { t } from '@app/shared/messages/admin-console'
import type { ReactNode } from 'react'
import { ModalDialog } from './dialog.tsx'
import { primaryButtonClassName, secondaryButtonClassName } from './ui.tsx'

// A yes/no confirmation before an act that cannot be taken back (publishing a product or a
// roster, issue #21): what will happen, the act's own button, and 「キャンセル」.

export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  isBusy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean
  title: string
  confirmLabel: string
  isBusy: boolean
  onConfirm: () => void
  onClose: () => void
  children: ReactNode
}) {
  return (
    <ModalDialog open={open} title={title} onClose={onClose}>
      {children}
      <div className="flex gap-4">
        <button
          type="button"
          aria-disabled={isBusy}
          className={primaryButtonClassName}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" data-close className={secondaryButtonClassName} onClick={onClose}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </ModalDialog>
  )
}
