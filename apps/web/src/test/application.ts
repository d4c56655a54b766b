import type { ApplicationView } from '@app/shared/api/application/apply-info'
import type { GroupPfInfoResponse } from '@app/shared/api/group/endpoints'
import type { UnitInfo } from '@app/shared/api/group/group-pf-info'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import {
  applicationProgress,
  applicationSteps,
  type ApplicationStep,
  type FlowShape,
} from '@app/shared/rules/application-steps'
import { entryGroupResponse } from './entry-group.ts'

// Test data of the application screens (issue #6): a group with plans and options, its item
// definitions, and ApplicationView answers at any point of the flow. Fictional.

const unit = (
  unitNo: number,
  displayName: string,
  coverageTypeFlg: '1' | '2',
  unitPremium: number,
  extra: Partial<UnitInfo> = {},
): UnitInfo => ({
  unitNo,
  unitTypeCd: `U${unitNo}`,
  coverageName: `団体総合保険 ${displayName}`,
  displayName,
  coverageTypeFlg,
  relatedUnitNo: [],
  conflictUnitNo: [],
  groupCd: 'SKR001',
  unitPremium,
  premiumBasis: 'perInsured',
  ...extra,
})

/** Plans 1 (Aプラン) and 2 (Bプラン); options 3 and 4 for any plan, 5 for plan 2 only. */
export const testUnits: UnitInfo[] = [
  unit(1, 'Aプラン', '1', 1200),
  unit(2, 'Bプラン', '1', 2500),
  unit(3, '携行品オプション', '2', 300),
  unit(4, '賠償責任オプション', '2', 150, { conflictUnitNo: [3] }),
  unit(5, 'Bプラン専用オプション', '2', 1000, { relatedUnitNo: [2] }),
]

/** An item definition with test defaults (text, policy holder's, shown on the application). */
export const testItem = (
  extra: Partial<ItemDefinition> & Pick<ItemDefinition, 'itemCode'>,
): ItemDefinition => ({
  itemName: extra.itemCode,
  supportText: '',
  inputType: 'text',
  itemClass: '010',
  category: '010',
  relatedUnitNo: [],
  displayOrder: 1,
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '2',
  authItemCd: null,
  ruleArray: [],
  choiceArray: [],
  blockingAnswerArray: [],
  ...extra,
})

export const testItems: ItemDefinition[] = [
  testItem({
    itemCode: 'EMPLOYEE_NO',
    itemName: '社員番号',
    displayOrder: 2,
  }),
  testItem({
    itemCode: 'WORKPLACE',
    itemName: '勤務地',
    inputType: 'radio',
    displayOrder: 1,
    choiceArray: [
      { code: '1', label: '本社' },
      { code: '2', label: '支店' },
    ],
  }),
  testItem({
    itemCode: 'RELATION',
    itemName: '続柄',
    category: '020',
    inputType: 'select',
    choiceArray: [
      { code: '01', label: '本人' },
      { code: '02', label: '配偶者' },
    ],
  }),
  testItem({
    itemCode: 'NOTICE_1',
    itemName: '過去1年以内に入院したことがありますか。',
    itemClass: '030',
    inputType: 'radio',
    choiceArray: [
      { code: '1', label: 'はい' },
      { code: '2', label: 'いいえ' },
    ],
    blockingAnswerArray: ['1'],
  }),
]

/** The group answer with the test plans and options. */
export function applicationGroupResponse(units: UnitInfo[] = testUnits): GroupPfInfoResponse {
  const response = entryGroupResponse('atOnce')
  return { ...response, groupPfInfo: { ...response.groupPfInfo, unitInfoArray: units } }
}

/** GET handlers for the application screens: the group, its items and GET /applyInfo/. */
export function applicationHandlers(
  view: () => ApplicationView,
  units: UnitInfo[] = testUnits,
): Record<string, () => unknown> {
  return {
    '/groupPfInfo/': () => applicationGroupResponse(units),
    '/itemDefinitions/': () => ({ itemDefinitionArray: testItems }),
    '/applyInfo/': view,
    '/mainCoverageTypes/': () => ({
      planArray: units.filter((entry) => entry.coverageTypeFlg === '1').map(coverageUnitOf),
    }),
  }
}

