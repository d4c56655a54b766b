import type { EntryLink } from '@app/shared/api/access/endpoints'
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { linkKey } from '@/lib/group-store.ts'

/** The enrolment link in the address (SPEC §2.1 base path) and its key in this tab's storage. */
export function useEntryLink(): { entryLink: EntryLink; key: string } {
  const {
    groupPfCode = '',
    groupPfCodeInceptionDateYm = '',
    groupPfBranchNo = '',
    urlKey = '',
  } = useParams()
  return useMemo(() => {
    const entryLink = { urlKey, groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo }
    return { entryLink, key: linkKey('ent', entryLink) }
  }, [urlKey, groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo])
}
