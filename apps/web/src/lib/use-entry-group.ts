import type { GroupPfInfoResponse } from '@app/shared/api/group/endpoints'
import type { EntryDocumentInput } from '@app/shared/documents'
import type { GroupData } from './group-store.ts'
import { useLoadedGroup } from './use-loaded-group.ts'

type ServerDecided = Pick<GroupPfInfoResponse, 'recruitmentPhase' | 'businessDate'>

/** The loaded group of the enrolment link with what the server decided by its clock (SPEC §4). */
export type EntryGroup = GroupData & ServerDecided & EntryDocumentInput

/**
 * The group of the link, once the entry check has loaded it. The store keeps the whole §7.1
 * answer, recruitmentPhase and businessDate included, though GroupData names only the records.
 * The phase comes from the server's clock, never the browser's; without it the screens treat the
 * link as outside its windows rather than offer a form the server would refuse.
 */
export function useEntryGroup(): EntryGroup | undefined {
  const group: (GroupData & Partial<ServerDecided>) | undefined = useLoadedGroup()
  if (group === undefined) return undefined
  return {
    ...group,
    recruitmentPhase: group.recruitmentPhase ?? 'closed',
    businessDate: group.businessDate ?? '',
  }
}
