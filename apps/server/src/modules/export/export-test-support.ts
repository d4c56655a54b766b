import { randomUUID } from 'node:crypto'
import type { ApplyInfo, InsuredPerson } from '@app/shared'
import { groupDocument } from '../../../test/factories.ts'
import type { Database } from '../../db/client.ts'
import { accounts, applications, rosterMembers } from '../../db/schema/index.ts'
import { initialApplyInfo } from '../application/initial-apply-info.ts'
import { testLink } from '../files/test-applicants.ts'

// Applied applications put straight into the database for the export suites and the benchmark
// (bench/core-export.ts): the product of groupDocument(), many rows per insert.

export const exportProduct = {
  groupPfCode: testLink.groupPfCode,
  groupPfCodeInceptionDateYm: testLink.groupPfCodeInceptionDateYm,
}

export interface SeededApplication {
  memberCode: string
  /** changes to the holder's stored fields */
  holder?: Partial<ApplyInfo['policyHolderInfo']>
  insured?: Omit<InsuredPerson, 'insrdId' | 'itemAnswers'>[]
  policyHolderNo?: string
}

const BASE_HOLDER: Partial<ApplyInfo['policyHolderInfo']> = {
  policyHolderDiv: '1',
  policyHolderNameKana: 'ヤマダ　タロウ',
  policyHolderNameKanji: '山田　太郎',
  policyHolderBirthDate: '19850415',
  policyHolderSex: '1',
  policyHolderZipCd: '1000001',
  policyHolderAddressKanji: '東京都千代田区千代田１－１',
  policyHolderAddressKana: 'トウキョウトチヨダクチヨダ１－１',
  mobileTelNo: '09012345678',
}

/** Inserts applied applications (with their roster members and accounts); answers their ids. */
export async function seedAppliedApplications(
  db: Database,
  seeds: SeededApplication[],
  appliedAt: Date,
): Promise<string[]> {
  const group = groupDocument().groupPfInfo
  const ids: string[] = []
  for (let start = 0; start < seeds.length; start += 1000) {
    const chunk = seeds.slice(start, start + 1000)
    const members = await db
      .insert(rosterMembers)
      .values(chunk.map((seed) => ({ ...exportProduct, memberCode: seed.memberCode })))
      .returning({ id: rosterMembers.id })
    const accountRows = await db
      .insert(accounts)
      .values(
        chunk.map((seed, index) => ({
          userId: `U${seed.memberCode.padStart(9, '0')}`,
          rosterMemberId: members[index]?.id ?? '',
          groupPfCode: exportProduct.groupPfCode,
          mailAddress: `${seed.memberCode.toLowerCase()}@example.jp`,
          passwordHash: 'not-used-here',
          mailVerifiedAt: appliedAt,
        })),
      )
      .returning({ id: accounts.id })
    const rows = chunk.map((seed, index) => {
      const state = initialApplyInfo({
        now: appliedAt,
        group,
        link: testLink,
        account: {
          userId: `U${seed.memberCode.padStart(9, '0')}`,
          mailAddress: `${seed.memberCode.toLowerCase()}@example.jp`,
        },
        rosterAuthValues: {},
        items: [],
      })
      const policyHolderNo = seed.policyHolderNo ?? `P${seed.memberCode.padStart(9, '0')}`
      Object.assign(state.applyInfo.policyHolderInfo, BASE_HOLDER, seed.holder ?? {})
      state.applyInfo.basicInfo.applicationDate = '20261120'
      state.applyInfo.basicInfo.groupPfPolicyHolderNo = policyHolderNo
      state.applyInfo.cvrgeInfo = {
        totalPremium: 1350,
        initTotalPremium: 1350,
        unitArray: [
          { unit: 1, unitTypeCd: 'P1', unitPremium: 1000 },
          { unit: 2, unitTypeCd: 'O1', unitPremium: 350 },
        ],
        planUnitNo: 1,
        contractType: '2',
      }
      state.applyInfo.insrdInfoArray = (seed.insured ?? []).map((person) => ({
        ...person,
        insrdId: randomUUID(),
        itemAnswers: {},
      }))
      return {
        accountId: accountRows[index]?.id ?? '',
        rosterMemberId: members[index]?.id ?? '',
        ...testLink,
        ...state,
        status: 'applied',
        appliedAt,
        groupPfPolicyHolderNo: policyHolderNo,
        completedSteps: [],
      }
    })
    const inserted = await db.insert(applications).values(rows).returning({ id: applications.id })
    ids.push(...inserted.map((row) => row.id))
  }
  return ids
}
