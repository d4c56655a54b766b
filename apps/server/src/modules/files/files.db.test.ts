import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { maxUploadBytes, t } from '@app/shared'
import type { DatabaseHandle } from '../../db/client.ts'
import {
  accounts,
  applicationFiles,
  applications,
  rateLimitHits,
  rosterMembers,
  sessions,
  uploadTickets,
} from '../../db/schema/index.ts'
import { createTestApp, createTestDatabase, manualClock, testNow } from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { withoutFileToken } from './routes.ts'
import { createApplicant, type TestApplicant } from './test-applicants.ts'

// Required documents (PRODUCT.md "Files", ADR 0012, SPEC §5.2 upload extension and size, §9):
// the signed upload URL, the upload, the signed download URL and deleting a file.

const EXPIRED = {
  errorCode: 'APFX0001',
  message: 'ファイルのURLの有効期限が切れたか、すでに使われています。もう一度操作してください。',
}
const INVALID = '入力内容に誤りがあります。各項目のメッセージをご確認ください。'
const EXTENSION_MESSAGE =
  'この種類のファイルは添付できません。jpg、png、txt、xlsx、xls、pdf、doc、docxのいずれかのファイルを選んでください。'
const SIZE_MESSAGE =
  'ファイルのサイズが2MBを超えているため、添付できません。2MB以下のファイルを選んでください。'

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

/** A 1×1 RGB PNG. */
function png(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header[8] = 8
  header[9] = 2
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from([0x00, 0xa8, 0x28, 0x4f]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  )
}

interface UploadedView {
  version: number
  applyInfo: {
    requiredDocsInfo: Record<string, { fileId: string; fileName: string; size: number }[]>
  }
}

