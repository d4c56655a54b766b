import { useState } from 'react'
import { t } from '../my-page-messages.ts'

/**
 * 「認証コードを再送信する」 and, in a polite live region, whether the new code is on its way or
 * sent. The button is disabled while a code is being sent: one request at a time.
 */
export function ResendButton({
  isResent,
  onResend,
}: {
  isResent: boolean
  onResend: () => Promise<void>
}) {
  const [isSending, setIsSending] = useState(false)
  return (
    <div className="flex flex-col gap-2">
      <div>
        <button
          type="button"
          disabled={isSending}
          className="app-button-secondary w-full md:w-auto"
          onClick={() => {
            setIsSending(true)
            void onResend().finally(() => setIsSending(false))
          }}
        >
          {t('myp.code.resend')}
        </button>
      </div>
      <p role="status" className="text-std-16N-170">
        {isSending ? t('myp.code.sending') : isResent ? t('myp.code.resent') : ''}
      </p>
    </div>
  )
}
