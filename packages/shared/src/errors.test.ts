import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import {
  AppError,
  describeError,
  errorCatalogue,
  errorCodes,
  readErrorBody,
  type ErrorDefinition,
  type ErrorScreenGroup,
} from './errors.ts'
import { errorBodySchema } from './error-body.ts'

type Row = [
  code: string,
  status: number,
  screen: ErrorScreenGroup,
  showCodeLine: boolean,
  showButton: boolean,
  showContact: boolean,
]

const esoeCodes = [
  '0000',
  '0001',
  '0002',
  '0003',
  '0004',
  '0005',
  '0007',
  '0011',
  '0012',
  '0013',
  '0014',
  '0015',
  '0018',
  '0019',
  '0020',
  '0023',
  '0024',
  '0025',
  '0029',
  '0030',
  '0031',
  '0032',
  '0033',
  '0035',
  '0036',
  '0037',
  '0038',
  '0039',
  '0040',
  '0041',
  '0042',
  '0046',
  '0047',
].map((n) => `ESOE${n}`)

// SPEC §8.2 lists every code below; ADR 0002 records the status and screen of each.
const specRows: Row[] = [
  ['APFF0001', 400, 'notFound', true, false, true],
  ['APFA1001', 404, 'notFound', true, false, true],
  ['APFA1002', 404, 'notFound', true, false, true],
  ['APFA1003', 404, 'notFound', true, false, true],
  ['XPFF0001', 500, 'default', true, true, true],
  ['E0003', 401, 'authenticationFailed', false, false, false],
  ['APFA2008', 401, 'authenticationFailed', true, true, false],
  ['E9999', 500, 'systemError', true, false, true],
  ['APFA2001', 403, 'enrolmentClosed', false, false, true],
  ['APFA2002', 409, 'contactAgency', true, false, true],
  ['APFA2004', 404, 'contactAgency', true, false, true],
  ['APFA2007', 410, 'verificationUrlExpired', false, true, true],
  ['APFA2012', 409, 'deadlinePassedPaymentCancelled', true, false, true],
  ['APFA2013', 409, 'deadlinePassedPaymentCancelled', true, false, true],
  ['APFA2016', 500, 'paymentCancelledRetry', true, true, true],
  ['APFA2026', 500, 'notCompletedContactAgency', true, false, true],
  ['APFA2029', 409, 'contactAgency', true, false, true],
  ['APFA2031', 409, 'renewalStopDeadlinePassed', false, false, true],
  ...esoeCodes.map((code): Row => [code, 502, 'systemError', true, true, true]),
  ['GA1000002', 500, 'contactAgency', true, false, true],
  ['M01531011', 500, 'contactAgency', true, false, true],
  ['E01170001', 409, 'contactAgency', true, false, true],
  ['E01170006', 409, 'contactAgency', true, false, true],
  ['E01180001', 409, 'contactAgency', true, false, true],
  ['E01460008', 409, 'contactAgency', true, false, true],
  ['E11010100', 409, 'contactAgency', true, false, true],
  ['E01260010', 409, 'contactAgency', true, false, true],
  ['E41170099', 409, 'contactAgency', true, false, true],
  ['42G440000', 502, 'default', true, true, true],
  ['42G450000', 502, 'default', true, true, true],
  ['42G650000', 502, 'default', true, true, true],
  ['42G830000', 502, 'default', true, true, true],
  ['100', 409, 'contactAgency', true, false, true],
  ['101', 409, 'contactAgency', true, false, true],
  ['102', 409, 'contactAgency', true, false, true],
  ['110', 409, 'contactAgency', true, false, true],
  ['121', 409, 'contactAgency', true, false, true],
  ['122', 409, 'contactAgency', true, false, true],
  ['902', 409, 'contactAgency', true, false, true],
  ['TW000004', 502, 'default', true, true, true],
  ['TW000005', 502, 'default', true, true, true],
  ['TW000006', 502, 'default', true, true, true],
]

