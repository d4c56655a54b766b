import {
  and,
  asc,
  count,
  eq,
  exists,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm'
import { applicationSteps } from '@app/shared/rules/application-steps'
import type { Database } from '../../db/client.ts'
import {
  accounts,
  applicationStepEvents,
  applications,
  depositNotifications,
  groupPfBranches,
  groupPfInfos,
  paymentAttempts,
  rosterMembers,
  virtualAccounts,
} from '../../db/schema/index.ts'
import type { RecordScope } from '../staff/staff-scope.ts'
import { applicationScopeCondition } from '../back-office/back-office-records.ts'

// The participation dashboard's reads (issue #21 points 5 and 6, ADR 0033). Reads only, over the
// tables of the group, roster, access, application and payment modules; nothing here writes. Every
// query takes the caller's RecordScope and filters by it in SQL: a product outside it is never
// read (the service answers 404). Counts only, and for the member list the names and member code:
// no answer, document, address, mail address or payment detail is selected.

/**
 * An outer query's column named with its table: drizzle leaves the columns of a select list's SQL
 * unqualified, and inside a subquery an unqualified "id" would be the subquery's own.
 */
const applicationId = sql.raw('"applications"."id"')
const rosterMemberId = sql.raw('"roster_members"."id"')

export interface ProductKey {
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
}

/** The scope as a condition on `group_pf_infos`. */
function productScope(scope: RecordScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined
    case 'none':
      return sql`false`
    case 'agency':
      return exists(
        sql`(select 1 from ${groupPfBranches} where ${groupPfBranches.groupPfCode} = ${groupPfInfos.groupPfCode} and ${groupPfBranches.agentCd} = ${scope.agentCd})`,
      )
    case 'group':
      return eq(groupPfInfos.groupPfCode, scope.groupPfCode)
  }
}

export interface ProductRow extends ProductKey {
  groupNameKanji: string
  atOnceRecruitStartDate: string | null
  atOnceRecruitEndDate: string | null
  halfwayRecruitStartDate: string | null
  halfwayRecruitEndDate: string | null
}

const productColumns = {
  groupPfCode: groupPfInfos.groupPfCode,
  groupPfCodeInceptionDateYm: groupPfInfos.groupPfCodeInceptionDateYm,
  groupNameKanji: groupPfInfos.groupNameKanji,
  atOnceRecruitStartDate: groupPfInfos.atOnceRecruitStartDate,
  atOnceRecruitEndDate: groupPfInfos.atOnceRecruitEndDate,
  halfwayRecruitStartDate: groupPfInfos.halfwayRecruitStartDate,
  halfwayRecruitEndDate: groupPfInfos.halfwayRecruitEndDate,
}

/** The group products in scope, newest product year first. */
export async function listProductsInScope(db: Database, scope: RecordScope) {
  return db
    .select({
      groupPfCode: groupPfInfos.groupPfCode,
      groupPfCodeInceptionDateYm: groupPfInfos.groupPfCodeInceptionDateYm,
      groupNameKanji: groupPfInfos.groupNameKanji,
    })
    .from(groupPfInfos)
    .where(productScope(scope))
    .orderBy(sql`${groupPfInfos.groupPfCodeInceptionDateYm} desc`, asc(groupPfInfos.groupPfCode))
}

