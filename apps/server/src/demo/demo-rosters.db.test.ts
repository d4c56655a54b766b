import { asc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  applicationSteps,
  applyInfoOptionSchema,
  applyInfoSchema,
  FIRST_ENTRY_ID_LENGTH,
  INITIAL_PASSWORD_LENGTH,
  insuredItems,
  noticeItems,
  policyHolderInfoSchema,
  policyHolderItems,
  toBusinessDate,
  validateItemAnswers,
  validateRules,
  type ApplyInfo,
} from '@app/shared'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, testNow } from '../../test/helpers.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { accounts, applications, rosterMembers } from '../db/schema/index.ts'
import { hashPassword, verifyPassword } from '../modules/security/password.ts'
import type * as PasswordModule from '../modules/security/password.ts'
import { demoApplicationA, demoApplicationARenewal, demoApplicationB } from './demo-applications.ts'
import { buildDemoDocuments, buildDemoPreviousYearDocuments } from './demo-groups.ts'
import { demoAccounts, demoRosterCsv, demoRosterMembers } from './demo-rosters.ts'
import { loadDemoData } from './load-demo.ts'

vi.mock('../modules/security/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>()
  return { ...original, hashPassword: vi.fn(original.hashPassword) }
})

const log = { info: () => {} } as unknown as FastifyBaseLogger
const DAY = 24 * 60 * 60 * 1000

let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

async function snapshot() {
  const [members, accountRows, applicationRows] = await Promise.all([
    database.db.select().from(rosterMembers).orderBy(asc(rosterMembers.memberCode)),
    database.db.select().from(accounts).orderBy(asc(accounts.userId)),
    database.db.select().from(applications).orderBy(asc(applications.groupPfPolicyHolderNo)),
  ])
  return { members, accounts: accountRows, applications: applicationRows }
}

function demoDocument(now: Date, groupPfCode: string) {
  const document = buildDemoDocuments(toBusinessDate(now)).find(
    (candidate) => candidate.groupPfInfo.groupPfCode === groupPfCode,
  )
  if (document === undefined) throw new Error(`no demo group ${groupPfCode}`)
  return document
}

function productYm(now: Date, groupPfCode: string): string {
  return demoDocument(now, groupPfCode).groupPfInfo.groupPfCodeInceptionDateYm
}

/** Group A's last year's product (in force at `now`). */
function previousA(now: Date) {
  const [document] = buildDemoPreviousYearDocuments(toBusinessDate(now))
  if (document === undefined) throw new Error('no previous year of group A')
  return document.groupPfInfo
}

/** 10:00 JST five days after last year's all-at-once window opened (demo-rosters.ts). */
function appliedLastYear(now: Date): Date {
  const start = previousA(now).atOnceRecruitStartDate ?? ''
  const day = `${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 8)}`
  return new Date(new Date(`${day}T10:00:00+09:00`).getTime() + 5 * DAY)
}

