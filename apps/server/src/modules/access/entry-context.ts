import {
  AppError,
  checkEntryParams,
  errorCodes,
  recruitmentPhase,
  startOfBusinessDate,
  toBusinessDate,
  type EntryLink,
} from '@app/shared'
import type { GroupService, LinkedGroup } from '../group/group-service.ts'

/** The group link an applicant works under, and where today falls in its windows. */
export interface EntryContext extends LinkedGroup {
  phase: ReturnType<typeof recruitmentPhase>
}

/**
 * Resolves the link of a request body: malformed → APFF0001 (SPEC §2.6), unknown → APFA1001–1003,
 * outside both recruitment windows → APFA2001 (SPEC §8.4 "Outside the recruiting period").
 */
export async function loadEntryContext(
  groups: GroupService,
  link: EntryLink,
  now: Date,
): Promise<EntryContext> {
  if (!checkEntryParams('ent', link).ok) throw new AppError(errorCodes.invalidUrl)
  const linked = await groups.linkedGroup(link, now)
  const phase = recruitmentPhase(startOfBusinessDate(toBusinessDate(now)), linked.groupPfInfo)
  if (phase === 'closed') {
    throw new AppError(errorCodes.recruitmentClosed, { message: 'outside the recruitment windows' })
  }
  return { ...linked, phase }
}

export function linkKey(link: EntryLink): string {
  return [
    link.groupPfCode,
    link.groupPfCodeInceptionDateYm,
    link.groupPfBranchNo,
    link.urlKey,
  ].join('|')
}

export function parseLinkKey(value: unknown): EntryLink | undefined {
  if (typeof value !== 'string') return undefined
  const [groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey, ...rest] =
    value.split('|')
  if (
    groupPfCode === undefined ||
    groupPfCodeInceptionDateYm === undefined ||
    groupPfBranchNo === undefined ||
    urlKey === undefined ||
    rest.length > 0
  ) {
    return undefined
  }
  return { groupPfCode, groupPfCodeInceptionDateYm, groupPfBranchNo, urlKey }
}
