import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../../db/client.ts'
import { createTestApp, createTestDatabase } from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { importGroupDocument } from './import-group.ts'

const link = {
  groupPfCode: 'T000001',
  groupPfCodeInceptionDateYm: '202612',
  groupPfBranchNo: '00001',
  urlKey: 'Test0Key01',
}

describe('団体情報取得 (SPEC §7.1) と項目定義取得 (§7.2)', () => {
  let database: DatabaseHandle
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    app = await createTestApp(database)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('リンクに一致する団体商品と支店の情報を返すこと', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/groupPfInfo/', query: link })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = response.json()
    expect(body.groupPfInfo.groupPfCode).toBe('T000001')
    expect(body.groupPfInfo.groupNameKanji).toBe('テスト団体')
    expect(body.groupPfInfo.atOnceRecruitEndDate).toBe('20261130')
    expect(body.groupPfInfo.unitInfoArray.map((unit: { unitNo: number }) => unit.unitNo)).toEqual([
      1, 2,
    ])
    expect(body.groupPfInfo.logoImage).toEqual({
      fileId: expect.stringMatching(/^[0-9a-f]{32}$/),
      alt: 'テスト団体のロゴ',
    })
    expect(body.groupPfInfoBranchNo.refFreeField).toBe(
      'テスト保険代理店\n電話 03-0000-0000（平日 9:00〜17:00）',
    )
    expect(Object.keys(body)).toEqual([
      'groupPfInfo',
      'groupPfInfoBranchNo',
      'recruitmentPhase',
      'businessDate',
    ])
    // 2026-11-20 JST lies in the all-at-once window 20261101–20261130 (SPEC §4)
    expect(body.recruitmentPhase).toBe('atOnce')
    expect(body.businessDate).toBe('20261120')
  })

  it('gzip を受け付けるクライアントには圧縮済みの応答を返すこと', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/groupPfInfo/', query: link })
    const compressed = await app.inject({
      method: 'GET',
      url: '/api/groupPfInfo/',
      query: link,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(compressed.headers.vary).toContain('accept-encoding')
    expect(gunzipSync(compressed.rawPayload).toString('utf8')).toBe(plain.body)
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length)
  })

  it('マイページでは始期年月と支店番号なしで現在の団体商品を返すこと (SPEC §2.6)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/groupPfInfo/',
      query: { groupPfCode: link.groupPfCode, urlKey: link.urlKey },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().groupPfInfo.groupPfCodeInceptionDateYm).toBe('202612')
  })

  it('マイページを使わない団体（SPEC §6 加入者ページ利用区分 "2"）はマイページのリンクが見つからず、申込のリンクは使えること（issue #17 の14）', async () => {
    const noMyPage = groupDocument({ groupPfCode: 'T000099', urlKey: 'NoMyPage01' })
    noMyPage.groupPfInfo.policyHolderPageUseDiv = '2'
    await importGroupDocument(database.db, noMyPage, { readImage: readTestImage })
    const myPageLink = { groupPfCode: 'T000099', urlKey: 'NoMyPage01' }
    const myPage = await app.inject({ method: 'GET', url: '/api/groupPfInfo/', query: myPageLink })
    expect(myPage.statusCode).toBe(404)
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/idReNotificationMail/',
      payload: { ...myPageLink, mailAddress: 'someone@example.jp' },
    })
    expect([signIn.statusCode, signIn.json<{ errorCode: string }>().errorCode]).toEqual([
      404,
      'APFA1003',
    ])
    const entry = await app.inject({
      method: 'GET',
      url: '/api/groupPfInfo/',
      query: { ...link, groupPfCode: 'T000099', urlKey: 'NoMyPage01' },
    })
    expect(entry.statusCode).toBe(200)
    expect(
      entry.json<{ groupPfInfo: { policyHolderPageUseDiv: string } }>().groupPfInfo,
    ).toMatchObject({
      policyHolderPageUseDiv: '2',
    })
  })

  it('項目定義を表示順に返すこと', async () => {
    const { groupPfBranchNo: _branch, ...query } = link
    const response = await app.inject({ method: 'GET', url: '/api/itemDefinitions/', query })
    expect(response.statusCode).toBe(200)
    const items = response.json().itemDefinitionArray as {
      itemCode: string
      relatedUnitNo: number[]
    }[]
    expect(items.map((item) => item.itemCode)).toEqual(['hospitalised', 'employeeNo'])
    expect(items[0]?.relatedUnitNo).toEqual([1])
  })

  it.each([
    ['URLキーが9文字', { ...link, urlKey: 'Test0Key0' }],
    ['URLキーに記号', { ...link, urlKey: 'Test0Key0!' }],
    ['支店番号が4桁', { ...link, groupPfBranchNo: '0001' }],
    ['支店番号なし', { ...link, groupPfBranchNo: undefined }],
    ['始期年月が不正', { ...link, groupPfCodeInceptionDateYm: '202613' }],
    ['団体コードなし', { ...link, groupPfCode: undefined }],
  ])('%s のとき 400 と無効URLのコードを返すこと (SPEC §2.6, §5.1)', async (_label, query) => {
    const defined: Record<string, string> = {}
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) defined[name] = value
    const response = await app.inject({ method: 'GET', url: '/api/groupPfInfo/', query: defined })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ errorCode: 'APFF0001' })
  })

  it.each([
    ['存在しない団体', { ...link, groupPfCode: 'T999999' }, 'APFA1001'],
    ['存在しない始期年月', { ...link, groupPfCodeInceptionDateYm: '202701' }, 'APFA1001'],
    ['存在しない支店', { ...link, groupPfBranchNo: '00002' }, 'APFA1002'],
    ['一致しないURLキー', { ...link, urlKey: 'Wrong0Key1' }, 'APFA1003'],
  ])('%s のとき 404 と該当するコードを返すこと (SPEC §8.1)', async (_label, query, errorCode) => {
    const response = await app.inject({ method: 'GET', url: '/api/groupPfInfo/', query })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ errorCode })
  })

  it('項目定義も一致しないリンクには 404 を返すこと', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/itemDefinitions/',
      query: { groupPfCode: 'T000001', urlKey: 'Wrong0Key1', groupPfCodeInceptionDateYm: '202612' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ errorCode: 'APFA1003' })
  })

  it('団体の画像を長期キャッシュ可能なヘッダーとサンドボックスCSPで返すこと', async () => {
    const info = await app.inject({ method: 'GET', url: '/api/groupPfInfo/', query: link })
    const fileId = info.json().groupPfInfo.logoImage.fileId as string
    const response = await app.inject({ method: 'GET', url: `/api/groupImages/${fileId}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['content-security-policy']).toContain('sandbox')
    expect(response.body).toContain('<svg')
    const missing = await app.inject({ method: 'GET', url: '/api/groupImages/0123456789abcdef' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().errorCode).toBe('APFN0001')
  })
})
