import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { ItemDefinition } from '@app/shared'
import type { Database } from '../../db/client.ts'
import {
  applicationConsents,
  applicationFiles,
  applicationStatusEvents,
  applications,
  groupPfBranches,
  groupPfInfos,
  groupPfUnits,
  itemDefinitions,
  outboxMessages,
  paymentAttempts,
  rosterMembers,
  virtualAccounts,
} from '../../db/schema/index.ts'
import type { RecordScope } from '../staff/staff-scope.ts'

// The back office's reads over applications (issue #20 point 5, ADR 0027). Reads only: they join
// the tables of the application, group, roster, payment, files and mail modules; every change of
// an application goes through modules/application (application-records.ts). Every query takes the
// caller's RecordScope and filters by it in SQL: a record outside it is never read.

/** The scope as a condition on `applications` (undefined: every row). */
export function scopeCondition(scope: RecordScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined
    case 'none':
      return sql`false`
    case 'agency':
      return exists(
        sql`(select 1 from ${groupPfBranches} where ${groupPfBranches.groupPfCode} = ${applications.groupPfCode} and ${groupPfBranches.groupPfBranchNo} = ${applications.groupPfBranchNo} and ${groupPfBranches.agentCd} = ${scope.agentCd})`,
      )
    case 'group':
      return eq(applications.groupPfCode, scope.groupPfCode)
  }
}

/** The application's own virtual account (not a later instalment's, ADR 0039): at most one. */
const applicationOwnAccount = and(
  eq(virtualAccounts.applicationId, applications.id),
  isNull(virtualAccounts.instalmentId),
)

/**
 * rules/back-office.ts adminPaymentStatus in SQL (keep them in step), over `applications` and the
 * application's virtual account (`depositStatus`, null without one).
 */
function paymentStatusSql(depositStatus: SQL | typeof virtualAccounts.depositStatus): SQL<string> {
  return sql<string>`case
    when ${applications.pymntMethod} = '4' then 'none'
    when ${depositStatus} in ('underpaid', 'overpaid') then ${depositStatus}
    when ${applications.statusPattern} = '330' then 'paid'
    when ${applications.status} = 'applied' then 'unpaid'
    else 'none' end`
}

/**
 * paymentStatusSql = status as plain predicates the planner can estimate (an expression's equality
 * it guesses at 0.5 %, and then reads every row of a scope to sort them).
 */
function paymentCondition(status: SearchFilters['paymentStatus']): SQL | undefined {
  const deposit = virtualAccounts.depositStatus
  const notShortOrOver = sql`(${deposit} is null or ${deposit} not in ('underpaid', 'overpaid'))`
  const online = sql`${applications.pymntMethod} is distinct from '4'`
  switch (status) {
    case undefined:
      return undefined
    case 'underpaid':
    case 'overpaid':
      return and(online, eq(deposit, status))
    case 'paid':
      return and(online, notShortOrOver, eq(applications.statusPattern, '330'))
    case 'unpaid':
      return and(
        online,
        notShortOrOver,
        sql`${applications.statusPattern} is distinct from '330'`,
        eq(applications.status, 'applied'),
      )
    case 'none':
      return or(
        eq(applications.pymntMethod, '4'),
        and(
          notShortOrOver,
          sql`${applications.statusPattern} is distinct from '330'`,
          sql`${applications.status} <> 'applied'`,
        ),
      )
  }
}

/** rules/back-office.ts adminApplicationStatus as a condition. */
function statusCondition(status: SearchFilters['status']): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined
    case 'draft':
    case 'cancelled':
      return eq(applications.status, status)
    case 'applied':
      return and(eq(applications.status, 'applied'), isNull(applications.processedAt))
    case 'processed':
      return and(eq(applications.status, 'applied'), isNotNull(applications.processedAt))
  }
}

const KATAKANA_ONLY = /^[\u30A1-\u30FF]+$/u

