import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { validateField, validateRules } from './fields.ts'

const EMAIL = 'メールアドレスの形式に誤りがあります。'
const TEL_NO =
  '電話番号の形式に誤りがあります。半角数字10桁または11桁で入力してください。ハイフン（-）で区切る場合は、03-1234-5678のように数字の間に2か所まで入れてください。'
const ZIP_CODE =
  '郵便番号の形式に誤りがあります。ハイフンを入れずに、半角数字7桁で入力してください。'
const YEAR_MONTH_DATE_FORMAT =
  '日付の形式に誤りがあります。西暦の年月日を半角数字8桁（例：20260401）で入力してください。'
const YEAR_MONTH_DATE_INVALID = '存在しない日付です。正しい日付を入力してください。'
const YEAR_MONTH_INVALID = '存在しない年月です。正しい年月を入力してください。'
const ONLY_FULL = 'この項目では半角文字は使えません。全角で入力してください。'

const DIGITS = '0123456789'
const ALPHANUMERIC = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}`
const LOCAL_PART_SYMBOLS = ".!#$%&'*+/=?^_`{|}~-"

const digitString = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...DIGITS), minLength, maxLength })

const pad = (value: number, length: number): string => String(value).padStart(length, '0')

/** Gregorian calendar, written out here rather than taken from the code under test. */
function daysInMonth(year: number, month: number): number {
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return days[month - 1] ?? 0
}

/** Splits a digit string at the given (distinct, sorted) positions and joins with hyphens. */
function splitAt(digits: string, cuts: readonly number[]): string {
  const groups: string[] = []
  let start = 0
  for (const cut of cuts) {
    groups.push(digits.slice(start, cut))
    start = cut
  }
  groups.push(digits.slice(start))
  return groups.join('-')
}

/** A digit string and up to `maxCuts` distinct inner cut positions (so no group is empty). */
function splitDigits(
  minLength: number,
  maxLength: number,
  minCuts: number,
  maxCuts: number,
): fc.Arbitrary<string> {
  return digitString(minLength, maxLength).chain((digits) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: Math.max(1, digits.length - 1) }), {
        minLength: Math.min(minCuts, digits.length - 1),
        maxLength: Math.min(maxCuts, digits.length - 1),
      })
      .map((cuts) =>
        splitAt(
          digits,
          [...cuts].sort((a, b) => a - b),
        ),
      ),
  )
}

// --- email ---

const emailLabel = fc.oneof(
  fc.constantFrom(...ALPHANUMERIC),
  fc
    .tuple(
      fc.constantFrom(...ALPHANUMERIC),
      fc.string({ unit: fc.constantFrom(...ALPHANUMERIC, '-'), maxLength: 61 }),
      fc.constantFrom(...ALPHANUMERIC),
    )
    .map(([first, middle, last]) => `${first}${middle}${last}`),
)
const emailDomain = fc
  .array(emailLabel, { minLength: 2, maxLength: 5 })
  .map((labels) => labels.join('.'))
const emailLocal = fc.string({
  unit: fc.constantFrom(...ALPHANUMERIC, ...LOCAL_PART_SYMBOLS),
  minLength: 1,
  maxLength: 80,
})

describe('email の性質（SPEC §5.2 254・64・253文字、WHATWG の形式）', () => {
  it('形式に合うアドレスは、長さの上限をすべて満たすときだけ通ること', () => {
    fc.assert(
      fc.property(emailLocal, emailDomain, (local, domain) => {
        const value = `${local}@${domain}`
        const isWithinLimits = value.length <= 254 && local.length <= 64 && domain.length <= 253
        expect(validateField('email', value)).toBe(isWithinLimits ? undefined : EMAIL)
      }),
      { numRuns: 500 },
    )
  })

  it('254文字を超えるアドレスは、形式に合っていても通らないこと', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 255, max: 600 }),
        (localLength, totalLength) => {
          const domainLength = totalLength - localLength - 1
          const labels = Array.from({ length: Math.ceil(domainLength / 63) + 1 }, () =>
            'a'.repeat(63),
          )
          const domain = labels.join('.').slice(0, domainLength).replace(/\.$/, 'b')
          const value = `${'x'.repeat(localLength)}@${domain}`
          expect(value.length).toBe(totalLength)
          expect(validateField('email', value)).toBe(EMAIL)
        },
      ),
    )
  })

  it('通るアドレスに全角文字・漢字・空白を1文字入れると通らないこと', () => {
    fc.assert(
      fc.property(
        emailLocal.filter((local) => local.length <= 32),
        fc.constantFrom('example.co.jp', 'docomo.ne.jp', 'ezweb.ne.jp'),
        fc.constantFrom('＠', 'ａ', '１', '．', '山', 'ｱ', ' ', '　'),
        fc.nat(),
        (local, domain, inserted, position) => {
          const value = `${local}@${domain}`
          expect(validateField('email', value)).toBeUndefined()
          const at = position % (value.length + 1)
          const broken = `${value.slice(0, at)}${inserted}${value.slice(at)}`
          expect(validateField('email', broken)).toBe(EMAIL)
        },
      ),
    )
  })
})

