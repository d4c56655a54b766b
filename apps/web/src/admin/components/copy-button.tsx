import { t } from '@app/shared/messages/admin-console'
import { useState } from 'react'
import { smallButtonClassName } from './ui.tsx'

/** Copies a text to the clipboard and says so in a live region. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={() => void copy()} className={smallButtonClassName}>
        {label ?? t('admin.common.copy')}
      </button>
      <span role="status" className="text-std-16N-170">
        {copied ? t('admin.common.copied') : ''}
      </span>
    </span>
  )
}
