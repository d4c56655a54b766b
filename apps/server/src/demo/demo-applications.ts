import {
  applicationProgress,
  cvrgeUnits,
  insuredUnitNos,
  totalPremium,
  type ApplicationStep,
  type ApplyInfo,
  type ApplyInfoOption,
  type EntryLink,
  type GroupPfInfo,
  type InsuredInput,
  type ItemAnswers,
  type ItemDefinition,
  type PolicyHolderInput,
} from '@app/shared'
import { paymentRoute, statusPatternAfter, type PaymentEvent } from '@app/shared/rules/payment'
import { flowShape } from '../modules/application/apply-info-state.ts'
import {
  initialApplyInfo,
  type RosterAuthValues,
} from '../modules/application/initial-apply-info.ts'

// The applied applications of the demo members who have applied (README "デモの加入者"), as the
// flow and payment would have left them: the SPEC §4 values derived by the same rules as a real
// application start (initialApplyInfo), the coverage priced by the shared premium rules, the
// status pattern after the group's payment method (ADR 0014), every step of the flow done. So
// my-page home, checkContractInfo and the 加入者証 show real content. People, addresses and
// numbers are fictional.

/** One insured person in one unit (SPEC §3.1 insrdInfoArray). */
export interface DemoInsured {
  /** fixed, so a later start finds the same state */
  insrdId: string
  unit: number
  person: InsuredInput
}

/** What the demo member entered on the application's steps. */
export interface DemoApplication {
  policyHolderInfo: PolicyHolderInput
  planUnitNo: number
  optionUnitNos: number[]
  insured: DemoInsured[]
  /** 告知事項 (itemClass 030), all answered 「いいえ」 */
  noticeAnswers: ItemAnswers
}

export interface DemoApplicationState {
  applyInfo: ApplyInfo
  applyInfoOption: ApplyInfoOption
  completedSteps: ApplicationStep[]
}

const paymentEvents = {
  card: 'cardCaptured',
  virtualAccount: 'virtualAccountIssued',
  offline: 'registeredOffline',
} as const satisfies Record<ReturnType<typeof paymentRoute>, PaymentEvent>

/**
 * The state of a demo member's applied application: derived at `now` (inside the demo product's
 * window, as the demo products are built from today) and completed on `applicationDate`.
 */
export function demoApplicationState(input: {
  application: DemoApplication
  group: GroupPfInfo
  items: readonly ItemDefinition[]
  link: EntryLink
  account: { userId: string; mailAddress: string }
  rosterAuthValues: RosterAuthValues
  groupPfPolicyHolderNo: string
  now: Date
  /** YYYYMMDD */
  applicationDate: string
}): DemoApplicationState {
  const { application, group, items } = input
  const start = initialApplyInfo({
    now: input.now,
    group,
    link: input.link,
    account: input.account,
    rosterAuthValues: input.rosterAuthValues,
    items,
  })
  const { itemAnswers, ...policyHolderFields } = application.policyHolderInfo
  const unitNos = [application.planUnitNo, ...application.optionUnitNos]
  const unitArray = cvrgeUnits(group, unitNos)
  const insuredCountOf = (unitNo: number) =>
    application.insured.filter((insured) => insured.unit === unitNo).length
  const basicInfo = start.applyInfo.basicInfo
  const applyInfo: ApplyInfo = {
    ...start.applyInfo,
    basicInfo: {
      ...basicInfo,
      groupPfPolicyHolderNo: input.groupPfPolicyHolderNo,
      statusPattern: statusPatternAfter(
        basicInfo.statusPattern,
        paymentEvents[paymentRoute(basicInfo.pymntMethod)],
      ),
      applicationDate: input.applicationDate,
    },
    policyHolderInfo: {
      ...start.applyInfo.policyHolderInfo,
      ...policyHolderFields,
      policyHolderDiv: '1',
      // the three-item answers from the roster stay as the application start copied them
      itemAnswers: { ...itemAnswers, ...start.applyInfo.policyHolderInfo.itemAnswers },
    },
    cvrgeInfo: {
      totalPremium: totalPremium(unitArray, insuredCountOf),
      initTotalPremium: totalPremium(unitArray, () => 0),
      unitArray,
      planUnitNo: application.planUnitNo,
      contractType: application.optionUnitNos.length === 0 ? '1' : '2',
    },
    insrdInfoArray: application.insured.map(({ insrdId, unit, person }) => ({
      ...person,
      insrdId,
      unit,
    })),
    noticeMatterInfo: { answers: application.noticeAnswers },
  }
  const applyInfoOption: ApplyInfoOption = {
    ...start.applyInfoOption,
    invoiceAmount: applyInfo.cvrgeInfo.totalPremium,
    policyHolderNumber: input.groupPfPolicyHolderNo,
    insuredRegisterStatus: Object.fromEntries(
      insuredUnitNos(items, unitNos).map((unitNo) => [String(unitNo), '2' as const]),
    ),
  }
  const state = { applyInfo, applyInfoOption, completedSteps: [] }
  const { stepArray } = applicationProgress(flowShape(state, { group, items }), [])
  return { applyInfo, applyInfoOption, completedSteps: stepArray }
}

const policyHolderDefaults = {
  homeTelNo: '',
  faxNo: '',
  otherInsuranceFlg: '2',
  otherInsuranceCompanyName: '',
  otherInsuranceType: '',
  otherInsuranceExpiryDate: '',
  otherInsurancePymntLimit: '',
} as const

