import { isDeepStrictEqual } from 'node:util'
import { and, eq, isNull } from 'drizzle-orm'
import { addDays, startOfBusinessDate, toBusinessDate } from '@app/shared'
import type { Database } from '../db/client.ts'
import { accounts, applications, rosterMembers } from '../db/schema/index.ts'
import { findGroupPfInfo, listItemDefinitions } from '../modules/group/group-repository.ts'
import { formatCsv } from '../modules/roster/csv.ts'
import { formatRosterIssue, importRoster } from '../modules/roster/import-roster.ts'
import {
  listGroupRosterMembers,
  updateRosterMember,
  type ProductKey,
} from '../modules/roster/roster-repository.ts'
import {
  demoApplicationA,
  demoApplicationARenewal,
  demoApplicationB,
  demoApplicationState,
  type DemoApplication,
} from './demo-applications.ts'
import {
  buildDemoDocuments,
  buildDemoPreviousYearDocuments,
  demoLinks,
  type DemoLink,
} from './demo-groups.ts'

// The rosters of the demo groups (issue #5), imported through the same roster import as an
// operator's CSV. The credentials are fixed so that the README can list them. Their argon2id
// hashes are written here too, computed once with hashPassword: a fresh database (every e2e run)
// then costs no hashing at all, and a later start only compares strings. The demo first-entry IDs
// contain O, 0 and 1, which generated IDs never do (credentials.ts), so they never collide.

/** What a demo member shows. */
export type DemoMemberRole =
  /** can verify and apply */
  | 'ready'
  /** has a previous-year policy holder number with no contract behind it: verifyUser answers
   *  "pre-renewal policy holder information unavailable" (SPEC §8.3) */
  | 'preRenewalUnavailable'
  /** has an account and an applied application: verifyUser answers "already applied" */
  | 'applied'

/** The product year whose roster holds a member: this year's, or last year's (group A only). */
export type DemoProductYear = 'current' | 'previous'

export interface DemoRosterMember {
  groupPfCode: string
  memberCode: string
  role: DemoMemberRole
  productYear: DemoProductYear
  preYearPolicyHolderNo: string | null
  /** authenticationType "1" */
  credentials?: { firstEntryId: string; initialPassword: string; passwordHash: string }
  /** authenticationType "2": the values as the roster file holds them, by itemCode */
  authItems?: Record<string, string>
}

/** The my-page account of a demo member who has applied. */
export interface DemoAccount {
  groupPfCode: string
  memberCode: string
  /** the my-page ID */
  userId: string
  mailAddress: string
  password: string
  passwordHash: string
  groupPfPolicyHolderNo: string
  /** what the member entered when applying (demo-applications.ts) */
  application: DemoApplication
}

const firstEntry = (
  groupPfCode: string,
  memberCode: string,
  firstEntryId: string,
  initialPassword: string,
  passwordHash: string,
  role: DemoMemberRole = 'ready',
  preYearPolicyHolderNo: string | null = null,
  productYear: DemoProductYear = 'current',
): DemoRosterMember => ({
  groupPfCode,
  memberCode,
  role,
  productYear,
  preYearPolicyHolderNo,
  credentials: { firstEntryId, initialPassword, passwordHash },
})

const threeItems = (
  memberCode: string,
  [memberNo, birthDate, nameKana]: [string, string, string],
  role: DemoMemberRole = 'ready',
  preYearPolicyHolderNo: string | null = null,
): DemoRosterMember => ({
  groupPfCode: 'G200002',
  memberCode,
  role,
  productYear: 'current',
  preYearPolicyHolderNo,
  authItems: { MDR_MEMBER_NO: memberNo, MDR_BIRTH_DATE: birthDate, MDR_NAME_KANA: nameKana },
})

/**
 * Five members for each demo group (README "デモの加入者"), and for group A one more on last
 * year's product, whose contract renews now.
 */
