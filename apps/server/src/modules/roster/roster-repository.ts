import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  accounts,
  applications,
  groupPfBranches,
  groupPfInfos,
  rosterMembers,
} from '../../db/schema/index.ts'
import type { RecordScope } from '../staff/staff-scope.ts'

// Drizzle queries only: plain objects in and out, nothing of HTTP or messages (STYLE.md §6).

export interface ProductKey {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
}

export interface RosterMember {
  id: string
  memberCode: string
  firstEntryId: string | null
  passwordHash: string | null
  authItem1: string | null
  authItem2: string | null
  authItem3: string | null
  preYearPolicyHolderNo: string | null
}

export type RosterMemberFields = Omit<RosterMember, 'id'>

const memberColumns = {
  id: rosterMembers.id,
  memberCode: rosterMembers.memberCode,
  firstEntryId: rosterMembers.firstEntryId,
  passwordHash: rosterMembers.passwordHash,
  authItem1: rosterMembers.authItem1,
  authItem2: rosterMembers.authItem2,
  authItem3: rosterMembers.authItem3,
  preYearPolicyHolderNo: rosterMembers.preYearPolicyHolderNo,
}

const sameProduct = (key: ProductKey) =>
  and(
    eq(rosterMembers.groupPfCode, key.groupPfCode),
    eq(rosterMembers.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
  )

/** The product's authenticationType, or undefined when there is no such product. */
export async function findAuthenticationType(
  db: Database,
  key: ProductKey,
): Promise<string | undefined> {
  const rows = await db
    .select({ authenticationType: groupPfInfos.authenticationType })
    .from(groupPfInfos)
    .where(
      and(
        eq(groupPfInfos.groupPfCode, key.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
      ),
    )
    .limit(1)
  return rows[0]?.authenticationType
}

export function listRosterMembers(db: Database, key: ProductKey): Promise<RosterMember[]> {
  return db
    .select(memberColumns)
    .from(rosterMembers)
    .where(sameProduct(key))
    .orderBy(rosterMembers.memberCode)
}

/** The roster rows of a group in every product (year), with the product they belong to. */
export function listGroupRosterMembers(
  db: Database,
  groupPfCode: string,
  memberCodes: readonly string[],
): Promise<(RosterMember & { groupPfCodeInceptionDateYm: string })[]> {
  if (memberCodes.length === 0) return Promise.resolve([])
  return db
    .select({
      ...memberColumns,
      groupPfCodeInceptionDateYm: rosterMembers.groupPfCodeInceptionDateYm,
    })
    .from(rosterMembers)
    .where(
      and(
        eq(rosterMembers.groupPfCode, groupPfCode),
        inArray(rosterMembers.memberCode, [...memberCodes]),
      ),
    )
}

// Keeps each statement well under PostgreSQL's 65535 bind parameters (10 a row).
const INSERT_BATCH = 1000
const LOOKUP_BATCH = 10_000

export async function insertRosterMembers(
  db: Database,
  key: ProductKey,
  members: readonly RosterMemberFields[],
): Promise<void> {
  for (let start = 0; start < members.length; start += INSERT_BATCH) {
    const batch = members.slice(start, start + INSERT_BATCH)
    await db.insert(rosterMembers).values(batch.map((member) => ({ ...key, ...member })))
  }
}

export async function updateRosterMember(
  db: Database,
  id: string,
  fields: Partial<RosterMemberFields> & { groupPfCodeInceptionDateYm?: string },
): Promise<void> {
  await db
    .update(rosterMembers)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(rosterMembers.id, id))
}

/** Which of the given first-entry IDs some member (of any group) already has. */
export async function findTakenFirstEntryIds(
  db: Database,
  firstEntryIds: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>()
  for (let start = 0; start < firstEntryIds.length; start += LOOKUP_BATCH) {
    const rows = await db
      .select({ firstEntryId: rosterMembers.firstEntryId })
      .from(rosterMembers)
      .where(inArray(rosterMembers.firstEntryId, firstEntryIds.slice(start, start + LOOKUP_BATCH)))
    for (const row of rows) if (row.firstEntryId !== null) taken.add(row.firstEntryId)
  }
  return taken
}

/**
 * A first-entry password issued again by the back office (issue #20 point 6): only for a member
 * with a first-entry ID. True when the member was changed.
 */
export async function replaceFirstEntryPasswordHash(
  db: Database,
  memberId: string,
  passwordHash: string,
  now: Date,
  /** the hash the caller read: replaced only if it is still the one (else false) */
  previousHash: string | null,
): Promise<boolean> {
  const rows = await db
    .update(rosterMembers)
    .set({ passwordHash, updatedAt: now })
    .where(
      and(
        eq(rosterMembers.id, memberId),
        isNotNull(rosterMembers.firstEntryId),
        previousHash === null
          ? isNull(rosterMembers.passwordHash)
          : eq(rosterMembers.passwordHash, previousHash),
      ),
    )
    .returning({ id: rosterMembers.id })
  return rows.length > 0
}

// The console's roster setup (issue #21 point 2, ADR 0030).

/**
 * The product's name and authenticationType when it exists and is in the scope: insurer staff
 * reach every product, agency staff a product of a group with a branch of their agency, a group
 * contact their own group (not that their role may manage rosters), none nothing.
 */
export async function findProductInScope(
  db: Database,
  scope: RecordScope,
  key: ProductKey,
): Promise<{ groupNameKanji: string } | undefined> {
  let inScope
  switch (scope.kind) {
    case 'all':
      inScope = sql`true`
      break
    case 'none':
      inScope = sql`false`
      break
    case 'agency':
      inScope = sql`exists (select 1 from ${groupPfBranches}
        where ${groupPfBranches.groupPfCode} = ${groupPfInfos.groupPfCode}
          and ${groupPfBranches.agentCd} = ${scope.agentCd})`
      break
    case 'group':
      inScope = eq(groupPfInfos.groupPfCode, scope.groupPfCode)
      break
  }
  const rows = await db
    .select({ groupNameKanji: groupPfInfos.groupNameKanji })
    .from(groupPfInfos)
    .where(
      and(
        eq(groupPfInfos.groupPfCode, key.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        inScope,
      ),
    )
    .limit(1)
  return rows[0]
}

/** What ties members to the roster: their applications' statuses and whether they have an account. */
export async function listMemberActivity(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, { statuses: string[]; hasAccount: boolean }>> {
  const activity = new Map<string, { statuses: string[]; hasAccount: boolean }>()
  if (memberIds.length === 0) return activity
  const entry = (id: string) => {
    let found = activity.get(id)
    if (found === undefined) {
      found = { statuses: [], hasAccount: false }
      activity.set(id, found)
    }
    return found
  }
  for (let start = 0; start < memberIds.length; start += LOOKUP_BATCH) {
    const batch = memberIds.slice(start, start + LOOKUP_BATCH)
    const [applied, accounted] = await Promise.all([
      db
        .select({ id: applications.rosterMemberId, status: applications.status })
        .from(applications)
        .where(inArray(applications.rosterMemberId, batch)),
      db
        .select({ id: accounts.rosterMemberId })
        .from(accounts)
        .where(inArray(accounts.rosterMemberId, batch)),
    ])
    for (const row of applied) entry(row.id).statuses.push(row.status)
    for (const row of accounted) entry(row.id).hasAccount = true
  }
  return activity
}

/** Removes members from the roster (their pending verification mails go with them). */
export async function deleteRosterMembers(db: Database, ids: readonly string[]): Promise<number> {
  let deleted = 0
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
    const rows = await db
      .delete(rosterMembers)
      .where(inArray(rosterMembers.id, ids.slice(start, start + LOOKUP_BATCH)))
      .returning({ id: rosterMembers.id })
    deleted += rows.length
  }
  return deleted
}
