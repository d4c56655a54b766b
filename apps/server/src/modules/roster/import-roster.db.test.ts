import Encoding from 'encoding-japanese'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/helpers.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { rosterMembers } from '../../db/schema/index.ts'
import { verifyPassword } from '../security/password.ts'
import { FIRST_ENTRY_ID_ALPHABET, INITIAL_PASSWORD_ALPHABET } from './credentials.ts'
import { formatRosterIssue, importRoster, type ImportRosterResult } from './import-roster.ts'
import {
  firstEntryProduct,
  importRosterTestProducts,
  threeItemProduct,
} from './roster-test-products.ts'

const csv = (...lines: string[]) => new TextEncoder().encode(lines.join('\r\n') + '\r\n')

let database: DatabaseHandle

beforeAll(async () => {
  database = await createTestDatabase()
  await importRosterTestProducts(database.db)
})
afterAll(async () => {
  await database.close()
})

async function storedMembers(product: typeof firstEntryProduct) {
  return database.db
    .select()
    .from(rosterMembers)
    .where(
      and(
        eq(rosterMembers.groupPfCode, product.groupPfCode),
        eq(rosterMembers.groupPfCodeInceptionDateYm, product.groupPfCodeInceptionDateYm),
      ),
    )
    .orderBy(asc(rosterMembers.memberCode))
}

function errorsOf(result: ImportRosterResult): string[] {
  expect(result.ok).toBe(false)
  return result.ok ? [] : result.errors.map(formatRosterIssue)
}

function succeeded(result: ImportRosterResult) {
  if (!result.ok) throw new Error(result.errors.map(formatRosterIssue).join('\n'))
  return result
}