// --- telNo ---

describe('telNo の性質（SPEC §5.2 10〜11桁、3つまでの空でない組）', () => {
  it('10〜11桁の数字を3つまでの空でない組に分けたものは通ること', () => {
    fc.assert(
      fc.property(splitDigits(10, 11, 0, 2), (value) => {
        expect(validateField('telNo', value)).toBeUndefined()
      }),
    )
  })

  it('10〜11桁でない数字は、どう分けても通らないこと', () => {
    const wrongLength = fc.oneof(splitDigits(1, 9, 0, 2), splitDigits(12, 20, 0, 2))
    fc.assert(
      fc.property(wrongLength, (value) => {
        expect(validateField('telNo', value)).toBe(TEL_NO)
      }),
    )
  })

  it('4つ以上の組に分けたものは通らないこと', () => {
    fc.assert(
      fc.property(splitDigits(10, 11, 3, 6), (value) => {
        expect(validateField('telNo', value)).toBe(TEL_NO)
      }),
    )
  })

  it('先頭・末尾のハイフンや、続いたハイフン（空の組）があると通らないこと', () => {
    fc.assert(
      fc.property(
        splitDigits(10, 11, 0, 1),
        fc.constantFrom('start', 'end', 'double'),
        (value, where) => {
          const broken =
            where === 'start'
              ? `-${value}`
              : where === 'end'
                ? `${value}-`
                : value.replace(/^([0-9]+)/, '$1--')
          expect(validateField('telNo', broken)).toBe(TEL_NO)
        },
      ),
    )
  })
})

// --- zipCode ---

describe('zipCode の性質（SPEC §5.2 ちょうど7桁）', () => {
  it('7桁の数字はすべて通ること', () => {
    fc.assert(
      fc.property(digitString(7, 7), (value) => {
        expect(validateField('zipCode', value)).toBeUndefined()
      }),
    )
  })

  it('7桁でない数字（空を除く）はすべて通らないこと', () => {
    fc.assert(
      fc.property(
        digitString(1, 20).filter((value) => value.length !== 7),
        (value) => {
          expect(validateField('zipCode', value)).toBe(ZIP_CODE)
        },
      ),
    )
  })

  it('7桁のうち1桁を全角数字にすると通らないこと', () => {
    fc.assert(
      fc.property(digitString(7, 7), fc.integer({ min: 0, max: 6 }), (value, index) => {
        const fullWidth = String.fromCharCode(0xff10 + Number(value[index]))
        const broken = `${value.slice(0, index)}${fullWidth}${value.slice(index + 1)}`
        expect(validateField('zipCode', broken)).toBe(ZIP_CODE)
      }),
    )
  })
})

// --- yearMonthDate, yearMonth ---

const year = fc.integer({ min: 1, max: 9999 })
const month = fc.integer({ min: 1, max: 12 })

describe('yearMonthDate の性質（SPEC §5.2 YYYYMMDD、実在する日付）', () => {
  it('実在する日付を YYYYMMDD にしたものはすべて通ること（うるう年の2月29日を含む）', () => {
    fc.assert(
      fc.property(year, month, fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const day = Math.min(d, daysInMonth(y, m))
        expect(validateField('yearMonthDate', `${pad(y, 4)}${pad(m, 2)}${pad(day, 2)}`)).toBe(
          undefined,
        )
      }),
      { numRuns: 1000 },
    )
  })

  it('その月の日数を超える日（32日を含む）と0日は、日付の妥当性のメッセージになること', () => {
    fc.assert(
      fc.property(year, month, fc.integer({ min: 0, max: 99 }), (y, m, day) => {
        fc.pre(day === 0 || day > daysInMonth(y, m))
        expect(validateField('yearMonthDate', `${pad(y, 4)}${pad(m, 2)}${pad(day, 2)}`)).toBe(
          YEAR_MONTH_DATE_INVALID,
        )
      }),
    )
  })

  it('32日と13月・00月は、どの年でも日付の妥当性のメッセージになること', () => {
    fc.assert(
      fc.property(year, month, fc.integer({ min: 13, max: 99 }), (y, m, badMonth) => {
        expect(validateField('yearMonthDate', `${pad(y, 4)}${pad(m, 2)}32`)).toBe(
          YEAR_MONTH_DATE_INVALID,
        )
        expect(validateField('yearMonthDate', `${pad(y, 4)}${pad(badMonth, 2)}01`)).toBe(
          YEAR_MONTH_DATE_INVALID,
        )
        expect(validateField('yearMonthDate', `${pad(y, 4)}0001`)).toBe(YEAR_MONTH_DATE_INVALID)
      }),
    )
  })

  it('うるう年でない年の2月29日は通らないこと', () => {
    fc.assert(
      fc.property(
        year.filter((y) => daysInMonth(y, 2) === 28),
        (y) => {
          expect(validateField('yearMonthDate', `${pad(y, 4)}0229`)).toBe(YEAR_MONTH_DATE_INVALID)
        },
      ),
    )
  })

  it('8桁でない数字は、日付の形式のメッセージになること', () => {
    fc.assert(
      fc.property(
        digitString(1, 16).filter((value) => value.length !== 8),
        (value) => {
          expect(validateField('yearMonthDate', value)).toBe(YEAR_MONTH_DATE_FORMAT)
        },
      ),
    )
  })
})

