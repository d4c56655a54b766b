import type { FastifyInstance } from 'fastify'
import type { ApplicationStep } from '@app/shared'
import { groupDocument } from '../../../test/factories.ts'
import { accounts, applications, rosterMembers } from '../../db/schema/index.ts'
import { initialApplyInfo } from '../application/initial-apply-info.ts'

// Test data for the files and address suites: a signed-in applicant whose draft application is
// put straight into the database at the step a test needs.

export const testLink = {
  groupPfCode: 'T000001',
  groupPfCodeInceptionDateYm: '202612',
  groupPfBranchNo: '00001',
  urlKey: 'Test0Key01',
}

/** Every step before noticeMattersDoc, for a personal holder who has not chosen a unit yet. */
export const stepsBeforeDocuments: ApplicationStep[] = [
  'entryTerms',
  'selectPolicyHolderDiv',
  'selectCategory',
  'selectType',
  'inputPolicyHolderInfo',
  'registerInsuredInfo',
  'noticeMatters',
]

export interface TestApplicant {
  accountId: string
  applicationId: string
  authorization: string
}

export async function createApplicant(
  app: FastifyInstance,
  memberCode: string,
  options: { completedSteps?: ApplicationStep[]; withApplication?: boolean } = {},
): Promise<TestApplicant> {
  const now = app.clock.now()
  const [member] = await app.db
    .insert(rosterMembers)
    .values({
      groupPfCode: testLink.groupPfCode,
      groupPfCodeInceptionDateYm: testLink.groupPfCodeInceptionDateYm,
      memberCode,
    })
    .returning({ id: rosterMembers.id })
  if (member === undefined) throw new Error('roster member not created')
  const userId = `U${memberCode.padStart(9, '0')}`
  const mailAddress = `${memberCode.toLowerCase()}@example.jp`
  const [account] = await app.db
    .insert(accounts)
    .values({
      userId,
      rosterMemberId: member.id,
      groupPfCode: testLink.groupPfCode,
      mailAddress,
      passwordHash: 'not-used-here',
      mailVerifiedAt: now,
    })
    .returning({ id: accounts.id })
  if (account === undefined) throw new Error('account not created')

  let applicationId = ''
  if (options.withApplication !== false) {
    const state = initialApplyInfo({
      now,
      group: groupDocument().groupPfInfo,
      link: testLink,
      account: { userId, mailAddress },
      rosterAuthValues: {},
      items: [],
    })
    // as inputPolicyHolderInfo leaves it (stepsBeforeDocuments has it done)
    Object.assign(state.applyInfo.policyHolderInfo, {
      policyHolderDiv: '1',
      policyHolderNameKana: 'ヤマダ　タロウ',
      policyHolderNameKanji: '山田　太郎',
      policyHolderBirthDate: '19850415',
      policyHolderSex: '1',
      policyHolderZipCd: '1000001',
      policyHolderAddressKanji: '東京都千代田区千代田１－１',
      policyHolderAddressKana: 'トウキョウトチヨダクチヨダ１－１',
      mobileTelNo: '09012345678',
    })
    const [application] = await app.db
      .insert(applications)
      .values({
        accountId: account.id,
        rosterMemberId: member.id,
        ...testLink,
        ...state,
        completedSteps: options.completedSteps ?? stepsBeforeDocuments,
      })
      .returning({ id: applications.id })
    if (application === undefined) throw new Error('application not created')
    applicationId = application.id
  }
  const session = await app.sessions.open(account.id)
  return {
    accountId: account.id,
    applicationId,
    authorization: `Bearer ${session.sessionToken}`,
  }
}
