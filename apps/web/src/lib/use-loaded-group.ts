import { useCallback, useSyncExternalStore } from 'react'
import { useLocation, useParams } from 'react-router'
import { areaOfPath, entryParamsOf } from './entry-params.ts'
import type { GroupData } from './group-store.ts'
import { useServices } from './services.tsx'

/** The group of the link in the address, once the entry check has loaded it. */
export function useLoadedGroup(): GroupData | undefined {
  const { groupStore } = useServices()
  const { pathname, search } = useLocation()
  const params = useParams()
  const area = areaOfPath(pathname)
  const { groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo } = params
  const getSnapshot = useCallback(() => {
    if (area === undefined) return undefined
    const routeParams = { groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo }
    return groupStore.get(area, entryParamsOf(area, routeParams, new URLSearchParams(search)))
  }, [groupStore, area, groupPfCode, urlKey, groupPfCodeInceptionDateYm, groupPfBranchNo, search])
  return useSyncExternalStore(groupStore.subscribe, getSnapshot, getSnapshot)
}
