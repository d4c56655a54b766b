import type { VerifyLoginCodeResponse } from '@app/shared/api/my-page/endpoints'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useServices } from '@/lib/services.tsx'
import { localExpiry, storeSession } from '@/lib/session.ts'
import { updateMyPageState } from './my-page-state.ts'
import { useMyPageLink } from './use-my-page.ts'

/**
 * The sign-in's last step (loginCode, or verifyTelephoneAuth with flowType telephoneLogin): the
 * my-page session is kept in this tab (its purpose tells the guards it is the my-page's), the
 * sign-in's steps are forgotten, and home replaces the code page in the history.
 */
export function useCompleteSignIn(): (answer: VerifyLoginCodeResponse) => Promise<void> {
  const { storage, now } = useServices()
  const navigate = useNavigate()
  const { key, pathTo } = useMyPageLink()
  return useCallback(
    async (answer) => {
      storeSession(storage, {
        sessionToken: answer.sessionToken,
        expiresAt: localExpiry(answer.expiresInSeconds, now()),
        userId: answer.userId,
        groupPfCode: answer.groupPfCode,
        link: null,
        purpose: 'myPage',
      })
      updateMyPageState(storage, key, () => ({ link: key }))
      await navigate(pathTo('home'), { replace: true })
    },
    [storage, now, key, pathTo, navigate],
  )
}
