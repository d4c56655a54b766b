import { and, asc, eq, gt } from 'drizzle-orm'
import type { RenewalState, RenewedBy } from '@app/shared/rules/renewal'
import type { Database } from '../../db/client.ts'
import type { ContractRow } from '../application/application-records.ts'
import { accounts, groupPfInfos, renewals } from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the renewal rows of contracts (ADR 0016: no row means
// "open") and next year's product. Contracts themselves are the application module's
// (application-records.ts).

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