export const demoRosterMembers: readonly DemoRosterMember[] = [
  // A さくら電機 (authenticationType "1")
  firstEntry(
    'G100001',
    'SKR-0001',
    'DEMOA00001',
    'DemoPassA001',
    '$argon2id$v=19$m=19456,t=2,p=1$2l2XZYM2zc7epS0utVwJDg$mOJgac4CWwIaJgQbS19Sm3z+WR+c+uzhRHq5g4aNGJM',
  ),
  firstEntry(
    'G100001',
    'SKR-0002',
    'DEMOA00002',
    'DemoPassA002',
    '$argon2id$v=19$m=19456,t=2,p=1$dy4IWh6t3JMNaGrTpo+K+g$ZIMnRbs7gf9E+ytQDb6+qysQV9RiaxE7f3PkJiGb4mc',
  ),
  firstEntry(
    'G100001',
    'SKR-0003',
    'DEMOA00003',
    'DemoPassA003',
    '$argon2id$v=19$m=19456,t=2,p=1$4jPQjDS5ngUqrjmsQJOooQ$IE2JeAqwBahdsyr4PmPIBv3TOl+gQo88xPWQ1Bn2/Fw',
  ),
  firstEntry(
    'G100001',
    'SKR-0004',
    'DEMOA00004',
    'DemoPassA004',
    '$argon2id$v=19$m=19456,t=2,p=1$3LK2kGYVVKAmkGnfVc/olA$0SowHIxjIMhq0AL62N7YAfF/ll7O0Etigt7W7g4olUE',
    'preRenewalUnavailable',
    'DEMO-A-PREV-0004',
  ),
  firstEntry(
    'G100001',
    'SKR-0005',
    'DEMOA00005',
    'DemoPassA005',
    '$argon2id$v=19$m=19456,t=2,p=1$YiwKKsHSyqcPdtIJRLyOcA$TCbpLwzdGG4D0lViXJgT3C4nI4hGfFJ4UKEwfcg0/3U',
    'applied',
  ),
  firstEntry(
    'G100001',
    'SKR-0006',
    'DEMOA00006',
    'DemoPassA006',
    '$argon2id$v=19$m=19456,t=2,p=1$ZeVZaqcAunb/Ab4pRrGjEw$js7d+u2ZHylqIJd2kvLyjqKQ8LSFPmQJXf/oxjtXva0',
    'applied',
    null,
    'previous',
  ),
  // B みどり市互助会 (authenticationType "2": 会員番号・生年月日・氏名カナ)
  threeItems('MDR-0001', ['2000001', '19850415', 'ミドリ　ハナコ']),
  threeItems('MDR-0002', ['2000002', '19900101', 'アオヤマ　タロウ']),
  threeItems('MDR-0003', ['2000003', '19781120', 'キタムラ　ジロウ']),
  threeItems(
    'MDR-0004',
    ['2000004', '19701231', 'ミナミ　サチコ'],
    'preRenewalUnavailable',
    'DEMO-B-PREV-0004',
  ),
  threeItems('MDR-0005', ['2000005', '19950505', 'ニシダ　ケンタ'], 'applied'),
  // C ソフトウェア協会 (authenticationType "1", outside its recruitment windows)
  firstEntry(
    'G300003',
    'JSE-0001',
    'DEMOC00001',
    'DemoPassC001',
    '$argon2id$v=19$m=19456,t=2,p=1$axU17+3QsvkYM5LqbsYsrA$qgv+b+3djdMeYaUkNdoahf+TXElV0LWxZNC+9kR16q0',
  ),
  firstEntry(
    'G300003',
    'JSE-0002',
    'DEMOC00002',
    'DemoPassC002',
    '$argon2id$v=19$m=19456,t=2,p=1$aaCS2XWDUEyVZsd3/QVLqQ$LupiopsX+I9YUGI1R0ioK0buhPoNKgyNNUuKvsGKC+I',
  ),
  firstEntry(
    'G300003',
    'JSE-0003',
    'DEMOC00003',
    'DemoPassC003',
    '$argon2id$v=19$m=19456,t=2,p=1$Y04yuaYOTsAIOJh3OsfBxw$5ueW76Gri8Eoo9sMUooWEJWAUuMewQHpDePDIMqENpg',
  ),
  firstEntry(
    'G300003',
    'JSE-0004',
    'DEMOC00004',
    'DemoPassC004',
    '$argon2id$v=19$m=19456,t=2,p=1$SrgqQ/aPnkixE16/yt3X7w$fcXK3H6CycI7uMXdd+5bdV8bYTjtMt3EuploXBjrRno',
  ),
  firstEntry(
    'G300003',
    'JSE-0005',
    'DEMOC00005',
    'DemoPassC005',
    '$argon2id$v=19$m=19456,t=2,p=1$1zfs+zi52bl9JhQKEEImVg$A1kfnrZCTdaA7YsSLoi4UYqYWd9MiPUU1ivVsbU/DVI',
  ), // D ソフトウェア協会 新入会員 (authenticationType "1", inside its all-at-once window; group collection)
  firstEntry(
    'G400004',
    'JSN-0001',
    'DEMOD00001',
    'DemoPassD001',
    '$argon2id$v=19$m=19456,t=2,p=1$ffTlQKXpdvTDnne3LT9mtA$UZ/GZBH9yEbFADG01cr5LYYxAAQSSGWaEhid8EBTzsA',
  ),
  firstEntry(
    'G400004',
    'JSN-0002',
    'DEMOD00002',
    'DemoPassD002',
    '$argon2id$v=19$m=19456,t=2,p=1$aGg5uii4JuhakO7Lm6z2OQ$XBWVv+ClYq2lkUjY8EZSLajJUKFB490UoJRDtnRzN4g',
  ),
  firstEntry(
    'G400004',
    'JSN-0003',
    'DEMOD00003',
    'DemoPassD003',
    '$argon2id$v=19$m=19456,t=2,p=1$reQat39ShU8rzAphXPYXlw$GjvgcSPEgb4RKBhYBSwFEr9zsLgAkjGEhc0BgywM/RU',
  ),
  firstEntry(
    'G400004',
    'JSN-0004',
    'DEMOD00004',
    'DemoPassD004',
    '$argon2id$v=19$m=19456,t=2,p=1$zyJRjD9wdI5EqyL1pAQ8hw$vE5aXDsi7Kdhe6BJwtaeidISMPV2D0CZn7kwFGbngro',
  ),
  firstEntry(
    'G400004',
    'JSN-0005',
    'DEMOD00005',
    'DemoPassD005',
    '$argon2id$v=19$m=19456,t=2,p=1$Q2pjn79yNPgQc4ex8sf0TA$tWPh7p5DLSv5XDEoyA3Cslw15ZdS4kUfsvTBgOl+JtA',
  ),
]