export function coverageUnitOf(entry: UnitInfo) {
  const { unitNo, displayName, coverageName, coverageTypeFlg, unitPremium } = entry
  return { unitNo, displayName, coverageName, coverageTypeFlg, unitPremium }
}

const defaultShape: FlowShape = {
  policyHolderDiv: null,
  insuredUnitCount: 0,
  noticeItemCount: 0,
  docSlotCount: 0,
  coverageChosen: false,
}

/** An application whose `completed` steps are done; `patch` changes the rest. */
export function testApplication(
  completed: readonly ApplicationStep[] = [],
  patch: {
    version?: number
    applicationStatus?: ApplicationView['applicationStatus']
    shape?: Partial<FlowShape>
    applyInfo?: Partial<ApplicationView['applyInfo']>
    consentArray?: ApplicationView['consentArray']
  } = {},
): ApplicationView {
  return {
    version: patch.version ?? 1,
    applyInfo: {
      urlKey: 'abcDEF1234',
      basicInfo: {
        userId: 'U00000001',
        policyHolderEmailAddress: 'taro@example.jp',
        groupPfCode: 'G001',
        groupPfCodeInceptionDateYm: '202604',
        groupPfBranchNo: '00001',
        groupPfPolicyHolderNo: null,
        statusPattern: '110',
        pymntMethod: '1',
        payeeAccntDisplayDiv: '2',
        payeeAccntInfo: null,
        recruitFormat: '1',
        entryDiv: '1',
        preYearEntryDiv: null,
        preYearPolicyHolderNo: null,
        customerNo: null,
        webAccntEntryStts: null,
        accntEntrySttsMemo: null,
        applicationDate: null,
        custNo: null,
        subMailAddress: null,
      },
      policyHolderInfo: {
        policyHolderDiv: null,
        policyHolderNameKana: '',
        policyHolderNameKanji: '',
        policyHolderBirthDate: '',
        policyHolderSex: '',
        policyHolderZipCd: '',
        policyHolderAddressKanji: '',
        policyHolderAddressKana: '',
        homeTelNo: '',
        mobileTelNo: '',
        faxNo: '',
        otherInsuranceFlg: '2',
        otherInsuranceCompanyName: '',
        otherInsuranceType: '',
        otherInsuranceExpiryDate: '',
        otherInsurancePymntLimit: '',
        itemAnswers: {},
        policyHolderInceptionDate: '20270101',
        policyHolderInceptionTime: '0000',
        policyHolderExpiryDate: '20271231',
        policyHolderExpiryTime: '1600',
      },
      cvrgeInfo: {
        totalPremium: 0,
        initTotalPremium: 0,
        unitArray: [],
        planUnitNo: null,
        contractType: null,
      },
      requiredDocsInfo: { file1Array: null, file2Array: null, file3Array: null },
      insrdInfoArray: [],
      noticeMatterInfo: { answers: {} },
      maintenanceManagerInfo: null,
      ...patch.applyInfo,
    },
    applyInfoOption: {
      sendMailFlg: '0',
      invoiceAmount: null,
      policyHolderNumber: null,
      insuredRegisterStatus: {},
      isExistApplyCompMailError: false,
      applyDiv: '1',
      periodDiv: '1',
      groupPfAutoRenewNa: '1',
      nextGroupPfCodeInceptionDateYm: null,
      nextGroupPfInceptionDate: null,
    },
    applicationStatus: patch.applicationStatus ?? 'draft',
    progress: applicationProgress({ ...defaultShape, ...patch.shape }, completed),
    consentArray: patch.consentArray ?? [],
  }
}

/** An application with every step done: each step's screen is open (the shell's tests). */
export function completedApplication(): ApplicationView {
  return testApplication(applicationSteps)
}
