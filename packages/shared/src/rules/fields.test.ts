import { describe, it, expect } from 'vitest'
import { fieldMessages } from '../messages/fields.ja.ts'
import { fieldRuleNames, validateField, validateRules } from './fields.ts'
import type { FieldRuleName, FieldRuleParams, FieldValue } from './fields.ts'
import { maxUploadBytes } from './upload.ts'

// The texts users see, written out so that a change to the catalogue shows up here.
const REQUIRED = '必須項目です。'
const MULTIPLE_REQUIRED = '未入力の項目があります。すべての項目を入力してください。'
const EMAIL = 'メールアドレスの形式に誤りがあります。'
const GAIJI = '当システムで入力できない文字が含まれています。'
const gaijiNaming = (character: string): string =>
  `当システムで入力できない文字が含まれています。「${character}」を別の文字に置き換えてください。`
const TEL_NO =
  '電話番号の形式に誤りがあります。半角数字10桁または11桁で入力してください。ハイフン（-）で区切る場合は、03-1234-5678のように数字の間に2か所まで入れてください。'
const TELEPHONE =
  '電話番号の形式に誤りがあります。ハイフンを入れずに、半角数字10桁または11桁で入力してください。'
const ONLY_FULL = 'この項目では半角文字は使えません。全角で入力してください。'
const ONLY_FULL_KATAKANA =
  'この項目では使えない文字が含まれています。全角カタカナで入力してください。'
const ONLY_HALF_KATAKANA =
  'この項目では使えない文字が含まれています。半角カタカナで入力してください。'
const ONLY_NUMERIC = 'この項目では使えない文字が含まれています。半角数字で入力してください。'
const ONLY_NUMBER_AND_ALL_ALPHABET =
  'この項目では使えない文字が含まれています。半角英数字で入力してください。'
const ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL =
  'この項目では使えない文字が含まれています。半角英数字・記号で入力してください。'
const ONLY_NUMBER_AND_UPPER_ALPHABET =
  'この項目では使えない文字が含まれています。半角数字・英大文字で入力してください。'
const ONLY_NUMBER_AND_LOWER_ALPHABET =
  'この項目では使えない文字が含まれています。半角数字・英小文字で入力してください。'
const PASSWORD =
  'パスワードが条件を満たしていません。半角英数字と記号を使い、「10文字以上」「英小文字を含む」「英大文字を含む」「数字を含む」「記号を含む」の5つをすべて満たすように入力してください。'
const DISABLED_CHAR_IN_PASSWORD =
  'パスワードに使えない文字が含まれています。半角英数字と記号で入力してください。'
const YEAR_MONTH_FORMAT =
  '年月の形式に誤りがあります。西暦の年月を半角数字6桁（例：202604）で入力してください。'
const YEAR_MONTH_INVALID = '存在しない年月です。正しい年月を入力してください。'
const YEAR_MONTH_DATE_FORMAT =
  '日付の形式に誤りがあります。西暦の年月日を半角数字8桁（例：20260401）で入力してください。'
const YEAR_MONTH_DATE_INVALID = '存在しない日付です。正しい日付を入力してください。'
const ZIP_CODE =
  '郵便番号の形式に誤りがあります。ハイフンを入れずに、半角数字7桁で入力してください。'
const CREDIT_CARD =
  'カード番号の形式に誤りがあります。ハイフンやスペースを入れずに、半角数字14〜16桁で入力してください。'
const SECURITY_CODE =
  'セキュリティコードの形式に誤りがあります。半角数字3桁または4桁で入力してください。'
const UPLOAD_EXTENSION =
  'この種類のファイルは添付できません。jpg、png、txt、xlsx、xls、pdf、doc、docxのいずれかのファイルを選んでください。'
const UPLOAD_SIZE =
  'ファイルのサイズが2MBを超えているため、添付できません。2MB以下のファイルを選んでください。'

const ASCII_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'

/** Parameters that make each rule usable; the rules without parameters get none. */
const usableParams: Partial<Record<FieldRuleName, FieldRuleParams>> = {
  between: { min: 1, max: 10 },
  min: { min: 2 },
  max: { max: 10 },
  digits: { length: 4 },
  regex: { pattern: /^[A-Z]+$/, messageKey: 'validation.onlyNumberAndUpperAlphabet' },
}

/** Adds the outcome in words before the expected message, so that test names read 〜通すこと or 〜を返すこと. */
function judged<Row extends readonly unknown[]>(
  rows: readonly (readonly [...Row, string | undefined])[],
): (readonly [...Row, string, string | undefined])[] {
  return rows.map((row) => {
    const expected = row[row.length - 1] as string | undefined
    const verdict = expected === undefined ? '通す' : `「${expected}」を返す`
    return [...row.slice(0, -1), verdict, expected] as unknown as readonly [
      ...Row,
      string,
      string | undefined,
    ]
  })
}

describe('空の値（SPEC §5.2「An empty value passes every rule except required and multipleRequired」）', () => {
  const emptyValues: readonly [string, FieldValue][] = [
    ["''", ''],
    ['null', null],
    ['undefined', undefined],
    ['[]', []],
  ]
  const expectedForEmpty: Partial<Record<FieldRuleName, string>> = {
    required: REQUIRED,
    multipleRequired: MULTIPLE_REQUIRED,
  }

  it.each(fieldRuleNames)(
    '%s は空の値を required・multipleRequired のときだけ通さないこと',
    (rule) => {
      for (const [, value] of emptyValues) {
        expect(validateField(rule, value, usableParams[rule])).toBe(expectedForEmpty[rule])
      }
    },
  )

  it('ルール名が SPEC §5.2 の31種類で、重複しないこと', () => {
    expect(fieldRuleNames).toHaveLength(31)
    expect(new Set(fieldRuleNames).size).toBe(31)
  })
})