/** The accounts of the members with role 'applied'. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    groupPfCode: 'G100001',
    memberCode: 'SKR-0005',
    userId: 'D000000001',
    mailAddress: 'demo-applied-a@example.jp',
    password: 'Demo-Mypage1',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$aCSR77dY/9YEVuEDVQ9EsA$rqGwMpH9tXupVAXy9giU0i+Scvv7w6uihhSkg5uoLhk',
    groupPfPolicyHolderNo: 'DEMO-A-0005',
    application: demoApplicationA,
  },
  {
    groupPfCode: 'G100001',
    memberCode: 'SKR-0006',
    userId: 'D000000003',
    mailAddress: 'demo-renewal-a@example.jp',
    password: 'Demo-Mypage3',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$eVLz+EQkzovwwQai+AcJfA$5Q8v5fgUWgEGWch1X3kz/kponQ4RCpT0ijKiFXCYnSM',
    groupPfPolicyHolderNo: 'DEMO-A-0006',
    application: demoApplicationARenewal,
  },
  {
    groupPfCode: 'G200002',
    memberCode: 'MDR-0005',
    userId: 'D000000002',
    mailAddress: 'demo-applied-b@example.jp',
    password: 'Demo-Mypage2',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$hK8WkMS59HGqlEBEnUun5A$Ztg0RAq6h8nFTzcQQY4da098k0OR+2UUjhG2TVxUsjY',
    groupPfPolicyHolderNo: 'DEMO-B-0005',
    application: demoApplicationB,
  },
]

/** The members on one product year's roster of a demo group. */
function rosterOf(groupPfCode: string, productYear: DemoProductYear): DemoRosterMember[] {
  return demoRosterMembers.filter(
    (member) => member.groupPfCode === groupPfCode && member.productYear === productYear,
  )
}

