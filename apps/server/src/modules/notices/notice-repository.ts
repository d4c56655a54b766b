import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.ts'
import { groupNotices, groupPfBranches, groupPfInfos } from '../../db/schema/index.ts'
import type { RecordScope } from '../staff/staff-scope.ts'

// The notices of the group products (issue #21 point 7). Every query for the back office takes the
// staff member's RecordScope and filters by it in SQL: agency staff reach the group products one
// of whose branches is their agency's; a group contact their one product; nobody else none.

export type NoticeRow = typeof groupNotices.$inferSelect

/** The scope as a condition on a group code column (undefined: every group). */
function groupInScope(scope: RecordScope, column: AnyPgColumn): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined
    case 'agency':
      return sql`exists (select 1 from ${groupPfBranches} where ${groupPfBranches.groupPfCode} = ${column} and ${groupPfBranches.agentCd} = ${scope.agentCd})`
    case 'group':
      return sql`${column} = ${scope.groupPfCode}`
    case 'none':
      return sql`false`
  }
}

/** Whether a group product of that code exists and is in scope. */
export async function isGroupInScope(
  db: Database,
  scope: RecordScope,
  groupPfCode: string,
): Promise<boolean> {
  const rows = await db
    .select({ groupPfCode: groupPfInfos.groupPfCode })
    .from(groupPfInfos)
    .where(
      and(eq(groupPfInfos.groupPfCode, groupPfCode), groupInScope(scope, groupPfInfos.groupPfCode)),
    )
    .limit(1)
  return rows.length > 0
}

export async function listNoticesInScope(
  db: Database,
  scope: RecordScope,
  groupPfCode: string | undefined,
): Promise<NoticeRow[]> {
  return db
    .select()
    .from(groupNotices)
    .where(
      and(
        groupPfCode === undefined ? undefined : eq(groupNotices.groupPfCode, groupPfCode),
        groupInScope(scope, groupNotices.groupPfCode),
      ),
    )
    .orderBy(desc(groupNotices.startsAt), asc(groupNotices.groupPfCode))
    .limit(500)
}

export async function findNoticeInScope(
  db: Database,
  scope: RecordScope,
  noticeId: string,
): Promise<NoticeRow | undefined> {
  const rows = await db
    .select()
    .from(groupNotices)
    .where(and(eq(groupNotices.id, noticeId), groupInScope(scope, groupNotices.groupPfCode)))
  return rows[0]
}

export async function insertNotice(
  db: Database,
  notice: {
    groupPfCode: string
    title: string
    body: string
    startsAt: Date
    endsAt: Date
    createdBy: string
    at: Date
  },
): Promise<NoticeRow> {
  const { at, ...values } = notice
  const rows = await db
    .insert(groupNotices)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning()
  const row = rows[0]
  if (row === undefined) throw new Error('notice not inserted')
  return row
}

/** Changes a notice if it is still at `version`: the row, or undefined when it moved on. */
export async function updateNotice(
  db: Database,
  noticeId: string,
  version: number,
  change: Partial<Pick<NoticeRow, 'title' | 'body' | 'startsAt' | 'endsAt' | 'endedEarlyAt'>> & {
    at: Date
  },
): Promise<NoticeRow | undefined> {
  const { at, ...values } = change
  const rows = await db
    .update(groupNotices)
    .set({ ...values, updatedAt: at, version: version + 1 })
    .where(and(eq(groupNotices.id, noticeId), eq(groupNotices.version, version)))
    .returning()
  return rows[0]
}

/** Notices whose end is after `after`, for the board's cache (every group). */
export async function listNoticesEndingAfter(
  db: Database,
  after: Date,
): Promise<Pick<NoticeRow, 'groupPfCode' | 'title' | 'body' | 'startsAt' | 'endsAt'>[]> {
  return db
    .select({
      groupPfCode: groupNotices.groupPfCode,
      title: groupNotices.title,
      body: groupNotices.body,
      startsAt: groupNotices.startsAt,
      endsAt: groupNotices.endsAt,
    })
    .from(groupNotices)
    .where(gt(groupNotices.endsAt, after))
    .orderBy(asc(groupNotices.startsAt))
    .limit(1000)
}