const ownRows: Row[] = [
  ['APFV0001', 400, 'default', true, true, true],
  ['APFS0001', 503, 'maintenance', false, false, false],
  ['APFS0002', 503, 'systemError', true, false, true],
  ['APFR0001', 429, 'default', true, true, true],
  ['APFN0001', 404, 'default', true, true, true],
  ['APFP0001', 413, 'default', true, true, true],
  ['APFU0001', 415, 'default', true, true, true],
  ['APFB0001', 400, 'default', true, true, true],
  // Applicant access (issue #5, ADR 0010): in-flow, but an error screen if one ever reaches it
  ['APFL0001', 401, 'authenticationFailed', true, true, true],
  ['APFL0002', 401, 'authenticationFailed', true, true, true],
  ['APFL0003', 423, 'authenticationFailed', true, true, true],
  ['APFL0004', 401, 'authenticationFailed', true, true, true],
  ['APFL0005', 423, 'authenticationFailed', true, true, true],
  ['APFM0001', 502, 'default', true, true, true],
  ['APFC0001', 409, 'default', true, true, true],
  ['APFD0001', 409, 'default', true, true, true],
  ['APFX0001', 410, 'default', true, true, true],
  // Payment (issue #7, ADR 0014)
  ['APFK0001', 400, 'default', true, true, true],
  ['APFK0002', 400, 'default', true, true, true],
  ['APFK0003', 402, 'default', true, true, true],
  ['APFK0004', 402, 'default', true, true, true],
  ['APFK0005', 503, 'default', true, true, true],
  ['APFK0006', 400, 'default', true, true, true],
  ['APFK0007', 402, 'default', true, true, true],
  ['APFK0008', 400, 'default', true, true, true],
  ['APFK0009', 400, 'default', true, true, true],
  ['APFK0010', 503, 'default', true, true, true],
  ['APFK0011', 502, 'systemError', true, true, true],
  ['APFK0012', 402, 'default', true, true, true],
  ['APFY0001', 409, 'default', true, true, true],
  ['APFW0001', 401, 'default', true, true, true],
  // My-page (issue #8, ADR 0015)
  ['APFL0011', 401, 'default', true, true, true],
  ['APFL0012', 423, 'default', true, true, true],
  ['APFL0013', 400, 'default', true, true, true],
  ['APFL0014', 410, 'default', true, true, true],
  ['APFL0015', 423, 'default', true, true, true],
  ['APFL0016', 404, 'default', true, true, true],
  ['APFL0017', 400, 'default', true, true, true],
  ['APFL0018', 400, 'default', true, true, true],
  ['APFL0019', 429, 'default', true, true, true],
  ['APFM0002', 502, 'default', true, true, true],
  ['APFT0001', 400, 'default', true, true, true],
  ['APFT0002', 502, 'default', true, true, true],
  ['APFT0003', 404, 'default', true, true, true],
  ['APFH0001', 404, 'notFound', true, true, true],
]

const definition = (row: Row): ErrorDefinition => ({
  status: row[1],
  screen: row[2],
  showCodeLine: row[3],
  showButton: row[4],
  showContact: row[5],
})

describe('エラーコード一覧（SPEC §8.2, §8.3, §2.9）', () => {
  it.each(specRows)(
    'SPEC §8.2 のコード %s が一覧にあり、%i・%s・コード行 %s・ボタン %s・お問い合わせ先 %s であること',
    (...row) => {
      expect(Object.hasOwn(errorCatalogue, row[0])).toBe(true)
      expect(describeError(row[0])).toEqual(definition(row))
    },
  )

  it.each(ownRows)(
    '独自コード %s が一覧にあり、%i・%s・コード行 %s・ボタン %s・お問い合わせ先 %s であること（ADR 0002）',
    (...row) => {
      expect(Object.hasOwn(errorCatalogue, row[0])).toBe(true)
      expect(describeError(row[0])).toEqual(definition(row))
    },
  )

  it('一覧にはこの表のコードだけがあること', () => {
    expect(Object.keys(errorCatalogue).sort()).toEqual(
      [...specRows, ...ownRows].map((row) => row[0]).sort(),
    )
  })

  it('名前付きのコードがすべて一覧にあること', () => {
    for (const code of Object.values(errorCodes)) {
      expect(Object.hasOwn(errorCatalogue, code)).toBe(true)
    }
  })

  it.each([
    ['invalidUrl', 'APFF0001'],
    ['groupNotFound', 'APFA1001'],
    ['branchNotFound', 'APFA1002'],
    ['linkNotFound', 'APFA1003'],
    ['unknown', 'XPFF0001'],
    ['session', 'E0003'],
    ['authenticationFailed', 'APFA2008'],
    ['system', 'E9999'],
    ['recruitmentClosed', 'APFA2001'],
    ['validationFailed', 'APFV0001'],
    ['maintenance', 'APFS0001'],
    ['temporarilyUnavailable', 'APFS0002'],
    ['rateLimited', 'APFR0001'],
    ['apiNotFound', 'APFN0001'],
    ['payloadTooLarge', 'APFP0001'],
    ['unsupportedMediaType', 'APFU0001'],
    ['badRequest', 'APFB0001'],
  ] as const)('errorCodes.%s が %s であること', (name, code) => {
    expect(errorCodes[name]).toBe(code)
  })

  it('E で始まる（ESOE を除く）か3文字のコードには、一覧でもボタンがないこと（SPEC §2.9）', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      if ((code.startsWith('E') && !code.startsWith('ESOE')) || code.length === 3) {
        expect(entry.showButton, code).toBe(false)
      }
    }
  })

  it('お問い合わせ先を出さないのは2つの認証エラーとメンテナンスだけであること（SPEC §2.9）', () => {
    const hidden = Object.entries(errorCatalogue)
      .filter(([, entry]) => !entry.showContact)
      .map(([code]) => code)
      .sort()
    expect(hidden).toEqual(['APFA2008', 'APFS0001', 'E0003'])
  })
})