describe('required（SPEC §5.2「a value must be present」、§5.3「必須項目です。」）', () => {
  it.each(
    judged<[string, FieldValue]>([
      ['文字', '山田', undefined],
      ['0', '0', undefined],
      ['前後に空白のある文字', '　山田 ', undefined],
      ['空文字列', '', REQUIRED],
      ['null', null, REQUIRED],
      ['undefined', undefined, REQUIRED],
      ['半角スペースだけ', ' ', REQUIRED],
      ['全角スペースだけ', '　', REQUIRED],
      ['タブと改行だけ', ' \t\r\n', REQUIRED],
      ['1つ以上の値がある組', ['', 'a'], undefined],
      ['空の組', [], REQUIRED],
      ['空白だけの組', ['', '　'], REQUIRED],
      ['選ばれたファイル', { name: 'scan.pdf', size: 10 }, undefined],
    ]),
  )('%s %j は%sこと', (_label, value, _verdict, expected) => {
    expect(validateField('required', value)).toBe(expected)
  })
})

describe('multipleRequired（SPEC §5.2「fails if any value in the group is empty」）', () => {
  it.each(
    judged<[string, FieldValue]>([
      ['すべて入力した組', ['03', '1234', '5678'], undefined],
      ['1つだけの組', ['a'], undefined],
      ['最後が空の組', ['03', '1234', ''], MULTIPLE_REQUIRED],
      ['最初が空の組', ['', '1234', '5678'], MULTIPLE_REQUIRED],
      ['全角スペースだけの値がある組', ['03', '　', '5678'], MULTIPLE_REQUIRED],
      ['空の組', [], MULTIPLE_REQUIRED],
      ['null', null, MULTIPLE_REQUIRED],
      ['1つの文字列', 'a', undefined],
      ['空文字列', '', MULTIPLE_REQUIRED],
    ]),
  )('%s %j は%sこと', (_label, value, _verdict, expected) => {
    expect(validateField('multipleRequired', value)).toBe(expected)
  })
})

/** A domain of exactly `length` characters (at least 3): labels of up to 63, always 2 or more. */
function domainOfLength(length: number): string {
  const labels: string[] = []
  let remaining = length
  // Each label but the last takes its characters and a dot; leave at least 1 for the last label.
  while (labels.length === 0 || remaining > 63) {
    const label = Math.min(63, remaining - 2)
    labels.push('d'.repeat(label))
    remaining -= label + 1
  }
  labels.push('j'.repeat(remaining))
  return labels.join('.')
}

function address(localLength: number, domainLength: number): string {
  return `${'l'.repeat(localLength)}@${domainOfLength(domainLength)}`
}

describe('email（SPEC §5.2「at most 254 characters in total, local part at most 64, domain at most 253, standard address pattern」）', () => {
  it.each(
    judged<[string, number, number]>([
      ['全体253文字（ローカル部64）', 64, 188, undefined],
      ['全体254文字（ローカル部64）', 64, 189, undefined],
      ['全体255文字（ローカル部64）', 64, 190, EMAIL],
      ['ローカル部64文字', 64, 11, undefined],
      ['ローカル部65文字', 65, 11, EMAIL],
      ['ドメイン部252文字（全体254文字）', 1, 252, undefined],
      // The domain limit cannot be the one that fails: with a local part, 253 is already 255 in all.
      ['ドメイン部253文字（全体255文字で全体の上限が先に効く）', 1, 253, EMAIL],
      ['ドメイン部254文字', 1, 254, EMAIL],
    ]),
  )(
    '%s のアドレスは %i と %i から作り、%sこと',
    (_label, localLength, domainLength, _verdict, expected) => {
      const value = address(localLength, domainLength)
      expect(value.length).toBe(localLength + 1 + domainLength)
      expect(validateField('email', value)).toBe(expected)
    },
  )

  it.each([
    ['taro.yamada@example.co.jp'],
    ['taro..yamada.@docomo.ne.jp'],
    ['.taro@ezweb.ne.jp'],
    ['Taro.Yamada+hoken@Example.COM'],
    ["o'brien@example.com"],
    ['1234567890@i.softbank.jp'],
    ['a@b.jp'],
    [`taro@${'a'.repeat(63)}.jp`],
    ['taro@xn--eckwd4c7c.xn--zckzah'],
  ])(
    'WHATWG の形式に合う「%s」を通すこと（ドコモ等の連続ドット・@直前のドットを含む）',
    (value) => {
      expect(validateField('email', value)).toBeUndefined()
    },
  )

  it.each([
    ['taro@localhost', 'ドメインにドットがない'],
    ['taro@', 'ドメインがない'],
    ['@example.com', 'ローカル部がない'],
    ['taro.example.com', '@がない'],
    ['taro@@example.com', '@が2つ'],
    ['taro@yamada@example.com', '@が2つ'],
    ['taro yamada@example.com', '空白がある'],
    [' taro@example.com', '先頭に空白がある'],
    ['taro@example.com ', '末尾に空白がある'],
    ['taro@example..com', 'ドメインに空のラベル'],
    ['taro@.example.com', 'ドメインがドットで始まる'],
    ['taro@example.com.', 'ドメインがドットで終わる'],
    ['taro@-example.com', 'ラベルが - で始まる'],
    ['taro@example-.com', 'ラベルが - で終わる'],
    [`taro@${'a'.repeat(64)}.jp`, 'ラベルが64文字'],
    ['taro@exa_mple.com', 'ドメインに _'],
    ['taro＠example.com', '全角の＠'],
    ['ｔａｒｏ@example.com', '全角英字'],
    ['太郎@example.com', '漢字のローカル部'],
    ['taro@例え.jp', '国際化ドメイン名（xn-- にしていない）'],
    ['taro@example.com\n', '末尾に改行'],
    ['"taro yamada"@example.com', '引用符つきのローカル部'],
  ])('「%s」（%s）に「メールアドレスの形式に誤りがあります。」を返すこと', (value) => {
    expect(validateField('email', value)).toBe(EMAIL)
  })
})