/** `%` and `_` typed by staff are letters, not wildcards. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

export interface SearchFilters {
  groupPfCode?: string
  groupPfCodeInceptionDateYm?: string
  groupPfBranchNo?: string
  status?: 'draft' | 'applied' | 'processed' | 'cancelled'
  statusPattern?: string
  paymentStatus?: 'unpaid' | 'paid' | 'underpaid' | 'overpaid' | 'none'
  /** applied at or after this instant */
  appliedFrom?: Date
  /** applied before this instant */
  appliedBefore?: Date
  memberCode?: string
  /** the normalised name (roster/normalise.ts): a prefix of the kana or the kanji key */
  nameKey?: string
}

export interface SearchOrder {
  sort: 'appliedAt' | 'updatedAt' | 'memberCode' | 'nameKana'
  order: 'asc' | 'desc'
  limit: number
  offset: number
}

export interface SearchRow {
  id: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  groupPfBranchNo: string
  memberCode: string
  nameKanji: string | null
  nameKana: string | null
  status: string
  statusPattern: string | null
  processedAt: Date | null
  paymentStatus: string
  appliedAt: Date | null
  updatedAt: Date
}

function searchConditions(scope: RecordScope, filters: SearchFilters): SQL | undefined {
  const nameKey = filters.nameKey === undefined ? undefined : `${escapeLike(filters.nameKey)}%`
  return and(
    scopeCondition(scope),
    filters.groupPfCode === undefined
      ? undefined
      : eq(applications.groupPfCode, filters.groupPfCode),
    filters.groupPfCodeInceptionDateYm === undefined
      ? undefined
      : eq(applications.groupPfCodeInceptionDateYm, filters.groupPfCodeInceptionDateYm),
    filters.groupPfBranchNo === undefined
      ? undefined
      : eq(applications.groupPfBranchNo, filters.groupPfBranchNo),
    statusCondition(filters.status),
    filters.statusPattern === undefined
      ? undefined
      : eq(applications.statusPattern, filters.statusPattern),
    paymentCondition(filters.paymentStatus),
    filters.appliedFrom === undefined
      ? undefined
      : gte(applications.appliedAt, filters.appliedFrom),
    filters.appliedBefore === undefined
      ? undefined
      : lt(applications.appliedAt, filters.appliedBefore),
    filters.memberCode === undefined
      ? undefined
      : inArray(
          applications.rosterMemberId,
          sql`(select ${rosterMembers.id} from ${rosterMembers} where ${rosterMembers.memberCode} = ${filters.memberCode})`,
        ),
    nameKey === undefined
      ? undefined
      : KATAKANA_ONLY.test(filters.nameKey ?? '')
        ? // a name in katakana is the kana name (a kanji name written in katakana is the same)
          sql`${applications.searchNameKana} like ${nameKey}`
        : or(
            sql`${applications.searchNameKana} like ${nameKey}`,
            sql`${applications.searchNameKanji} like ${nameKey}`,
          ),
  )
}

/**
 * The page's order, then the id (stable). Each direction is the exact reverse of the other, so one
 * index serves both: the times' indexes are DESC NULLS LAST (a draft without appliedAt comes last
 * newest first, first oldest first), the name's and member code's ASC NULLS LAST.
 */
function sortKey(order: SearchOrder) {
  return {
    appliedAt: applications.appliedAt,
    updatedAt: applications.updatedAt,
    memberCode: rosterMembers.memberCode,
    nameKana: applications.searchNameKana,
  }[order.sort]
}

/** `asc nulls first` … for the key: see sortColumns. */
function direction(order: SearchOrder): SQL {
  const ascending = order.order === 'asc'
  const byTime = order.sort === 'appliedAt' || order.sort === 'updatedAt'
  const nulls = ascending === byTime ? 'nulls first' : 'nulls last'
  return sql.raw(`${ascending ? 'asc' : 'desc'} ${nulls}`)
}

function sortColumns(order: SearchOrder): SQL[] {
  return [
    sql`${sortKey(order)} ${direction(order)}`,
    order.order === 'asc' ? asc(applications.id) : desc(applications.id),
  ]
}

