import { enrolmentPath, myPagePathWithQuery } from '@app/shared/format/page-urls'
import type { RenewalInfo, RenewalTarget } from '@app/shared/api/renewal/endpoints'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { useServices } from '@/lib/services.tsx'
import { restoreYear } from '@/lib/year-switch.ts'
import { fetchRenewalInfo, renewalTargetOf } from './renewal-api.ts'

// What every renewal page starts from (issue #9): the contract named by the address (the my-page
// link and the ent URL's coverage year) and its renewal state, GET /renewalInfo/ on arrival.

/** The contract of the address, and the my-page home of its link. */
export function useRenewalTarget() {
  const params = useParams()
  const { groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo } = params
  return useMemo(() => {
    const target: RenewalTarget = renewalTargetOf({
      groupPfCode,
      urlKey,
      groupPfCodeInceptionDateYm,
    })
    const query = new URLSearchParams({
      groupPfCodeInceptionDateYm: target.groupPfCodeInceptionDateYm,
      groupPfBranchNo: groupPfBranchNo ?? '',
    })
    return {
      target,
      groupPfBranchNo: groupPfBranchNo ?? '',
      homePath: myPagePathWithQuery('home', target, query),
      pagePath: (page: string) =>
        enrolmentPath({ ...target, groupPfBranchNo: groupPfBranchNo ?? '' }, page),
    }
  }, [groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo])
}

/**
 * The contract's renewal state: undefined while it loads; a failed load is thrown while
 * rendering, so the route's error boundary shows it (a 404 APFH0001 as "not found").
 */
export function useRenewalInfo(target: RenewalTarget) {
  const { api } = useServices()
  const [info, setInfo] = useState<RenewalInfo | undefined>(undefined)
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  const { groupPfCode, urlKey, groupPfCodeInceptionDateYm } = target

  useEffect(() => {
    const controller = new AbortController()
    fetchRenewalInfo(
      api,
      { groupPfCode, urlKey, groupPfCodeInceptionDateYm },
      controller.signal,
    ).then(setInfo, (error: unknown) => {
      if (!controller.signal.aborted) setFailure({ error })
    })
    return () => controller.abort()
  }, [api, groupPfCode, urlKey, groupPfCodeInceptionDateYm])

  if (failure !== undefined) throw failure.error
  return { info, setInfo }
}

/** Throws a failure while rendering, for the route's error boundary (SPEC §2.9, §8.3). */
export function useFailure() {
  const [failure, setFailure] = useState<{ error: unknown } | undefined>(undefined)
  if (failure !== undefined) throw failure.error
  return useCallback((error: unknown) => setFailure({ error }), [])
}

/** Leaving the renewal for my-page: the year switch, if one was made, is put back (SPEC §4). */
export function useLeaveRenewal(): () => void {
  const { groupStore } = useServices()
  return useCallback(() => {
    restoreYear(groupStore)
  }, [groupStore])
}
