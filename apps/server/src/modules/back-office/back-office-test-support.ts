import { randomUUID } from 'node:crypto'
import type { ApplyInfo, ItemAnswers } from '@app/shared'
import type { GroupDocument } from '../group/group-document.ts'
import { groupDocument } from '../../../test/factories.ts'
import type { Database } from '../../db/client.ts'
import { accounts, applications, rosterMembers, virtualAccounts } from '../../db/schema/index.ts'
import { initialApplyInfo } from '../application/initial-apply-info.ts'

// Applications of every state put straight into the database for the back office's suites and
// its benchmark (bench/admin-search.ts), many rows per insert. The search columns are generated
// by the database from applyInfo (migration 0014), as for rows the application module writes.

/** Product T000001 (branch 00001 of agency A001, 00002 of A002) and T000002 (00003 of A002). */
export function backOfficeDocuments(): GroupDocument[] {
  const first = groupDocument()
  const [branch] = first.groupPfInfoBranchNoArray
  if (branch === undefined) throw new Error('test document without a branch')
  first.groupPfInfoBranchNoArray.push({
    ...branch,
    groupPfBranchNo: '00002',
    sectionName: '営業第二課',
    agentCd: 'A002',
    agentName: '第二代理店',
    refFreeField: '第二代理店\n電話 03-1111-1111',
  })
  const second = groupDocument({
    groupPfCode: 'T000002',
    groupPfBranchNo: '00003',
    urlKey: 'Test0Key02',
  })
  for (const other of second.groupPfInfoBranchNoArray) {
    other.agentCd = 'A002'
    other.agentName = '第二代理店'
  }
  return [first, second]
}

export interface BackOfficeSeed {
  memberCode: string
  groupPfCode?: string
  groupPfCodeInceptionDateYm?: string
  groupPfBranchNo?: string
  status?: 'draft' | 'applied' | 'cancelled'
  statusPattern?: ApplyInfo['basicInfo']['statusPattern']
  pymntMethod?: ApplyInfo['basicInfo']['pymntMethod']
  nameKana?: string
  nameKanji?: string
  appliedAt?: Date | null
  /** staff have marked it processed (applications.processedAt) */
  processed?: boolean
  updatedAt?: Date
  mailAddress?: string
  holderAnswers?: ItemAnswers
  noticeAnswers?: ItemAnswers
  insured?: { unit: number; itemAnswers?: ItemAnswers }[]
  /** a virtual account with this deposit status */
  depositStatus?: 'awaiting' | 'paid' | 'underpaid' | 'overpaid'
}

