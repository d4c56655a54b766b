import { describe, expect, it } from 'vitest'
import type { InsuredPerson, PolicyHolderInfoState } from '../api/application/apply-info.ts'
import type { ItemDefinition } from '../api/group/item-definition.ts'
import {
  insuredFillFromPerson,
  insuredFillFromPolicyHolder,
  insuredRegisterStatusOf,
  reusableInsuredPersons,
  selfRelationshipAnswers,
} from './insured.ts'

// Issue #23 point 12: the register status of a unit (SPEC §3.2, §4) and the insured form's fill
// from the policy holder or a person of another unit.

const insuredItem = (fields: Partial<ItemDefinition> & Pick<ItemDefinition, 'itemCode'>) =>
  ({
    itemName: fields.itemCode,
    supportText: '',
    inputType: 'text',
    itemClass: '010',
    category: '020',
    relatedUnitNo: [],
    displayOrder: 10,
    applicationDispDisplayFlg: '1',
    preRenewCopyFlg: '2',
    authItemCd: null,
    ruleArray: [],
    choiceArray: [],
    blockingAnswerArray: [],
    ...fields,
  }) satisfies ItemDefinition

const relationshipChoices = [
  { code: '01', label: '本人' },
  { code: '02', label: '配偶者' },
]
const relationship = insuredItem({
  itemCode: 'REL',
  itemName: '続柄',
  inputType: 'radio',
  choiceArray: relationshipChoices,
})
const occupation = insuredItem({
  itemCode: 'JOB',
  itemName: '職業',
  inputType: 'select',
  choiceArray: [
    { code: '1', label: '会社員' },
    { code: '2', label: '学生' },
  ],
})
const carried = insuredItem({ itemCode: 'CARRIED', inputType: 'checkbox', relatedUnitNo: [5] })

const holder: Pick<
  PolicyHolderInfoState,
  | 'policyHolderDiv'
  | 'policyHolderNameKana'
  | 'policyHolderNameKanji'
  | 'policyHolderBirthDate'
  | 'policyHolderSex'
  | 'itemAnswers'
> = {
  policyHolderDiv: '1',
  policyHolderNameKana: 'ツバキ　ハナコ',
  policyHolderNameKanji: '椿　花子',
  policyHolderBirthDate: '19880316',
  policyHolderSex: '2',
  itemAnswers: { DEPARTMENT: '営業部', JOB: '1' },
}

const person = (
  insrdId: string,
  unit: number,
  patch: Partial<InsuredPerson> = {},
): InsuredPerson => ({
  insrdId: `00000000-0000-4000-8000-00000000000${insrdId}`,
  unit,
  insrdNameKana: 'ヤマダ　タロウ',
  insrdNameKanji: '山田　太郎',
  insrdBirthDate: '19800401',
  insrdSex: '1',
  itemAnswers: {},
  ...patch,
})

describe('補償ごとの被保険者の登録状況（SPEC §3.2 insuredRegisterStatus、§4）', () => {
  it.each([
    [0, false, '0'],
    [0, true, '0'],
    [1, false, '1'],
    [3, false, '1'],
    [2, true, '2'],
  ] as const)('%i人、確定%sなら「%s」とすること', (count, isConfirmed, expected) => {
    expect(insuredRegisterStatusOf(count, isConfirmed)).toBe(expected)
  })
})

describe('続柄の「本人」', () => {
  it('名前に「続柄」を含む選択の項目を、ラベル「本人」の選択肢のコードで答えること', () => {
    const select = insuredItem({
      itemCode: 'REL2',
      itemName: 'ご加入者との続柄',
      inputType: 'select',
      choiceArray: [
        { code: 'A', label: '配偶者' },
        { code: 'S', label: '本人' },
      ],
    })
    expect(selfRelationshipAnswers([relationship, select, occupation])).toEqual({
      REL: '01',
      REL2: 'S',
    })
  })

  it('「本人」の選択肢がない項目や、文字で答える項目には何も答えないこと', () => {
    const noSelf = insuredItem({
      itemCode: 'REL',
      itemName: '続柄',
      inputType: 'radio',
      choiceArray: [{ code: '02', label: '配偶者' }],
    })
    const text = insuredItem({ itemCode: 'RELTEXT', itemName: '続柄' })
    expect(selfRelationshipAnswers([noSelf, text])).toEqual({})
  })
})

describe('「ご契約者と同じ」', () => {
  it('氏名（カナ・漢字）・生年月日・性別、補償にも同じ項目がある回答と続柄「本人」を入れること', () => {
    expect(insuredFillFromPolicyHolder(holder, [relationship, occupation])).toEqual({
      insrdNameKana: 'ツバキ　ハナコ',
      insrdNameKanji: '椿　花子',
      insrdBirthDate: '19880316',
      insrdSex: '2',
      itemAnswers: { REL: '01', JOB: '1' },
    })
  })

  it('続柄の項目がない補償では、続柄を入れないこと', () => {
    expect(insuredFillFromPolicyHolder(holder, [carried])?.itemAnswers).toEqual({})
  })

  it('法人のご契約者や、まだ入力されていないご契約者からは入れないこと', () => {
    expect(insuredFillFromPolicyHolder({ ...holder, policyHolderDiv: '2' }, [])).toBeUndefined()
    expect(
      insuredFillFromPolicyHolder({ ...holder, policyHolderNameKanji: '' }, []),
    ).toBeUndefined()
    expect(insuredFillFromPolicyHolder({ ...holder, policyHolderDiv: null }, [])).toBeUndefined()
  })
})

describe('ほかの補償に登録した方', () => {
  it('その方の氏名・生年月日・性別と、この補償にもある項目の回答だけを入れること', () => {
    const registered = person('1', 1, {
      insrdSex: '2',
      itemAnswers: { REL: '02', JOB: '2', ONLY_UNIT_1: 'x' },
    })
    expect(insuredFillFromPerson(registered, [relationship, carried])).toEqual({
      insrdNameKana: 'ヤマダ　タロウ',
      insrdNameKanji: '山田　太郎',
      insrdBirthDate: '19800401',
      insrdSex: '2',
      itemAnswers: { REL: '02' },
    })
  })

  it('ほかの補償の方を、同じ方（氏名・カナ・生年月日が同じ）は1回だけ、登録した順に並べること', () => {
    const taro1 = person('1', 1)
    const hanako = person('2', 1, { insrdNameKanji: '山田　花子', insrdNameKana: 'ヤマダ　ハナコ' })
    const taro6 = person('3', 6)
    const jiro = person('4', 6, { insrdNameKanji: '山田　次郎', insrdNameKana: 'ヤマダ　ジロウ' })
    expect(reusableInsuredPersons([taro1, hanako, taro6, jiro], 5)).toEqual([taro1, hanako, jiro])
  })

  it('この補償にすでにいる方は除き、生年月日が同じでも名前が違えば別の方とすること', () => {
    const taro1 = person('1', 1)
    const taro5 = person('2', 5)
    const twin = person('3', 1, { insrdNameKanji: '山田　太朗' })
    expect(reusableInsuredPersons([taro1, taro5, twin], 5)).toEqual([twin])
    expect(reusableInsuredPersons([taro1], 1)).toEqual([])
  })
})