describe('必要書類のアップロードとダウンロード（issue #6）', () => {
  let database: DatabaseHandle
  let app: FastifyInstance
  let filesDir: string
  const clock = manualClock()
  let alice: TestApplicant
  let bob: TestApplicant

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    filesDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'files-test-')), 'files')
    app = await createTestApp(database, { clock, env: { FILES_DIR: filesDir } })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    fs.rmSync(path.dirname(filesDir), { recursive: true, force: true })
  })

  beforeEach(async () => {
    clock.set(testNow)
    const { db } = database
    await db.delete(applicationFiles)
    await db.delete(uploadTickets)
    await db.delete(sessions)
    await db.delete(applications)
    await db.delete(accounts)
    await db.delete(rosterMembers)
    await db.delete(rateLimitHits)
    // the store keeps its folder once made: empty it rather than remove it
    for (const name of fs.existsSync(filesDir) ? fs.readdirSync(filesDir) : []) {
      fs.rmSync(path.join(filesDir, name))
    }
    alice = await createApplicant(app, 'M001')
    bob = await createApplicant(app, 'M002')
  })

  const storedNames = () => (fs.existsSync(filesDir) ? fs.readdirSync(filesDir) : [])

  function askUploadUrl(applicant: TestApplicant, body: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: '/api/uploadNecessaryDocsUrl/',
      headers: { authorization: applicant.authorization },
      payload: body,
    })
  }

  function put(url: string, bytes: Buffer, contentType = 'application/octet-stream') {
    return app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': contentType },
      payload: bytes,
    })
  }

  async function uploadUrl(
    applicant: TestApplicant,
    fileName: string,
    size: number,
    slot = 1,
  ): Promise<string> {
    const response = await askUploadUrl(applicant, { slot, fileName, size })
    expect(response.statusCode).toBe(200)
    return response.json<{ uploadUrl: string }>().uploadUrl
  }

  async function upload(applicant: TestApplicant, fileName: string, bytes: Buffer, slot = 1) {
    const response = await put(await uploadUrl(applicant, fileName, bytes.length, slot), bytes)
    expect(response.statusCode).toBe(200)
    return response.json<UploadedView>()
  }

  function askDownloadUrl(applicant: TestApplicant, fileId: string) {
    return app.inject({
      method: 'POST',
      url: '/api/downloadPresigned/',
      headers: { authorization: applicant.authorization },
      payload: { fileId },
    })
  }

  function deleteFile(applicant: TestApplicant, fileId: string, version: number | string) {
    return app.inject({
      method: 'DELETE',
      url: `/api/applyInfo/requiredDocs/${fileId}?version=${version}`,
      headers: { authorization: applicant.authorization },
    })
  }

  describe('アップロード用URLの発行', () => {
    it('10分有効な1回限りのURLを返し、キャッシュさせないこと', async () => {
      const response = await askUploadUrl(alice, { slot: 1, fileName: '写真.png', size: 100 })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const body = response.json<{ uploadUrl: string; expiresAt: string }>()
      expect(body.uploadUrl).toMatch(/^\/api\/files\/upload\/[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(body.expiresAt).toBe('2026-11-20T01:10:00.000Z')
      const tickets = await database.db.select().from(uploadTickets)
      expect(tickets).toMatchObject([
        { applicationId: alice.applicationId, slot: 1, fileName: '写真.png', size: 100 },
      ])
    })

    it.each([
      ['photo.gif', 100, EXTENSION_MESSAGE],
      ['archive.zip', 100, EXTENSION_MESSAGE],
      ['noextension', 100, EXTENSION_MESSAGE],
      ['large.pdf', maxUploadBytes + 1, SIZE_MESSAGE],
    ])('%s（%d バイト）は file の項目エラーで断ること', async (fileName, size, message) => {
      const response = await askUploadUrl(alice, { slot: 1, fileName, size })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'APFV0001',
        message: INVALID,
        issues: [{ path: 'file', message }],
      })
      expect(await database.db.select().from(uploadTickets)).toEqual([])
    })

    it.each([
      ['NUL', 'a\u0000.pdf'],
      ['改行', 'a\n.pdf'],
      ['対になっていないサロゲート', '\ud800.pdf'],
    ])(
      'ファイル名の%sは fileName の項目エラー（400）で断り、何も保存しないこと（issue #17 の4: 以前は NUL が 500、ほかは通っていた）',
      async (_, fileName) => {
        const response = await askUploadUrl(alice, { slot: 1, fileName, size: 10 })
        expect([response.statusCode, response.json()]).toEqual([
          400,
          {
            errorCode: 'APFV0001',
            message: INVALID,
            issues: [{ path: 'fileName', message: t('validation.controlCharacter') }],
          },
        ])
        expect(await database.db.select().from(uploadTickets)).toEqual([])
      },
    )

    it('団体が使っていない書類の枠（requiredDocsType "1"）は slot の項目エラーで断ること', async () => {
      const response = await askUploadUrl(alice, { slot: 3, fileName: 'a.pdf', size: 10 })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        errorCode: 'APFV0001',
        issues: [{ path: 'slot' }],
      })
    })

    it('必要書類の手順がまだ開いていなければ 409 APFD0001 で断ること', async () => {
      const early = await createApplicant(app, 'M003', { completedSteps: ['entryTerms'] })
      const response = await askUploadUrl(early, { slot: 1, fileName: 'a.pdf', size: 10 })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'APFD0001' })
    })

    it('ログインしていなければ 401 E0003 で断ること', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploadNecessaryDocsUrl/',
        payload: { slot: 1, fileName: 'a.pdf', size: 10 },
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ errorCode: 'E0003' })
    })

    it('1つのアカウントで10分に30回を超えたら 429 で断ること', async () => {
      for (let index = 0; index < 30; index += 1) {
        const response = await askUploadUrl(alice, { slot: 1, fileName: 'a.pdf', size: 10 })
        expect(response.statusCode).toBe(200)
      }
      const refused = await askUploadUrl(alice, { slot: 1, fileName: 'a.pdf', size: 10 })
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toMatchObject({ errorCode: 'APFR0001' })
      expect(refused.headers['retry-after']).toBe('600')
      // another applicant is not affected
      expect((await askUploadUrl(bob, { slot: 1, fileName: 'a.pdf', size: 10 })).statusCode).toBe(
        200,
      )
    })
  })

  describe('アップロードと読み出し', () => {
    it('PNG を保存して書類の枠に加え、ダウンロードURLから同じバイト列を返すこと', async () => {
      const bytes = png()
      const view = await upload(alice, '保険証 (表).png', bytes)
      const files = view.applyInfo.requiredDocsInfo['file1Array']
      expect(files).toEqual([
        {
          fileId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
          fileName: '保険証 (表).png',
          size: bytes.length,
          uploadedAt: '2026-11-20T01:00:00.000Z',
        },
      ])
      const fileId = files?.[0]?.fileId ?? ''

      // stored under a random name, 0600, in a 0700 folder; never under the user's name
      const [row] = await database.db.select().from(applicationFiles)
      expect(row).toMatchObject({
        id: fileId,
        applicationId: alice.applicationId,
        slot: 1,
        contentType: 'image/png',
        size: bytes.length,
      })
      expect(row?.storageKey).toMatch(/^[0-9a-f]{32}$/)
      expect(fs.readdirSync(filesDir)).toEqual([row?.storageKey])
      expect(fs.statSync(filesDir).mode & 0o777).toBe(0o700)
      const stored = path.join(filesDir, row?.storageKey ?? '')
      expect(fs.statSync(stored).mode & 0o777).toBe(0o600)
      expect(fs.readFileSync(stored).equals(bytes)).toBe(true)

      const presigned = await askDownloadUrl(alice, fileId)
      expect(presigned.statusCode).toBe(200)
      expect(presigned.headers['cache-control']).toBe('no-store')
      const { downloadUrl, expiresAt } = presigned.json<{
        downloadUrl: string
        expiresAt: string
      }>()
      expect(downloadUrl).toMatch(/^\/api\/files\/download\/[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(expiresAt).toBe('2026-11-20T01:05:00.000Z')

      const download = await app.inject({ method: 'GET', url: downloadUrl })
      expect(download.statusCode).toBe(200)
      expect(download.rawPayload.equals(bytes)).toBe(true)
      expect(download.headers['content-type']).toBe('image/png')
      expect(download.headers['content-disposition']).toBe(
        "attachment; filename*=UTF-8''%E4%BF%9D%E9%99%BA%E8%A8%BC%20%28%E8%A1%A8%29.png",
      )
      expect(download.headers['x-content-type-options']).toBe('nosniff')
      expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
      expect(download.headers['cache-control']).toBe('no-store')
    })

    it('PDF を2つ目の枠に保存し、同じ枠に続けて加えられること', async () => {
      await upload(alice, '診断書.pdf', pdf(), 2)
      const view = await upload(alice, 'SHINDAN.PDF', pdf(), 2)
      expect(view.applyInfo.requiredDocsInfo['file2Array']?.map((file) => file.fileName)).toEqual([
        '診断書.pdf',
        'SHINDAN.PDF',
      ])
      const rows = await database.db.select().from(applicationFiles)
      expect(rows.map((row) => row.contentType)).toEqual(['application/pdf', 'application/pdf'])
    })

    it('同じアップロードURLの2回目は 410 APFX0001 で断ること', async () => {
      const url = await uploadUrl(alice, 'a.png', png().length)
      expect((await put(url, png())).statusCode).toBe(200)
      const second = await put(url, png())
      expect(second.statusCode).toBe(410)
      expect(second.json()).toEqual(EXPIRED)
      expect(second.headers['cache-control']).toBe('no-store')
      expect(await database.db.select().from(applicationFiles)).toHaveLength(1)
    })

    it('10分を過ぎたアップロードURLは 410 APFX0001 で断ること', async () => {
      const url = await uploadUrl(alice, 'a.png', png().length)
      clock.advance(10 * 60_000 + 1000)
      const response = await put(url, png())
      expect(response.statusCode).toBe(410)
      expect(response.json()).toEqual(EXPIRED)
    })

    it.each([
      ['署名の壊れたトークン', (url: string) => `${url.slice(0, -2)}xx`],
      ['トークンでない文字列', () => '/api/files/upload/not-a-token'],
    ])('%s は 410 APFX0001 で断ること', async (_name, change) => {
      const url = await uploadUrl(alice, 'a.png', png().length)
      const response = await put(change(url), png())
      expect(response.statusCode).toBe(410)
      expect(response.json()).toEqual(EXPIRED)
    })

    it('セッションのトークンはアップロードURLの代わりにならないこと', async () => {
      const sessionToken = alice.authorization.slice('Bearer '.length)
      const response = await put(`/api/files/upload/${sessionToken}`, png())
      expect(response.statusCode).toBe(410)
    })

    it('申告したサイズと違う本文は file の項目エラーで断ること', async () => {
      const url = await uploadUrl(alice, 'a.png', png().length + 1)
      const response = await put(url, png())
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'APFV0001',
        message: INVALID,
        issues: [
          {
            path: 'file',
            message:
              '受け取ったファイルの内容が、選んだファイルと一致しないため、添付できません。もう一度ファイルを選んでください。',
          },
        ],
      })
      expect(await database.db.select().from(applicationFiles)).toEqual([])
      expect(storedNames()).toEqual([])
    })

    it('中身が拡張子と合わないファイル（PNG を .pdf）は file の項目エラーで断ること', async () => {
      const url = await uploadUrl(alice, 'scan.pdf', png().length)
      const response = await put(url, png())
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'APFV0001',
        message: INVALID,
        issues: [
          {
            path: 'file',
            message:
              'ファイルの内容が拡張子（.pdf）の形式と合っていないため、添付できません。.pdf の形式で保存し直してから、もう一度選んでください。',
          },
        ],
      })
      expect(await database.db.select().from(applicationFiles)).toEqual([])
      expect(storedNames()).toEqual([])
    })

    it('URL の発行後に手順が閉じていれば 409 APFD0001 で断り、バイト列を残さないこと', async () => {
      const url = await uploadUrl(alice, 'a.png', png().length)
      await database.db
        .update(applications)
        .set({ completedSteps: ['entryTerms'] })
        .where(eq(applications.id, alice.applicationId))
      const response = await put(url, png())
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'APFD0001' })
      expect(await database.db.select().from(applicationFiles)).toEqual([])
      expect(storedNames()).toEqual([])
    })

    it('2MB を超える本文は 413 APFP0001 で断ること', async () => {
      const url = await uploadUrl(alice, 'big.txt', maxUploadBytes)
      const response = await put(url, Buffer.alloc(maxUploadBytes + 1, 0x61))
      expect(response.statusCode).toBe(413)
      expect(response.json()).toMatchObject({ errorCode: 'APFP0001' })
    })

    it('ちょうど 2MB のテキストは受け付けること', async () => {
      const view = await upload(alice, 'memo.txt', Buffer.alloc(maxUploadBytes, 0x61))
      expect(view.applyInfo.requiredDocsInfo['file1Array']?.[0]?.size).toBe(maxUploadBytes)
    })

    it.each(['application/json', 'multipart/form-data; boundary=x', 'image/png'])(
      '%s の本文は 415 APFU0001 で断ること（application/octet-stream だけ）',
      async (contentType) => {
        const url = await uploadUrl(alice, 'a.png', png().length)
        const response = await put(url, png(), contentType)
        expect(response.statusCode).toBe(415)
        expect(response.json()).toMatchObject({ errorCode: 'APFU0001' })
      },
    )

    it('Content-Type のない本文も断り、URLを使い切らないこと', async () => {
      const url = await uploadUrl(alice, 'a.png', png().length)
      const response = await app.inject({ method: 'PUT', url, payload: png() })
      expect(response.statusCode).toBe(415)
      expect(response.json()).toMatchObject({ errorCode: 'APFU0001' })
      expect((await put(url, png())).statusCode).toBe(200)
    })

    it('ほかの API は application/octet-stream の本文を受け付けないこと', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploadNecessaryDocsUrl/',
        headers: { authorization: alice.authorization, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('{"slot":1}'),
      })
      expect(response.statusCode).toBe(415)
    })

    it('1つの枠に6つ目のファイルは断り、保存したバイト列を残さないこと', async () => {
      for (let index = 0; index < 5; index += 1) await upload(alice, `p${index}.png`, png())
      const url = await uploadUrl(alice, 'p5.png', png().length)
      const response = await put(url, png())
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ errorCode: 'APFV0001' })
      expect(await database.db.select().from(applicationFiles)).toHaveLength(5)
      expect(fs.readdirSync(filesDir)).toHaveLength(5)
    })

    it('5分を過ぎたダウンロードURLは 410 APFX0001 で断ること', async () => {
      const view = await upload(alice, 'a.png', png())
      const fileId = view.applyInfo.requiredDocsInfo['file1Array']?.[0]?.fileId ?? ''
      const { downloadUrl } = (await askDownloadUrl(alice, fileId)).json<{
        downloadUrl: string
      }>()
      clock.advance(5 * 60_000 + 1000)
      const response = await app.inject({ method: 'GET', url: downloadUrl })
      expect(response.statusCode).toBe(410)
      expect(response.json()).toEqual(EXPIRED)
      expect(response.headers['cache-control']).toBe('no-store')
    })

    it('アップロードURLはダウンロードURLの代わりにならないこと', async () => {
      const url = await uploadUrl(alice, 'a.png', png().length)
      const token = url.slice('/api/files/upload/'.length)
      const response = await app.inject({ method: 'GET', url: `/api/files/download/${token}` })
      expect(response.statusCode).toBe(410)
    })
  })

  describe('他の申込者のファイル', () => {
    it('ダウンロードURLも削除も 404 で断ること', async () => {
      const view = await upload(alice, 'a.png', png())
      const fileId = view.applyInfo.requiredDocsInfo['file1Array']?.[0]?.fileId ?? ''
      const download = await askDownloadUrl(bob, fileId)
      expect(download.statusCode).toBe(404)
      expect(download.json()).toMatchObject({ errorCode: 'APFN0001' })
      const [bobsState] = await database.db
        .select({ version: applications.version })
        .from(applications)
        .where(eq(applications.id, bob.applicationId))
      const removal = await deleteFile(bob, fileId, bobsState?.version ?? 0)
      expect(removal.statusCode).toBe(404)
      expect(removal.json()).toMatchObject({ errorCode: 'APFN0001' })
      expect(await database.db.select().from(applicationFiles)).toHaveLength(1)
    })

    it('存在しないファイルも同じく 404 であること', async () => {
      const response = await askDownloadUrl(alice, '00000000-0000-4000-8000-000000000000')
      expect(response.statusCode).toBe(404)
    })
  })

  describe('削除', () => {
    it('古い version では 409 APFC0001 で断り、正しい version なら行とバイト列を消すこと', async () => {
      const view = await upload(alice, 'a.png', png())
      const fileId = view.applyInfo.requiredDocsInfo['file1Array']?.[0]?.fileId ?? ''

      const stale = await deleteFile(alice, fileId, view.version - 1)
      expect(stale.statusCode).toBe(409)
      expect(stale.json()).toMatchObject({ errorCode: 'APFC0001' })
      expect(await database.db.select().from(applicationFiles)).toHaveLength(1)

      const removed = await deleteFile(alice, fileId, view.version)
      expect(removed.statusCode).toBe(200)
      expect(removed.headers['cache-control']).toBe('no-store')
      const next = removed.json<UploadedView>()
      expect(next.version).toBe(view.version + 1)
      expect(next.applyInfo.requiredDocsInfo['file1Array']).toEqual([])
      expect(await database.db.select().from(applicationFiles)).toEqual([])
      expect(fs.readdirSync(filesDir)).toEqual([])

      // the download URL of a deleted file leads nowhere
      const presigned = await askDownloadUrl(alice, fileId)
      expect(presigned.statusCode).toBe(404)
    })

    it('version が数字でなければ 400 で断ること', async () => {
      const response = await deleteFile(alice, '00000000-0000-4000-8000-000000000000', 'x')
      expect(response.statusCode).toBe(400)
    })
  })
})

describe('ログに残すパス', () => {
  it.each([
    ['/api/files/upload/eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOiJ4In0.c2ln', '/api/files/upload/…'],
    ['/api/files/download/eyJhbGciOiJIUzI1NiJ9.eyJmaWQiOiJ4In0.c2ln', '/api/files/download/…'],
    ['/api/uploadNecessaryDocsUrl/', '/api/uploadNecessaryDocsUrl/'],
    ['/api/files/upload/', '/api/files/upload/'],
  ])('%s は %s として記録すること（署名付きURLのトークンを残さない）', (path, logged) => {
    expect(withoutFileToken(path)).toBe(logged)
  })
})