describe('デモの名簿', () => {
  it('どのデモ団体にも今年度5人ずつ、Aには前年度に1人、決まった資格情報が入力チェックを通る形で用意されていること', () => {
    for (const groupPfCode of ['G100001', 'G200002', 'G300003', 'G400004']) {
      expect(
        demoRosterMembers.filter(
          (member) => member.groupPfCode === groupPfCode && member.productYear === 'current',
        ),
      ).toHaveLength(5)
    }
    expect(
      demoRosterMembers
        .filter((member) => member.productYear === 'previous')
        .map((member) => [member.groupPfCode, member.memberCode]),
    ).toEqual([['G100001', 'SKR-0006']])
    for (const member of demoRosterMembers) {
      if (member.credentials === undefined) continue
      const { firstEntryId, initialPassword } = member.credentials
      expect(firstEntryId).toHaveLength(FIRST_ENTRY_ID_LENGTH)
      expect(initialPassword).toHaveLength(INITIAL_PASSWORD_LENGTH)
      expect(validateRules(['required', 'onlyNumberAndUpperAlphabet'], firstEntryId)).toBe(
        undefined,
      )
      expect(validateRules(['required', 'connectPassword'], initialPassword)).toBe(undefined)
    }
    for (const account of demoAccounts) {
      expect(validateRules(['required', 'password'], account.password)).toBe(undefined)
    }
    expect(
      demoRosterMembers
        .filter((member) => member.role !== 'ready')
        .map((member) => [member.groupPfCode, member.memberCode, member.role]),
    ).toEqual([
      ['G100001', 'SKR-0004', 'preRenewalUnavailable'],
      ['G100001', 'SKR-0005', 'applied'],
      ['G100001', 'SKR-0006', 'applied'],
      ['G200002', 'MDR-0004', 'preRenewalUnavailable'],
      ['G200002', 'MDR-0005', 'applied'],
    ])
  })

  it('ソースに書いたハッシュが、記載したパスワードのものであること', async () => {
    const pairs = [
      ...demoRosterMembers.flatMap((member) =>
        member.credentials === undefined
          ? []
          : [[member.credentials.passwordHash, member.credentials.initialPassword] as const],
      ),
      ...demoAccounts.map((account) => [account.passwordHash, account.password] as const),
    ]
    expect(pairs).toHaveLength(19)
    for (const [hash, password] of pairs) expect(await verifyPassword(hash, password)).toBe(true)
  })

  it('デモ団体Bの名簿ファイルは、三項目の列を持つ CSV であること', () => {
    expect(demoRosterCsv('G200002').split('\r\n').slice(0, 2)).toEqual([
      'memberCode,MDR_MEMBER_NO,MDR_BIRTH_DATE,MDR_NAME_KANA,preYearPolicyHolderNo',
      'MDR-0001,2000001,19850415,ミドリ　ハナコ,',
    ])
  })

  it('起動のたびに読み込んでも同じ行のままで、ハッシュを計算し直さないこと', async () => {
    await loadDemoData(database.db, { mode: 'on', now: testNow, log })
    const first = await snapshot()
    await loadDemoData(database.db, { mode: 'on', now: testNow, log })
    expect(await snapshot()).toEqual(first)
    expect(hashPassword).not.toHaveBeenCalled()

    expect(first.members).toHaveLength(21)
    const ymA = productYm(testNow, 'G100001')
    const previousYmA = previousA(testNow).groupPfCodeInceptionDateYm
    const ymB = productYm(testNow, 'G200002')
    const byCode = new Map(first.members.map((row) => [row.memberCode, row]))
    expect(byCode.get('SKR-0001')).toMatchObject({
      groupPfCode: 'G100001',
      groupPfCodeInceptionDateYm: ymA,
      firstEntryId: 'DEMOA00001',
      authItem1: null,
      preYearPolicyHolderNo: null,
    })
    expect(byCode.get('SKR-0004')?.preYearPolicyHolderNo).toBe('DEMO-A-PREV-0004')
    expect(byCode.get('SKR-0006')).toMatchObject({
      groupPfCodeInceptionDateYm: previousYmA,
      firstEntryId: 'DEMOA00006',
    })
    expect(byCode.get('MDR-0001')).toMatchObject({
      groupPfCode: 'G200002',
      groupPfCodeInceptionDateYm: ymB,
      firstEntryId: null,
      passwordHash: null,
      authItem1: '2000001',
      authItem2: '19850415',
      authItem3: 'ミドリハナコ',
    })
    expect(byCode.get('MDR-0004')?.preYearPolicyHolderNo).toBe('DEMO-B-PREV-0004')
    expect(byCode.get('JSE-0005')?.firstEntryId).toBe('DEMOC00005')
    expect(byCode.get('JSN-0001')).toMatchObject({
      groupPfCode: 'G400004',
      groupPfCodeInceptionDateYm: productYm(testNow, 'G400004'),
      firstEntryId: 'DEMOD00001',
    })

    expect(
      first.accounts.map((row) => [
        row.userId,
        row.mailAddress,
        row.rosterMemberId,
        row.mailVerifiedAt,
      ]),
    ).toEqual([
      ['D000000001', 'demo-applied-a@example.jp', byCode.get('SKR-0005')?.id, testNow],
      ['D000000002', 'demo-applied-b@example.jp', byCode.get('MDR-0005')?.id, testNow],
      ['D000000003', 'demo-renewal-a@example.jp', byCode.get('SKR-0006')?.id, testNow],
    ])
    expect(
      first.applications.map((row) => ({
        rosterMemberId: row.rosterMemberId,
        groupPfCode: row.groupPfCode,
        groupPfCodeInceptionDateYm: row.groupPfCodeInceptionDateYm,
        groupPfBranchNo: row.groupPfBranchNo,
        urlKey: row.urlKey,
        status: row.status,
        groupPfPolicyHolderNo: row.groupPfPolicyHolderNo,
        appliedAt: row.appliedAt,
      })),
    ).toEqual([
      {
        rosterMemberId: byCode.get('SKR-0005')?.id,
        groupPfCode: 'G100001',
        groupPfCodeInceptionDateYm: ymA,
        groupPfBranchNo: '00001',
        urlKey: 'Kx7pR2mQ9a',
        status: 'applied',
        groupPfPolicyHolderNo: 'DEMO-A-0005',
        appliedAt: testNow,
      },
      {
        rosterMemberId: byCode.get('SKR-0006')?.id,
        groupPfCode: 'G100001',
        groupPfCodeInceptionDateYm: previousYmA,
        groupPfBranchNo: '00001',
        urlKey: 'Kx7pR2mQ9a',
        status: 'applied',
        groupPfPolicyHolderNo: 'DEMO-A-0006',
        appliedAt: appliedLastYear(testNow),
      },
      {
        rosterMemberId: byCode.get('MDR-0005')?.id,
        groupPfCode: 'G200002',
        groupPfCodeInceptionDateYm: ymB,
        groupPfBranchNo: '00010',
        urlKey: 'Ht4wN8vL3c',
        status: 'applied',
        groupPfPolicyHolderNo: 'DEMO-B-0005',
        appliedAt: testNow,
      },
    ])

    // SPEC §4, ADR 0014: A pays by card (110 → 330); B is shown its own account (211 stays 211)
    const [applicationA, applicationLastYear, applicationB] = first.applications
    const groupA = demoDocument(testNow, 'G100001').groupPfInfo
    const groupB = demoDocument(testNow, 'G200002').groupPfInfo
    expect(applicationA?.applyInfo?.basicInfo).toMatchObject({
      userId: 'D000000001',
      policyHolderEmailAddress: 'demo-applied-a@example.jp',
      groupPfPolicyHolderNo: 'DEMO-A-0005',
      statusPattern: '330',
      pymntMethod: '1',
      recruitFormat: '1',
      applicationDate: '20261120',
    })
    expect(applicationA?.applyInfo?.policyHolderInfo).toMatchObject({
      policyHolderDiv: '1',
      policyHolderNameKanji: '春野　陽介',
      // SPEC §4: applied in the all-at-once window, from the group's inception date and time
      policyHolderInceptionDate: groupA.groupInceptionDate,
      policyHolderInceptionTime: '0000',
      policyHolderExpiryDate: groupA.groupExpiryDate,
    })
    // Aプラン 1,230 + 個人賠償責任特約 150 + 入院一時金特約（5万円型） 410, one person each
    expect(applicationA?.applyInfo?.cvrgeInfo).toEqual({
      totalPremium: 1790,
      initTotalPremium: 1790,
      unitArray: [
        { unit: 1, unitTypeCd: 'A1', unitPremium: 1230, premiumBasis: 'perInsured' },
        // a household's liability cover: one premium for everyone it covers (issue #23 point 3)
        { unit: 4, unitTypeCd: 'LB', unitPremium: 150, premiumBasis: 'perUnit' },
        { unit: 6, unitTypeCd: 'HS05', unitPremium: 410, premiumBasis: 'perInsured' },
      ],
      planUnitNo: 1,
      contractType: '2',
    })
    expect(applicationA?.applyInfoOption).toMatchObject({
      invoiceAmount: 1790,
      policyHolderNumber: 'DEMO-A-0005',
      insuredRegisterStatus: { '1': '2', '4': '2', '6': '2' },
    })
    // last year's contract, applied in last year's window: its cover has begun (issue #23 point 19)
    const lastYear = previousA(testNow)
    expect(applicationLastYear?.applyInfo?.basicInfo).toMatchObject({
      userId: 'D000000003',
      groupPfCodeInceptionDateYm: lastYear.groupPfCodeInceptionDateYm,
      statusPattern: '330',
      applicationDate: toBusinessDate(appliedLastYear(testNow)),
    })
    expect(applicationLastYear?.applyInfo?.policyHolderInfo).toMatchObject({
      policyHolderNameKanji: '秋山　真理',
      policyHolderInceptionDate: lastYear.groupInceptionDate,
      policyHolderExpiryDate: lastYear.groupExpiryDate,
    })
    expect(lastYear.groupInceptionDate < toBusinessDate(testNow)).toBe(true)
    expect(lastYear.groupExpiryDate >= toBusinessDate(testNow)).toBe(true)
    // last year's premiums, 100 yen below this year's: Aプラン 1,130 + 入院一時金特約 310
    expect(applicationLastYear?.applyInfo?.cvrgeInfo.totalPremium).toBe(1440)
    expect(applicationB?.applyInfo?.basicInfo).toMatchObject({
      userId: 'D000000002',
      groupPfPolicyHolderNo: 'DEMO-B-0005',
      statusPattern: '211',
      pymntMethod: '3',
      payeeAccntDisplayDiv: '1',
      recruitFormat: '2',
    })
    // SPEC §4: applied in the mid-term window, from the mid-term inception date with no time
    expect(applicationB?.applyInfo?.policyHolderInfo).toMatchObject({
      policyHolderNameKanji: '西田　健太',
      policyHolderInceptionDate: groupB.halfwayPymntInceptionDate,
      policyHolderInceptionTime: '',
      // the three-item answers come from the roster, as at a real application start
      itemAnswers: {
        MDR_MEMBER_NO: '2000005',
        MDR_BIRTH_DATE: '19950505',
        MDR_NAME_KANA: 'ニシダケンタ',
        MDR_WORKPLACE: '市民生活部　市民課',
        MDR_STAFF_DIV: '1',
        MDR_WORK_TEL: '03-0000-2215',
      },
    })
    // 充実コース 28,800 for one, がん診断一時金特約 6,240 for two
    expect(applicationB?.applyInfo?.cvrgeInfo.totalPremium).toBe(41280)
    expect(
      applicationB?.applyInfo?.insrdInfoArray.map((insured) => [
        insured.unit,
        insured.insrdNameKanji,
      ]),
    ).toEqual([
      [2, '西田　健太'],
      [4, '西田　健太'],
      [4, '西田　美香'],
    ])
    // every step of the flow is done; a personal policy holder has no 担当者 to register
    expect(applicationB?.completedSteps).toEqual(
      applicationSteps.filter((step) => step !== 'registerMaintenanceManager'),
    )
  })

  it('デモの申込情報は、申込の形と団体の項目定義の入力チェックをすべて通ること（SPEC §3.1、§5.2）', async () => {
    const rows = await database.db
      .select()
      .from(applications)
      .orderBy(asc(applications.groupPfPolicyHolderNo))
    expect(rows).toHaveLength(3)
    const entered = [demoApplicationA, demoApplicationARenewal, demoApplicationB]
    rows.forEach((row, index) => {
      const applyInfo = applyInfoSchema.parse(row.applyInfo) satisfies ApplyInfo
      applyInfoOptionSchema.parse(row.applyInfoOption)
      const { itemDefinitionArray: items } = demoDocument(testNow, row.groupPfCode)
      const units = applyInfo.cvrgeInfo.unitArray.map((entry) => entry.unit)
      const holder = applyInfo.policyHolderInfo
      expect(
        policyHolderInfoSchema('1').safeParse(entered[index]?.policyHolderInfo).error?.issues,
      ).toBe(undefined)
      expect(validateItemAnswers(policyHolderItems(items, units), holder.itemAnswers)).toEqual([])
      for (const insured of applyInfo.insrdInfoArray) {
        expect(units).toContain(insured.unit)
        expect(validateItemAnswers(insuredItems(items, insured.unit), insured.itemAnswers)).toEqual(
          [],
        )
      }
      const notices = noticeItems(items, units)
      expect(notices.length).toBeGreaterThan(0)
      expect(validateItemAnswers(notices, applyInfo.noticeMatterInfo.answers)).toEqual([])
    })
  })

  it('古い資格情報を持つデータベースでは、記載どおりの資格情報に戻すこと', async () => {
    await database.db
      .update(rosterMembers)
      .set({ passwordHash: 'stale' })
      .where(eq(rosterMembers.memberCode, 'SKR-0002'))
    await loadDemoData(database.db, { mode: 'on', now: testNow, log })
    const [row] = await database.db
      .select({ passwordHash: rosterMembers.passwordHash })
      .from(rosterMembers)
      .where(eq(rosterMembers.memberCode, 'SKR-0002'))
    expect(row?.passwordHash).toBe(
      demoRosterMembers.find((member) => member.memberCode === 'SKR-0002')?.credentials
        ?.passwordHash,
    )
  })

  it('日付が進んでデモ商品の年月が変わると、同じ行（ID・アカウント・申込）ごと新しい商品へ移すこと', async () => {
    const before = await snapshot()
    const later = new Date(testNow.getTime() + 62 * DAY)
    const ymA = productYm(later, 'G100001')
    const previousYmA = previousA(later).groupPfCodeInceptionDateYm
    expect(ymA).not.toBe(productYm(testNow, 'G100001'))

    await loadDemoData(database.db, { mode: 'on', now: later, log })
    const after = await snapshot()
    expect(after.members.map((row) => row.id)).toEqual(before.members.map((row) => row.id))
    expect(
      after.members.filter(
        (row) =>
          row.groupPfCode === 'G100001' &&
          row.groupPfCodeInceptionDateYm === ymA &&
          row.firstEntryId?.startsWith('DEMOA'),
      ),
    ).toHaveLength(5)
    expect(after.accounts.map((row) => row.id)).toEqual(before.accounts.map((row) => row.id))
    expect(after.applications.map((row) => row.groupPfCodeInceptionDateYm)).toEqual([
      ymA,
      previousYmA,
      productYm(later, 'G200002'),
    ])
    // applied again in the new product: its dates lie inside the new product's windows
    expect(
      after.applications.map((row) => [
        row.applyInfo?.basicInfo.groupPfCodeInceptionDateYm,
        row.applyInfo?.basicInfo.applicationDate,
        row.appliedAt,
      ]),
    ).toEqual([
      [ymA, toBusinessDate(later), later],
      [previousYmA, toBusinessDate(appliedLastYear(later)), appliedLastYear(later)],
      [productYm(later, 'G200002'), toBusinessDate(later), later],
    ])
    expect(hashPassword).not.toHaveBeenCalled()
  })
})
