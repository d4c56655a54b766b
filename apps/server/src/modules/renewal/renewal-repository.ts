import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { ApplicationStep, ApplyInfo, ApplyInfoOption } from '@app/shared'
import type { RenewalState, RenewedBy } from '@app/shared/rules/renewal'
import type { Database } from '../../db/client.ts'
import { accounts, applications, groupPfInfos, renewals } from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): contracts (applied applications), their renewal rows
// (ADR 0016: no row means "open"), next year's product and the applications a renewal writes.

/** A contract: one applied application, with what a renewal reads of it. */
export interface ContractRow {
  id: string
  accountId: string
  rosterMemberId: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  groupPfPolicyHolderNo: string | null
  appliedAt: Date | null
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  completedSteps: ApplicationStep[]
}

const contractColumns = {
  id: applications.id,
  accountId: applications.accountId,
  rosterMemberId: applications.rosterMemberId,
  groupPfCode: applications.groupPfCode,
  groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
  groupPfBranchNo: applications.groupPfBranchNo,
  urlKey: applications.urlKey,
  groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
  appliedAt: applications.appliedAt,
  applyInfo: applications.applyInfo,
  applyInfoOption: applications.applyInfoOption,
  completedSteps: applications.completedSteps,
}

type StoredContract = Omit<ContractRow, 'applyInfo' | 'applyInfoOption'> & {
  applyInfo: ApplyInfo | null
  applyInfoOption: ApplyInfoOption | null
}

function withState(rows: StoredContract[]): ContractRow[] {
  return rows.flatMap(({ applyInfo, applyInfoOption, ...row }) =>
    applyInfo === null || applyInfoOption === null ? [] : [{ ...row, applyInfo, applyInfoOption }],
  )
}

/** The account's own applied contract of one coverage period in a group, or undefined. */
export async function findOwnContract(
  db: Database,
  key: { accountId: string; groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<ContractRow | undefined> {
  const rows = await db
    .select(contractColumns)
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
    .select(contractColumns)
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

export interface RenewalRow {
  preApplicationId: string
  state: RenewalState
  renewedBy: RenewedBy | null
  procedureApplicationId: string | null
  renewedApplicationId: string | null
  autoRenewStoppedAt: Date | null
  renewedAt: Date | null
  noticeMailedAt: Date | null
}

const renewalColumns = {
  preApplicationId: renewals.preApplicationId,
  state: renewals.state,
  renewedBy: renewals.renewedBy,
  procedureApplicationId: renewals.procedureApplicationId,
  renewedApplicationId: renewals.renewedApplicationId,
  autoRenewStoppedAt: renewals.autoRenewStoppedAt,
  renewedAt: renewals.renewedAt,
  noticeMailedAt: renewals.noticeMailedAt,
}

// the table's check constraints allow only these values
const asRow = (row: typeof renewals.$inferSelect | Record<string, unknown>) => row as RenewalRow

/** The state of a contract with no row yet (ADR 0016: absent means open). */
export function openRenewal(preApplicationId: string): RenewalRow {
  return {
    preApplicationId,
    state: 'open',
    renewedBy: null,
    procedureApplicationId: null,
    renewedApplicationId: null,
    autoRenewStoppedAt: null,
    renewedAt: null,
    noticeMailedAt: null,
  }
}

export async function findRenewal(
  db: Database,
  preApplicationId: string,
): Promise<RenewalRow | undefined> {
  const rows = await db
    .select(renewalColumns)
    .from(renewals)
    .where(eq(renewals.preApplicationId, preApplicationId))
    .limit(1)
  return rows[0] === undefined ? undefined : asRow(rows[0])
}

/** Every renewal row of an account (home reads them in one query). */
export async function listRenewalsOfAccount(
  db: Database,
  accountId: string,
): Promise<RenewalRow[]> {
  const rows = await db
    .select(renewalColumns)
    .from(renewals)
    .where(eq(renewals.accountId, accountId))
  return rows.map(asRow)
}

/**
 * Makes sure the contract's row exists and locks it until the transaction ends (FOR UPDATE):
 * every transition of one contract runs one at a time, on every process (ADR 0016).
 */
export async function lockRenewal(tx: Database, contract: ContractRow): Promise<RenewalRow> {
  await tx
    .insert(renewals)
    .values({
      preApplicationId: contract.id,
      accountId: contract.accountId,
      groupPfCode: contract.groupPfCode,
      groupPfCodeInceptionDateYm: contract.groupPfCodeInceptionDateYm,
    })
    .onConflictDoNothing()
  const rows = await tx
    .select(renewalColumns)
    .from(renewals)
    .where(eq(renewals.preApplicationId, contract.id))
    .for('update')
  if (rows[0] === undefined) throw new Error('renewal row vanished')
  return asRow(rows[0])
}

export async function updateRenewal(
  tx: Database,
  preApplicationId: string,
  values: Partial<Omit<RenewalRow, 'preApplicationId'>>,
  now: Date,
): Promise<void> {
  await tx
    .update(renewals)
    .set({ ...values, updatedAt: now })
    .where(eq(renewals.preApplicationId, preApplicationId))
}

/** The group's next product year after `ym`: its coverage period month, or undefined. */
export async function findNextProductYm(
  db: Database,
  key: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<string | undefined> {
  const rows = await db
    .select({ ym: groupPfInfos.groupPfCodeInceptionDateYm })
    .from(groupPfInfos)
    .where(
      and(
        eq(groupPfInfos.groupPfCode, key.groupPfCode),
        gt(groupPfInfos.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
      ),
    )
    .orderBy(asc(groupPfInfos.groupPfCodeInceptionDateYm))
    .limit(1)
  return rows[0]?.ym
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

export async function findAccountMail(
  db: Database,
  accountId: string,
): Promise<{ userId: string; mailAddress: string } | undefined> {
  const rows = await db
    .select({ userId: accounts.userId, mailAddress: accounts.mailAddress })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1)
  return rows[0]
}

export interface NewApplication {
  accountId: string
  rosterMemberId: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  status: 'draft' | 'applied'
  preApplicationId: string
  groupPfPolicyHolderNo: string | null
  appliedAt: Date | null
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  completedSteps: ApplicationStep[]
}

export async function insertApplication(
  tx: Database,
  values: NewApplication,
  now: Date,
): Promise<string> {
  const rows = await tx
    .insert(applications)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: applications.id })
  const id = rows[0]?.id
  if (id === undefined) throw new Error('application row was not created')
  return id
}

/** A renewal procedure's draft given up (ADR 0016): it leaves the account's live applications. */
export async function cancelDraft(tx: Database, applicationId: string, now: Date): Promise<void> {
  await tx
    .update(applications)
    .set({ status: 'cancelled', version: sql`${applications.version} + 1`, updatedAt: now })
    .where(and(eq(applications.id, applicationId), eq(applications.status, 'draft')))
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
      ...contractColumns,
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
