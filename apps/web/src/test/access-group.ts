import type { GroupPfInfoResponse } from '@app/shared/api/group/endpoints'
import type { ItemDefinition } from '@app/shared/api/group/item-definition'
import { entryGroupResponse } from './entry-group.ts'

// A group with three-item authentication (authenticationType "2") for the verifyUser tests: the
// items named by authItemCd, listed out of order, and one item that is not an authentication item.

function item(
  overrides: Partial<ItemDefinition> & Pick<ItemDefinition, 'itemCode'>,
): ItemDefinition {
  return {
    itemName: overrides.itemCode,
    supportText: '',
    inputType: 'text',
    itemClass: '010',
    category: '010',
    relatedUnitNo: [],
    displayOrder: 0,
    applicationDispDisplayFlg: '2',
    preRenewCopyFlg: '2',
    authItemCd: null,
    ruleArray: [],
    choiceArray: [],
    blockingAnswerArray: [],
    ...overrides,
  }
}

export const authItemDefinitions: ItemDefinition[] = [
  item({
    itemCode: 'insrdBirthDate',
    itemName: '生年月日',
    supportText: '西暦で入力してください。',
    inputType: 'date',
    authItemCd: '2',
    ruleArray: ['required', 'yearMonthDate'],
  }),
  item({
    itemCode: 'policyHolderAddress',
    itemName: '住所',
    inputType: 'text',
    ruleArray: ['required', 'gaiji'],
  }),
  item({
    itemCode: 'employeeNo',
    itemName: '社員番号',
    supportText: '社員証に記載の8桁の番号です。',
    authItemCd: '1',
    ruleArray: ['required', 'onlyNumeric'],
  }),
  item({
    itemCode: 'insrdNameKana',
    itemName: '氏名（フリガナ）',
    authItemCd: '3',
    ruleArray: ['required', 'onlyFullKatakana'],
  }),
]

/** The group answer (SPEC §7.1) of a group that verifies applicants by three items. */
export function threeItemGroupResponse(): GroupPfInfoResponse {
  const response = entryGroupResponse('atOnce')
  return {
    ...response,
    groupPfInfo: { ...response.groupPfInfo, authenticationType: '2' },
  }
}
