import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import type { RecordScope } from '../staff/staff-scope.ts'

// Drizzle queries only (STYLE.md §6), read only: the back office's holder and applicant support
// (issue #20 point 6) reads a roster member with its account, its latest application and its
// verification mails. The tables belong to roster, access and application; the writes go through
// their published operations.

/** A roster member as support sees it. */
export interface SupportMember {
  memberId: string
  memberCode: string
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  firstEntryId: string | null
  /**
   * the first-entry password's hash as read: a re-issue replaces only this one, so of two staff
   * re-issuing at once one is refused instead of being shown a password that no longer works
   */
  firstEntryPasswordHash: string | null
  /** the normalised first authentication item (three-item groups): names its lock */
  authItem1: string | null
  account: { accountId: string; userId: string; mailAddress: string; groupPfCode: string } | null
  /** the latest live application (else the latest cancelled one) */
  application: {
    applicationId: string
    status: string
    groupPfCodeInceptionDateYm: string
    groupPfBranchNo: string
    urlKey: string
  } | null
  /** the link of the latest verification mail */
  verificationLink: { groupPfBranchNo: string; urlKey: string } | null
  /** verification links not used and not expired */
  pendingVerificationIds: string[]
}

interface MemberRow extends Record<string, unknown> {
  member_id: string
  member_code: string
  group_pf_code: string
  group_pf_code_inception_date_ym: string
  first_entry_id: string | null
  auth_item1: string | null
  password_hash: string | null
  account_id: string | null
  user_id: string | null
  mail_address: string | null
  account_group_pf_code: string | null
  application_id: string | null
  application_status: string | null
  application_ym: string | null
  application_branch_no: string | null
  application_url_key: string | null
  verification_branch_no: string | null
  verification_url_key: string | null
  pending_verification_ids: unknown
}

/**
 * The scope rule for a member (ADR 0026): an agency reaches it iff a branch with its agentCd is
 * the member's branch, taken from its application, else from its latest verification mail, else
 * any branch of its group.
 */
function memberInScope(scope: RecordScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`
    case 'none':
      return sql`false`
    case 'agency':
      return sql`exists (select 1 from group_pf_branches b
        where b.group_pf_code = m.group_pf_code and b.agent_cd = ${scope.agentCd}
        and (coalesce(app.group_pf_branch_no, v.group_pf_branch_no) is null
          or b.group_pf_branch_no = coalesce(app.group_pf_branch_no, v.group_pf_branch_no)))`
    case 'group':
      return sql`m.group_pf_code = ${scope.groupPfCode}`
  }
}

function idsOf(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
}

function memberOf(row: MemberRow): SupportMember {
  return {
    memberId: row.member_id,
    memberCode: row.member_code,
    groupPfCode: row.group_pf_code,
    groupPfCodeInceptionDateYm: row.group_pf_code_inception_date_ym,
    firstEntryId: row.first_entry_id,
    firstEntryPasswordHash: row.password_hash,
    authItem1: row.auth_item1,
    account:
      row.account_id === null
        ? null
        : {
            accountId: row.account_id,
            userId: row.user_id ?? '',
            mailAddress: row.mail_address ?? '',
            groupPfCode: row.account_group_pf_code ?? '',
          },
    application:
      row.application_id === null
        ? null
        : {
            applicationId: row.application_id,
            status: row.application_status ?? '',
            groupPfCodeInceptionDateYm: row.application_ym ?? '',
            groupPfBranchNo: row.application_branch_no ?? '',
            urlKey: row.application_url_key ?? '',
          },
    verificationLink:
      row.verification_branch_no === null
        ? null
        : { groupPfBranchNo: row.verification_branch_no, urlKey: row.verification_url_key ?? '' },
    pendingVerificationIds: idsOf(row.pending_verification_ids),
  }
}

async function selectMembers(
  db: Database,
  scope: RecordScope,
  now: Date,
  where: SQL,
): Promise<SupportMember[]> {
  const at = sql`${now.toISOString()}::timestamptz`
  const result = await db.execute<MemberRow>(sql`
    select m.id as member_id, m.member_code, m.group_pf_code, m.group_pf_code_inception_date_ym,
      m.first_entry_id, m.password_hash, m.auth_item1,
      a.id as account_id, a.user_id, a.mail_address, a.group_pf_code as account_group_pf_code,
      app.id as application_id, app.status as application_status,
      app.group_pf_code_inception_date_ym as application_ym,
      app.group_pf_branch_no as application_branch_no, app.url_key as application_url_key,
      v.group_pf_branch_no as verification_branch_no, v.url_key as verification_url_key,
      coalesce((select json_agg(p.id order by p.created_at) from mail_verifications p
        where p.roster_member_id = m.id and p.used_at is null and p.expires_at > ${at}),
        '[]'::json) as pending_verification_ids
    from roster_members m
    left join accounts a on a.roster_member_id = m.id
    left join lateral (
      select x.id, x.status, x.group_pf_code_inception_date_ym, x.group_pf_branch_no, x.url_key
      from applications x where x.roster_member_id = m.id
      order by (x.status <> 'cancelled') desc, x.group_pf_code_inception_date_ym desc,
        x.created_at desc
      limit 1) app on true
    left join lateral (
      select y.group_pf_branch_no, y.url_key from mail_verifications y
      where y.roster_member_id = m.id order by y.created_at desc limit 1) v on true
    where ${where} and ${memberInScope(scope)}
    order by m.member_code, m.id
    limit 50`)
  // PGlite and node-postgres both answer { rows }; the HKT-generic Database types it unknown.
  return (result as { rows: MemberRow[] }).rows.map(memberOf)
}

/** The members of a product with this member code, in the scope. */
export function findMembersByCode(
  db: Database,
  scope: RecordScope,
  query: { groupPfCode: string; groupPfCodeInceptionDateYm: string; memberCode: string },
  now: Date,
): Promise<SupportMember[]> {
  return selectMembers(
    db,
    scope,
    now,
    sql`m.group_pf_code = ${query.groupPfCode}
      and m.group_pf_code_inception_date_ym = ${query.groupPfCodeInceptionDateYm}
      and m.member_code = ${query.memberCode}`,
  )
}

/** One member, when it is in the scope. */
export async function findMemberInScope(
  db: Database,
  scope: RecordScope,
  memberId: string,
  now: Date,
): Promise<SupportMember | undefined> {
  const [member] = await selectMembers(db, scope, now, sql`m.id = ${memberId}`)
  return member
}
