import type { PaymentOutcome } from '@app/shared/api/payment/payment'
import { errorCodes } from '@app/shared/errors'
import { isInFlowPaymentError } from '@app/shared/rules/payment'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useHref, useLocation, useNavigate } from 'react-router'
import { ApiError, type ApiClient } from '@/lib/api-client.ts'
import { useServices } from '@/lib/services.tsx'
import type { InFlowMessage } from '@/components/in-flow-alert.tsx'
import { clearIdempotencyKey, executionClient, idempotencyKeyFor } from './idempotency-key.ts'
import { paymentErrorText } from './payment-messages.ts'

/**
 * How long the return from the 3-D Secure page still counts as reached through the flow: the
 * person there may wait for a code by SMS or look for their card.
 */
const THREE_D_SECURE_HANDOFF_MS = 30 * 60_000

// Running a payment (issue #7, ADR 0014): one at a time, with the processing state the screen
// announces; the execution with the payment's idempotency key; and what its answer means —
// completeApplication, the provider's 3-D Secure page, a message beside the form (SPEC §8.4), or
// the error screen (SPEC §8.2, §8.3).

/** How an execution ended, for the screen (a refused card payment resets the puzzle). */
export type ExecutionResult = 'completed' | 'redirected' | 'refused' | 'failed'

// A failure after which nobody knows whether the payment was made (no answer, or the server's
// unexpected error): the retry must send the same key, so the server answers with the first
// result instead of charging again. Maintenance (503) was never processed; the key may stay.
function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  const { status, body } = error
  return (
    status === 0 ||
    status === 503 ||
    body.errorCode === errorCodes.system ||
    body.errorCode === errorCodes.unknown
  )
}

/** Only a web address may be navigated to (never javascript: or data:). */
function isWebAddress(href: string): boolean {
  try {
    const { protocol } = new URL(href, window.location.href)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

export interface PaymentExecution {
  /** the in-flow message (role="alert" beside the form), if any */
  message: InFlowMessage | undefined
  /** a payment is on its way: the button is disabled and payment.processing announced */
  isProcessing: boolean
  /** shows the in-flow message of a payment error code */
  showError: (errorCode: string) => void
  clearMessage: () => void
  /** the error screen, as for any failure the screen cannot tell about (ADR 0003) */
  fail: (error: unknown) => void
  /**
   * Runs `action` with the processing state; a second one asked for meanwhile is ignored (no
   * double submission). After a redirect to the provider the state stays: the page is leaving.
   */
  process: (action: () => Promise<void>) => Promise<void>
  /** Executes with the payment's idempotency key and follows the outcome. */
  execute: (call: (client: ApiClient) => Promise<PaymentOutcome>) => Promise<ExecutionResult>
}

export function usePaymentExecution(): PaymentExecution {
  const services = useServices()
  const { storage, flow, browser } = services
  const navigate = useNavigate()
  // This page as the flow tracker knows it (with the /app prefix): the provider returns here.
  const paymentHref = useHref(useLocation().pathname)
  const [message, setMessage] = useState<InFlowMessage | undefined>(undefined)
  const [isProcessing, setProcessing] = useState(false)
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  const isBusy = useRef(false)
  const isLeaving = useRef(false)
  const messageCount = useRef(0)

  // Back from the provider's page by the browser's Back, the page may come from the back/forward
  // cache as it was left (processing): the applicant can pay again.
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !isLeaving.current) return
      isLeaving.current = false
      setProcessing(false)
    }
    window.addEventListener('pageshow', handlePageShow)
    return () => window.removeEventListener('pageshow', handlePageShow)
  }, [])

  const showError = useCallback((errorCode: string) => {
    messageCount.current += 1
    setMessage({ errorCode, text: paymentErrorText(errorCode), key: messageCount.current })
  }, [])
  const clearMessage = useCallback(() => setMessage(undefined), [])
  const fail = useCallback((error: unknown) => setFailure({ error }), [])

  const process = useCallback(async (action: () => Promise<void>) => {
    if (isBusy.current) return
    isBusy.current = true
    setProcessing(true)
    try {
      await action()
    } finally {
      isBusy.current = false
      if (!isLeaving.current) setProcessing(false)
    }
  }, [])

  const follow = useCallback(
    (outcome: PaymentOutcome): ExecutionResult => {
      if (outcome.result === 'completed') {
        clearIdempotencyKey(storage)
        void navigate('../completeApplication', { relative: 'path', replace: true })
        return 'completed'
      }
      if (!isWebAddress(outcome.redirectUrl)) {
        fail(new Error('the 3-D Secure address is not a web address'))
        return 'failed'
      }
      // The provider's 3-D Secure page is a full page load; it sends the browser back to
      // payment?threeDSecure=return, which the direct-access block must let in (SPEC §2.5).
      isLeaving.current = true
      flow.handOff(paymentHref, THREE_D_SECURE_HANDOFF_MS)
      browser.assign(outcome.redirectUrl)
      return 'redirected'
    },
    [storage, navigate, fail, flow, browser, paymentHref],
  )

  const execute = useCallback(
    async (call: (client: ApiClient) => Promise<PaymentOutcome>): Promise<ExecutionResult> => {
      const client = executionClient(storage, idempotencyKeyFor(storage))
      let outcome: PaymentOutcome
      try {
        outcome = await call(client)
      } catch (error) {
        const errorCode = error instanceof ApiError ? error.body.errorCode : undefined
        if (errorCode !== undefined && isInFlowPaymentError(errorCode)) {
          // Refused for good (SPEC §8.4): the next try is a new payment with a new key.
          clearIdempotencyKey(storage)
          showError(errorCode)
          return 'refused'
        }
        if (errorCode === errorCodes.paymentInProgress) {
          // The first request with this key is still being processed: wait, then the same key.
          showError(errorCode)
          return 'refused'
        }
        if (!isOutcomeUnknown(error)) clearIdempotencyKey(storage)
        fail(error)
        return 'failed'
      }
      return follow(outcome)
    },
    [storage, showError, fail, follow],
  )

  // rethrown while rendering: the route's error boundary shows the error screen (ADR 0003)
  if (failure !== undefined) throw failure.error
  return { message, isProcessing, showError, clearMessage, fail, process, execute }
}
