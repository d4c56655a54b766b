import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../../db/client.ts'
import { createTestApp, createTestDatabase } from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { createApplicant } from '../files/test-applicants.ts'

// 郵便番号から住所 (GET /address/; SPEC §8.4 "Address lookup failed"). The lookup itself, against
// the real postal data: address-lookup.test.ts.

describe('郵便番号から住所', () => {
  describe('GET /api/address/', () => {
    let database: DatabaseHandle
    let app: FastifyInstance
    let authorization: string

    beforeAll(async () => {
      database = await createTestDatabase()
      await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
      app = await createTestApp(database)
      authorization = (await createApplicant(app, 'A001', { withApplication: false })).authorization
    })
    afterAll(async () => {
      await app.close()
      await database.close()
    })

    const lookUp = (zipCode: string, headers: Record<string, string> = { authorization }) =>
      app.inject({ method: 'GET', url: `/api/address/?zipCode=${zipCode}`, headers })

    it('見つかった住所を読みとともに返し、キャッシュさせないこと', async () => {
      const response = await lookUp('1000001')
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toEqual({
        addressArray: [
          {
            prefecture: '東京都',
            city: '千代田区',
            town: '千代田',
            prefectureKana: 'トウキョウト',
            cityKana: 'チヨダク',
            townKana: 'チヨダ',
          },
        ],
      })
    })

    it('見つからなければ空の一覧を返すこと', async () => {
      const response = await lookUp('9999999')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ addressArray: [] })
    })

    it.each(['100-0001', '100000', '10000011', 'abcdefg', ''])(
      '形の誤った郵便番号 %j は 400 で断ること',
      async (zipCode) => {
        const response = await lookUp(encodeURIComponent(zipCode))
        expect(response.statusCode).toBe(400)
        expect(response.json()).toMatchObject({ errorCode: 'APFV0001' })
      },
    )

    it('ログインしていなければ 401 E0003 で断ること（誰でも使える検索にはしない）', async () => {
      const response = await lookUp('1000001', {})
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ errorCode: 'E0003' })
      expect(response.headers['cache-control']).toBe('no-store')
    })
  })
})
