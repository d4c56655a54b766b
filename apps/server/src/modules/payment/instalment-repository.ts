import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Instalment, InstalmentMethod } from '@app/shared/rules/instalments'
import type { Database } from '../../db/client.ts'
import {
  accounts,
  applications,
  groupPfInfos,
  instalments,
  moneyItemStates,
  storedCards,
  virtualAccounts,
} from '../../db/schema/index.ts'
import type { VirtualAccountRow } from './payment-repository.ts'

// Drizzle queries only (STYLE.md §6): the instalments of contracts paid in instalments, the cards
// the provider keeps for them (issue #24, ADR 0038) and the accounts that invoice them by transfer
// (ADR 0039).

export interface StoredCardInput {
  applicationId: string
  providerCardId: string
  brand: string
  last4: string
  expiryMonth: string
  expiryYear: string
}

export type InstalmentStatus = 'due' | 'charging' | 'invoiced' | 'paid' | 'failed'

export interface InstalmentRow {
  id: string
  applicationId: string
  seq: number
  method: InstalmentMethod
  coversMonth: string
  dueDate: string
  amount: number
  status: InstalmentStatus
  tries: number
  nextAttemptAt: Date
  providerPaymentId: string | null
  lastErrorCode: string | null
  paidAt: Date | null
}

/** An instalment a run has claimed: its claim token proves the run still holds it. */
export interface ClaimedInstalment {
  id: string
  applicationId: string
  seq: number
  coversMonth: string
  /** YYYYMMDD: when it is charged, or by when it is transferred */
  dueDate: string
  amount: number
  tries: number
  claimToken: string
  /** the provider's card in use for the application, null when there is none */
  providerCardId: string | null
}

/** An instalment's item key on the money desk (`instalment-<id>`, ADR 0031), in SQL. */
export const instalmentItemKey = sql<string>`'instalment-' || ${instalments.id}::text`

/** Keeps the card the provider stored; a card already in use for the application is replaced. */
export async function saveStoredCard(
  db: Database,
  card: StoredCardInput,
  now: Date,
): Promise<void> {
  await db
    .update(storedCards)
    .set({ removedAt: now })
    .where(and(eq(storedCards.applicationId, card.applicationId), isNull(storedCards.removedAt)))
  await db.insert(storedCards).values({ ...card, createdAt: now })
}

/**
 * Writes a contract's schedule once (`dueAt` gives the moment a date starts in Japan); a second
 * call (a repeated completion) writes nothing.
 * - card: the first instalment paid (by the application's payment), the others due on their dates;
 * - transfer (ADR 0039): the first invoiced (the application's own account, paid by its deposit),
 *   the others due for their invoice `invoiceLeadDays` before their dates.
 */
