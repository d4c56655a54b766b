import { t } from '@app/shared/messages/admin-console'
import { useEffect, useId, useRef, type ReactNode } from 'react'

// A modal dialog (issue #20): the native <dialog> opened with showModal(), so the browser keeps
// focus inside it and Escape closes it; focus goes to its first field (or button) when it opens
// and back to what opened it when it closes.

export function ModalDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (dialog === null || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    const first = dialog.querySelector<HTMLElement>(
      'textarea, input:not([type=hidden]), select, button:not([data-close])',
    )
    first?.focus()
    const cancel = (event: Event) => {
      event.preventDefault()
      onCloseRef.current()
    }
    dialog.addEventListener('cancel', cancel)
    return () => {
      dialog.removeEventListener('cancel', cancel)
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close()
        else dialog.removeAttribute('open')
      }
      opener?.focus()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-8 border border-solid-gray-600 bg-white p-0 backdrop:bg-black/50"
    >
      {open && (
        <div className="flex flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-std-20B-150 text-solid-gray-900">
              {title}
            </h2>
            <button
              type="button"
              data-close
              onClick={onClose}
              className="app-link shrink-0 text-std-16N-170"
            >
              {t('admin.common.close')}
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