describe('telNo（SPEC §5.2「digits and hyphens only, no leading or trailing hyphen, 10 to 11 digits excluding hyphens, at most 3 hyphen-separated groups, none empty」）', () => {
  it.each(
    judged<[string]>([
      ['031234567', TEL_NO],
      ['0312345678', undefined],
      ['09012345678', undefined],
      ['090123456789', TEL_NO],
      ['03-123-456', TEL_NO],
      ['03-1234-5678', undefined],
      ['090-1234-5678', undefined],
      ['090-1234-56789', TEL_NO],
      ['0312-345678', undefined],
      ['0312345678-', TEL_NO],
      ['-0312345678', TEL_NO],
      ['-03-1234-5678', TEL_NO],
      ['03--12345678', TEL_NO],
      ['03-1234--5678', TEL_NO],
      ['0-3-1234-5678', TEL_NO],
      ['090-12-34-5678', TEL_NO],
      ['-', TEL_NO],
      ['０３-１２３４-５６７８', TEL_NO],
      ['03－1234－5678', TEL_NO],
      ['03ー1234ー5678', TEL_NO],
      ['03 1234 5678', TEL_NO],
      ['(03)1234-5678', TEL_NO],
      ['+81-3-1234-5678', TEL_NO],
      ['03-1234-5678 ', TEL_NO],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('telNo', value)).toBe(expected)
  })
})

describe('telephone（SPEC §5.2「10 or 11 half-width digits in total」）', () => {
  it.each(
    judged<[string]>([
      ['031234567', TELEPHONE],
      ['0312345678', undefined],
      ['09012345678', undefined],
      ['090123456789', TELEPHONE],
      ['03-1234-5678', TELEPHONE],
      ['０９０１２３４５６７８', TELEPHONE],
      ['0901234567a', TELEPHONE],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('telephone', value)).toBe(expected)
  })
})

describe('gaiji（SPEC §5.2「every character must be in the allowed JIS-style set」、§5.3「当システムで入力できない文字が含まれています。」）', () => {
  it.each([
    ['山田 太郎'],
    ['山田　太郎'],
    ['ヤマダ　タロウ'],
    ['やまだ'],
    ['Yamada Taro 123 !?'],
    ['東京都千代田区千代田１－１'],
    ['〜～−－'],
    ['αβγ АБВ'],
  ])('「%s」を通すこと', (value) => {
    expect(validateField('gaiji', value)).toBeUndefined()
  })

  it.each([
    ['髙橋', '髙'],
    ['山﨑', '﨑'],
    ['①番', '①'],
    ['㈱山田', '㈱'],
    ['ﾔﾏﾀﾞ', 'ﾔ'],
    ['ｶﾀｶﾅ', 'ｶ'],
    ['凜', '凜'],
    ['熙', '熙'],
    ['𠮷野家', '𠮷'],
    ['髙﨑', '髙'],
    ['山田😀', '😀'],
  ])('「%s」に、最初の入力できない文字「%s」を示すメッセージを返すこと', (value, character) => {
    expect(validateField('gaiji', value)).toBe(gaijiNaming(character))
  })

  it.each([
    ['ゼロ幅スペース', '山田\u200B太郎'],
    ['タブ', '山田\t太郎'],
    ['改行', '山田\n太郎'],
    ['結合用濁点', 'カ\u3099'],
    ['ノーブレークスペース', '山田\u00A0太郎'],
  ])('目に見えない文字（%s）には SPEC §5.3 の文だけを返すこと', (_label, value) => {
    expect(validateField('gaiji', value)).toBe(GAIJI)
  })

  it('allowLineBreaks のとき、改行（CR・LF）を通すこと（複数行の入力欄）', () => {
    expect(validateField('gaiji', '一行目\r\n二行目', { allowLineBreaks: true })).toBeUndefined()
    expect(validateField('gaiji', '一行目\n髙', { allowLineBreaks: true })).toBe(gaijiNaming('髙'))
  })
})

describe('onlyFull（SPEC §5.2「no half-width characters」）', () => {
  it.each(
    judged<[string]>([
      ['山田太郎', undefined],
      ['ヤマダ　タロウ', undefined],
      ['１２３', undefined],
      ['123', ONLY_FULL],
      ['ＡＢＣ', undefined],
      ['ABC', ONLY_FULL],
      ['－', undefined],
      ['-', ONLY_FULL],
      ['カタカナ', undefined],
      ['ｶﾀｶﾅ', ONLY_FULL],
      ['　', undefined],
      [' ', ONLY_FULL],
      ['山田 太郎', ONLY_FULL],
      ['東京都千代田区１－１', undefined],
      ['東京都千代田区1-1', ONLY_FULL],
      ['￥１００', undefined],
      ['¥', undefined],
      ['～', undefined],
      ['~', ONLY_FULL],
      ['｡', ONLY_FULL],
      ['ﾞ', ONLY_FULL],
      ['ﾡ', ONLY_FULL],
      ['￨', ONLY_FULL],
      ['￮', ONLY_FULL],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('onlyFull', value)).toBe(expected)
  })
})

