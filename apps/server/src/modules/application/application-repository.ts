import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm'
import type { ApplicationStep, ApplyInfo, ApplyInfoOption, ItemAnswers } from '@app/shared'
import { statusPatternWhenProcessed } from '@app/shared/rules/back-office'
import type { Database } from '../../db/client.ts'
import {
  accounts,
  applicationConsents,
  applicationStatusEvents,
  applicationStepEvents,
  applications,
  groupPfInfos,
  renewals,
  rosterMembers,
} from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6). The only writer of `applications` and
// `application_consents` (issue #18): every write is a named operation below, and every change of
// a row goes through `updateRow`, which bumps the version (the optimistic lock) and applies the
// status guard. Other modules reach these operations through application-records.ts.

export type ApplicationStatus = 'draft' | 'applied' | 'cancelled'

const applicationColumns = {
  id: applications.id,
  accountId: applications.accountId,
  rosterMemberId: applications.rosterMemberId,
  groupPfCode: applications.groupPfCode,
  groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
  groupPfBranchNo: applications.groupPfBranchNo,
  urlKey: applications.urlKey,
  status: applications.status,
  preApplicationId: applications.preApplicationId,
  groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
  appliedAt: applications.appliedAt,
  applyInfo: applications.applyInfo,
  applyInfoOption: applications.applyInfoOption,
  completedSteps: applications.completedSteps,
  version: applications.version,
}

/** The application row, as every module reads it. */
export interface ApplicationRow {
  id: string
  accountId: string
  rosterMemberId: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  status: string
  /** a renewal procedure's draft: the contract it renews */
  preApplicationId: string | null
  groupPfPolicyHolderNo: string | null
  appliedAt: Date | null
  applyInfo: ApplyInfo | null
  applyInfoOption: ApplyInfoOption | null
  completedSteps: ApplicationStep[]
  version: number
}

/** A contract: an applied application, whose state is always there. */
export type ContractRow = ApplicationRow & {
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
}

/** The rows with their state: a contract without one is left out. */
function withState<Row extends ApplicationRow>(
  rows: Row[],
): (Row & { applyInfo: ApplyInfo; applyInfoOption: ApplyInfoOption })[] {
  return rows.flatMap((row) =>
    row.applyInfo === null || row.applyInfoOption === null
      ? []
      : [{ ...row, applyInfo: row.applyInfo, applyInfoOption: row.applyInfoOption }],
  )
}

export interface StoredState {
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  completedSteps: ApplicationStep[]
}

/**
 * Every change of an existing row: bumps the version and sets updatedAt. `status` is the status
 * the row must be in, `version` the version the caller read (the optimistic lock); the new
 * version, or undefined when no row matched.
 */