/**
 * One page of the applications in scope matching the filters, and how many match. Two steps:
 * the page's ids (no applyInfo read), then the page's rows (names, member code, money).
 */
export async function searchApplications(
  db: Database,
  scope: RecordScope,
  filters: SearchFilters,
  order: SearchOrder,
): Promise<{ total: number; rows: SearchRow[] }> {
  const where = searchConditions(scope, filters)
  const needsDeposit = filters.paymentStatus !== undefined
  const needsMember = order.sort === 'memberCode'
  let idQuery = db
    .select({ id: applications.id, sortKey: sql`${sortKey(order)}`.as('sort_key') })
    .from(applications)
    .$dynamic()
  if (needsDeposit) {
    idQuery = idQuery.leftJoin(virtualAccounts, applicationOwnAccount)
  }
  if (needsMember) {
    idQuery = idQuery.innerJoin(rosterMembers, eq(rosterMembers.id, applications.rosterMemberId))
  }
  let countQuery = db.select({ total: count() }).from(applications).$dynamic()
  if (needsDeposit) {
    countQuery = countQuery.leftJoin(virtualAccounts, applicationOwnAccount)
  }
  // A name or a member code picks few rows: read them by their own index, then sort them, rather
  // than let the planner walk the sort's index hoping to meet them early (it need not).
  // (sorted by the kana name, a katakana name's own index gives the matches in order)
  const byKanaIndex =
    order.sort === 'nameKana' &&
    filters.memberCode === undefined &&
    KATAKANA_ONLY.test(filters.nameKey ?? '')
  const selective =
    !byKanaIndex && (filters.nameKey !== undefined || filters.memberCode !== undefined)
  const pageQuery = selective
    ? db
        .execute(
          sql`with matched as materialized (${idQuery
            .where(where)
            .getSQL()}) select id from matched order by sort_key ${direction(order)}, id ${sql.raw(
            order.order,
          )} limit ${order.limit} offset ${order.offset}`,
        )
        // PGlite and node-postgres both answer { rows }; the HKT-generic Database types it unknown.
        .then((result) => (result as { rows: { id: string }[] }).rows)
    : idQuery
        .where(where)
        .orderBy(...sortColumns(order))
        .limit(order.limit)
        .offset(order.offset)
  const [ids, totals] = await Promise.all([pageQuery, countQuery.where(where)])
  const total = totals[0]?.total ?? 0
  if (ids.length === 0) return { total, rows: [] }
  const rows = await db
    .select({
      id: applications.id,
      groupPfCode: applications.groupPfCode,
      groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
      groupPfBranchNo: applications.groupPfBranchNo,
      memberCode: rosterMembers.memberCode,
      nameKanji: sql<
        string | null
      >`${applications.applyInfo} -> 'policyHolderInfo' ->> 'policyHolderNameKanji'`,
      nameKana: sql<
        string | null
      >`${applications.applyInfo} -> 'policyHolderInfo' ->> 'policyHolderNameKana'`,
      status: applications.status,
      statusPattern: applications.statusPattern,
      processedAt: applications.processedAt,
      paymentStatus: paymentStatusSql(virtualAccounts.depositStatus),
      appliedAt: applications.appliedAt,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .innerJoin(rosterMembers, eq(rosterMembers.id, applications.rosterMemberId))
    .leftJoin(virtualAccounts, applicationOwnAccount)
    .where(
      inArray(
        applications.id,
        ids.map((row) => row.id),
      ),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return { total, rows: ids.flatMap((row) => byId.get(row.id) ?? []) }
}

/** The group products in scope with their branches in scope, newest product year first. */
export async function listGroupsInScope(db: Database, scope: RecordScope) {
  if (scope.kind === 'none') return []
  const agency = scope.kind === 'agency' ? eq(groupPfBranches.agentCd, scope.agentCd) : undefined
  const group = scope.kind === 'group' ? eq(groupPfInfos.groupPfCode, scope.groupPfCode) : undefined
  const groupBranches =
    scope.kind === 'group' ? eq(groupPfBranches.groupPfCode, scope.groupPfCode) : undefined
  const [products, branches] = await Promise.all([
    db
      .select({
        groupPfCode: groupPfInfos.groupPfCode,
        groupPfCodeInceptionDateYm: groupPfInfos.groupPfCodeInceptionDateYm,
        groupNameKanji: groupPfInfos.groupNameKanji,
      })
      .from(groupPfInfos)
      .where(
        agency === undefined
          ? group
          : exists(
              db
                .select({ one: sql`1` })
                .from(groupPfBranches)
                .where(and(eq(groupPfBranches.groupPfCode, groupPfInfos.groupPfCode), agency)),
            ),
      )
      .orderBy(asc(groupPfInfos.groupPfCode), desc(groupPfInfos.groupPfCodeInceptionDateYm)),
    db
      .select({
        groupPfCode: groupPfBranches.groupPfCode,
        groupPfBranchNo: groupPfBranches.groupPfBranchNo,
        sectionName: groupPfBranches.sectionName,
        agentCd: groupPfBranches.agentCd,
        agentName: groupPfBranches.agentName,
      })
      .from(groupPfBranches)
      .where(agency ?? groupBranches)
      .orderBy(asc(groupPfBranches.groupPfCode), asc(groupPfBranches.groupPfBranchNo)),
  ])
  return products.map((product) => ({
    ...product,
    branches: branches
      .filter((branch) => branch.groupPfCode === product.groupPfCode)
      .map(({ groupPfCode: _code, ...branch }) => branch),
  }))
}

/** An application in scope with what its detail heads with; undefined outside scope or absent. */
export async function findApplicationInScope(
  db: Database,
  scope: RecordScope,
  applicationId: string,
) {
  const rows = await db
    .select({
      id: applications.id,
      version: applications.version,
      groupPfCode: applications.groupPfCode,
      groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
      groupPfBranchNo: applications.groupPfBranchNo,
      groupNameKanji: groupPfInfos.groupNameKanji,
      rosterMemberId: applications.rosterMemberId,
      memberCode: rosterMembers.memberCode,
      status: applications.status,
      statusPattern: applications.statusPattern,
      processedAt: applications.processedAt,
      paymentStatus: paymentStatusSql(virtualAccounts.depositStatus),
      groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
      appliedAt: applications.appliedAt,
      createdAt: applications.createdAt,
      applyInfo: applications.applyInfo,
    })
    .from(applications)
    .innerJoin(rosterMembers, eq(rosterMembers.id, applications.rosterMemberId))
    .innerJoin(
      groupPfInfos,
      and(
        eq(groupPfInfos.groupPfCode, applications.groupPfCode),
        eq(groupPfInfos.groupPfCodeInceptionDateYm, applications.groupPfCodeInceptionDateYm),
      ),
    )
    .leftJoin(virtualAccounts, applicationOwnAccount)
    .where(and(eq(applications.id, applicationId), scopeCondition(scope)))
    .limit(1)
  return rows[0]
}

export type ApplicationInScope = NonNullable<Awaited<ReturnType<typeof findApplicationInScope>>>

/** The product's item definitions (labels and choices of the answers). */
export async function listProductItems(
  db: Database,
  product: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<
  Pick<ItemDefinition, 'itemCode' | 'itemName' | 'itemClass' | 'inputType' | 'choiceArray'>[]
> {
  const rows = await db
    .select({
      itemCode: itemDefinitions.itemCode,
      itemName: itemDefinitions.itemName,
      itemClass: itemDefinitions.itemClass,
      inputType: itemDefinitions.inputType,
      choiceArray: itemDefinitions.choiceArray,
      displayOrder: itemDefinitions.displayOrder,
    })
    .from(itemDefinitions)
    .where(
      and(
        eq(itemDefinitions.groupPfCode, product.groupPfCode),
        eq(itemDefinitions.groupPfCodeInceptionDateYm, product.groupPfCodeInceptionDateYm),
      ),
    )
    .orderBy(asc(itemDefinitions.displayOrder), asc(itemDefinitions.itemCode))
  return rows.map(({ itemClass, inputType, ...row }) => ({
    ...row,
    itemClass: itemClass === '030' ? '030' : '010',
    inputType: inputType === 'date' ? 'date' : 'text',
  }))
}

/** The units of the product (their display names). */
export async function listProductUnits(
  db: Database,
  product: { groupPfCode: string; groupPfCodeInceptionDateYm: string },
): Promise<{ unitNo: number; displayName: string }[]> {
  return db
    .select({ unitNo: groupPfUnits.unitNo, displayName: groupPfUnits.displayName })
    .from(groupPfUnits)
    .where(
      and(
        eq(groupPfUnits.groupPfCode, product.groupPfCode),
        eq(groupPfUnits.groupPfCodeInceptionDateYm, product.groupPfCodeInceptionDateYm),
      ),
    )
    .orderBy(asc(groupPfUnits.unitNo))
}

/** Everything the detail lists beside the application itself. */
export async function findApplicationRecords(
  db: Database,
  application: { id: string; createdAt: Date; mailAddress: string | null },
) {
  const [consents, events, attempts, files, mails] = await Promise.all([
    db
      .select({
        documentId: applicationConsents.documentId,
        version: applicationConsents.version,
        agreedAt: applicationConsents.agreedAt,
      })
      .from(applicationConsents)
      .where(eq(applicationConsents.applicationId, application.id))
      .orderBy(asc(applicationConsents.agreedAt), asc(applicationConsents.documentId)),
    db
      .select({
        at: applicationStatusEvents.at,
        event: applicationStatusEvents.event,
        note: applicationStatusEvents.note,
      })
      .from(applicationStatusEvents)
      .where(eq(applicationStatusEvents.applicationId, application.id))
      .orderBy(asc(applicationStatusEvents.at), asc(applicationStatusEvents.id)),
    db
      .select({
        kind: paymentAttempts.kind,
        status: paymentAttempts.status,
        amount: paymentAttempts.amount,
        createdAt: paymentAttempts.createdAt,
        finishedAt: paymentAttempts.finishedAt,
      })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.applicationId, application.id))
      .orderBy(asc(paymentAttempts.createdAt)),
    db
      .select({
        id: applicationFiles.id,
        slot: applicationFiles.slot,
        fileName: applicationFiles.fileName,
      })
      .from(applicationFiles)
      .where(eq(applicationFiles.applicationId, application.id))
      .orderBy(asc(applicationFiles.slot), asc(applicationFiles.createdAt)),
    // The outbox names no application: the mails to the applicant's address since it started.
    application.mailAddress === null || application.mailAddress === ''
      ? Promise.resolve([])
      : db
          .select({
            template: outboxMessages.template,
            status: outboxMessages.status,
            createdAt: outboxMessages.createdAt,
          })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.recipient, application.mailAddress),
              eq(outboxMessages.channel, 'mail'),
              gte(outboxMessages.createdAt, application.createdAt),
            ),
          )
          .orderBy(asc(outboxMessages.createdAt))
          .limit(200),
  ])
  return { consents, events, attempts, files, mails }
}

/** One uploaded document of the application; undefined when the file is not of it. */
export async function findFileOfApplication(
  db: Database,
  applicationId: string,
  fileId: string,
): Promise<{ id: string } | undefined> {
  const rows = await db
    .select({ id: applicationFiles.id })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.id, fileId), eq(applicationFiles.applicationId, applicationId)))
    .limit(1)
  return rows[0]
}

/** The branch's contact text (SPEC §3.4 refFreeField) for the applicant's mail. */
export async function findBranchContact(
  db: Database,
  key: { groupPfCode: string; groupPfBranchNo: string },
): Promise<string> {
  const rows = await db
    .select({ refFreeField: groupPfBranches.refFreeField })
    .from(groupPfBranches)
    .where(
      and(
        eq(groupPfBranches.groupPfCode, key.groupPfCode),
        eq(groupPfBranches.groupPfBranchNo, key.groupPfBranchNo),
      ),
    )
    .limit(1)
  return rows[0]?.refFreeField ?? ''
}