describe('名簿の取り込み: 初回登録ID・パスワード (authenticationType "1")', () => {
  beforeEach(async () => {
    await database.db.delete(rosterMembers)
  })

  it('加入者ごとに初回登録IDと初期パスワードを発行し、パスワードはハッシュだけを保存すること', async () => {
    const result = succeeded(
      await importRoster(database.db, {
        ...firstEntryProduct,
        csvBytes: csv('memberCode,preYearPolicyHolderNo', 'E-001,', 'E-002,P2025-0002', 'e-003,'),
      }),
    )
    expect(result).toMatchObject({
      authenticationType: '1',
      encoding: 'utf8',
      created: 3,
      updated: 0,
      unchanged: 0,
      notInFile: 0,
    })
    expect(result.issued.map((member) => member.memberCode)).toEqual(['E-001', 'E-002', 'e-003'])
    for (const member of result.issued) {
      expect(member.firstEntryId).toMatch(new RegExp(`^[${FIRST_ENTRY_ID_ALPHABET}]{10}$`))
      expect(member.initialPassword).toMatch(new RegExp(`^[${INITIAL_PASSWORD_ALPHABET}]{12}$`))
    }
    expect(new Set(result.issued.map((member) => member.firstEntryId)).size).toBe(3)

    const stored = await storedMembers(firstEntryProduct)
    expect(
      stored.map((row) => ({
        memberCode: row.memberCode,
        firstEntryId: row.firstEntryId,
        authItems: [row.authItem1, row.authItem2, row.authItem3],
        preYearPolicyHolderNo: row.preYearPolicyHolderNo,
      })),
    ).toEqual(
      result.issued.map((member) => ({
        memberCode: member.memberCode,
        firstEntryId: member.firstEntryId,
        authItems: [null, null, null],
        preYearPolicyHolderNo: member.memberCode === 'E-002' ? 'P2025-0002' : null,
      })),
    )
    const [first] = stored
    const issuedFirst = result.issued[0]
    if (first === undefined || issuedFirst === undefined) throw new Error('nothing stored')
    expect(first.passwordHash).toMatch(/^\$argon2id\$/)
    expect(first.passwordHash).not.toContain(issuedFirst.initialPassword)
    expect(await verifyPassword(first.passwordHash, issuedFirst.initialPassword)).toBe(true)
  })

  it('取り込み直しても発行済みのIDとパスワードは変わらず、新しい加入者にだけ発行すること', async () => {
    const first = succeeded(
      await importRoster(database.db, {
        ...firstEntryProduct,
        csvBytes: csv('memberCode', 'E-001', 'E-002', 'E-003'),
      }),
    )
    const before = await storedMembers(firstEntryProduct)

    const second = succeeded(
      await importRoster(database.db, {
        ...firstEntryProduct,
        csvBytes: csv('memberCode,preYearPolicyHolderNo', 'E-001,', 'E-002,P2025-0002', 'E-004,'),
      }),
    )
    expect(second).toMatchObject({ created: 1, updated: 1, unchanged: 1, notInFile: 1 })
    expect(second.issued.map((member) => member.memberCode)).toEqual(['E-004'])
    expect(first.issued.map((member) => member.firstEntryId)).not.toContain(
      second.issued[0]?.firstEntryId,
    )

    const after = await storedMembers(firstEntryProduct)
    expect(after.map((row) => row.memberCode)).toEqual(['E-001', 'E-002', 'E-003', 'E-004'])
    for (const row of before) {
      const now = after.find((candidate) => candidate.memberCode === row.memberCode)
      expect(now?.firstEntryId).toBe(row.firstEntryId)
      expect(now?.passwordHash).toBe(row.passwordHash)
    }
    expect(after.find((row) => row.memberCode === 'E-002')?.preYearPolicyHolderNo).toBe(
      'P2025-0002',
    )
  })

  it('同じファイルを取り込み直すと、何も変えずに「変更なし」と数えること', async () => {
    const file = csv('memberCode,preYearPolicyHolderNo', 'E-001,P1', 'E-002,')
    succeeded(await importRoster(database.db, { ...firstEntryProduct, csvBytes: file }))
    const before = await storedMembers(firstEntryProduct)
    const again = succeeded(
      await importRoster(database.db, { ...firstEntryProduct, csvBytes: file }),
    )
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, notInFile: 0, issued: [] })
    expect(await storedMembers(firstEntryProduct)).toEqual(before)
  })

  it('誤りのある行を1行でも含むファイルは、すべての誤りを行番号付きで返し、何も書き込まないこと', async () => {
    succeeded(
      await importRoster(database.db, { ...firstEntryProduct, csvBytes: csv('memberCode', 'K-1') }),
    )
    const before = await storedMembers(firstEntryProduct)
    const result = await importRoster(database.db, {
      ...firstEntryProduct,
      csvBytes: csv(
        'memberCode,preYearPolicyHolderNo',
        'E-001,',
        ',',
        'E 002,',
        'E-001,',
        'E-004,前年番号',
        'E-005',
        '"E-006"x,',
        'ABCDEFGHIJKLMNOPQRSTU,',
        'E-007,',
      ),
    })
    expect(errorsOf(result)).toEqual([
      '4行目: memberCode: 半角の英字・数字・ハイフン（-）で、20文字以内にしてください。',
      '5行目: memberCode: 「E-001」は2行目にもあります。1人1行にしてください。',
      '6行目: preYearPolicyHolderNo: 半角の英字・数字・ハイフン（-）で、20文字以内にしてください。',
      '7行目: 列の数が違います（ヘッダーは2列、この行は1列）。値の中のカンマ（,）は、値全体を引用符（"）で囲んでください。',
      '8行目: 引用符（"）で囲んだ値の後に文字があります。値の中の引用符は2つ重ねて（""）書いてください。',
      '9行目: memberCode: 半角の英字・数字・ハイフン（-）で、20文字以内にしてください。',
    ])
    expect(await storedMembers(firstEntryProduct)).toEqual(before)
  })

  it('memberCode が空の行は必須の誤りになること', async () => {
    const result = await importRoster(database.db, {
      ...firstEntryProduct,
      csvBytes: csv('memberCode,preYearPolicyHolderNo', ',P-1'),
    })
    expect(errorsOf(result)).toEqual(['2行目: memberCode: 必須項目です。'])
  })

  it('知らない列・重なった列・必須の列がないことを、ヘッダーの行番号で返すこと', async () => {
    expect(
      errorsOf(
        await importRoster(database.db, {
          ...firstEntryProduct,
          csvBytes: csv('memberCode,firstEntryId,memberCode', 'E-1,X,E-1'),
        }),
      ),
    ).toEqual([
      '1行目: 知らない列「firstEntryId」があります。使える列は memberCode, preYearPolicyHolderNo です（大文字・小文字も区別します）。',
      '1行目: 列「memberCode」が2つあります。1つにしてください。',
    ])
    expect(
      errorsOf(
        await importRoster(database.db, {
          ...firstEntryProduct,
          csvBytes: csv('membercode', 'E-1'),
        }),
      ),
    ).toEqual([
      '1行目: 知らない列「membercode」があります。使える列は memberCode, preYearPolicyHolderNo です（大文字・小文字も区別します）。',
      '1行目: 必須の列「memberCode」がありません。',
    ])
  })

  it('空のファイルとヘッダーだけのファイルは誤りとすること', async () => {
    expect(
      errorsOf(
        await importRoster(database.db, { ...firstEntryProduct, csvBytes: new Uint8Array() }),
      ),
    ).toEqual(['ヘッダー行がありません。1行目に列名（memberCode など）を書いてください。'])
    expect(
      errorsOf(
        await importRoster(database.db, { ...firstEntryProduct, csvBytes: csv('memberCode') }),
      ),
    ).toEqual(['1行目: 加入者の行がありません。ヘッダー行の次の行から、1人1行で書いてください。'])
  })

  it('ない団体商品は、分かる言葉で誤りとすること', async () => {
    expect(
      errorsOf(
        await importRoster(database.db, {
          groupPfCode: 'NOPE01',
          groupPfCodeInceptionDateYm: '202612',
          csvBytes: csv('memberCode', 'E-1'),
        }),
      ),
    ).toEqual([
      '団体商品 NOPE01（始期年月 202612）が見つかりません。団体PFコードと始期年月を確かめてください。団体がまだなければ、先に団体を取り込んでください（npm run import-group）。',
    ])
  })

  it('出力（beforeCommit）に失敗したときは、何も書き込まないこと', async () => {
    await expect(
      importRoster(
        database.db,
        { ...firstEntryProduct, csvBytes: csv('memberCode', 'E-001') },
        { beforeCommit: () => Promise.reject(new Error('disk full')) },
      ),
    ).rejects.toThrow('disk full')
    expect(await storedMembers(firstEntryProduct)).toEqual([])
  })

  it('三項目認証の間に登録された加入者（資格情報なし）には、取り込み直しで発行すること', async () => {
    await database.db.insert(rosterMembers).values({
      ...firstEntryProduct,
      memberCode: 'E-001',
      authItem1: 'X',
      authItem2: '19800101',
      authItem3: 'ア',
    })
    const result = succeeded(
      await importRoster(database.db, {
        ...firstEntryProduct,
        csvBytes: csv('memberCode', 'E-001'),
      }),
    )
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 0 })
    expect(result.issued.map((member) => member.memberCode)).toEqual(['E-001'])
    const [row] = await storedMembers(firstEntryProduct)
    expect(row?.firstEntryId).toBe(result.issued[0]?.firstEntryId)
  })
})

