import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm'
import type { ApplyInfo } from '@app/shared'
import type { Database } from '../../../db/client.ts'
import { accounts, applications } from '../../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6). Every query of an application names the account: a
// policy holder's contracts are found through their own account, never by an id from outside.

/** An applied application as my-page reads it. */
export interface AppliedApplication {
  id: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  groupPfPolicyHolderNo: string | null
  appliedAt: Date | null
  applyInfo: ApplyInfo
}

export interface HolderAccount {
  userId: string
  mailAddress: string
  phoneNumber: string | null
  phoneVerifiedAt: Date | null
  authTypeForLogin: string
}

/**
 * The account's applied applications in a group, newest coverage period first (one period, when
 * `groupPfCodeInceptionDateYm` is given). Drafts never; applications without state never.
 */
export async function listAppliedApplications(
  db: Database,
  key: { accountId: string; groupPfCode: string; groupPfCodeInceptionDateYm?: string },
): Promise<AppliedApplication[]> {
  const conditions: SQL[] = [
    eq(applications.accountId, key.accountId),
    eq(applications.groupPfCode, key.groupPfCode),
    eq(applications.status, 'applied'),
    isNotNull(applications.applyInfo),
  ]
  if (key.groupPfCodeInceptionDateYm !== undefined) {
    conditions.push(eq(applications.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm))
  }
  const rows = await db
    .select({
      id: applications.id,
      groupPfCode: applications.groupPfCode,
      groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
      groupPfBranchNo: applications.groupPfBranchNo,
      urlKey: applications.urlKey,
      groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
      appliedAt: applications.appliedAt,
      applyInfo: applications.applyInfo,
    })
    .from(applications)
    .where(and(...conditions))
    .orderBy(desc(applications.groupPfCodeInceptionDateYm), desc(applications.appliedAt))
  return rows.flatMap(({ applyInfo, ...row }) =>
    applyInfo === null ? [] : [{ ...row, applyInfo }],
  )
}

export async function findHolderAccount(
  db: Database,
  accountId: string,
): Promise<HolderAccount | undefined> {
  const rows = await db
    .select({
      userId: accounts.userId,
      mailAddress: accounts.mailAddress,
      phoneNumber: accounts.phoneNumber,
      phoneVerifiedAt: accounts.phoneVerifiedAt,
      authTypeForLogin: accounts.authTypeForLogin,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1)
  return rows[0]
}