/** The roster file of one demo group's product year, as an operator would write it. */
export function demoRosterCsv(
  groupPfCode: string,
  productYear: DemoProductYear = 'current',
): string {
  const members = rosterOf(groupPfCode, productYear)
  const itemCodes = Object.keys(members[0]?.authItems ?? {})
  const header = ['memberCode', ...itemCodes, 'preYearPolicyHolderNo']
  return formatCsv([
    header,
    ...members.map((member) => [
      member.memberCode,
      ...itemCodes.map((itemCode) => member.authItems?.[itemCode] ?? ''),
      member.preYearPolicyHolderNo ?? '',
    ]),
  ])
}

/**
 * The demo products move with today, so a demo member may sit in an earlier product of its group:
 * move it to today's, keeping its row (and so its account, its application and its unique
 * first-entry ID) rather than adding a second one.
 */
async function moveToProduct(db: Database, key: ProductKey, members: readonly DemoRosterMember[]) {
  const rows = await listGroupRosterMembers(
    db,
    key.groupPfCode,
    members.map((member) => member.memberCode),
  )
  for (const member of members) {
    const own = rows.filter((row) => row.memberCode === member.memberCode)
    if (own.some((row) => row.groupPfCodeInceptionDateYm === key.groupPfCodeInceptionDateYm))
      continue
    const earlier =
      own.find((row) => row.firstEntryId === (member.credentials?.firstEntryId ?? null)) ??
      own.toSorted((left, right) =>
        right.groupPfCodeInceptionDateYm.localeCompare(left.groupPfCodeInceptionDateYm),
      )[0]
    if (earlier === undefined) continue
    await updateRosterMember(db, earlier.id, {
      groupPfCodeInceptionDateYm: key.groupPfCodeInceptionDateYm,
    })
  }
}

/** A database from an older demo may hold other credentials: set the documented ones. */
async function restoreCredentials(
  db: Database,
  key: ProductKey,
  members: readonly DemoRosterMember[],
) {
  const rows = await listGroupRosterMembers(
    db,
    key.groupPfCode,
    members.map((member) => member.memberCode),
  )
  for (const member of members) {
    const credentials = member.credentials
    if (credentials === undefined) continue
    const row = rows.find(
      (candidate) =>
        candidate.memberCode === member.memberCode &&
        candidate.groupPfCodeInceptionDateYm === key.groupPfCodeInceptionDateYm,
    )
    if (
      row === undefined ||
      (row.firstEntryId === credentials.firstEntryId &&
        row.passwordHash === credentials.passwordHash)
    )
      continue
    await updateRosterMember(db, row.id, {
      firstEntryId: credentials.firstEntryId,
      passwordHash: credentials.passwordHash,
    })
  }
}

/**
 * The account and the applied application of a demo member, created or brought back in line.
 * On this year's product the application keeps its date while it belongs to today's product;
 * moved to a new product (the demo products follow today), it is applied again today. On last
 * year's, it was applied in that year's all-at-once window (5 days after it opened, 10:00 JST).
 */