describe('yearMonth の性質（SPEC §5.2 YYYYMM）', () => {
  it('0001〜9999年の01〜12月は通り、00月と13月以降は年月の妥当性のメッセージになること', () => {
    fc.assert(
      fc.property(year, month, fc.integer({ min: 13, max: 99 }), (y, m, badMonth) => {
        expect(validateField('yearMonth', `${pad(y, 4)}${pad(m, 2)}`)).toBeUndefined()
        expect(validateField('yearMonth', `${pad(y, 4)}${pad(badMonth, 2)}`)).toBe(
          YEAR_MONTH_INVALID,
        )
        expect(validateField('yearMonth', `${pad(y, 4)}00`)).toBe(YEAR_MONTH_INVALID)
      }),
    )
  })
})

// --- character classes, lengths, numbers ---

describe('文字種・文字数・数値の性質（SPEC §5.2）', () => {
  it('onlyNumeric は、すべての文字が半角数字のときだけ通ること', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...DIGITS, '０', '９', 'a', '-', '.', ' ', '٣'),
          minLength: 1,
        }),
        (value) => {
          const isDigits = [...value].every((character) => DIGITS.includes(character))
          expect(validateField('onlyNumeric', value) === undefined).toBe(isDigits)
        },
      ),
    )
  })

  it('onlyFull は、全角の文字列に半角文字を1つ入れると通らなくなること', () => {
    const fullWidth = fc.string({
      unit: fc.constantFrom('ア', 'カ', '山', 'あ', '１', 'Ａ', '－', '　', '￥'),
      minLength: 1,
    })
    const halfWidth = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0xff61, max: 0xff9f }).map((code) => String.fromCharCode(code)),
    )
    fc.assert(
      fc.property(fullWidth, halfWidth, fc.nat(), (value, inserted, position) => {
        expect(validateField('onlyFull', value)).toBeUndefined()
        const at = position % (value.length + 1)
        expect(
          validateField('onlyFull', `${value.slice(0, at)}${inserted}${value.slice(at)}`),
        ).toBe(ONLY_FULL)
      }),
    )
  })

  it('min と max は、文字数をコードポイントで数えること（𠮷 や絵文字も1文字）', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), (value) => {
        const count = [...value].length
        expect(validateField('min', value, { min: count })).toBeUndefined()
        expect(validateField('min', value, { min: count + 1 })).toBe(
          `${count + 1}文字以上で入力してください。`,
        )
        expect(validateField('max', value, { max: count })).toBeUndefined()
        expect(validateField('max', value, { max: count - 1 })).toBe(
          `${count - 1}文字以内で入力してください。`,
        )
      }),
    )
  })

  it('between は、整数が min 以上 max 以下のときだけ通ること', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 2000 }),
        (value, min, width) => {
          const max = min + width
          const isWithin = value >= min && value <= max
          expect(validateField('between', String(value), { min, max })).toBe(
            isWithin ? undefined : `${min}以上${max}以下の数値で入力してください。`,
          )
        },
      ),
    )
  })

  it('必須の項目に空白だけを入れると、後のルールにかかわらず「必須項目です。」だけを返すこと', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(' ', '　', '\t', '\n', '\r'), minLength: 1 }),
        fc.constantFrom('email', 'telNo', 'onlyFullKatakana', 'gaiji', 'zipCode', 'onlyNumeric'),
        (value, rule) => {
          expect(validateRules(['required', rule], value)).toBe('必須項目です。')
        },
      ),
    )
  })

  it('gaiji は、どんな文字列にも例外を投げず、通すか SPEC §5.3 の文で始まるメッセージを返すこと', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (value) => {
        const result = validateField('gaiji', value)
        if (result !== undefined) {
          expect(result.startsWith('当システムで入力できない文字が含まれています。')).toBe(true)
        }
      }),
    )
  })
})