async function updateRow(
  db: Database,
  applicationId: string,
  values: Partial<Omit<typeof applications.$inferInsert, 'id' | 'version' | 'updatedAt'>>,
  now: Date,
  guard: { status?: ApplicationStatus; version?: number | null } = {},
): Promise<number | undefined> {
  const rows = await db
    .update(applications)
    .set({ ...values, version: sql`${applications.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(applications.id, applicationId),
        guard.status === undefined ? undefined : eq(applications.status, guard.status),
        guard.version == null ? undefined : eq(applications.version, guard.version),
      ),
    )
    .returning({ version: applications.version })
  return rows[0]?.version
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
 * Records that the applicant saved a step (issue #21 point 5, ADR 0033): append-only, the step and
 * the time only, for the participation dashboard's funnel.
 */
export async function appendStepEvent(
  db: Database,
  applicationId: string,
  step: ApplicationStep,
  at: Date,
): Promise<void> {
  await db.insert(applicationStepEvents).values({ applicationId, step, at })
}

/**
 * Stores a new state of a draft. With `expectedVersion` only when the row is still at that
 * version (the optimistic lock); undefined when it is not (or is no longer a draft).
 */
export async function saveState(
  db: Database,
  applicationId: string,
  expectedVersion: number | null,
  state: StoredState,
  now: Date,
): Promise<number | undefined> {
  return updateRow(db, applicationId, state, now, { status: 'draft', version: expectedVersion })
}

/** A new state of an application whatever its status (a verified mail address, a deposit). */
export async function updateApplyInfo(
  db: Database,
  applicationId: string,
  state: { applyInfo?: ApplyInfo; applyInfoOption?: ApplyInfoOption },
  now: Date,
): Promise<void> {
  await updateRow(db, applicationId, state, now)
}

/** The completion's writes (SPEC §3.1 basicInfo, §3.2): the draft becomes applied. */
export async function markApplied(
  db: Database,
  applicationId: string,
  values: {
    groupPfPolicyHolderNo: string
    applyInfo: ApplyInfo
    applyInfoOption: ApplyInfoOption
    now: Date
  },
): Promise<void> {
  const { now, ...state } = values
  const version = await updateRow(
    db,
    applicationId,
    { status: 'applied', appliedAt: now, ...state },
    now,
    { status: 'draft' },
  )
  if (version === undefined) throw new Error(`application ${applicationId} is not a draft`)
  await db.insert(applicationStatusEvents).values({ applicationId, at: now, event: 'submitted' })
}

/** A staff member's change of an application's state (issue #20 point 5, ADR 0027). */
export interface StaffStatusChange {
  /** the version the staff member read (the optimistic lock) */
  version: number
  event: 'processed' | 'cancelled'
  staffId: string
  /** the processing note or the cancellation reason, kept with the event */
  note: string | null
  now: Date
}

/**
 * Mark processed (SPEC §4 statusPattern 110 → 210): the caller has locked the row and checked the
 * rule (rules/back-office.ts canMarkProcessed). The new version, or undefined when the row is no
 * longer at the version read or no longer applied.
 */
export async function markProcessedByStaff(
  db: Database,
  applicationId: string,
  applyInfo: ApplyInfo,
  change: StaffStatusChange & { event: 'processed' },
): Promise<number | undefined> {
  const next: ApplyInfo = {
    ...applyInfo,
    basicInfo: {
      ...applyInfo.basicInfo,
      statusPattern: statusPatternWhenProcessed(applyInfo.basicInfo.statusPattern),
    },
  }
  const version = await updateRow(
    db,
    applicationId,
    { applyInfo: next, processedAt: change.now },
    change.now,
    {
      status: 'applied',
      version: change.version,
    },
  )
  if (version !== undefined) await insertStatusEvent(db, applicationId, change)
  return version
}

/**
 * Cancel by staff (a draft or an applied application → cancelled): the caller has locked the row
 * and checked the rule (rules/back-office.ts canCancel). The new version, or undefined when the
 * row is no longer at the version read.
 */
export async function cancelByStaff(
  db: Database,
  applicationId: string,
  change: StaffStatusChange & { event: 'cancelled' },
): Promise<number | undefined> {
  const rows = await db
    .update(applications)
    .set({ status: 'cancelled', version: sql`${applications.version} + 1`, updatedAt: change.now })
    .where(
      and(
        eq(applications.id, applicationId),
        eq(applications.version, change.version),
        inArray(applications.status, ['draft', 'applied']),
      ),
    )
    .returning({ version: applications.version })
  const version = rows[0]?.version
  if (version !== undefined) await insertStatusEvent(db, applicationId, change)
  return version
}

async function insertStatusEvent(
  db: Database,
  applicationId: string,
  change: StaffStatusChange,
): Promise<void> {
  await db.insert(applicationStatusEvents).values({
    applicationId,
    at: change.now,
    event: change.event,
    staffId: change.staffId,
    note: change.note,
  })
}

/** A renewal procedure's draft given up (ADR 0016): it leaves the account's live applications. */
export async function cancelDraft(db: Database, applicationId: string, now: Date): Promise<void> {
  await updateRow(db, applicationId, { status: 'cancelled' }, now, { status: 'draft' })
}

export interface NewApplication {
  accountId: string
  rosterMemberId: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  completedSteps: ApplicationStep[]
  /** a renewal (issue #9): applied at once by the renewal job, or a procedure's draft */
  status?: 'draft' | 'applied'
  preApplicationId?: string
  groupPfPolicyHolderNo?: string | null
  appliedAt?: Date | null
}

/**
 * A new application: the applicant's own draft (the verification link) or a renewal's.
 * Without `now` the database's clock stamps it.
 */
export async function createApplication(
  db: Database,
  values: NewApplication,
  now?: Date,
): Promise<string> {
  const rows = await db
    .insert(applications)
    .values(now === undefined ? values : { ...values, createdAt: now, updatedAt: now })
    .returning({ id: applications.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('application row was not created')
  return id
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

/** Stores each consent with the time it was given (ADR 0009); a repeat replaces the older. */
export async function saveConsents(
  db: Database,
  applicationId: string,
  consents: ReadonlyArray<{ documentId: string; version: string; agreedAt: Date }>,
): Promise<void> {
  for (const { documentId, version, agreedAt } of consents) {
    await db
      .insert(applicationConsents)
      .values({ applicationId, documentId, version, agreedAt })
      .onConflictDoUpdate({
        target: [applicationConsents.applicationId, applicationConsents.documentId],
        set: { version, agreedAt },
      })
  }
}

/** The member's own enrolment (not a renewal of it, issue #9): its id, status and state. */
export async function findOwnEnrolment(
  db: Database,
  rosterMemberId: string,
  status?: 'draft' | 'applied',
): Promise<Pick<ApplicationRow, 'id' | 'status' | 'applyInfo'> | undefined> {
  const rows = await db
    .select({ id: applications.id, status: applications.status, applyInfo: applications.applyInfo })
    .from(applications)
    .where(
      and(
        eq(applications.rosterMemberId, rosterMemberId),
        status === undefined ? undefined : eq(applications.status, status),
        isNull(applications.preApplicationId),
      ),
    )
    .limit(1)
  return rows[0]
}

/** Whether a renewing member's contract of an earlier year is there (their policy number). */
export async function hasEarlierContract(
  db: Database,
  key: { groupPfCode: string; groupPfCodeInceptionDateYm: string; groupPfPolicyHolderNo: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.groupPfCode, key.groupPfCode),
        lt(applications.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        eq(applications.groupPfPolicyHolderNo, key.groupPfPolicyHolderNo),
        eq(applications.status, 'applied'),
      ),
    )
    .limit(1)
  return rows.length > 0
}

// Contracts (applied applications) as renewals read them (issue #9, ADR 0016)

/** The account's own applied contract of one coverage period in a group, or undefined. */
export async function findOwnContract(
  db: Database,
  key: { accountId: string; groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<ContractRow | undefined> {
  const rows = await db
    .select(applicationColumns)
    .from(applications)
    .where(
      and(
        eq(applications.accountId, key.accountId),
        eq(applications.groupPfCode, key.groupPfCode),
        eq(applications.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        eq(applications.status, 'applied'),
      ),
    )
    .limit(1)
  return withState(rows)[0]
}

export async function findContractById(db: Database, id: string): Promise<ContractRow | undefined> {
  const rows = await db
    .select(applicationColumns)
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.status, 'applied')))
    .limit(1)
  return withState(rows)[0]
}

/** An application's id, status and the contract it renews (null: not a renewal). */
export async function findApplicationLineage(
  db: Database,
  applicationId: string,
): Promise<
  | {
      id: string
      status: string
      groupPfCodeInceptionDateYm: string
      preApplicationId: string | null
    }
  | undefined
> {
  const rows = await db
    .select({
      id: applications.id,
      status: applications.status,
      groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
      preApplicationId: applications.preApplicationId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1)
  return rows[0]
}

/** The live (not cancelled) applications of an account in a group, newest year first. */
export async function listLiveApplications(
  db: Database,
  key: { accountId: string; groupPfCode: string },
): Promise<
  {
    id: string
    groupPfCodeInceptionDateYm: string
    status: string
    preApplicationId: string | null
  }[]
> {
  return db
    .select({
      id: applications.id,
      groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
      status: applications.status,
      preApplicationId: applications.preApplicationId,
    })
    .from(applications)
    .where(
      and(
        eq(applications.accountId, key.accountId),
        eq(applications.groupPfCode, key.groupPfCode),
        ne(applications.status, 'cancelled'),
      ),
    )
    .orderBy(desc(applications.groupPfCodeInceptionDateYm))
}

/**
 * The job's candidates: applied contracts of auto-renewing products whose fix date is at most
 * `until` (YYYYMMDD), not stopped nor renewed. Oldest fix date first.
 */
export async function listJobCandidates(
  db: Database,
  until: string,
): Promise<(ContractRow & { renewalFixDate: string; noticeMailedAt: Date | null })[]> {
  const rows = await db
    .select({
      ...applicationColumns,
      renewalFixDate: groupPfInfos.renewalFixDate,
      noticeMailedAt: renewals.noticeMailedAt,
    })
    .from(applications)
    .innerJoin(
      groupPfInfos,
      and(
        eq(groupPfInfos.groupPfCode, applications.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, applications.groupPfCodeInceptionDateYm),
      ),
    )
    .leftJoin(renewals, eq(renewals.preApplicationId, applications.id))
    .where(
      and(
        eq(applications.status, 'applied'),
        eq(groupPfInfos.groupPfAutoRenewFlg, '1'),
        isNotNull(groupPfInfos.renewalFixDate),
        lte(groupPfInfos.renewalFixDate, until),
        or(isNull(renewals.state), inArray(renewals.state, ['open', 'inProcedure'])),
      ),
    )
    .orderBy(asc(groupPfInfos.renewalFixDate), asc(applications.createdAt))
  return rows.flatMap(({ applyInfo, applyInfoOption, renewalFixDate, ...row }) =>
    applyInfo === null || applyInfoOption === null || renewalFixDate === null
      ? []
      : [{ ...row, applyInfo, applyInfoOption, renewalFixDate }],
  )
}

/**
 * Retention (issue #19 point 4): deletes these applications while they are still drafts, with
 * their consents; the caller has locked them and removed what other modules hung off them. A row
 * that became applied meanwhile is left alone. Returns the deleted rows' accounts.
 */
export async function deleteDrafts(
  db: Database,
  applicationIds: readonly string[],
): Promise<{ id: string; accountId: string }[]> {
  if (applicationIds.length === 0) return []
  const drafts = and(
    inArray(applications.id, [...applicationIds]),
    eq(applications.status, 'draft'),
  )
  const ids = db.select({ id: applications.id }).from(applications).where(drafts)
  await db.delete(applicationConsents).where(inArray(applicationConsents.applicationId, ids))
  await db
    .delete(applicationStatusEvents)
    .where(inArray(applicationStatusEvents.applicationId, ids))
  return db
    .delete(applications)
    .where(drafts)
    .returning({ id: applications.id, accountId: applications.accountId })
}

/**
 * A page of the applied applications of a group product, in id order after `afterId` (keyset
 * paging): the export to the core policy system (issue #20 point 7) walks them page by page.
 */
export async function listAppliedIdsOfProduct(
  db: Database,
  key: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
  page: { afterId: string | undefined; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.groupPfCode, key.groupPfCode),
        eq(applications.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        eq(applications.status, 'applied'),
        page.afterId === undefined ? undefined : gt(applications.id, page.afterId),
      ),
    )
    .orderBy(asc(applications.id))
    .limit(page.limit)
  return rows.map((row) => row.id)
}

/** The applied applications among `ids`, in id order (one page of an export). */
export async function findContractsByIds(db: Database, ids: string[]): Promise<ContractRow[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select(applicationColumns)
    .from(applications)
    .where(and(inArray(applications.id, ids), eq(applications.status, 'applied')))
    .orderBy(asc(applications.id))
  return withState(rows)
}