/** A product in scope; undefined outside the scope or absent. */
export async function findProductInScope(
  db: Database,
  scope: RecordScope,
  key: ProductKey,
): Promise<ProductRow | undefined> {
  const rows = await db
    .select(productColumns)
    .from(groupPfInfos)
    .where(
      and(
        eq(groupPfInfos.groupPfCode, key.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        productScope(scope),
      ),
    )
    .limit(1)
  return rows[0]
}

/** The product's live applications in scope (a renewal's draft given up is not counted). */
function productApplications(scope: RecordScope, key: ProductKey): SQL | undefined {
  return and(
    eq(applications.groupPfCode, key.groupPfCode),
    eq(applications.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
    ne(applications.status, 'cancelled'),
    applicationScopeCondition(scope),
  )
}

/** SPEC §4: statusPattern 330 is "paid" (rules/back-office.ts adminPaymentStatus). */
const isApplied = sql`${applications.status} = 'applied'`
// A draft carries its start's status pattern (SPEC §4: a group-collection product's draft already
// reads 330), so paid is an applied application at 330.
const isPaid = sql`(${isApplied} and ${applications.statusPattern} = '330')`

export interface FigureRow {
  rosterSize: number
  verified: number
  started: number
  applied: number
  paid: number
  processed: number
}

export async function countFigures(
  db: Database,
  scope: RecordScope,
  key: ProductKey,
): Promise<FigureRow> {
  const ofProduct = and(
    eq(rosterMembers.groupPfCode, key.groupPfCode),
    eq(rosterMembers.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
  )
  const [roster] = await db
    .select({
      rosterSize: count(),
      verified:
        sql<number>`count(*) filter (where exists (select 1 from ${accounts} ac where ac.roster_member_id = ${rosterMemberId}))`.mapWith(
          Number,
        ),
    })
    .from(rosterMembers)
    .where(ofProduct)
  const [figures] = await db
    .select({
      started: count(),
      applied: sql<number>`count(*) filter (where ${isApplied})`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${isPaid})`.mapWith(Number),
      processed:
        sql<number>`count(*) filter (where ${applications.processedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(applications)
    .where(productApplications(scope, key))
  return {
    rosterSize: roster?.rosterSize ?? 0,
    verified: roster?.verified ?? 0,
    started: figures?.started ?? 0,
    applied: figures?.applied ?? 0,
    paid: figures?.paid ?? 0,
    processed: figures?.processed ?? 0,
  }
}

/** An instant's day in Japan time (no summer time), YYYYMMDD. */
function jstDay(instant: SQL | AnyColumn): SQL<string> {
  return sql<string>`to_char((${instant} at time zone 'UTC') + interval '9 hours', 'YYYYMMDD')`
}

/**
 * When an application was paid: its card payment's success, else its virtual account's deposit,
 * else (a paid status without either record, e.g. set by hand) its completion.
 */
const paidAt = sql`coalesce(
  (select max(pa.finished_at) from ${paymentAttempts} pa where pa.application_id = ${applicationId} and pa.status = 'succeeded'),
  (select max(dn.deposited_at) from ${depositNotifications} dn inner join ${virtualAccounts} va on va.id = dn.virtual_account_id where va.application_id = ${applicationId}),
  ${sql.raw('"applications"."applied_at"')})`

export interface DayRow {
  date: string
  started: number
  applied: number
  paid: number
}

/** Per JST day: applications started, applied and paid that day (days without any left out). */
export async function countByDay(
  db: Database,
  scope: RecordScope,
  key: ProductKey,
): Promise<DayRow[]> {
  const where = productApplications(scope, key)
  const series = async (instant: SQL | AnyColumn, condition?: SQL) => {
    const day = jstDay(instant)
    return (
      db
        .select({ date: day, count: count() })
        .from(applications)
        // an instant that is not there (a paid status set without any record of when) has no day
        .where(and(where, condition, sql`${instant} is not null`))
        .groupBy(day)
    )
  }
  const [started, applied, paid] = await Promise.all([
    series(applications.createdAt),
    series(applications.appliedAt, isApplied),
    series(paidAt, isPaid),
  ])
  const days = new Map<string, DayRow>()
  const add = (rows: { date: string; count: number }[], field: 'started' | 'applied' | 'paid') => {
    for (const row of rows) {
      const entry = days.get(row.date) ?? { date: row.date, started: 0, applied: 0, paid: 0 }
      entry[field] += row.count
      days.set(row.date, entry)
    }
  }
  add(started, 'started')
  add(applied, 'applied')
  add(paid, 'paid')
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date))
}

/**
 * How many applications reached each stage: a step is reached when the application module
 * recorded its save (application_step_events) or holds it as done (completed_steps: drafts made
 * before the events existed, renewals); an applied application has reached every step.
 */
export async function countFunnel(
  db: Database,
  scope: RecordScope,
  key: ProductKey,
): Promise<{ started: number; steps: Record<string, number>; applied: number; paid: number }> {
  const stepColumns = Object.fromEntries(
    applicationSteps.map((step) => [
      step,
      sql<number>`count(*) filter (where ${or(
        isApplied,
        sql`${applications.completedSteps} @> ${JSON.stringify([step])}::jsonb`,
        exists(
          sql`(select 1 from ${applicationStepEvents} ase where ase.application_id = ${applicationId} and ase.step = ${step})`,
        ),
      )})`.mapWith(Number),
    ]),
  )
  const [row] = await db
    .select({
      started: count(),
      applied: sql<number>`count(*) filter (where ${isApplied})`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${isPaid})`.mapWith(Number),
      ...stepColumns,
    })
    .from(applications)
    .where(productApplications(scope, key))
  const record = (row ?? {}) as Record<string, number | undefined>
  return {
    started: record['started'] ?? 0,
    steps: Object.fromEntries(applicationSteps.map((step) => [step, record[step] ?? 0])),
    applied: record['applied'] ?? 0,
    paid: record['paid'] ?? 0,
  }
}

export type MemberStateCode = 'notStarted' | 'inProgress' | 'applied'

export interface MemberStateRecord {
  memberCode: string
  nameKanji: string | null
  nameKana: string | null
  state: MemberStateCode
}

const stateSql = sql<MemberStateCode>`case when ${applicationId} is null then 'notStarted' when ${applications.status} = 'applied' then 'applied' else 'inProgress' end`

/**
 * The product's roster members with their state, by member code, one page. Agency staff see the
 * members who have not started and those whose application is in one of their branches.
 */
export async function listMemberStates(
  db: Database,
  scope: RecordScope,
  key: ProductKey,
  filter: { state?: MemberStateCode; page: number; pageSize: number },
): Promise<{ members: MemberStateRecord[]; total: number }> {
  const joined = and(
    eq(applications.rosterMemberId, rosterMembers.id),
    eq(applications.groupPfCode, rosterMembers.groupPfCode),
    eq(applications.groupPfCodeInceptionDateYm, rosterMembers.groupPfCodeInceptionDateYm),
    ne(applications.status, 'cancelled'),
  )
  const stateCondition = (() => {
    switch (filter.state) {
      case undefined:
        return undefined
      case 'notStarted':
        return isNull(applications.id)
      case 'inProgress':
        return eq(applications.status, 'draft')
      case 'applied':
        return eq(applications.status, 'applied')
    }
  })()
  const scoped =
    scope.kind === 'agency'
      ? or(isNull(applications.id), applicationScopeCondition(scope))
      : undefined
  const where = and(
    eq(rosterMembers.groupPfCode, key.groupPfCode),
    eq(rosterMembers.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
    scoped,
    stateCondition,
  )
  const name = (field: 'policyHolderNameKanji' | 'policyHolderNameKana') =>
    sql<string | null>`nullif(${applications.applyInfo} -> 'policyHolderInfo' ->> ${field}, '')`
  const [rows, totals] = await Promise.all([
    db
      .select({
        memberCode: rosterMembers.memberCode,
        nameKanji: name('policyHolderNameKanji'),
        nameKana: name('policyHolderNameKana'),
        state: stateSql,
      })
      .from(rosterMembers)
      .leftJoin(applications, joined)
      .where(where)
      .orderBy(asc(rosterMembers.memberCode))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(rosterMembers).leftJoin(applications, joined).where(where),
  ])
  return { members: rows, total: totals[0]?.total ?? 0 }
}
