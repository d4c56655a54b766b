import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { ApplicationStep, ApplyInfo, ApplyInfoOption, ItemAnswers } from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  accounts,
  applicationConsents,
  applications,
  rosterMembers,
} from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the applicant's application row, its state under the
// optimistic lock, and its consents.

const applicationColumns = {
  id: applications.id,
  accountId: applications.accountId,
  rosterMemberId: applications.rosterMemberId,
  groupPfCode: applications.groupPfCode,
  groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
  groupPfBranchNo: applications.groupPfBranchNo,
  urlKey: applications.urlKey,
  status: applications.status,
  applyInfo: applications.applyInfo,
  applyInfoOption: applications.applyInfoOption,
  completedSteps: applications.completedSteps,
  version: applications.version,
  preApplicationId: applications.preApplicationId,
}

export interface ApplicationRow {
  id: string
  accountId: string
  rosterMemberId: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  status: string
  applyInfo: ApplyInfo | null
  applyInfoOption: ApplyInfoOption | null
  completedSteps: ApplicationStep[]
  version: number
  /** a renewal procedure's draft: the contract it renews */
  preApplicationId: string | null
}

export interface StoredState {
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  completedSteps: ApplicationStep[]
}

/**
 * The account's application the enrolment endpoints work on: its latest live one (a renewal
 * procedure's draft on next year's product comes before last year's contract; issue #9,
 * ADR 0016). Cancelled drafts are never it.
 */
export async function findApplicationOfAccount(
  db: Database,
  accountId: string,
): Promise<ApplicationRow | undefined> {
  const rows = await db
    .select(applicationColumns)
    .from(applications)
    .where(and(eq(applications.accountId, accountId), ne(applications.status, 'cancelled')))
    .orderBy(desc(applications.groupPfCodeInceptionDateYm), desc(applications.createdAt))
    .limit(1)
  return rows[0]
}

/** By id; `forUpdate` locks the row until the caller's transaction ends. */
export async function findApplicationById(
  db: Database,
  applicationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | undefined> {
  const query = db
    .select(applicationColumns)
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1)
  const rows = options.forUpdate === true ? await query.for('update') : await query
  return rows[0]
}

/** The notice answers of an application (the contract a renewal procedure renews). */
export async function findNoticeAnswers(
  db: Database,
  applicationId: string,
): Promise<ItemAnswers | undefined> {
  const [row] = await db
    .select({ applyInfo: applications.applyInfo })
    .from(applications)
    .where(eq(applications.id, applicationId))
  return row?.applyInfo?.noticeMatterInfo.answers
}

/** What the first state needs of the account: its ID, its mail address, the roster's items. */
export async function findAccountForStart(db: Database, accountId: string) {
  const rows = await db
    .select({
      userId: accounts.userId,
      mailAddress: accounts.mailAddress,
      authItem1: rosterMembers.authItem1,
      authItem2: rosterMembers.authItem2,
      authItem3: rosterMembers.authItem3,
    })
    .from(accounts)
    .innerJoin(rosterMembers, eq(rosterMembers.id, accounts.rosterMemberId))
    .where(eq(accounts.id, accountId))
    .limit(1)
  return rows[0]
}

/** The roster's normalised three-item values of a member. */
export async function findRosterAuthItems(db: Database, rosterMemberId: string) {
  const rows = await db
    .select({
      authItem1: rosterMembers.authItem1,
      authItem2: rosterMembers.authItem2,
      authItem3: rosterMembers.authItem3,
    })
    .from(rosterMembers)
    .where(eq(rosterMembers.id, rosterMemberId))
    .limit(1)
  return rows[0]
}

/** Sets the first state of a row that has none yet; false when another request was first. */
export async function initialiseState(
  db: Database,
  applicationId: string,
  state: StoredState,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ ...state, updatedAt: now })
    .where(and(eq(applications.id, applicationId), isNull(applications.applyInfo)))
    .returning({ id: applications.id })
  return rows.length > 0
}

/**
 * Stores a new state and bumps the version. With `expectedVersion` only when the row is still
 * at that version (the optimistic lock); undefined when it is not (or is no longer a draft).
 */
export async function saveState(
  db: Database,
  applicationId: string,
  expectedVersion: number | null,
  state: StoredState,
  now: Date,
): Promise<number | undefined> {
  const rows = await db
    .update(applications)
    .set({ ...state, version: sql`${applications.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(applications.id, applicationId),
        eq(applications.status, 'draft'),
        expectedVersion === null ? undefined : eq(applications.version, expectedVersion),
      ),
    )
    .returning({ version: applications.version })
  return rows[0]?.version
}

export interface ConsentRow {
  documentId: string
  version: string
  agreedAt: Date
}

export async function listConsents(db: Database, applicationId: string): Promise<ConsentRow[]> {
  return db
    .select({
      documentId: applicationConsents.documentId,
      version: applicationConsents.version,
      agreedAt: applicationConsents.agreedAt,
    })
    .from(applicationConsents)
    .where(eq(applicationConsents.applicationId, applicationId))
    .orderBy(asc(applicationConsents.agreedAt), asc(applicationConsents.documentId))
}

export async function saveConsents(
  db: Database,
  applicationId: string,
  consents: ReadonlyArray<{ documentId: string; version: string }>,
  agreedAt: Date,
): Promise<void> {
  for (const consent of consents) {
    await db
      .insert(applicationConsents)
      .values({ applicationId, ...consent, agreedAt })
      .onConflictDoUpdate({
        target: [applicationConsents.applicationId, applicationConsents.documentId],
        set: { version: consent.version, agreedAt },
      })
  }
}
