import {
  AppError,
  checkEntryParams,
  errorCodes,
  recruitmentPhase,
  startOfBusinessDate,
  toBusinessDate,
  type EntryLink,
  type GroupPfInfo,
  type GroupPfInfoBranchNo,
  type ItemDefinition,
} from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  findBranch,
  findGroupPfInfo,
  findLink,
  listItemDefinitions,
} from '../group/group-repository.ts'

/** The group link an applicant works under, read fresh (secret checks are not cached). */
export interface EntryContext {
  link: EntryLink
  groupPfInfo: GroupPfInfo
  branch: GroupPfInfoBranchNo
  itemDefinitionArray: ItemDefinition[]
  phase: ReturnType<typeof recruitmentPhase>
}

/**
 * Resolves the link of a request body: malformed → APFF0001 (SPEC §2.6), unknown → APFA1003,
 * outside both recruitment windows → APFA2001 (SPEC §8.4 "Outside the recruiting period").
 */
export async function loadEntryContext(
  db: Database,
  link: EntryLink,
  now: Date,
): Promise<EntryContext> {
  if (!checkEntryParams('ent', link).ok) throw new AppError(errorCodes.invalidUrl)
  const found = await findLink(db, link)
  if (found === undefined || found.groupPfBranchNo !== link.groupPfBranchNo) {
    throw new AppError(errorCodes.linkNotFound)
  }
  const [groupPfInfo, branch, itemDefinitionArray] = await Promise.all([
    findGroupPfInfo(db, found),
    findBranch(db, found),
    listItemDefinitions(db, found),
  ])
  if (groupPfInfo === undefined) throw new AppError(errorCodes.groupNotFound)
  if (branch === undefined) throw new AppError(errorCodes.branchNotFound)
  const phase = recruitmentPhase(startOfBusinessDate(toBusinessDate(now)), groupPfInfo)
  if (phase === 'closed') {
    throw new AppError(errorCodes.recruitmentClosed, { message: 'outside the recruitment windows' })
  }
  return { link: found, groupPfInfo, branch, itemDefinitionArray, phase }
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
