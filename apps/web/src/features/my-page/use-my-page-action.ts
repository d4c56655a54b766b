import { useCallback, useState } from 'react'
import { inFlowCodeOf, useInFlowMessage } from '@/components/in-flow-alert.tsx'
import { myPageErrorText } from './my-page-messages.ts'

/**
 * A my-page call and its in-flow message (SPEC §8.4): `run` clears the last message, and when the
 * call fails with one of `codes` shows that code's message (its text from the my-page
 * catalogue) and answers the code; any other failure is rethrown, so a form's submit shows it on
 * the error screen (use-step-form). `runOutsideForm` does the same for a button outside a form:
 * the failure is thrown while rendering, for the route's error boundary.
 */
export function useMyPageAction(codes: readonly string[]) {
  const inFlow = useInFlowMessage(myPageErrorText)
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  const { clear, show } = inFlow

  const run = useCallback(
    async (action: () => Promise<void>): Promise<string | undefined> => {
      clear()
      try {
        await action()
        return undefined
      } catch (error) {
        const code = inFlowCodeOf(error, codes)
        if (code === undefined) throw error
        show(code, error)
        return code
      }
    },
    [clear, show, codes],
  )

  const runOutsideForm = useCallback(
    (action: () => Promise<void>): Promise<string | undefined> =>
      run(action).catch((error: unknown) => {
        setFailure({ error })
        return undefined
      }),
    [run],
  )

  if (failure !== undefined) throw failure.error
  return { message: inFlow.message, clear, show, run, runOutsideForm }
}
