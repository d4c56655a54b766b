import { useCallback, useState } from 'react'
import { useServices } from '@/lib/services.tsx'
import { t } from './my-page-messages.ts'
import {
  flowTypeOf,
  liveAttempt,
  telephoneAttemptOf,
  withoutTelephoneAttempt,
} from './my-page-state.ts'
import { useCodeStep } from './use-code-step.ts'
import { useMyPageLink, useMyPageState } from './use-my-page.ts'

/**
 * The telephone pages' step (telephoneAuthSelect, verifyTelephoneAuth; SPEC §3.6 flowType): the
 * sign-in's attempt (telephoneLogin) or the registration's (telephoneRegister) as the page first
 * found it, the code step over it, and where the flow starts again.
 */
export function useTelephoneStep() {
  const { now } = useServices()
  const { pathTo } = useMyPageLink()
  const { state, update } = useMyPageState()
  const flowType = flowTypeOf(state)
  const [attempt] = useState(() => liveAttempt(telephoneAttemptOf(state, flowType), now()))
  const forget = useCallback(
    () => update((current) => withoutTelephoneAttempt(current, flowType)),
    [update, flowType],
  )
  const step = useCodeStep(attempt !== undefined, forget)
  const isRegistering = flowType === 'telephoneRegister'
  const startAgain = isRegistering
    ? { to: pathTo('startRegisterTelephoneAuth'), label: t('myp.telephoneAuthSelect.changeNumber') }
    : { to: pathTo('login'), label: t('myp.backToLogin') }
  return { state, update, flowType, isRegistering, attempt, step, startAgain }
}
