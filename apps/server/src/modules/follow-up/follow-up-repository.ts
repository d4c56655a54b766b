import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { ApplyInfo } from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  accounts,
  applications,
  followUpMails,
  groupPfInfos,
  renewals,
  virtualAccounts,
} from '../../db/schema/index.ts'

// Drizzle queries only (STYLE.md §6): the follow-up job's candidates (read from the tables of
// the application, payment and renewal modules) and its own table, follow_up_mails (ADR 0032).

export type FollowUpKind = 'reminder' | 'expiry' | 'invoice'

/** What a follow-up mail is written from: one applied application and its holder. */
export interface FollowUpSubject {
  applicationId: string
  groupPfCode: string
  groupPfBranchNo: string
  urlKey: string
  applyInfo: ApplyInfo
  /** SPEC §3.2 invoiceAmount, when recorded */
  invoiceAmount: number | null
  mailAddress: string
  groupNameKanji: string
}

export interface UnpaidAccount extends FollowUpSubject {
  amount: number
  paidAmount: number
  /** YYYYMMDD */
  dueDate: string
  bankName: string
  branchName: string
  accountType: string
  accountNumber: string
  accountHolder: string
}

const subjectColumns = {
  applicationId: applications.id,
  groupPfCode: applications.groupPfCode,
  groupPfBranchNo: applications.groupPfBranchNo,
  urlKey: applications.urlKey,
  applyInfo: applications.applyInfo,
  applyInfoOption: applications.applyInfoOption,
  mailAddress: accounts.mailAddress,
  groupNameKanji: groupPfInfos.groupNameKanji,
}

const productOfApplication = and(
  eq(groupPfInfos.groupPfCode, applications.groupPfCode),
  eq(groupPfInfos.groupPfCodeInceptionDateYm, applications.groupPfCodeInceptionDateYm),
)

/** Virtual accounts of applied applications not paid in full (awaiting or under-paid). */
export async function listUnpaidAccounts(db: Database): Promise<UnpaidAccount[]> {
  const rows = await db
    .select({
      ...subjectColumns,
      amount: virtualAccounts.amount,
      paidAmount: virtualAccounts.paidAmount,
      dueDate: virtualAccounts.dueDate,
      bankName: virtualAccounts.bankName,
      branchName: virtualAccounts.branchName,
      accountType: virtualAccounts.accountType,
      accountNumber: virtualAccounts.accountNumber,
      accountHolder: virtualAccounts.accountHolder,
    })
    .from(virtualAccounts)
    .innerJoin(applications, eq(applications.id, virtualAccounts.applicationId))
    .innerJoin(accounts, eq(accounts.id, applications.accountId))
    .innerJoin(groupPfInfos, productOfApplication)
    .where(
      and(
        eq(applications.status, 'applied'),
        // the application's own account: a later instalment's is followed by its invoice job
        isNull(virtualAccounts.instalmentId),
        inArray(virtualAccounts.depositStatus, ['awaiting', 'underpaid']),
      ),
    )
  return rows.flatMap(({ applyInfoOption, ...row }) =>
    row.applyInfo === null
      ? []
      : [
          {
            ...row,
            applyInfo: row.applyInfo,
            invoiceAmount: applyInfoOption?.invoiceAmount ?? null,
          },
        ],
  )
}

/**
 * Next year's contracts the renewal job made (renewedBy "auto"): the caller keeps those paid by
 * card or transfer and still at 220 (SPEC §4).
 */
export async function listAutoRenewedContracts(db: Database): Promise<FollowUpSubject[]> {
  const rows = await db
    .select(subjectColumns)
    .from(renewals)
    .innerJoin(applications, eq(applications.id, renewals.renewedApplicationId))
    .innerJoin(accounts, eq(accounts.id, applications.accountId))
    .innerJoin(groupPfInfos, productOfApplication)
    .where(
      and(
        eq(renewals.renewedBy, 'auto'),
        isNotNull(renewals.renewedApplicationId),
        eq(applications.status, 'applied'),
      ),
    )
  return rows.flatMap(({ applyInfoOption, ...row }) =>
    row.applyInfo === null
      ? []
      : [
          {
            ...row,
            applyInfo: row.applyInfo,
            invoiceAmount: applyInfoOption?.invoiceAmount ?? null,
          },
        ],
  )
}

/** The mails already recorded for these applications (to skip them before a transaction). */
export async function listRecordedMails(
  db: Database,
  applicationIds: readonly string[],
): Promise<Set<string>> {
  if (applicationIds.length === 0) return new Set()
  const rows = await db
    .select({
      applicationId: followUpMails.applicationId,
      kind: followUpMails.kind,
      day: followUpMails.day,
    })
    .from(followUpMails)
    .where(inArray(followUpMails.applicationId, [...applicationIds]))
  return new Set(rows.map((row) => recordKey(row.applicationId, row.kind as FollowUpKind, row.day)))
}

export function recordKey(applicationId: string, kind: FollowUpKind, day: number): string {
  return `${applicationId}/${kind}/${day}`
}

/**
 * Claims one mail: inserts its row unless another process did. False when it exists (the other
 * process's transaction committed it, or this one waited on its uncommitted row until it did).
 */
export async function claimMail(
  tx: Database,
  values: { applicationId: string; kind: FollowUpKind; day: number; messageId: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(followUpMails)
    .values({
      applicationId: values.applicationId,
      kind: values.kind,
      day: values.day,
      messageId: values.messageId,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: followUpMails.id })
  return rows.length === 1
}

/** Every recorded mail (tests and the report read them). */
export async function listFollowUpMails(
  db: Database,
): Promise<{ applicationId: string; kind: string; day: number; messageId: string }[]> {
  return db
    .select({
      applicationId: followUpMails.applicationId,
      kind: followUpMails.kind,
      day: followUpMails.day,
      messageId: followUpMails.messageId,
    })
    .from(followUpMails)
}

/** A contract the holder may be invoiced for (ADR 0032), as the invoice screen reads it. */
export interface InvoiceContract {
  applicationId: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  urlKey: string
  applyInfo: ApplyInfo
  invoiceAmount: number | null
}

/**
 * The account's newest auto-renewed contract of the group paid by card or transfer (SPEC §3.3
 * pymntMethod "1" or "3"), whatever its status pattern: the invoice screen shows it paid too.
 */
export async function findInvoiceContract(
  db: Database,
  key: { accountId: string; groupPfCode: string },
): Promise<InvoiceContract | undefined> {
  const rows = await db
    .select({
      applicationId: applications.id,
      groupPfCode: applications.groupPfCode,
      groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
      urlKey: applications.urlKey,
      applyInfo: applications.applyInfo,
      applyInfoOption: applications.applyInfoOption,
    })
    .from(renewals)
    .innerJoin(applications, eq(applications.id, renewals.renewedApplicationId))
    .where(
      and(
        eq(renewals.renewedBy, 'auto'),
        eq(applications.accountId, key.accountId),
        eq(applications.groupPfCode, key.groupPfCode),
        eq(applications.status, 'applied'),
      ),
    )
    .orderBy(desc(applications.groupPfCodeInceptionDateYm))
  for (const { applyInfoOption, applyInfo, ...row } of rows) {
    if (applyInfo === null) continue
    const { pymntMethod } = applyInfo.basicInfo
    if (pymntMethod !== '1' && pymntMethod !== '3') continue
    return { ...row, applyInfo, invoiceAmount: applyInfoOption?.invoiceAmount ?? null }
  }
  return undefined
}