/** A さくら電機: Aプラン（本人のみ）, 個人賠償責任特約 and 入院一時金特約（5万円型）; paid by card. */
export const demoApplicationA: DemoApplication = {
  policyHolderInfo: {
    ...policyHolderDefaults,
    policyHolderNameKana: 'ハルノ　ヨウスケ',
    policyHolderNameKanji: '春野　陽介',
    policyHolderBirthDate: '19880712',
    policyHolderSex: '1',
    policyHolderZipCd: '1000005',
    policyHolderAddressKanji: '東京都千代田区丸の内９－９－９　さくらハイツ９０１',
    policyHolderAddressKana: 'トウキョウト　チヨダク　マルノウチ　９－９－９　サクラハイツ９０１',
    mobileTelNo: '090-0000-5678',
    itemAnswers: {
      SKR_DEPARTMENT: '設計部　第二課',
      SKR_EMPLOYEE_NO: '20150401',
      SKR_JOINED_DATE: '20150401',
      SKR_EXTENSION_NO: '4512',
      SKR_REMARKS: '',
    },
  },
  planUnitNo: 1,
  optionUnitNos: [4, 6],
  insured: [1, 4, 6].map((unit) => ({
    insrdId: `d0000000-0000-4000-8000-0000000a000${unit}`,
    unit,
    person: {
      insrdNameKana: 'ハルノ　ヨウスケ',
      insrdNameKanji: '春野　陽介',
      insrdBirthDate: '19880712',
      insrdSex: '1',
      itemAnswers: { SKR_RELATIONSHIP: '01', SKR_OCCUPATION: '03' },
    },
  })),
  noticeAnswers: { SKR_NOTICE_HOSPITAL: '2', SKR_NOTICE_PAST_STAY: '2' },
}

/**
 * A さくら電機, last year's product: Aプラン and 入院一時金特約（5万円型） for one, card; the holder who
 * renews from my-page (README "Renewal").
 */
export const demoApplicationARenewal: DemoApplication = {
  policyHolderInfo: {
    ...policyHolderDefaults,
    policyHolderNameKana: 'アキヤマ　マリ',
    policyHolderNameKanji: '秋山　真理',
    policyHolderBirthDate: '19790903',
    policyHolderSex: '2',
    policyHolderZipCd: '1000005',
    policyHolderAddressKanji: '東京都千代田区丸の内８－８－８　さくらコート３０２',
    policyHolderAddressKana: 'トウキョウト　チヨダク　マルノウチ　８－８－８　サクラコート３０２',
    mobileTelNo: '090-0000-1357',
    itemAnswers: {
      SKR_DEPARTMENT: '品質保証部',
      SKR_EMPLOYEE_NO: '20080401',
      SKR_JOINED_DATE: '20080401',
      SKR_EXTENSION_NO: '3306',
      SKR_REMARKS: '',
    },
  },
  planUnitNo: 1,
  optionUnitNos: [6],
  insured: [1, 6].map((unit) => ({
    insrdId: `d0000000-0000-4000-8000-0000000a100${unit}`,
    unit,
    person: {
      insrdNameKana: 'アキヤマ　マリ',
      insrdNameKanji: '秋山　真理',
      insrdBirthDate: '19790903',
      insrdSex: '2',
      itemAnswers: { SKR_RELATIONSHIP: '01', SKR_OCCUPATION: '03' },
    },
  })),
  noticeAnswers: { SKR_NOTICE_HOSPITAL: '2', SKR_NOTICE_PAST_STAY: '2' },
}

const nishidaKenta: InsuredInput = {
  insrdNameKana: 'ニシダ　ケンタ',
  insrdNameKanji: '西田　健太',
  insrdBirthDate: '19950505',
  insrdSex: '1',
  itemAnswers: { MDR_RELATIONSHIP: '01', MDR_OCCUPATION: '01' },
}

/** B みどり市互助会: 充実コース（家族型） and がん診断一時金特約 for two; virtual account. */
export const demoApplicationB: DemoApplication = {
  policyHolderInfo: {
    ...policyHolderDefaults,
    policyHolderNameKana: 'ニシダ　ケンタ',
    policyHolderNameKanji: '西田　健太',
    policyHolderBirthDate: '19950505',
    policyHolderSex: '1',
    policyHolderZipCd: '2990001',
    policyHolderAddressKanji: '千葉県みどり市若葉町２－１５－３',
    policyHolderAddressKana: 'チバケン　ミドリシ　ワカバチョウ　２－１５－３',
    mobileTelNo: '080-0000-2468',
    itemAnswers: {
      MDR_WORKPLACE: '市民生活部　市民課',
      MDR_STAFF_DIV: '1',
      MDR_WORK_TEL: '03-0000-2215',
    },
  },
  planUnitNo: 2,
  optionUnitNos: [4],
  insured: [
    {
      insrdId: 'd0000000-0000-4000-8000-0000000b0002',
      unit: 2,
      person: {
        ...nishidaKenta,
        itemAnswers: { ...nishidaKenta.itemAnswers, MDR_FAMILY_COUNT: '1' },
      },
    },
    { insrdId: 'd0000000-0000-4000-8000-0000000b0004', unit: 4, person: nishidaKenta },
    {
      insrdId: 'd0000000-0000-4000-8000-0000000b1004',
      unit: 4,
      person: {
        insrdNameKana: 'ニシダ　ミカ',
        insrdNameKanji: '西田　美香',
        insrdBirthDate: '19960820',
        insrdSex: '2',
        itemAnswers: { MDR_RELATIONSHIP: '02', MDR_OCCUPATION: '02' },
      },
    },
  ],
  noticeAnswers: { MDR_NOTICE_HOSPITAL: '2', MDR_NOTICE_CANCER: '2' },
}
