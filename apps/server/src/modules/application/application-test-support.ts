import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { EntryLink, ItemDefinition, UnitInfo } from '@app/shared'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import type { Database } from '../../db/client.ts'
import { accounts, applications, rosterMembers } from '../../db/schema/index.ts'
import type { GroupDocument } from '../group/group-document.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { initialApplyInfo } from './initial-apply-info.ts'

// Test data for the application suites (imported by tests only): a product with plans, options,
// conflicts and items that apply to some units only, and a signed-in applicant with a real
// session row and token.

/** The product of the application suites: all-at-once in November 2026, mid-term in December. */
export const applicationLink: EntryLink = {
  groupPfCode: 'T000601',
  groupPfCodeInceptionDateYm: '202612',
  groupPfBranchNo: '00001',
  urlKey: 'Appl0Key01',
}

const unit = (
  fields: Omit<UnitInfo, 'groupCd' | 'conflictUnitNo' | 'relatedUnitNo' | 'premiumBasis'> &
    Partial<UnitInfo>,
) =>
  ({
    groupCd: 'GC01',
    relatedUnitNo: [],
    conflictUnitNo: [],
    premiumBasis: 'perInsured',
    ...fields,
  }) satisfies UnitInfo

const item = (
  fields: Pick<ItemDefinition, 'itemCode' | 'itemName' | 'itemClass' | 'category'> &
    Partial<ItemDefinition>,
): ItemDefinition => ({
  supportText: '',
  inputType: 'text',
  relatedUnitNo: [],
  displayOrder: 10,
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '2',
  authItemCd: null,
  ruleArray: [],
  choiceArray: [],
  blockingAnswerArray: [],
  ...fields,
})

const yesNo = [
  { code: '1', label: 'はい' },
  { code: '2', label: 'いいえ' },
]

/**
 * Plans 1 (Aプラン) and 3 (Bプラン); options 2 and 6 for plan 1 (and in conflict with each
 * other), 5 for plan 3, 4 for any plan (in conflict with plan 3). Insured items on units 1, 3
 * and 4; notice matters on 1 and 4 (shown) and one hidden on every unit. Three-item
 * authentication; document slot 1 required, 2 optional, 3 unused; card payment with the
 * payee account supplied.
 */
export function applicationDocument(): GroupDocument {
  const document = groupDocument({
    groupPfCode: applicationLink.groupPfCode,
    urlKey: applicationLink.urlKey,
  })
  Object.assign(document.groupPfInfo, {
    authenticationType: '2',
    atOnceRecruitStartDate: '20261101',
    atOnceRecruitEndDate: '20261130',
    halfwayRecruitStartDate: '20261201',
    halfwayRecruitEndDate: '20261231',
    halfwayPymntInceptionDate: '20270101',
    payeeAccntDisplayDiv: '1',
    payeeAccntInfo: 'デモ銀行 本店営業部 普通 1234567',
    requiredDocsType1: '2',
    requiredDocsType2: '3',
    requiredDocsType3: '1',
    unitInfoArray: [
      unit({
        unitNo: 1,
        unitTypeCd: 'P1',
        coverageName: '基本補償A',
        displayName: 'Aプラン',
        coverageTypeFlg: '1',
        unitPremium: 1200,
      }),
      unit({
        unitNo: 2,
        unitTypeCd: 'O1',
        coverageName: '個人賠償責任',
        displayName: '個人賠償責任特約',
        coverageTypeFlg: '2',
        relatedUnitNo: [1],
        unitPremium: 150,
      }),
      unit({
        unitNo: 3,
        unitTypeCd: 'P2',
        coverageName: '基本補償B',
        displayName: 'Bプラン',
        coverageTypeFlg: '1',
        conflictUnitNo: [4],
        unitPremium: 2000,
      }),
      unit({
        unitNo: 4,
        unitTypeCd: 'O2',
        coverageName: 'ゴルファー保険',
        displayName: 'ゴルファー特約',
        coverageTypeFlg: '2',
        unitPremium: 300,
      }),
      unit({
        unitNo: 5,
        unitTypeCd: 'O3',
        coverageName: '携行品損害',
        displayName: '携行品特約',
        coverageTypeFlg: '2',
        relatedUnitNo: [3],
        unitPremium: 200,
      }),
      unit({
        unitNo: 6,
        unitTypeCd: 'O4',
        coverageName: '弁護士費用',
        displayName: '弁護士費用特約',
        coverageTypeFlg: '2',
        relatedUnitNo: [1],
        conflictUnitNo: [2],
        unitPremium: 100,
      }),
    ],
  })
  document.itemDefinitionArray = [
    item({
      itemCode: 'MEMBER_NO',
      itemName: '会員番号',
      itemClass: '010',
      category: '010',
      authItemCd: '1',
      ruleArray: ['required', 'onlyNumeric'],
      displayOrder: 1,
    }),
    item({
      itemCode: 'BIRTH_DATE',
      itemName: '生年月日',
      itemClass: '010',
      category: '010',
      authItemCd: '2',
      inputType: 'date',
      ruleArray: ['required', 'yearMonthDate'],
      displayOrder: 2,
    }),
    item({
      itemCode: 'NAME_KANA',
      itemName: '氏名（カナ）',
      itemClass: '010',
      category: '010',
      authItemCd: '3',
      ruleArray: ['required', 'onlyFullKatakana'],
      displayOrder: 3,
    }),
    item({
      itemCode: 'employeeNo',
      itemName: '従業員番号',
      itemClass: '010',
      category: '010',
      ruleArray: ['required', 'onlyNumberAndAllAlphabet'],
      displayOrder: 20,
    }),
    item({
      itemCode: 'planBNote',
      itemName: 'Bプランの確認事項',
      itemClass: '010',
      category: '010',
      relatedUnitNo: [3],
      ruleArray: ['required'],
      displayOrder: 30,
    }),
    item({
      itemCode: 'relationship',
      itemName: '続柄',
      itemClass: '010',
      category: '020',
      inputType: 'radio',
      relatedUnitNo: [1, 3],
      ruleArray: ['required'],
      choiceArray: [
        { code: '01', label: '本人' },
        { code: '02', label: '配偶者' },
      ],
    }),
    item({
      itemCode: 'golfHandicap',
      itemName: 'ハンディキャップ',
      itemClass: '010',
      category: '020',
      relatedUnitNo: [4],
      ruleArray: ['onlyNumeric'],
    }),
    item({
      itemCode: 'hospitalised',
      itemName: '現在入院中ですか',
      itemClass: '030',
      category: '020',
      inputType: 'radio',
      relatedUnitNo: [1],
      ruleArray: ['required'],
      choiceArray: yesNo,
      blockingAnswerArray: ['1'],
      displayOrder: 10,
    }),
    item({
      itemCode: 'golfInjury',
      itemName: 'ゴルフでけがをしたことがありますか',
      itemClass: '030',
      category: '020',
      inputType: 'radio',
      relatedUnitNo: [4],
      ruleArray: ['required'],
      choiceArray: yesNo,
      blockingAnswerArray: ['1'],
      displayOrder: 20,
    }),
    item({
      itemCode: 'hiddenNotice',
      itemName: '前年度の告知',
      itemClass: '030',
      category: '020',
      applicationDispDisplayFlg: '2',
      preRenewCopyFlg: '1',
      displayOrder: 30,
    }),
  ]
  return document
}