/** Inserts the applications (with their roster members and accounts); answers their ids. */
export async function seedBackOfficeApplications(
  db: Database,
  seeds: readonly BackOfficeSeed[],
  now: Date,
): Promise<string[]> {
  const group = groupDocument().groupPfInfo
  const ids: string[] = []
  for (let start = 0; start < seeds.length; start += 1000) {
    const chunk = seeds.slice(start, start + 1000)
    const product = (seed: BackOfficeSeed) => ({
      groupPfCode: seed.groupPfCode ?? 'T000001',
      groupPfCodeInceptionDateYm: seed.groupPfCodeInceptionDateYm ?? '202612',
    })
    const members = await db
      .insert(rosterMembers)
      .values(chunk.map((seed) => ({ ...product(seed), memberCode: seed.memberCode })))
      .returning({ id: rosterMembers.id })
    const mail = (seed: BackOfficeSeed) =>
      seed.mailAddress ?? `${seed.memberCode.toLowerCase()}@example.jp`
    const userId = () => `U${randomUUID().replaceAll('-', '').slice(0, 12)}`
    const accountRows = await db
      .insert(accounts)
      .values(
        chunk.map((seed, index) => ({
          userId: userId(),
          rosterMemberId: members[index]?.id ?? '',
          groupPfCode: product(seed).groupPfCode,
          mailAddress: mail(seed),
          passwordHash: 'not-used-here',
          mailVerifiedAt: now,
        })),
      )
      .returning({ id: accounts.id, userId: accounts.userId })
    const rows = chunk.map((seed, index) => {
      const { groupPfCode, groupPfCodeInceptionDateYm } = product(seed)
      const groupPfBranchNo = seed.groupPfBranchNo ?? '00001'
      const link = {
        groupPfCode,
        groupPfCodeInceptionDateYm,
        groupPfBranchNo,
        urlKey: 'Test0Key01',
      }
      const state = initialApplyInfo({
        now,
        group,
        link,
        account: { userId: accountRows[index]?.userId ?? '', mailAddress: mail(seed) },
        rosterAuthValues: {},
        items: [],
      })
      const status = seed.status ?? 'applied'
      const applyInfo = state.applyInfo
      Object.assign(applyInfo.policyHolderInfo, {
        policyHolderDiv: '1',
        policyHolderNameKana: seed.nameKana ?? 'ヤマダ　タロウ',
        policyHolderNameKanji: seed.nameKanji ?? '山田　太郎',
        policyHolderBirthDate: '19850415',
        policyHolderSex: '1',
        mobileTelNo: '09012345678',
        itemAnswers: seed.holderAnswers ?? {},
      })
      applyInfo.basicInfo.statusPattern = seed.statusPattern ?? '110'
      applyInfo.basicInfo.pymntMethod = seed.pymntMethod ?? '1'
      applyInfo.noticeMatterInfo = { answers: seed.noticeAnswers ?? {} }
      applyInfo.cvrgeInfo = {
        totalPremium: 1350,
        initTotalPremium: 1350,
        unitArray: [
          { unit: 1, unitTypeCd: 'P1', unitPremium: 1000 },
          { unit: 2, unitTypeCd: 'O1', unitPremium: 350 },
        ],
        planUnitNo: 1,
        contractType: '2',
      }
      applyInfo.insrdInfoArray = (seed.insured ?? []).map((person) => ({
        insrdNameKana: 'ヤマダ　ハナコ',
        insrdNameKanji: '山田　花子',
        insrdBirthDate: '19870101',
        insrdSex: '2',
        itemAnswers: person.itemAnswers ?? {},
        insrdId: randomUUID(),
        unit: person.unit,
      }))
      const appliedAt =
        seed.appliedAt === undefined ? (status === 'draft' ? null : now) : seed.appliedAt
      return {
        accountId: accountRows[index]?.id ?? '',
        rosterMemberId: members[index]?.id ?? '',
        ...link,
        ...state,
        status,
        appliedAt,
        processedAt: seed.processed === true ? now : null,
        createdAt: new Date(now.getTime() - 86_400_000),
        updatedAt: seed.updatedAt ?? appliedAt ?? now,
        completedSteps: [],
      }
    })
    const inserted = await db.insert(applications).values(rows).returning({ id: applications.id })
    const chunkIds = inserted.map((row) => row.id)
    const accountsToOpen = chunk.flatMap((seed, index) =>
      seed.depositStatus === undefined ? [] : [{ seed, id: chunkIds[index] ?? '' }],
    )
    if (accountsToOpen.length > 0) {
      await db.insert(virtualAccounts).values(
        accountsToOpen.map(({ seed, id }) => ({
          applicationId: id,
          providerAccountId: `VA-${id}`,
          bankName: 'テスト銀行',
          bankCode: '0001',
          branchName: '本店',
          branchCode: '001',
          accountType: '普通',
          accountNumber: id.replaceAll('-', '').slice(0, 14),
          accountHolder: 'テスト',
          amount: 1350,
          dueDate: '20261201',
          paidAmount: seed.depositStatus === 'underpaid' ? 1000 : 0,
          depositStatus: seed.depositStatus ?? 'awaiting',
        })),
      )
    }
    ids.push(...chunkIds)
  }
  return ids
}
