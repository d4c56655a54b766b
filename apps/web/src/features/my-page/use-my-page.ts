import { myPagePathWithQuery } from '@app/shared/format/page-urls'
import type { MyPageLink } from '@app/shared/api/my-page/endpoints'
import { useCallback, useMemo, useState } from 'react'
import { useLocation, useParams } from 'react-router'
import { linkKey } from '@/lib/group-store.ts'
import { useServices } from '@/lib/services.tsx'
import { readMyPageState, updateMyPageState, type MyPageState } from './my-page-state.ts'

/**
 * The my-page link in the address (SPEC §2.2 /myp/{groupPfCode}/{urlKey}/): every call names it,
 * and `pathTo` gives another page of it, keeping the link's query (SPEC §2.6
 * groupPfCodeInceptionDateYm, groupPfBranchNo) for the error screen's way back to login.
 */
export function useMyPageLink() {
  const { groupPfCode = '', urlKey = '' } = useParams()
  const { search } = useLocation()
  return useMemo(() => {
    const link: MyPageLink = { groupPfCode, urlKey }
    return {
      link,
      key: linkKey('myp', link),
      pathTo: (page: string, query: URLSearchParams = new URLSearchParams(search)): string =>
        myPagePathWithQuery(page, link, query),
    }
  }, [groupPfCode, urlKey, search])
}

/**
 * The link's steps in progress (my-page-state.ts) as the screen first read them, and a change
 * that writes them and shows the new ones.
 */
export function useMyPageState() {
  const { storage } = useServices()
  const { key } = useMyPageLink()
  const [state, setState] = useState<MyPageState>(() => readMyPageState(storage, key))
  const update = useCallback(
    (change: (current: MyPageState) => MyPageState): MyPageState => {
      const next = updateMyPageState(storage, key, change)
      setState(next)
      return next
    },
    [storage, key],
  )
  return { state, update }
}