describe('onlyFullKatakana（SPEC §5.2「full-width katakana, digits, letters, symbols, roman numerals and full-width space」）', () => {
  it.each(
    judged<[string]>([
      ['ヤマダ　タロウ', undefined],
      ['カタカナ', undefined],
      ['ｶﾀｶﾅ', ONLY_FULL_KATAKANA],
      ['ァィゥェォッャュョヮヵヶヴ', undefined],
      ['ヷヸヹヺ', undefined],
      ['ー・ヽヾ', undefined],
      ['１２３', undefined],
      ['123', ONLY_FULL_KATAKANA],
      ['ＡＢＣａｂｃ', undefined],
      ['ABC', ONLY_FULL_KATAKANA],
      ['－', undefined],
      ['-', ONLY_FULL_KATAKANA],
      ['−', undefined],
      ['～', undefined],
      ['〜', undefined],
      ['！＂＃＄％＆＇（）＊＋，．／：；＜＝＞？＠［＼］＾＿｀｛｜｝', undefined],
      ['￠￡￢￣￤￥￦', undefined],
      ['ⅠⅡⅫⅰⅿ', undefined],
      ['　', undefined],
      [' ', ONLY_FULL_KATAKANA],
      ['ヤマダ タロウ', ONLY_FULL_KATAKANA],
      ['やまだ', ONLY_FULL_KATAKANA],
      ['山田', ONLY_FULL_KATAKANA],
      ['゠', ONLY_FULL_KATAKANA],
      ['ヿ', ONLY_FULL_KATAKANA],
      ['ㇰ', ONLY_FULL_KATAKANA],
      ['カ\u3099', ONLY_FULL_KATAKANA],
      ['、。', ONLY_FULL_KATAKANA],
      ['㈱', ONLY_FULL_KATAKANA],
      ['①', ONLY_FULL_KATAKANA],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('onlyFullKatakana', value)).toBe(expected)
  })
})

describe('onlyHalfKatakana（SPEC §5.2「half-width kana, space, digits, letters, symbols」）', () => {
  it.each(
    judged<[string]>([
      ['ﾔﾏﾀﾞ ﾀﾛｳ', undefined],
      ['ｶﾀｶﾅ', undefined],
      ['カタカナ', ONLY_HALF_KATAKANA],
      ['ｧｨｩｪｫｯｬｭｮｰ', undefined],
      ['｡｢｣､･ﾞﾟ', undefined],
      ['123', undefined],
      ['１２３', ONLY_HALF_KATAKANA],
      ['ABCabc', undefined],
      ['ＡＢＣ', ONLY_HALF_KATAKANA],
      ['-', undefined],
      ['－', ONLY_HALF_KATAKANA],
      [ASCII_SYMBOLS, undefined],
      [' ', undefined],
      ['　', ONLY_HALF_KATAKANA],
      ['やまだ', ONLY_HALF_KATAKANA],
      ['山田', ONLY_HALF_KATAKANA],
      ['ﾾ', ONLY_HALF_KATAKANA],
      ['\t', ONLY_HALF_KATAKANA],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('onlyHalfKatakana', value)).toBe(expected)
  })
})

describe('onlyNumeric（SPEC §5.2「half-width digits only」）', () => {
  it.each(
    judged<[string]>([
      ['0123456789', undefined],
      ['0', undefined],
      ['１２３', ONLY_NUMERIC],
      ['12３', ONLY_NUMERIC],
      ['12a', ONLY_NUMERIC],
      ['-1', ONLY_NUMERIC],
      ['1.5', ONLY_NUMERIC],
      ['1,000', ONLY_NUMERIC],
      [' 1', ONLY_NUMERIC],
      ['٣', ONLY_NUMERIC],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('onlyNumeric', value)).toBe(expected)
  })
})

describe('onlyNumberAndAllAlphabet（SPEC §5.2「digits and letters only」）', () => {
  it.each(
    judged<[string]>([
      ['abcXYZ0189', undefined],
      ['ABC', undefined],
      ['ＡＢＣ', ONLY_NUMBER_AND_ALL_ALPHABET],
      ['１２３', ONLY_NUMBER_AND_ALL_ALPHABET],
      ['abc-1', ONLY_NUMBER_AND_ALL_ALPHABET],
      ['ab c', ONLY_NUMBER_AND_ALL_ALPHABET],
      ['abc_1', ONLY_NUMBER_AND_ALL_ALPHABET],
      ['é', ONLY_NUMBER_AND_ALL_ALPHABET],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('onlyNumberAndAllAlphabet', value)).toBe(expected)
  })
})

