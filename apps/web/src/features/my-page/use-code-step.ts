import { errorCodes } from '@app/shared/errors'
import { useCallback, useEffect, useState } from 'react'
import { codeStepCodes, resendCodes, restartCodes } from './my-page-codes.ts'
import { useMyPageAction } from './use-my-page-action.ts'

const stepCodes: readonly string[] = [...new Set([...codeStepCodes, ...resendCodes])]

/**
 * A code step (loginCode, telephoneAuthSelect, verifyTelephoneAuth, mailChangeCode,
 * passwordResetCode): the code sent and, when asked, a new code. A wrong or expired code leaves
 * the form for another try (SPEC §8.4); the 5th wrong code or an unknown attempt ends it (`onOver`
 * forgets it, and the screen offers the way back to the start). A new code asked for an attempt
 * that has ended says so too. Arriving without a live attempt (a reload after it ended, a
 * bookmark) is told as an attempt not found, with the same way back.
 */
export function useCodeStep(hasAttempt: boolean, onOver: () => void) {
  const action = useMyPageAction(stepCodes)
  const [isOver, setIsOver] = useState(!hasAttempt)
  const [isResent, setIsResent] = useState(false)
  const { run, runOutsideForm, show } = action

  useEffect(() => {
    if (!hasAttempt) show(errorCodes.attemptNotFound)
  }, [hasAttempt, show])

  const end = useCallback(() => {
    setIsOver(true)
    onOver()
  }, [onOver])

  const submit = useCallback(
    async (call: () => Promise<void>): Promise<void> => {
      setIsResent(false)
      const code = await run(call)
      if (code !== undefined && restartCodes.includes(code)) end()
    },
    [run, end],
  )

  /** After asking for a code: "expired" is then the attempt's own end, and it cannot go on. */
  const endIfAttemptEnded = useCallback(
    (code: string | undefined): void => {
      if (code === errorCodes.codeExpired) show(errorCodes.attemptNotFound)
      if (code === errorCodes.codeExpired || code === errorCodes.attemptNotFound) end()
    },
    [show, end],
  )

  const resend = useCallback(
    async (call: () => Promise<void>): Promise<void> => {
      setIsResent(false)
      const code = await runOutsideForm(async () => {
        await call()
        setIsResent(true)
      })
      endIfAttemptEnded(code)
    },
    [runOutsideForm, endIfAttemptEnded],
  )

  /** A code asked for from a form (telephoneAuthSelect): its failures stay the form's. */
  const request = useCallback(
    async (call: () => Promise<void>): Promise<void> => {
      endIfAttemptEnded(await run(call))
    },
    [run, endIfAttemptEnded],
  )

  return { message: action.message, isOver, isResent, submit, resend, request }
}