async function ensureApplied(
  db: Database,
  key: ProductKey,
  link: DemoLink,
  account: DemoAccount,
  options: { now: Date; productYear: DemoProductYear },
) {
  const { now } = options
  const [member] = await db
    .select({
      id: rosterMembers.id,
      authItem1: rosterMembers.authItem1,
      authItem2: rosterMembers.authItem2,
      authItem3: rosterMembers.authItem3,
    })
    .from(rosterMembers)
    .where(
      and(
        eq(rosterMembers.groupPfCode, key.groupPfCode),
        eq(rosterMembers.groupPfCodeInceptionDateYm, key.groupPfCodeInceptionDateYm),
        eq(rosterMembers.memberCode, account.memberCode),
      ),
    )
  if (member === undefined) throw new Error(`demo member ${account.memberCode} is missing`)
  const accountFields = {
    rosterMemberId: member.id,
    groupPfCode: key.groupPfCode,
    mailAddress: account.mailAddress,
    passwordHash: account.passwordHash,
  }
  const [holder] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(eq(accounts.rosterMemberId, member.id))
  // Someone signed up as this member through the real flow: their account stays as it is.
  if (holder !== undefined && holder.userId !== account.userId) return

  const [stored] = await db
    .select({ id: accounts.id, ...accountFieldColumns })
    .from(accounts)
    .where(eq(accounts.userId, account.userId))
  let accountId: string
  if (stored === undefined) {
    const [inserted] = await db
      .insert(accounts)
      .values({ userId: account.userId, ...accountFields, mailVerifiedAt: now })
      .returning({ id: accounts.id })
    if (inserted === undefined) throw new Error(`could not create demo account ${account.userId}`)
    accountId = inserted.id
  } else {
    accountId = stored.id
    if (!matches(stored, accountFields)) {
      await db
        .update(accounts)
        .set({ ...accountFields, updatedAt: now })
        .where(eq(accounts.id, accountId))
    }
  }

  const [application] = await db
    .select({ id: applications.id, ...applicationFieldColumns })
    .from(applications)
    // the member's own enrolment: a renewal of it (issue #9) is left as the holder made it
    .where(and(eq(applications.rosterMemberId, member.id), isNull(applications.preApplicationId)))
  const [group, items] = await Promise.all([findGroupPfInfo(db, key), listItemDefinitions(db, key)])
  if (group === undefined) throw new Error(`demo product ${key.groupPfCode} is missing`)
  const isSameProduct =
    application?.appliedAt != null &&
    application.applyInfo?.basicInfo.groupPfCodeInceptionDateYm === key.groupPfCodeInceptionDateYm
  const appliedAt =
    options.productYear === 'previous'
      ? appliedInWindow(group.atOnceRecruitStartDate)
      : isSameProduct
        ? (application.appliedAt ?? now)
        : now
  const applicationFields = {
    accountId,
    groupPfCode: key.groupPfCode,
    groupPfCodeInceptionDateYm: key.groupPfCodeInceptionDateYm,
    groupPfBranchNo: link.groupPfBranchNo,
    urlKey: link.urlKey,
    status: 'applied',
    groupPfPolicyHolderNo: account.groupPfPolicyHolderNo,
    appliedAt,
    ...demoApplicationState({
      application: account.application,
      group,
      items,
      link,
      account: { userId: account.userId, mailAddress: account.mailAddress },
      rosterAuthValues: { '1': member.authItem1, '2': member.authItem2, '3': member.authItem3 },
      groupPfPolicyHolderNo: account.groupPfPolicyHolderNo,
      now: options.productYear === 'previous' ? appliedAt : now,
      applicationDate: toBusinessDate(appliedAt),
    }),
  }
  if (application === undefined) {
    await db.insert(applications).values({ rosterMemberId: member.id, ...applicationFields })
  } else if (!matches(application, applicationFields)) {
    await db
      .update(applications)
      .set({ ...applicationFields, updatedAt: now })
      .where(eq(applications.id, application.id))
  }
}