describe('onlyNumberAndAllAlphabetAndSymbol と connectPassword（SPEC §5.2「digits, letters, half-width symbols」）', () => {
  const rules = ['onlyNumberAndAllAlphabetAndSymbol', 'connectPassword'] as const
  const rows: readonly (readonly [string, string | undefined])[] = [
    ['Abc123!@#', undefined],
    [ASCII_SYMBOLS, undefined],
    ['abcXYZ019', undefined],
    ['abc 123', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
    ['abc\t123', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
    ['ＡＢＣ', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
    ['１２３', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
    ['－', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
    ['！', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
    ['ｶﾀｶﾅ', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
    ['あ', ONLY_NUMBER_AND_ALL_ALPHABET_AND_SYMBOL],
  ]
  it.each(
    judged<[FieldRuleName, string]>(
      rules.flatMap((rule) => rows.map(([value, expected]) => [rule, value, expected] as const)),
    ),
  )('%s は「%s」を%sこと', (rule, value, _verdict, expected) => {
    expect(validateField(rule, value)).toBe(expected)
  })
})

describe('onlyNumberAndUpperAlphabet（SPEC §5.2「digits and uppercase only」）', () => {
  it.each(
    judged<[string]>([
      ['ABC123', undefined],
      ['Z9', undefined],
      ['abc', ONLY_NUMBER_AND_UPPER_ALPHABET],
      ['ABc', ONLY_NUMBER_AND_UPPER_ALPHABET],
      ['ＡＢＣ', ONLY_NUMBER_AND_UPPER_ALPHABET],
      ['１２３', ONLY_NUMBER_AND_UPPER_ALPHABET],
      ['AB-1', ONLY_NUMBER_AND_UPPER_ALPHABET],
      ['AB 1', ONLY_NUMBER_AND_UPPER_ALPHABET],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('onlyNumberAndUpperAlphabet', value)).toBe(expected)
  })
})

describe('onlyNumberAndLowerAlphabet（SPEC §5.2「digits and lowercase only」）', () => {
  it.each(
    judged<[string]>([
      ['abc123', undefined],
      ['z9', undefined],
      ['ABC', ONLY_NUMBER_AND_LOWER_ALPHABET],
      ['abC', ONLY_NUMBER_AND_LOWER_ALPHABET],
      ['ａｂｃ', ONLY_NUMBER_AND_LOWER_ALPHABET],
      ['１２３', ONLY_NUMBER_AND_LOWER_ALPHABET],
      ['ab-1', ONLY_NUMBER_AND_LOWER_ALPHABET],
      ['ab 1', ONLY_NUMBER_AND_LOWER_ALPHABET],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('onlyNumberAndLowerAlphabet', value)).toBe(expected)
  })
})

describe('password（SPEC §5.2「printable ASCII, at least 10 characters, containing a lowercase, an uppercase, a digit and a symbol」）', () => {
  it.each(
    judged<[string, string]>([
      ['10文字で4種類を含む', 'Abcdefgh1!', undefined],
      ['9文字', 'Abcdefg1!', PASSWORD],
      ['長い', 'Correct-Horse-Battery-Staple-2026', undefined],
      ['英小文字がない', 'ABCDEFGH1!', PASSWORD],
      ['英大文字がない', 'abcdefgh1!', PASSWORD],
      ['数字がない', 'Abcdefghi!', PASSWORD],
      ['記号がない', 'Abcdefghi1', PASSWORD],
      ['空白を含む', 'Abcd efgh1!', PASSWORD],
      ['全角英字を含む', 'Ａbcdefgh1!', PASSWORD],
      ['全角記号だけが記号', 'Abcdefgh1！', PASSWORD],
      ['ひらがなを含む', 'Abcdefgh1!あ', PASSWORD],
      ['全角数字だけが数字', 'Abcdefgh１!', PASSWORD],
    ]),
  )('%s「%s」は%sこと', (_label, value, _verdict, expected) => {
    expect(validateField('password', value)).toBe(expected)
  })

  it.each([...ASCII_SYMBOLS])('ASCII 記号「%s」を記号として数えること', (symbol) => {
    expect(validateField('password', `Abcdefgh1${symbol}`)).toBeUndefined()
  })

  it('5つの条件を1つのメッセージに並べること（SPEC §5.3「The password message lists five conditions」）', () => {
    for (const condition of ['10文字以上', '英小文字', '英大文字', '数字', '記号']) {
      expect(PASSWORD).toContain(`「${condition}`)
    }
  })
})

describe('disabledCharInPassword（SPEC §5.2「only lowercase, uppercase, digits and ASCII symbols」）', () => {
  it.each(
    judged<[string]>([
      ['Abc123', undefined],
      ['a', undefined],
      [ASCII_SYMBOLS, undefined],
      ['Abc 123', DISABLED_CHAR_IN_PASSWORD],
      ['Abc\t123', DISABLED_CHAR_IN_PASSWORD],
      ['Ａbc123', DISABLED_CHAR_IN_PASSWORD],
      ['Abc１２３', DISABLED_CHAR_IN_PASSWORD],
      ['Abc123！', DISABLED_CHAR_IN_PASSWORD],
      ['パスワード', DISABLED_CHAR_IN_PASSWORD],
      ['ﾊﾟｽ', DISABLED_CHAR_IN_PASSWORD],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('disabledCharInPassword', value)).toBe(expected)
  })
})

describe('yearMonth（SPEC §5.2「exactly 6 digits (YYYYMM), four-digit year, must be a real date」）', () => {
  it.each(
    judged<[string]>([
      ['202604', undefined],
      ['202601', undefined],
      ['202612', undefined],
      ['000101', undefined],
      ['999912', undefined],
      ['202600', YEAR_MONTH_INVALID],
      ['202613', YEAR_MONTH_INVALID],
      ['202699', YEAR_MONTH_INVALID],
      ['000001', YEAR_MONTH_INVALID],
      ['20264', YEAR_MONTH_FORMAT],
      ['2026041', YEAR_MONTH_FORMAT],
      ['2026-04', YEAR_MONTH_FORMAT],
      ['2026/4', YEAR_MONTH_FORMAT],
      ['２０２６０４', YEAR_MONTH_FORMAT],
      ['R08-04', YEAR_MONTH_FORMAT],
      ['abcdef', YEAR_MONTH_FORMAT],
      ['202604 ', YEAR_MONTH_FORMAT],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('yearMonth', value)).toBe(expected)
  })
})

describe('yearMonthDate（SPEC §5.2「exactly 8 digits (YYYYMMDD), same logic」）', () => {
  it.each(
    judged<[string]>([
      ['20260401', undefined],
      ['20240229', undefined],
      ['20230229', YEAR_MONTH_DATE_INVALID],
      ['19000229', YEAR_MONTH_DATE_INVALID],
      ['20000229', undefined],
      ['21000229', YEAR_MONTH_DATE_INVALID],
      ['20230228', undefined],
      ['20240230', YEAR_MONTH_DATE_INVALID],
      ['20260430', undefined],
      ['20260431', YEAR_MONTH_DATE_INVALID],
      ['20261231', undefined],
      ['20261232', YEAR_MONTH_DATE_INVALID],
      ['20260132', YEAR_MONTH_DATE_INVALID],
      ['20260100', YEAR_MONTH_DATE_INVALID],
      ['20260001', YEAR_MONTH_DATE_INVALID],
      ['20261301', YEAR_MONTH_DATE_INVALID],
      ['00000101', YEAR_MONTH_DATE_INVALID],
      ['00010101', undefined],
      ['99991231', undefined],
      ['2026041', YEAR_MONTH_DATE_FORMAT],
      ['202604011', YEAR_MONTH_DATE_FORMAT],
      ['2026-04-01', YEAR_MONTH_DATE_FORMAT],
      ['2026/4/1', YEAR_MONTH_DATE_FORMAT],
      ['２０２６０４０１', YEAR_MONTH_DATE_FORMAT],
      ['R080401', YEAR_MONTH_DATE_FORMAT],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('yearMonthDate', value)).toBe(expected)
  })
})

describe('zipCode（SPEC §5.2「exactly 7 digits」）', () => {
  it.each(
    judged<[string]>([
      ['1000001', undefined],
      ['0600000', undefined],
      ['100000', ZIP_CODE],
      ['10000011', ZIP_CODE],
      ['100-0001', ZIP_CODE],
      ['100－0001', ZIP_CODE],
      ['１０００００１', ZIP_CODE],
      ['100 0001', ZIP_CODE],
      ['〒1000001', ZIP_CODE],
      ['100000a', ZIP_CODE],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('zipCode', value)).toBe(expected)
  })
})

describe('creditCard（SPEC §5.2「digits only, 14 to 16 long」）', () => {
  it.each(
    judged<[string, string]>([
      ['13桁', '4111111111111', CREDIT_CARD],
      ['14桁', '30569309025904', undefined],
      ['15桁', '378282246310005', undefined],
      ['16桁', '4111111111111111', undefined],
      ['17桁', '41111111111111111', CREDIT_CARD],
      ['チェックディジットが合わない16桁（Luhn は調べない）', '4111111111111112', undefined],
      ['ハイフン区切り', '4111-1111-1111-1111', CREDIT_CARD],
      ['空白区切り', '4111 1111 1111 1111', CREDIT_CARD],
      ['全角数字', '４１１１１１１１１１１１１１１１', CREDIT_CARD],
    ]),
  )('%s「%s」は%sこと', (_label, value, _verdict, expected) => {
    expect(validateField('creditCard', value)).toBe(expected)
  })
})

describe('securityCode（SPEC §5.2「digits only, 3 or 4 long」）', () => {
  it.each(
    judged<[string]>([
      ['12', SECURITY_CODE],
      ['123', undefined],
      ['1234', undefined],
      ['12345', SECURITY_CODE],
      ['１２３', SECURITY_CODE],
      ['12a', SECURITY_CODE],
      ['12 3', SECURITY_CODE],
    ]),
  )('「%s」は%sこと', (value, _verdict, expected) => {
    expect(validateField('securityCode', value)).toBe(expected)
  })
})

describe('between（SPEC §5.2「numeric and within the given min and max」、§5.3「A between message gives the min and/or max」）', () => {
  const range = '1以上100以下の数値で入力してください。'
  it.each(
    judged<[string, FieldRuleParams]>([
      ['1', { min: 1, max: 100 }, undefined],
      ['0', { min: 1, max: 100 }, range],
      ['100', { min: 1, max: 100 }, undefined],
      ['101', { min: 1, max: 100 }, range],
      ['50.5', { min: 1, max: 100 }, undefined],
      ['0.99', { min: 1, max: 100 }, range],
      ['100.01', { min: 1, max: 100 }, range],
      ['007', { min: 1, max: 100 }, undefined],
      ['-1', { min: 1, max: 100 }, range],
      ['１０', { min: 1, max: 100 }, range],
      ['1e2', { min: 1, max: 100 }, range],
      ['+5', { min: 1, max: 100 }, range],
      ['.5', { min: 0, max: 100 }, '0以上100以下の数値で入力してください。'],
      ['5.', { min: 1, max: 100 }, range],
      [' 5', { min: 1, max: 100 }, range],
      ['1,000', { min: 1, max: 10000 }, '1以上10000以下の数値で入力してください。'],
      ['abc', { min: 1, max: 100 }, range],
      ['-10', { min: -10, max: 10 }, undefined],
      ['-10.5', { min: -10, max: 10 }, '-10以上10以下の数値で入力してください。'],
      ['19', { min: 20 }, '20以上の数値で入力してください。'],
      ['20', { min: 20 }, undefined],
      ['99999999', { min: 20 }, undefined],
      ['64', { max: 64 }, undefined],
      ['65', { max: 64 }, '64以下の数値で入力してください。'],
      ['-99999', { max: 64 }, undefined],
    ]),
  )('「%s」は %j のとき%sこと', (value, params, _verdict, expected) => {
    expect(validateField('between', value, params)).toBe(expected)
  })
})

describe('min（SPEC §5.3「文字以上で入力してください。」）', () => {
  it.each(
    judged<[string, number]>([
      ['a', 2, '2文字以上で入力してください。'],
      ['ab', 2, undefined],
      ['あい', 2, undefined],
      ['𠮷', 2, '2文字以上で入力してください。'],
      ['𠮷野', 2, undefined],
      ['abcdefghi', 10, '10文字以上で入力してください。'],
      ['abcdefghij', 10, undefined],
    ]),
  )('「%s」は min %i のとき%sこと（𠮷 は1文字）', (value, min, _verdict, expected) => {
    expect(validateField('min', value, { min })).toBe(expected)
  })
})

describe('max（SPEC §5.2 general rule）', () => {
  it.each(
    judged<[string, number]>([
      ['abc', 3, undefined],
      ['abcd', 3, '3文字以内で入力してください。'],
      ['山田太', 3, undefined],
      ['𠮷𠮷𠮷', 3, undefined],
      ['𠮷𠮷𠮷𠮷', 3, '3文字以内で入力してください。'],
      ['ﾀﾞ', 1, '1文字以内で入力してください。'],
    ]),
  )('「%s」は max %i のとき%sこと（𠮷 は1文字）', (value, max, _verdict, expected) => {
    expect(validateField('max', value, { max })).toBe(expected)
  })
})

describe('digits（SPEC §5.2 general rule）', () => {
  it.each(
    judged<[string]>([
      ['12345', undefined],
      ['00000', undefined],
      ['1234', '半角数字5桁で入力してください。'],
      ['123456', '半角数字5桁で入力してください。'],
      ['１２３４５', '半角数字5桁で入力してください。'],
      ['1234a', '半角数字5桁で入力してください。'],
      ['-1234', '半角数字5桁で入力してください。'],
    ]),
  )('「%s」は5桁のとき%sこと', (value, _verdict, expected) => {
    expect(validateField('digits', value, { length: 5 })).toBe(expected)
  })
})

const EXT_DEFAULT =
  'このファイルの種類には対応していません。jpg、png、txt、xlsx、xls、pdf、doc、docxのファイルを選んでください。'

describe('ext（SPEC §5.2 general rule; upload extension「lower or upper case」）', () => {
  it.each(
    judged<[FieldValue, FieldRuleParams]>([
      ['scan.pdf', {}, undefined],
      ['SCAN.PDF', {}, undefined],
      ['scan.Pdf', {}, undefined],
      [{ name: 'photo.JPG', size: 1 }, {}, undefined],
      ['archive.exe.pdf', {}, undefined],
      ['scan.pdf.exe', {}, EXT_DEFAULT],
      ['list.csv', { extensions: ['csv'] }, undefined],
      ['list.CSV', { extensions: ['CSV'] }, undefined],
      [
        'scan.pdf',
        { extensions: ['csv'] },
        'このファイルの種類には対応していません。csvのファイルを選んでください。',
      ],
    ]),
  )('%j は %j のとき%sこと', (value, params, _verdict, expected) => {
    expect(validateField('ext', value, params)).toBe(expected)
  })

  it.each([['pdf'], ['.pdf'], ['scan.'], ['scan.pd f'], ['scan.pdf ']])(
    '拡張子のない・読めない名前「%s」を通さないこと',
    (name) => {
      expect(validateField('ext', name)).toBe(EXT_DEFAULT)
    },
  )
})

describe('size（SPEC §5.2 general rule）', () => {
  it.each(
    judged<[number, FieldRuleParams]>([
      [0, {}, undefined],
      [maxUploadBytes, {}, undefined],
      [
        maxUploadBytes + 1,
        {},
        'ファイルのサイズが大きすぎます。2MB以下のファイルを選んでください。',
      ],
      [500 * 1024, { maxBytes: 500 * 1024 }, undefined],
      [
        500 * 1024 + 1,
        { maxBytes: 500 * 1024 },
        'ファイルのサイズが大きすぎます。500KB以下のファイルを選んでください。',
      ],
      [
        1001,
        { maxBytes: 1000 },
        'ファイルのサイズが大きすぎます。1000バイト以下のファイルを選んでください。',
      ],
    ]),
  )('%i バイトのファイルは %j のとき%sこと', (size, params, _verdict, expected) => {
    expect(validateField('size', { name: 'scan.pdf', size }, params)).toBe(expected)
  })
})

describe('regex（SPEC §5.2 general rule）', () => {
  const params: FieldRuleParams = {
    pattern: /^[A-Z]{2}[0-9]{4}$/,
    messageKey: 'validation.onlyNumberAndUpperAlphabet',
  }
  it.each(
    judged<[string]>([
      ['AB1234', undefined],
      ['ab1234', ONLY_NUMBER_AND_UPPER_ALPHABET],
      ['AB12345', ONLY_NUMBER_AND_UPPER_ALPHABET],
    ]),
  )('「%s」は%sこと（messageKey のメッセージ）', (value, _verdict, expected) => {
    expect(validateField('regex', value, params)).toBe(expected)
  })

  it('g フラグのパターンでも、同じ値には何度でも同じ結果を返すこと（lastIndex を持ち越さない）', () => {
    const global: FieldRuleParams = { pattern: /^[0-9]+$/g, messageKey: 'validation.onlyNumeric' }
    const results = [1, 2, 3].map(() => validateField('regex', '123', global))
    expect(results).toEqual([undefined, undefined, undefined])
  })
})

describe('uploadExtension（SPEC §5.2「jpg, png, txt, xlsx, xls, pdf, doc, docx, lower or upper case」）', () => {
  const extensions = ['jpg', 'png', 'txt', 'xlsx', 'xls', 'pdf', 'doc', 'docx']
  it.each(extensions.flatMap((extension) => [extension, extension.toUpperCase()]))(
    '拡張子「%s」のファイルを通すこと',
    (extension) => {
      expect(
        validateField('uploadExtension', { name: `書類.${extension}`, size: 1 }),
      ).toBeUndefined()
    },
  )

  it.each([['書類.gif'], ['書類.jpeg'], ['書類.zip'], ['書類.pdf.exe'], ['書類'], ['.pdf']])(
    '「%s」に、添付できる種類を並べたメッセージを返すこと',
    (name) => {
      expect(validateField('uploadExtension', { name, size: 1 })).toBe(UPLOAD_EXTENSION)
    },
  )

  it('ファイル名の文字列も調べること', () => {
    expect(validateField('uploadExtension', 'scan.PNG')).toBeUndefined()
    expect(validateField('uploadExtension', 'scan.bmp')).toBe(UPLOAD_EXTENSION)
  })
})

describe('uploadSize（SPEC §5.2「at most 2 MB」、§9）', () => {
  it.each(
    judged<[string, number]>([
      ['0バイト', 0, undefined],
      ['2,000,000バイト', 2_000_000, undefined],
      ['2MB（2,097,152バイト）ちょうど', 2 * 1024 * 1024, undefined],
      ['2MB＋1バイト', 2 * 1024 * 1024 + 1, UPLOAD_SIZE],
      ['10MB', 10 * 1024 * 1024, UPLOAD_SIZE],
    ]),
  )('%s のファイルは%sこと', (_label, size, _verdict, expected) => {
    expect(validateField('uploadSize', { name: 'scan.pdf', size })).toBe(expected)
  })
})

describe('validateRules（SPEC §5.3 最初に通らなかったルールのメッセージ）', () => {
  it.each(
    judged<[string, FieldValue]>([
      ['空', '', REQUIRED],
      ['全角スペースだけ', '　', REQUIRED],
      ['半角カナ', 'ﾔﾏﾀﾞ', ONLY_FULL_KATAKANA],
      ['長すぎる全角カナ', 'ヤマダタロウ', '5文字以内で入力してください。'],
      ['長すぎる半角カナ', 'ﾔﾏﾀﾞﾀﾛｳ', ONLY_FULL_KATAKANA],
      ['外字', '髙', ONLY_FULL_KATAKANA],
      ['よい値', 'ヤマダ', undefined],
    ]),
  )('%s「%s」は%sこと', (_label, value, _verdict, expected) => {
    expect(
      validateRules(['required', 'onlyFullKatakana', ['max', { max: 5 }], 'gaiji'], value),
    ).toBe(expected)
  })

  it('空の必須項目には、ほかのルールのメッセージを出さず「必須項目です。」だけを返すこと', () => {
    expect(validateRules(['required', 'email', 'gaiji', ['min', { min: 5 }]], '')).toBe(REQUIRED)
  })

  it('必須でない空の項目は、どのルールも通ること', () => {
    expect(validateRules(['email', 'telNo', ['min', { min: 5 }]], '')).toBeUndefined()
  })

  it('ルールがなければ何でも通ること', () => {
    expect(validateRules([], 'ｶﾀｶﾅ')).toBeUndefined()
  })
})

describe('値の種類とパラメータ', () => {
  it('文字のルールは、組の値を1つずつ調べ、空の値は飛ばすこと', () => {
    expect(validateField('onlyNumeric', ['1', '', '3'])).toBeUndefined()
    expect(validateField('onlyNumeric', ['1', 'a', '３'])).toBe(ONLY_NUMERIC)
  })

  it('messageKey を渡すと、ルールのメッセージの代わりにそのメッセージを返すこと', () => {
    expect(validateField('telNo', '03-1234', { messageKey: 'validation.telephone' })).toBe(
      TELEPHONE,
    )
    expect(validateField('telNo', '03-1234-5678', { messageKey: 'validation.telephone' })).toBe(
      undefined,
    )
  })

  it('messageKey には {placeholder} のないキーだけを渡せること（型で確かめる）', () => {
    const plain: FieldRuleParams = { messageKey: 'validation.zipCode' }
    // @ts-expect-error 'validation.min' needs {min}, which a rule cannot fill in
    const withPlaceholder: FieldRuleParams = { messageKey: 'validation.min' }
    expect([plain.messageKey, withPlaceholder.messageKey]).toEqual([
      'validation.zipCode',
      'validation.min',
    ])
  })

  it.each<readonly [string, FieldRuleName, FieldValue, FieldRuleParams]>([
    ['between に min も max もない', 'between', '1', {}],
    ['between の min が max より大きい', 'between', '1', { min: 10, max: 1 }],
    ['between の min が数でない', 'between', '1', { min: Number.NaN }],
    ['min に min がない', 'min', 'a', {}],
    ['max の max が負', 'max', 'a', { max: -1 }],
    ['digits に length がない', 'digits', '1', {}],
    ['digits の length が0', 'digits', '1', { length: 0 }],
    ['regex に pattern がない', 'regex', 'a', { messageKey: 'validation.onlyNumeric' }],
    ['regex に messageKey がない', 'regex', 'a', { pattern: /a/ }],
    ['ext の extensions が空', 'ext', 'a.pdf', { extensions: [] }],
    ['size の maxBytes が小数', 'size', { name: 'a', size: 1 }, { maxBytes: 1.5 }],
    ['パラメータの足りないルールの値が空', 'between', '', {}],
    ['size に文字列', 'size', 'scan.pdf', {}],
    ['uploadSize に組', 'uploadSize', ['scan.pdf'], {}],
    ['文字のルールにファイル', 'onlyNumeric', { name: '1', size: 1 }, {}],
  ])('%s ときはバグとして TypeError を投げること', (_label, rule, value, params) => {
    expect(() => validateField(rule, value, params)).toThrow(TypeError)
  })
})

describe('メッセージ（SPEC §5.3、STYLE.md §8）', () => {
  it.each([
    ['validation.required', '必須項目です。'],
    ['validation.min', '{min}文字以上で入力してください。'],
    ['validation.email', 'メールアドレスの形式に誤りがあります。'],
    ['validation.gaiji', '当システムで入力できない文字が含まれています。'],
  ] as const)('%s が SPEC §5.3 の「%s」そのままであること', (key, text) => {
    expect(fieldMessages[key]).toBe(text)
  })

  it.each(Object.entries(fieldMessages))(
    '%s が「。」で終わり、「不正」を使わず、キーが validation. で始まること',
    (key, text) => {
      expect(key.startsWith('validation.')).toBe(true)
      expect(text.endsWith('。')).toBe(true)
      expect(text).not.toContain('不正')
    },
  )
})
