import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { reserveTrySql } from '../security/lockout.ts'
import { hitRateLimitSql } from '../security/rate-limit.ts'

// One identity check reads, in one round trip: the client's rate-limit count (incremented), the
// reservation of the subject's try (lockout.ts: counted as wrong in advance, refused under a
// lock; nothing reserved past the client's limit), the roster member the answer names, and
// whether that member has already applied. A login then costs one statement besides its argon2id verify (PRODUCT.md budget:
// login >= 0.8 x a bare argon2id verify loop; on PGlite each statement is about 1 ms of the main
// thread's time).

export interface AttemptMember {
  id: string
  passwordHash: string | null
  preYearPolicyHolderNo: string | null
}

export interface Attempt {
  /** the client's hits in this window, this one included */
  clientHits: number
  /** whether this try was reserved: false under a lock (or past the client's limit) */
  reserved: boolean
  /** wrong tries in a row with this one counted (0 when it was not reserved) */
  failures: number
  /** the lock in force when the try was not reserved */
  lockedUntil: Date | undefined
  member: AttemptMember | undefined
  hasApplied: boolean
}

export interface AttemptInput {
  clientBucket: string
  windowStart: Date
  /** the client's limit in the window: a try past it reserves nothing */
  clientLimit: number
  subjectKey: string
  now: Date
  groupPfCode: string
  groupPfCodeInceptionDateYm: string
  /** the condition on roster_members that names the member (first-entry ID, or the three items) */
  memberMatch: SQL
}

interface AttemptRow extends Record<string, unknown> {
  hits: number | string
  failures: number | string | null
  locked_until_ms: number | string | null
  id: string | null
  password_hash: string | null
  pre_year_policy_holder_no: string | null
  applied: boolean | null
}

export async function openAttempt(db: Database, input: AttemptInput): Promise<Attempt> {
  const result = await db.execute<AttemptRow>(sql`
    with hit as (
      ${hitRateLimitSql(input.clientBucket, input.windowStart)}
    ), reserve as (
      ${reserveTrySql(input.subjectKey, input.now, sql`(select hits from hit) <= ${input.clientLimit}`)}
    ), lockout as (
      select locked_until from auth_lockouts where subject_key = ${input.subjectKey}
    ), member as (
      select id, password_hash, pre_year_policy_holder_no from roster_members
      where group_pf_code = ${input.groupPfCode}
        and group_pf_code_inception_date_ym = ${input.groupPfCodeInceptionDateYm}
        and ${input.memberMatch}
      limit 1
    )
    select
      (select hits from hit) as hits,
      (select failures from reserve) as failures,
      (select (extract(epoch from locked_until) * 1000)::float8 from lockout) as locked_until_ms,
      member.id, member.password_hash, member.pre_year_policy_holder_no,
      exists (
        select 1 from applications
        where applications.roster_member_id = member.id and applications.status = 'applied'
          and applications.pre_application_id is null
      ) as applied
    from (select 1) as one left join member on true
  `)
  // PGlite and node-postgres both answer { rows }; the HKT-generic Database types it unknown.
  const row = (result as { rows: AttemptRow[] }).rows[0]
  if (row === undefined) throw new Error('the attempt statement returned no row')
  return {
    clientHits: Number(row.hits),
    reserved: row.failures !== null,
    failures: row.failures === null ? 0 : Number(row.failures),
    lockedUntil: row.locked_until_ms === null ? undefined : new Date(Number(row.locked_until_ms)),
    member:
      row.id === null
        ? undefined
        : {
            id: row.id,
            passwordHash: row.password_hash,
            preYearPolicyHolderNo: row.pre_year_policy_holder_no,
          },
    hasApplied: row.applied === true,
  }
}
