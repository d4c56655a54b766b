import { withRetryTime } from '@app/shared/messages/retry-time'
import { findMessage, t } from '@app/shared/messages/shell'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { ApiError } from '../lib/api-client.ts'

// SPEC §8.4 in-flow messages: a failure the applicant can act on is told on the screen, above the
// form, rather than on the error screen; everything typed stays. Any other failure still goes to
// the route's error boundary (ADR 0003).

export interface InFlowMessage {
  errorCode: string
  text: string
  /** a new value for every failure, so the same message shown again takes focus again */
  key: number
}

/** The code of an ApiError whose code is one of `codes`, else undefined. */
export function inFlowCodeOf(error: unknown, codes: readonly string[]): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  return codes.includes(error.body.errorCode) ? error.body.errorCode : undefined
}

/** The shell's text of an error code (its `error.<code>`), or the error screens' default. */
function shellErrorText(errorCode: string): string {
  return findMessage(`error.${errorCode}`) ?? t('errorScreen.default.description')
}

/**
 * The message shown and how to show one. `textOf` gives a code's text: by default the shell's
 * catalogue; an area with codes of its own (my-page) passes its translator's. Given the failure,
 * a refusal that ends by itself says when to try again (its Retry-After; issue #23 point 15).
 */
export function useInFlowMessage(textOf: (errorCode: string) => string = shellErrorText) {
  const [message, setMessage] = useState<InFlowMessage | undefined>(undefined)
  const count = useRef(0)
  const show = useCallback(
    (errorCode: string, failure?: unknown) => {
      count.current += 1
      const text = textOf(errorCode)
      const retryAfter = failure instanceof ApiError ? failure.retryAfterSeconds : undefined
      setMessage({
        errorCode,
        text: retryAfter === undefined ? text : withRetryTime(text, retryAfter, new Date()),
        key: count.current,
      })
    },
    [textOf],
  )
  const clear = useCallback(() => setMessage(undefined), [])
  return { message, show, clear }
}

/**
 * The message in a role="alert" box that takes focus when it appears, so a screen reader reads it
 * and a keyboard user goes on from it; with the agency's contact when the message says to call.
 */
export function InFlowAlert({
  message,
  contact,
  children,
}: {
  message: InFlowMessage | undefined
  /** the agency's contact (refFreeField), shown under the message when given */
  contact?: string | undefined
  children?: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message !== undefined) ref.current?.focus()
  }, [message])
  if (message === undefined) return null
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-error-code={message.errorCode}
      className="flex flex-col gap-4 rounded-8 border-2 border-error-1 bg-white p-4 md:p-6"
    >
      <p className="text-std-16B-170 text-solid-gray-900">{message.text}</p>
      {contact !== undefined && (
        <div className="flex flex-col gap-1">
          <p className="text-std-16B-170 text-solid-gray-900">{t('errorScreen.contactHeading')}</p>
          <p className="text-std-16N-170 whitespace-pre-wrap">
            {contact.trim() === '' ? t('errorScreen.contactFallback') : contact}
          </p>
        </div>
      )}
      {children}
    </div>
  )
}