describe('一覧にないコードのパターン（SPEC §8.2, §8.3, §2.9）', () => {
  it.each<Row>([
    ['42C000001', 402, 'paymentFailed', true, true, true],
    ['42C', 402, 'paymentFailed', true, true, true],
    ['E0001', 409, 'contactAgency', true, false, true],
    ['E12345678', 409, 'contactAgency', true, false, true],
    ['EX', 409, 'contactAgency', true, false, true],
    ['999', 409, 'contactAgency', true, false, true],
    ['ABC', 409, 'contactAgency', true, false, true],
    ['ESOE9999', 500, 'default', true, true, true],
    ['ESOE', 500, 'default', true, true, true],
    ['APFA9999', 500, 'default', true, true, true],
    ['42G000000', 500, 'default', true, true, true],
    ['e0001', 500, 'default', true, true, true],
    ['1000', 500, 'default', true, true, true],
    ['', 500, 'default', true, true, true],
    ['toString', 500, 'default', true, true, true],
    ['constructor', 500, 'default', true, true, true],
    ['__proto__', 500, 'default', true, true, true],
  ])('%s は %i・%s・コード行 %s・ボタン %s・お問い合わせ先 %s であること', (...row) => {
    expect(describeError(row[0])).toEqual(definition(row))
  })

  it('どんな文字列でも E 規則と3文字規則ではボタンを出さないこと（SPEC §2.9）', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const result = describeError(code)
        expect(typeof result.status).toBe('number')
        if ((code.startsWith('E') && !code.startsWith('ESOE')) || code.length === 3) {
          expect(result.showButton).toBe(false)
        }
      }),
    )
  })
})

describe('エラー本文（PRODUCT.md "every non-2xx body carries an errorCode"）', () => {
  it.each([
    [{ errorCode: 'E9999' }, true],
    [
      {
        errorCode: 'APFV0001',
        message: '入力内容に誤りがあります。',
        issues: [{ path: 'a.0.b', message: '必須項目です。' }],
      },
      true,
    ],
    [{ message: 'no code' }, false],
    [{ errorCode: 1 }, false],
    [{ errorCode: 'APFV0001', issues: [{ path: 'a' }] }, false],
    [null, false],
  ])('%o の形式チェックが %s であること', (body, expected) => {
    expect(errorBodySchema.safeParse(body).success).toBe(expected)
    expect(readErrorBody(body) !== undefined).toBe(expected)
  })

  it('省略できるキーが undefined で在るときも、zod と同じくキーを残すこと（fast-check が見つけた例）', () => {
    for (const value of [
      { errorCode: '', issues: undefined },
      { errorCode: 'APFA0001', message: undefined },
      { errorCode: 'APFA0001', message: undefined, issues: undefined, other: 1 },
    ]) {
      const parsed = errorBodySchema.safeParse(value)
      expect(parsed.success).toBe(true)
      expect(readErrorBody(value)).toStrictEqual(parsed.success ? parsed.data : undefined)
    }
    expect(Object.keys(readErrorBody({ errorCode: '', issues: undefined }) ?? {})).toEqual([
      'errorCode',
      'issues',
    ])
  })

  it('readErrorBody が zod のスキーマと同じ本文を同じ形で読むこと（ADR 0037）', () => {
    const issue = fc.oneof(
      fc.record({ path: fc.string(), message: fc.string() }),
      fc.record({ path: fc.string(), message: fc.string(), extra: fc.anything() }),
      fc.anything(),
    )
    const body = fc.oneof(
      fc.record(
        {
          errorCode: fc.oneof(fc.string(), fc.anything()),
          message: fc.oneof(fc.string(), fc.anything()),
          issues: fc.oneof(fc.array(issue), fc.anything()),
          other: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    )
    fc.assert(
      fc.property(body, (value) => {
        const parsed = errorBodySchema.safeParse(value)
        expect(readErrorBody(value)).toStrictEqual(parsed.success ? parsed.data : undefined)
      }),
    )
  })
})

describe('AppError（STYLE.md §7）', () => {
  it('ステータスがコードから決まり、指定した値を持つこと', () => {
    const cause = new Error('db down')
    const issues = [{ path: 'insrdInfoArray.0.insrdNameKana', message: '必須項目です。' }]
    const error = new AppError('APFV0001', {
      message: 'validation failed for enrolment 1',
      userMessage: '入力内容に誤りがあります。',
      issues,
      cause,
    })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('AppError')
    expect(error.errorCode).toBe('APFV0001')
    expect(error.status).toBe(400)
    expect(error.message).toBe('validation failed for enrolment 1')
    expect(error.userMessage).toBe('入力内容に誤りがあります。')
    expect(error.issues).toEqual(issues)
    expect(error.cause).toBe(cause)
  })

  it.each([
    ['APFA2001', 403],
    ['APFS0001', 503],
    ['ESOE0000', 502],
    ['42C123456', 402],
    ['E0001', 409],
    ['NOPE', 500],
  ])(
    'コード %s のステータスが %i で、ログ用の message が既定でコードになること',
    (code, status) => {
      const error = new AppError(code)
      expect(error.status).toBe(status)
      expect(error.message).toBe(code)
      expect(error.userMessage).toBeUndefined()
      expect(error.issues).toBeUndefined()
      expect(error.cause).toBeUndefined()
    },
  )
})