export async function writeSchedule(
  db: Database,
  input: {
    applicationId: string
    schedule: readonly Instalment[]
    now: Date
    dueAt: (yyyymmdd: string) => Date
  } & (
    | { method: 'card'; firstPaymentId: string }
    | { method: 'transfer'; invoiceAt: (yyyymmdd: string) => Date }
  ),
): Promise<void> {
  if (input.schedule.length === 0) return
  const first = (each: Instalment) =>
    input.method === 'card'
      ? {
          status: 'paid',
          tries: 1,
          nextAttemptAt: input.dueAt(each.dueDate),
          providerPaymentId: input.firstPaymentId,
          paidAt: input.now,
        }
      : { status: 'invoiced', tries: 0, nextAttemptAt: input.dueAt(each.dueDate) }
  const later = (each: Instalment) => ({
    status: 'due',
    tries: 0,
    nextAttemptAt:
      input.method === 'card' ? input.dueAt(each.dueDate) : input.invoiceAt(each.dueDate),
  })
  await db
    .insert(instalments)
    .values(
      input.schedule.map((each) => ({
        applicationId: input.applicationId,
        seq: each.seq,
        method: input.method,
        coversMonth: each.coversMonth,
        dueDate: each.dueDate,
        amount: each.amount,
        ...(each.seq === 1 ? first(each) : later(each)),
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .onConflictDoNothing({ target: [instalments.applicationId, instalments.seq] })
}

/**
 * Claims up to `limit` instalments to charge now, each for one run only (FOR UPDATE SKIP LOCKED:
 * two runs at once take different rows): those due whose next try has come, and those another
 * run claimed whose lease ran out (it stopped, or its charge's outcome was lost). A due one begins
 * a new try; a taken-over one keeps its try, and so its idempotency key.
 */
export async function claimDueInstalments(
  db: Database,
  input: { method: InstalmentMethod; now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedInstalment[]> {
  type Row = {
    id: string
    application_id: string
    seq: number
    covers_month: string
    due_date: string
    amount: number
    tries: number
    claim_token: string
    provider_card_id: string | null
  }
  const result = await db.execute(sql`
    with picked as (
      select id from ${instalments}
      where method = ${input.method}
        and ((status = 'due' and next_attempt_at <= ${input.now})
          or (status = 'charging' and lease_until <= ${input.now}))
      order by next_attempt_at, id
      limit ${input.limit}
      for update skip locked
    ), claimed as (
      update ${instalments} as i
      set status = 'charging',
          tries = case when i.status = 'due' then i.tries + 1 else i.tries end,
          claim_token = gen_random_uuid(),
          lease_until = ${input.leaseUntil},
          updated_at = ${input.now}
      from picked
      where i.id = picked.id
      returning i.id, i.application_id, i.seq, i.covers_month, i.due_date, i.amount, i.tries,
        i.claim_token
    )
    select claimed.*, card.provider_card_id
    from claimed
    left join ${storedCards} as card
      on card.application_id = claimed.application_id and card.removed_at is null
    order by claimed.seq, claimed.id
  `)
  // PGlite and node-postgres both answer { rows }; the HKT-generic Database types it unknown.
  return (result as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    applicationId: row.application_id,
    seq: Number(row.seq),
    coversMonth: row.covers_month,
    dueDate: row.due_date,
    amount: Number(row.amount),
    tries: Number(row.tries),
    claimToken: row.claim_token,
    providerCardId: row.provider_card_id,
  }))
}

/** The claim's outcome, written only while the claim is still this run's. */
export type InstalmentOutcome =
  | { status: 'paid'; providerPaymentId: string }
  | { status: 'due'; errorCode: string; nextAttemptAt: Date }
  | { status: 'failed'; errorCode: string }
  /** the outcome is unknown (the provider did not answer): asked again with the same key */
  | { status: 'charging'; leaseUntil: Date }
  /** a transfer's account issued and mailed: overdue from `nextAttemptAt` (ADR 0039) */
  | { status: 'invoiced'; nextAttemptAt: Date }

export async function finishClaim(
  db: Database,
  claim: Pick<ClaimedInstalment, 'id' | 'claimToken'>,
  outcome: InstalmentOutcome,
  now: Date,
): Promise<boolean> {
  const values =
    outcome.status === 'paid'
      ? {
          status: 'paid',
          providerPaymentId: outcome.providerPaymentId,
          paidAt: now,
          lastErrorCode: null,
          claimToken: null,
          leaseUntil: null,
        }
      : outcome.status === 'due'
        ? {
            status: 'due',
            lastErrorCode: outcome.errorCode,
            nextAttemptAt: outcome.nextAttemptAt,
            claimToken: null,
            leaseUntil: null,
          }
        : outcome.status === 'failed'
          ? {
              status: 'failed',
              lastErrorCode: outcome.errorCode,
              claimToken: null,
              leaseUntil: null,
            }
          : outcome.status === 'invoiced'
            ? {
                status: 'invoiced',
                nextAttemptAt: outcome.nextAttemptAt,
                lastErrorCode: null,
                claimToken: null,
                leaseUntil: null,
              }
            : { leaseUntil: outcome.leaseUntil }
  const updated = await db
    .update(instalments)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(instalments.id, claim.id),
        eq(instalments.claimToken, claim.claimToken),
        eq(instalments.status, 'charging'),
      ),
    )
    .returning({ id: instalments.id })
  return updated.length === 1
}

/** A contract's instalments in order. */
export async function listInstalments(
  db: Database,
  applicationId: string,
): Promise<InstalmentRow[]> {
  const rows = await db
    .select({
      id: instalments.id,
      applicationId: instalments.applicationId,
      seq: instalments.seq,
      method: instalments.method,
      coversMonth: instalments.coversMonth,
      dueDate: instalments.dueDate,
      amount: instalments.amount,
      status: instalments.status,
      tries: instalments.tries,
      nextAttemptAt: instalments.nextAttemptAt,
      providerPaymentId: instalments.providerPaymentId,
      lastErrorCode: instalments.lastErrorCode,
      paidAt: instalments.paidAt,
    })
    .from(instalments)
    .where(eq(instalments.applicationId, applicationId))
    .orderBy(asc(instalments.seq))
  // the table's check constraints allow only these values
  return rows.map((row) => ({
    ...row,
    method: row.method as InstalmentMethod,
    status: row.status as InstalmentStatus,
  }))
}

/** Who is told of an instalment's charge: the holder's mail address and the group's names. */
export interface InstalmentMailSubject {
  mailAddress: string
  groupNameKanji: string
  groupPfCode: string
  groupPfBranchNo: string
  urlKey: string
  groupPfPolicyHolderNo: string
  /** the payer's name kept with a transfer's account (kana, else kanji; 60 at most) */
  payerName: string
}

export async function findInstalmentMailSubject(
  db: Database,
  applicationId: string,
): Promise<InstalmentMailSubject | undefined> {
  const [row] = await db
    .select({
      mailAddress: accounts.mailAddress,
      groupNameKanji: groupPfInfos.groupNameKanji,
      groupPfCode: applications.groupPfCode,
      groupPfBranchNo: applications.groupPfBranchNo,
      urlKey: applications.urlKey,
      applyInfo: applications.applyInfo,
    })
    .from(applications)
    .innerJoin(accounts, eq(accounts.id, applications.accountId))
    .innerJoin(
      groupPfInfos,
      and(
        eq(groupPfInfos.groupPfCode, applications.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, applications.groupPfCodeInceptionDateYm),
      ),
    )
    .where(eq(applications.id, applicationId))
  if (row === undefined) return undefined
  return {
    mailAddress: row.mailAddress,
    groupNameKanji: row.groupNameKanji,
    groupPfCode: row.groupPfCode,
    groupPfBranchNo: row.groupPfBranchNo,
    urlKey: row.urlKey,
    groupPfPolicyHolderNo: row.applyInfo?.basicInfo.groupPfPolicyHolderNo ?? '',
    payerName: (
      row.applyInfo?.policyHolderInfo.policyHolderNameKana ||
      row.applyInfo?.policyHolderInfo.policyHolderNameKanji ||
      ''
    ).slice(0, 60),
  }
}

/** The card in use for an application: what the holder is shown of it. */
export async function findStoredCardInUse(
  db: Database,
  applicationId: string,
): Promise<{ brand: string; last4: string; expiryMonth: string; expiryYear: string } | undefined> {
  const [row] = await db
    .select({
      brand: storedCards.brand,
      last4: storedCards.last4,
      expiryMonth: storedCards.expiryMonth,
      expiryYear: storedCards.expiryYear,
    })
    .from(storedCards)
    .where(and(eq(storedCards.applicationId, applicationId), isNull(storedCards.removedAt)))
  return row
}

/** A holder's monthly card contract of one coverage period: its application and card in use. */
export interface CardContract {
  applicationId: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  urlKey: string
  groupPfPolicyHolderNo: string
  card: StoredCardInput
}

/** The account's applied contract of the period that has a card in use, if any. */
export async function findCardContract(
  db: Database,
  key: { accountId: string; groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<CardContract | undefined> {
  const [row] = await db
    .select({
      applicationId: applications.id,
      groupPfCode: applications.groupPfCode,
      groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
      groupPfBranchNo: applications.groupPfBranchNo,
      urlKey: applications.urlKey,
      groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
      providerCardId: storedCards.providerCardId,
      brand: storedCards.brand,
      last4: storedCards.last4,
      expiryMonth: storedCards.expiryMonth,
      expiryYear: storedCards.expiryYear,
    })
    .from(applications)
    .innerJoin(
      storedCards,
      and(eq(storedCards.applicationId, applications.id), isNull(storedCards.removedAt)),
    )
    .where(
      and(
        eq(applications.accountId, key.accountId),
        eq(applications.groupPfCode, key.groupPfCode),
        eq(applications.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        eq(applications.status, 'applied'),
      ),
    )
    .orderBy(desc(applications.appliedAt))
    .limit(1)
  if (row === undefined) return undefined
  const { providerCardId, brand, last4, expiryMonth, expiryYear, ...contract } = row
  return {
    ...contract,
    groupPfPolicyHolderNo: contract.groupPfPolicyHolderNo ?? '',
    card: {
      applicationId: contract.applicationId,
      providerCardId,
      brand,
      last4,
      expiryMonth,
      expiryYear,
    },
  }
}

/**
 * A holder's new card replaces the one in use, in the caller's transaction: the application's
 * instalments are locked first, so the charge job neither claims one meanwhile nor is passed
 * over (a claimed one keeps the charge it began: `charging` is the answer, nothing changes).
 * Refused instalments, failed ones included, are tried again at once with the new card.
 */
export async function replaceStoredCard(
  tx: Database,
  card: StoredCardInput,
  now: Date,
): Promise<{ kind: 'replaced'; removedProviderCardId: string | undefined } | { kind: 'charging' }> {
  const locked = await tx
    .select({ status: instalments.status })
    .from(instalments)
    .where(eq(instalments.applicationId, card.applicationId))
    .for('update')
  if (locked.some((row) => row.status === 'charging')) return { kind: 'charging' }
  const removed = await tx
    .update(storedCards)
    .set({ removedAt: now })
    .where(and(eq(storedCards.applicationId, card.applicationId), isNull(storedCards.removedAt)))
    .returning({ providerCardId: storedCards.providerCardId })
  await tx.insert(storedCards).values({ ...card, createdAt: now })
  await tx
    .update(instalments)
    .set({ status: 'due', nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        eq(instalments.applicationId, card.applicationId),
        or(
          and(eq(instalments.status, 'due'), gt(instalments.tries, 0)),
          // a failed one the desk marked handled (collected another way) is never charged again
          and(
            eq(instalments.status, 'failed'),
            sql`not exists (select 1 from ${moneyItemStates} as state
              where state.item_key = ${instalmentItemKey} and state.resolved_at is not null)`,
          ),
        ),
      ),
    )
  return { kind: 'replaced', removedProviderCardId: removed[0]?.providerCardId }
}

/** An instalment's status, its row locked for the caller's transaction (the desk's resolve). */
export async function lockInstalmentStatus(
  tx: Database,
  instalmentId: string,
): Promise<InstalmentStatus | undefined> {
  const [row] = await tx
    .select({ status: instalments.status })
    .from(instalments)
    .where(eq(instalments.id, instalmentId))
    .for('update')
  return row?.status as InstalmentStatus | undefined
}

/** Removed cards the provider has not confirmed deleting: the oldest first. */
export async function listCardsToDelete(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ providerCardId: storedCards.providerCardId })
    .from(storedCards)
    .where(and(isNotNull(storedCards.removedAt), isNull(storedCards.providerDeletedAt)))
    .orderBy(asc(storedCards.removedAt))
    .limit(limit)
  return rows.map((row) => row.providerCardId)
}

export async function markCardsDeleted(
  db: Database,
  providerCardIds: readonly string[],
  now: Date,
): Promise<void> {
  if (providerCardIds.length === 0) return
  await db
    .update(storedCards)
    .set({ providerDeletedAt: now })
    .where(inArray(storedCards.providerCardId, [...providerCardIds]))
}

// ---- transfers (ADR 0039) ----

/**
 * Keeps a later instalment's account, once: the same instalment's account again (a run that lost
 * its claim and issued it too: the provider answered the same account) writes nothing.
 */
export async function saveInstalmentAccount(
  db: Database,
  row: typeof virtualAccounts.$inferInsert & { instalmentId: string },
): Promise<void> {
  await db.insert(virtualAccounts).values(row).onConflictDoNothing({
    target: virtualAccounts.instalmentId,
  })
}

/**
 * The accounts of a contract's transferred instalments, by instalment id; the first instalment's
 * is the application's own account (keyed by the first instalment's id too).
 */
export async function listInstalmentAccounts(
  db: Database,
  applicationId: string,
): Promise<Map<string, VirtualAccountRow>> {
  const rows = await db
    .select({ account: virtualAccounts, firstId: instalments.id })
    .from(virtualAccounts)
    .leftJoin(
      instalments,
      and(
        isNull(virtualAccounts.instalmentId),
        eq(instalments.applicationId, virtualAccounts.applicationId),
        eq(instalments.seq, 1),
        eq(instalments.method, 'transfer'),
      ),
    )
    .where(eq(virtualAccounts.applicationId, applicationId))
  const byInstalment = new Map<string, VirtualAccountRow>()
  for (const { account, firstId } of rows) {
    const key = account.instalmentId ?? firstId
    if (key !== null) byInstalment.set(key, account)
  }
  return byInstalment
}

/** A later transferred instalment's own account (the overdue mail gives it again). */
export async function findInstalmentAccount(
  db: Database,
  instalmentId: string,
): Promise<VirtualAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(virtualAccounts)
    .where(eq(virtualAccounts.instalmentId, instalmentId))
  return row
}

/**
 * A deposit paid a transferred instalment in full (the reconciliation's transaction): the account's
 * instalment, or, for the application's own account, the contract's first. A deposit after the
 * due date still pays a failed one. True when an instalment changed.
 */
export async function markTransferPaid(
  tx: Database,
  account: { applicationId: string; instalmentId: string | null },
  depositId: string,
  now: Date,
): Promise<boolean> {
  const which =
    account.instalmentId === null
      ? and(eq(instalments.applicationId, account.applicationId), eq(instalments.seq, 1))
      : eq(instalments.id, account.instalmentId)
  const updated = await tx
    .update(instalments)
    .set({ status: 'paid', providerPaymentId: depositId, paidAt: now, updatedAt: now })
    .where(
      and(
        which,
        eq(instalments.method, 'transfer'),
        inArray(instalments.status, ['invoiced', 'failed']),
      ),
    )
    .returning({ id: instalments.id })
  return updated.length > 0
}

/** One instalment: what its deposit mail says of it. */
export async function findInstalment(
  db: Database,
  instalmentId: string,
): Promise<{ applicationId: string; coversMonth: string; amount: number } | undefined> {
  const [row] = await db
    .select({
      applicationId: instalments.applicationId,
      coversMonth: instalments.coversMonth,
      amount: instalments.amount,
    })
    .from(instalments)
    .where(eq(instalments.id, instalmentId))
  return row
}

/** A later transferred instalment its due date passed without its deposit. */
export interface OverdueInstalment {
  id: string
  applicationId: string
  coversMonth: string
  dueDate: string
  amount: number
}

/**
 * Marks failed the invoiced later instalments whose due date has passed (`nextAttemptAt`, the day
 * after it): one statement, so a row two runs reach at once is marked by one (the second finds it
 * failed and leaves it). The application's own (the first) is followed by its deposit reminders.
 */
export async function markOverdueTransfers(
  db: Database,
  now: Date,
  limit: number,
): Promise<OverdueInstalment[]> {
  type Row = {
    id: string
    application_id: string
    covers_month: string
    due_date: string
    amount: number
  }
  const result = await db.execute(sql`
    with picked as (
      select id from ${instalments}
      where method = 'transfer' and status = 'invoiced' and seq > 1
        and next_attempt_at <= ${now}
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update ${instalments} as i
    set status = 'failed', last_error_code = 'unpaid', updated_at = ${now}
    from picked
    where i.id = picked.id and i.status = 'invoiced'
    returning i.id, i.application_id, i.covers_month, i.due_date, i.amount
  `)
  return (result as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    applicationId: row.application_id,
    coversMonth: row.covers_month,
    dueDate: row.due_date,
    amount: Number(row.amount),
  }))
}
