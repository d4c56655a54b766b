import type { ItemDefinition } from '@app/shared'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import type { Database } from '../../db/client.ts'
import { importGroupDocument } from '../group/import-group.ts'

// Test products for the roster suites (imported by tests only): one of each authenticationType.

/** authenticationType "1": first-entry ID and password. */
export const firstEntryProduct = { groupPfCode: 'T000001', groupPfCodeInceptionDateYm: '202612' }
/** authenticationType "2": three-item authentication with the items below. */
export const threeItemProduct = { groupPfCode: 'T000002', groupPfCodeInceptionDateYm: '202612' }

const authItem = (
  itemCode: string,
  itemName: string,
  inputType: ItemDefinition['inputType'],
  authItemCd: '1' | '2' | '3',
  ruleArray: ItemDefinition['ruleArray'],
): ItemDefinition => ({
  itemCode,
  itemName,
  supportText: '',
  inputType,
  itemClass: '010',
  category: '010',
  relatedUnitNo: [],
  displayOrder: 100 + Number(authItemCd),
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '1',
  authItemCd,
  ruleArray,
  choiceArray: [],
  blockingAnswerArray: [],
})

/** Imports both products into `db`. */
export async function importRosterTestProducts(db: Database): Promise<void> {
  await importGroupDocument(db, groupDocument(), { readImage: readTestImage })
  const document = groupDocument({ groupPfCode: threeItemProduct.groupPfCode })
  document.groupPfInfo.authenticationType = '2'
  document.itemDefinitionArray.push(
    authItem('AUTH_EMPLOYEE_NO', '社員番号', 'text', '1', ['required', 'onlyNumberAndAllAlphabet']),
    authItem('AUTH_BIRTH_DATE', '生年月日', 'date', '2', ['required', 'yearMonthDate']),
    authItem('AUTH_NAME_KANA', '氏名（カナ）', 'text', '3', ['required', 'onlyFullKatakana']),
  )
  await importGroupDocument(db, document, { readImage: readTestImage })
}
