import { describe, expect, it } from 'vitest'
import type { ItemDefinition } from '../api/group/item-definition.ts'
import { validateItemAnswer, validateItemAnswers } from './item-answers.ts'

const base: ItemDefinition = {
  itemCode: 'employeeNo',
  itemName: '従業員番号',
  supportText: '',
  inputType: 'text',
  itemClass: '010',
  category: '010',
  relatedUnitNo: [],
  displayOrder: 10,
  applicationDispDisplayFlg: '1',
  preRenewCopyFlg: '1',
  authItemCd: null,
  ruleArray: ['required', 'onlyNumeric'],
  choiceArray: [],
  blockingAnswerArray: [],
}
const remarks: ItemDefinition = {
  ...base,
  itemCode: 'remarks',
  itemName: 'ご連絡事項',
  inputType: 'textarea',
  ruleArray: ['gaiji'],
}
const hospitalised: ItemDefinition = {
  ...base,
  itemCode: 'hospitalised',
  inputType: 'radio',
  itemClass: '030',
  ruleArray: ['required'],
  choiceArray: [
    { code: '1', label: 'はい' },
    { code: '2', label: 'いいえ' },
  ],
}

describe('団体ごとの項目の回答 (SPEC §3.5 ruleArray)', () => {
  it.each([
    [base, '', '必須項目です。'],
    [base, '１２３', 'この項目では使えない文字が含まれています。半角数字で入力してください。'],
    [base, '12345', undefined],
    [hospitalised, '3', '表示されている選択肢から選んでください。'],
    [hospitalised, '2', undefined],
    [hospitalised, undefined, '必須項目です。'],
  ] as const)('%#: 項目 %s に「%s」と答えると「%s」になること', (item, answer, expected) => {
    expect(validateItemAnswer(item, answer)).toBe(expected)
  })

  it('複数行の自由記入欄では改行を許し、1行の欄では許さないこと', () => {
    expect(validateItemAnswer(remarks, '1行目\n2行目')).toBeUndefined()
    const oneLine: ItemDefinition = { ...remarks, inputType: 'text' }
    expect(validateItemAnswer(oneLine, '1行目\n2行目')).toBe(
      '当システムで入力できない文字が含まれています。',
    )
  })

  it('誤りのある回答をすべて、項目コードをパスにして返すこと', () => {
    expect(
      validateItemAnswers(
        [base, hospitalised, remarks],
        { employeeNo: 'ABC', remarks: '髙橋' },
        'answers.',
      ),
    ).toEqual([
      {
        path: 'answers.employeeNo',
        message: 'この項目では使えない文字が含まれています。半角数字で入力してください。',
      },
      { path: 'answers.hospitalised', message: '必須項目です。' },
      {
        path: 'answers.remarks',
        message:
          '当システムで入力できない文字が含まれています。「髙」を別の文字に置き換えてください。',
      },
    ])
  })
})
