import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import type { DatabaseHandle } from '../../db/client.ts'
import { groupLinks, groupPfInfos } from '../../db/schema/index.ts'
import { createTestDatabase } from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { GroupImportError, importGroupDocument } from './import-group.ts'
import { sniffImage } from './image-check.ts'

async function importErrors(database: DatabaseHandle, input: unknown) {
  try {
    await importGroupDocument(database.db, input, { readImage: readTestImage })
  } catch (error) {
    if (error instanceof GroupImportError) return error.issues
    throw error
  }
  throw new Error('the import succeeded')
}

describe('団体商品の取り込み', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('誤りをすべてパス付きで報告し、何も書き込まないこと', async () => {
    const document = groupDocument()
    document.groupPfInfo.themeColor = 'blue'
    document.groupPfInfo.groupInceptionDate = '20270230'
    document.groupPfInfo.unitInfoArray[1]!.conflictUnitNo = [7]
    document.linkArray = [{ groupPfBranchNo: '00009' }]
    const schemaIssues = await importErrors(database, document)
    expect(schemaIssues).toEqual([{ path: 'groupPfInfo.themeColor', message: expect.any(String) }])

    document.groupPfInfo.themeColor = '#123456'
    const issues = await importErrors(database, document)
    expect(issues.map((issue) => issue.path)).toEqual([
      'groupPfInfo.groupInceptionDate',
      'groupPfInfo.groupPfCodeInceptionDateYm',
      'groupPfInfo.unitInfoArray.1.conflictUnitNo.0',
      'linkArray.0.groupPfBranchNo',
    ])
    const [products] = await database.db.select({ value: count() }).from(groupPfInfos)
    expect(products?.value).toBe(0)
  })

  it('SVG にスクリプトがあれば拒否すること', () => {
    const result = sniffImage(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    )
    expect(result).toEqual({
      ok: false,
      message: 'SVG画像にスクリプトや外部参照を含めることはできません。',
    })
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toEqual({
      ok: false,
      message: '画像は PNG・JPEG・WebP・SVG のいずれかにしてください。',
    })
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({
      ok: true,
      contentType: 'image/png',
    })
  })

  it('URLキーを省略すると英数字10文字のキーを生成し、再取り込みでは同じキーを保つこと', async () => {
    const document = groupDocument({ groupPfCode: 'T000002', urlKey: undefined })
    const first = await importGroupDocument(database.db, document, { readImage: readTestImage })
    expect(first).toHaveLength(1)
    expect(first[0]?.urlKey).toMatch(/^[A-Za-z0-9]{10}$/)
    expect(first[0]?.isNew).toBe(true)
    const second = await importGroupDocument(database.db, document, { readImage: readTestImage })
    expect(second).toEqual([{ ...first[0], isNew: false }])
    const [links] = await database.db.select({ value: count() }).from(groupLinks)
    expect(links?.value).toBe(1)
  })
})

describe('URLキーの付け替えを防ぐこと', () => {
  it('同じ団体商品の別の支店が使っているURLキーは取り込まずに報告すること', async () => {
    const database = await createTestDatabase()
    try {
      await importGroupDocument(database.db, groupDocument({ groupPfCode: 'T000003' }), {
        readImage: readTestImage,
      })
      const moved = groupDocument({ groupPfCode: 'T000003', groupPfBranchNo: '00002' })
      const issues = await importErrors(database, moved)
      expect(issues).toEqual([
        {
          path: 'linkArray.0.urlKey',
          message: 'このURLキーはこの団体商品の別の支店で使われています。',
        },
      ])
      const [links] = await database.db.select({ value: count() }).from(groupLinks)
      expect(links?.value).toBe(1)
    } finally {
      await database.close()
    }
  })
})