const TEN_HOURS_MS = 10 * 60 * 60 * 1000

/** 10:00 JST five days into an all-at-once window that opened on `startDate` (YYYYMMDD). */
function appliedInWindow(startDate: string | null): Date {
  if (startDate === null) throw new Error('the demo product has no all-at-once window')
  return new Date(startOfBusinessDate(addDays(startDate, 5)).getTime() + TEN_HOURS_MS)
}

const accountFieldColumns = {
  rosterMemberId: accounts.rosterMemberId,
  groupPfCode: accounts.groupPfCode,
  mailAddress: accounts.mailAddress,
  passwordHash: accounts.passwordHash,
}

const applicationFieldColumns = {
  accountId: applications.accountId,
  groupPfCode: applications.groupPfCode,
  groupPfCodeInceptionDateYm: applications.groupPfCodeInceptionDateYm,
  groupPfBranchNo: applications.groupPfBranchNo,
  urlKey: applications.urlKey,
  status: applications.status,
  groupPfPolicyHolderNo: applications.groupPfPolicyHolderNo,
  appliedAt: applications.appliedAt,
  applyInfo: applications.applyInfo,
  applyInfoOption: applications.applyInfoOption,
  completedSteps: applications.completedSteps,
}

// jsonb keeps no key order: compare values, not their spelling.
function matches<T extends object>(stored: T, wanted: Partial<T>): boolean {
  return Object.entries(wanted).every(([name, value]) =>
    isDeepStrictEqual((stored as Record<string, unknown>)[name], value),
  )
}

/**
 * Imports the demo rosters into today's demo products (after the demo groups), and the account
 * and application of each 'applied' member. Runs on every start: what is already as documented
 * is left untouched, so a second run writes nothing.
 */
export async function loadDemoRosters(db: Database, options: { now: Date; today: string }) {
  const links = demoLinks(options.today)
  // last year's first: a member moves between products only within its own year
  const years = [
    { productYear: 'previous', documents: buildDemoPreviousYearDocuments(options.today) },
    { productYear: 'current', documents: buildDemoDocuments(options.today) },
  ] as const
  for (const { productYear, documents } of years) {
    for (const document of documents) {
      const { groupPfCode, groupPfCodeInceptionDateYm } = document.groupPfInfo
      const key = { groupPfCode, groupPfCodeInceptionDateYm }
      const members = rosterOf(groupPfCode, productYear)
      if (members.length === 0) continue
      await moveToProduct(db, key, members)
      const result = await importRoster(
        db,
        { ...key, csvBytes: Buffer.from(demoRosterCsv(groupPfCode, productYear), 'utf8') },
        {
          issueCredentials: (memberCodes) =>
            Promise.resolve(
              memberCodes.map((memberCode) => {
                const credentials = members.find(
                  (member) => member.memberCode === memberCode,
                )?.credentials
                if (credentials === undefined) throw new Error(`no demo credentials: ${memberCode}`)
                return { memberCode, ...credentials }
              }),
            ),
        },
      )
      if (!result.ok) {
        throw new Error(
          `demo roster ${groupPfCode}: ${result.errors.map(formatRosterIssue).join(' / ')}`,
        )
      }
      await restoreCredentials(db, key, members)
      const found = links.find((candidate) => candidate.groupPfCode === groupPfCode)
      if (found === undefined) throw new Error(`demo group ${groupPfCode} has no link`)
      // the same branch and URL key every year (demo-groups.ts), this document's year
      const link = { ...found, groupPfCodeInceptionDateYm }
      const holders = demoAccounts.filter((entry) =>
        members.some((member) => member.memberCode === entry.memberCode),
      )
      for (const account of holders) {
        await ensureApplied(db, key, link, account, { now: options.now, productYear })
      }
    }
  }
}
