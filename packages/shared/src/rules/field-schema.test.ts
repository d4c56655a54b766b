import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import * as z from 'zod/mini'
import { fieldGroupSchema, fieldSchema } from './field-schema.ts'
import { validateRules } from './fields.ts'
import type { RuleSpec } from './fields.ts'

const REQUIRED = '必須項目です。'
const MULTIPLE_REQUIRED = '未入力の項目があります。すべての項目を入力してください。'
const ONLY_FULL_KATAKANA =
  'この項目では使えない文字が含まれています。全角カタカナで入力してください。'
const ONLY_NUMERIC = 'この項目では使えない文字が含まれています。半角数字で入力してください。'

function messagesOf(result: { error?: z.core.$ZodError | undefined }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? []
}

describe('fieldSchema（issue #3 ブラウザとサーバーで同じメッセージ）', () => {
  const insrdNameKana = fieldSchema('required', 'onlyFullKatakana', ['max', { max: 20 }])

  it.each<readonly [string, readonly string[]]>([
    ['', [REQUIRED]],
    ['　', [REQUIRED]],
    ['ﾔﾏﾀﾞ ﾀﾛｳ', [ONLY_FULL_KATAKANA]],
    ['やまだ', [ONLY_FULL_KATAKANA]],
    ['ヤマダ　タロウヤマダ　タロウヤマダ　タロウ', ['20文字以内で入力してください。']],
    ['ヤマダ　タロウ', []],
  ])('「%s」には %j だけを返すこと（SPEC §5.3 最初に通らなかったルール）', (value, expected) => {
    expect(messagesOf(insrdNameKana.safeParse(value))).toEqual(expected)
  })

  it("fieldSchema('required','onlyFullKatakana') は空の値に「必須項目です。」の1件だけを返すこと", () => {
    const result = fieldSchema('required', 'onlyFullKatakana').safeParse('')
    expect(result.error?.issues).toHaveLength(1)
    expect(result.error?.issues[0]?.message).toBe(REQUIRED)
  })

  it('値を変えずに返すこと（正規化しない、STYLE.md §4）', () => {
    expect(fieldSchema('onlyFullKatakana').parse('　ヤマダ　１２３　')).toBe('　ヤマダ　１２３　')
    expect(fieldSchema('onlyFull').parse('ＡＢＣ')).toBe('ＡＢＣ')
    expect(fieldSchema('onlyNumeric').safeParse('１２３').success).toBe(false)
  })

  it('必須でない空の値を通すこと（SPEC §5.2）', () => {
    expect(fieldSchema('email', 'telNo').parse('')).toBe('')
  })

  it('オブジェクトの中で、キーがない必須項目に「必須項目です。」をその項目のパスで返すこと', () => {
    const schema = z.strictObject({
      insrdNameKana,
      mailAddress: fieldSchema('email'),
    })
    const result = schema.safeParse({ mailAddress: 'taro@example' })
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['insrdNameKana'], message: REQUIRED },
      { path: ['mailAddress'], message: 'メールアドレスの形式に誤りがあります。' },
    ])
  })

  it('必須でない項目に文字列でない値が来たときは、zod の型のエラーのままにすること', () => {
    const result = fieldSchema('email').safeParse(undefined)
    expect(result.error?.issues[0]?.code).toBe('invalid_type')
  })

  it('必須の項目に null が来たときも「必須項目です。」を返すこと', () => {
    expect(messagesOf(fieldSchema('required').safeParse(null))).toEqual([REQUIRED])
  })

  it.each<readonly [string, () => unknown]>([
    ['size（ファイルの大きさのルール）', () => fieldSchema('size')],
    ['uploadSize（ファイルの大きさのルール）', () => fieldSchema('uploadSize')],
    ['パラメータのない between', () => fieldSchema('required', 'between')],
    ['messageKey のない regex', () => fieldSchema(['regex', { pattern: /a/ }])],
    ['パラメータのない digits', () => fieldGroupSchema('digits')],
  ])('%s は、スキーマを作るときに TypeError を投げること', (_label, build) => {
    expect(build).toThrow(TypeError)
  })

  it('どんな文字列にも validateRules と同じメッセージを返すこと（性質）', () => {
    const ruleSets: readonly (readonly RuleSpec[])[] = [
      ['required', 'onlyFullKatakana', ['max', { max: 10 }]],
      ['email'],
      ['required', 'telNo'],
      ['zipCode'],
      ['required', 'yearMonthDate'],
      ['onlyHalfKatakana', ['min', { min: 2 }]],
      ['password', 'disabledCharInPassword'],
      [['between', { min: -5, max: 5 }]],
      ['required', 'gaiji', 'onlyFull'],
    ]
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({
        unit: fc.constantFrom(
          '0',
          '9',
          '-',
          '@',
          '.',
          'a',
          'A',
          '!',
          ' ',
          '　',
          'ア',
          'ｱ',
          '１',
          '髙',
        ),
        maxLength: 14,
      }),
    )
    fc.assert(
      fc.property(fc.constantFrom(...ruleSets), text, (rules, value) => {
        const expected = validateRules(rules, value)
        const result = fieldSchema(...rules).safeParse(value)
        expect(messagesOf(result)).toEqual(expected === undefined ? [] : [expected])
        if (result.success) expect(result.data).toBe(value)
      }),
      { numRuns: 500 },
    )
  })
})

describe('fieldGroupSchema（SPEC §5.2 multipleRequired、チェックボックスの組）', () => {
  it.each<readonly [readonly string[], readonly string[]]>([
    [['03', '1234', '5678'], []],
    [['03', '', '5678'], [MULTIPLE_REQUIRED]],
    [['03', '　', '5678'], [MULTIPLE_REQUIRED]],
    [[], [MULTIPLE_REQUIRED]],
    [['03', '12a4', '5678'], [ONLY_NUMERIC]],
  ])('multipleRequired と onlyNumeric の組 %j には %j を返すこと', (value, expected) => {
    const result = fieldGroupSchema('multipleRequired', 'onlyNumeric').safeParse(value)
    expect(messagesOf(result)).toEqual(expected)
    expect(result.error?.issues[0]?.path ?? []).toEqual([])
  })

  it.each<readonly [readonly string[], readonly string[]]>([
    [['1'], []],
    [['', '2'], []],
    [[], [REQUIRED]],
    [['', ''], [REQUIRED]],
  ])('required の組 %j には %j を返すこと（1つ以上選ばれていればよい）', (value, expected) => {
    expect(messagesOf(fieldGroupSchema('required').safeParse(value))).toEqual(expected)
  })

  it('キーがない必須の組に「必須項目です。」を返すこと', () => {
    const schema = z.strictObject({ consentArray: fieldGroupSchema('required') })
    const result = schema.safeParse({})
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['consentArray'], message: REQUIRED },
    ])
  })

  it('組を変えずに返すこと', () => {
    expect(fieldGroupSchema('multipleRequired').parse(['０３', ' 1 '])).toEqual(['０３', ' 1 '])
  })
})