describe('名簿の取り込み: 三項目認証 (authenticationType "2")', () => {
  const header = 'memberCode,AUTH_EMPLOYEE_NO,AUTH_BIRTH_DATE,AUTH_NAME_KANA,preYearPolicyHolderNo'

  beforeEach(async () => {
    await database.db.delete(rosterMembers)
  })

  it('三項目の値を照合用に正規化して保存し、資格情報は発行しないこと', async () => {
    const result = succeeded(
      await importRoster(database.db, {
        ...threeItemProduct,
        csvBytes: csv(
          header,
          'S-1,ab12,19850415,ヤマダ　タロウ,',
          'S-2,cd34,19900101,スズキ　ハナコ,P-2',
        ),
      }),
    )
    expect(result).toMatchObject({ authenticationType: '2', created: 2, issued: [] })
    expect(
      (await storedMembers(threeItemProduct)).map((row) => [
        row.memberCode,
        row.firstEntryId,
        row.passwordHash,
        row.authItem1,
        row.authItem2,
        row.authItem3,
        row.preYearPolicyHolderNo,
      ]),
    ).toEqual([
      ['S-1', null, null, 'AB12', '19850415', 'ヤマダタロウ', null],
      ['S-2', null, null, 'CD34', '19900101', 'スズキハナコ', 'P-2'],
    ])
  })

  it('取り込み直すと三項目と前年度証券番号を更新し、ファイルにない加入者は残すこと', async () => {
    succeeded(
      await importRoster(database.db, {
        ...threeItemProduct,
        csvBytes: csv(header, 'S-1,A1,19850415,ア,', 'S-2,A2,19850415,イ,', 'S-3,A3,19850415,ウ,'),
      }),
    )
    const result = succeeded(
      await importRoster(database.db, {
        ...threeItemProduct,
        csvBytes: csv(header, 'S-1,A1,19850415,ア,', 'S-2,A2,19860101,イ,P-2'),
      }),
    )
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 1, notInFile: 1 })
    expect(
      (await storedMembers(threeItemProduct)).map((row) => [
        row.memberCode,
        row.authItem2,
        row.preYearPolicyHolderNo,
      ]),
    ).toEqual([
      ['S-1', '19850415', null],
      ['S-2', '19860101', 'P-2'],
      ['S-3', '19850415', null],
    ])
  })

  it('各項目を項目定義のルールで調べ、メッセージをそのまま行番号付きで返すこと', async () => {
    const result = await importRoster(database.db, {
      ...threeItemProduct,
      csvBytes: csv(
        header,
        'S-1,,19850415,ヤマダ,',
        'S-2,A-2,1985-04-15,ﾔﾏﾀﾞ,',
        'S-3,A3,19850231,やまだ,',
      ),
    })
    expect(errorsOf(result)).toEqual([
      '2行目: AUTH_EMPLOYEE_NO（社員番号）: 必須項目です。',
      '3行目: AUTH_EMPLOYEE_NO（社員番号）: この項目では使えない文字が含まれています。半角英数字で入力してください。',
      '3行目: AUTH_BIRTH_DATE（生年月日）: 日付の形式に誤りがあります。西暦の年月日を半角数字8桁（例：20260401）で入力してください。',
      '3行目: AUTH_NAME_KANA（氏名（カナ））: この項目では使えない文字が含まれています。全角カタカナで入力してください。',
      '4行目: AUTH_BIRTH_DATE（生年月日）: 存在しない日付です。正しい日付を入力してください。',
      '4行目: AUTH_NAME_KANA（氏名（カナ））: この項目では使えない文字が含まれています。全角カタカナで入力してください。',
    ])
    expect(await storedMembers(threeItemProduct)).toEqual([])
  })

  it('正規化すると同じ三項目になる2行は、区別できないので誤りとすること', async () => {
    const result = await importRoster(database.db, {
      ...threeItemProduct,
      csvBytes: csv(
        header,
        'S-1,ab12,19850415,ヤマダ　タロウ,',
        'S-2,CD34,19850415,ヤマダ　タロウ,',
        'S-3,AB12,19850415,ヤマダタロウ,',
      ),
    })
    expect(errorsOf(result)).toEqual([
      '4行目: 三項目認証の値（AUTH_EMPLOYEE_NO・AUTH_BIRTH_DATE・AUTH_NAME_KANA）が2行目と同じです。本人確認で区別できないため、どちらかを直してください。',
    ])
  })

  it('ファイルにない登録済みの加入者と同じ三項目も誤りとすること', async () => {
    succeeded(
      await importRoster(database.db, {
        ...threeItemProduct,
        csvBytes: csv(header, 'S-1,A1,19850415,ア,'),
      }),
    )
    const result = await importRoster(database.db, {
      ...threeItemProduct,
      csvBytes: csv(header, 'S-2,a1,19850415,ア,'),
    })
    expect(errorsOf(result)).toEqual([
      '2行目: 三項目認証の値（AUTH_EMPLOYEE_NO・AUTH_BIRTH_DATE・AUTH_NAME_KANA）が、登録済みでこのファイルにない加入者「S-1」と同じです。本人確認で区別できないため、どちらかを直してください。',
    ])
  })

  it('三項目の列がないときは、ヘッダーの誤りとして列名を示すこと', async () => {
    const result = await importRoster(database.db, {
      ...threeItemProduct,
      csvBytes: csv('memberCode,AUTH_EMPLOYEE_NO', 'S-1,A1'),
    })
    expect(errorsOf(result)).toEqual([
      '1行目: 必須の列「AUTH_BIRTH_DATE」がありません。',
      '1行目: 必須の列「AUTH_NAME_KANA」がありません。',
    ])
  })

  it('Shift_JIS のファイル（Excel の CSV）も自動で判定して取り込むこと', async () => {
    const text = `${header}\r\nS-1,A1,19850415,ヤマダ\u3000タロウ～,\r\n`
    const bytes = Uint8Array.from(
      Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }),
    )
    const result = succeeded(
      await importRoster(database.db, { ...threeItemProduct, csvBytes: bytes }),
    )
    expect(result.encoding).toBe('sjis')
    const [row] = await storedMembers(threeItemProduct)
    expect(row?.authItem3).toBe('ヤマダタロウ~')
  })
})