export async function importApplicationProduct(
  db: Database,
  document: GroupDocument = applicationDocument(),
): Promise<void> {
  await importGroupDocument(db, document, { readImage: readTestImage })
}

export interface SignedInApplicant {
  accountId: string
  applicationId: string
  userId: string
  /** the request headers of a signed-in call */
  headers: { authorization: string }
}

const randomCode = (length: number) =>
  randomBytes(length).toString('hex').toUpperCase().slice(0, length)

/**
 * An applicant with a roster row, an account, a draft application and a real session (a row
 * and its signed token, as confirmVerification opens them). The draft starts with the state
 * initialApplyInfo gives at the app's `now`, or with none (`started: false`: a row created
 * before the state existed, initialised on its first read).
 */
export async function signInApplicant(
  app: FastifyInstance,
  options: {
    link?: EntryLink
    mailAddress?: string
    authItems?: [string, string, string]
    started?: boolean
  } = {},
): Promise<SignedInApplicant> {
  const link = options.link ?? applicationLink
  const mailAddress = options.mailAddress ?? 'applicant@example.jp'
  const [authItem1, authItem2, authItem3] = options.authItems ?? [
    '1234567',
    '19850415',
    'ミドリハナコ',
  ]
  const { db } = app
  const [member] = await db
    .insert(rosterMembers)
    .values({
      groupPfCode: link.groupPfCode,
      groupPfCodeInceptionDateYm: link.groupPfCodeInceptionDateYm,
      memberCode: `M${randomCode(8)}`,
      authItem1,
      authItem2,
      authItem3,
    })
    .returning({ id: rosterMembers.id })
  if (member === undefined) throw new Error('roster row was not created')
  const userId = randomCode(10)
  const [account] = await db
    .insert(accounts)
    .values({
      userId,
      rosterMemberId: member.id,
      groupPfCode: link.groupPfCode,
      mailAddress,
      passwordHash: 'not-used-by-these-tests',
      mailVerifiedAt: app.clock.now(),
    })
    .returning({ id: accounts.id })
  if (account === undefined) throw new Error('account row was not created')
  let start = {}
  if (options.started !== false) {
    const linked = await app.groupService.linkedGroup(link, app.clock.now())
    start = {
      ...initialApplyInfo({
        now: app.clock.now(),
        group: linked.groupPfInfo,
        link,
        account: { userId, mailAddress },
        rosterAuthValues: { '1': authItem1, '2': authItem2, '3': authItem3 },
        items: linked.itemDefinitionArray,
      }),
      completedSteps: [],
    }
  }
  const [application] = await db
    .insert(applications)
    .values({ accountId: account.id, rosterMemberId: member.id, ...link, ...start })
    .returning({ id: applications.id })
  if (application === undefined) throw new Error('application row was not created')
  const session = await app.sessions.open(account.id)
  return {
    accountId: account.id,
    applicationId: application.id,
    userId,
    headers: { authorization: `Bearer ${session.sessionToken}` },
  }
}
