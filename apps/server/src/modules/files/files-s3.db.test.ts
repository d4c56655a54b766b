import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../../db/client.ts'
import { applicationFiles } from '../../db/schema/index.ts'
import { createTestApp, createTestDatabase } from '../../../test/helpers.ts'
import { groupDocument, readTestImage } from '../../../test/factories.ts'
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server.ts'
import { importGroupDocument } from '../group/import-group.ts'
import { createS3Client } from './s3-file-store.ts'
import { createApplicant, type TestApplicant } from './test-applicants.ts'

// Issue #19 point 2: the required-document routes work unchanged on the S3 store. The full
// behaviour is files.db.test.ts on the local folder; this walks one file through upload URL,
// upload, download and delete with the app configured by S3_* variables against s3rver.

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)

interface UploadedView {
  version: number
  applyInfo: { requiredDocsInfo: Record<string, { fileId: string }[]> }
}

describe('必要書類を S3 に保存する構成（issue #19 の2）', () => {
  let database: DatabaseHandle
  let s3: TestS3Server
  let app: FastifyInstance
  let alice: TestApplicant

  beforeAll(async () => {
    database = await createTestDatabase()
    await importGroupDocument(database.db, groupDocument(), { readImage: readTestImage })
    s3 = await startTestS3Server()
    const { options } = s3
    app = await createTestApp(database, {
      env: {
        S3_BUCKET: options.bucket,
        S3_ENDPOINT: options.endpoint ?? '',
        S3_REGION: options.region,
        S3_ACCESS_KEY_ID: options.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: options.credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'on',
        S3_PREFIX: 'app-documents/',
      },
    })
    alice = await createApplicant(app, 'M001')
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    await s3.stop()
  })

  /** The object names in the test bucket. */
  async function objectNames(): Promise<(string | undefined)[]> {
    const client = createS3Client(s3.options)
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.options.bucket }))
    client.destroy()
    return (listed.Contents ?? []).map((object) => object.Key)
  }

  function call(method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object) {
    return app.inject({
      method,
      url,
      headers: { authorization: alice.authorization },
      ...(payload === undefined ? {} : { payload }),
    })
  }

  it('アップロード用URL → アップロード → ダウンロード → 削除が S3 の上で動くこと', async () => {
    const asked = await call('POST', '/api/uploadNecessaryDocsUrl/', {
      slot: 1,
      fileName: '診断書.pdf',
      size: PDF.length,
    })
    expect(asked.statusCode).toBe(200)
    const uploaded = await app.inject({
      method: 'PUT',
      url: asked.json<{ uploadUrl: string }>().uploadUrl,
      headers: { 'content-type': 'application/octet-stream' },
      payload: PDF,
    })
    expect(uploaded.statusCode).toBe(200)
    const view = uploaded.json<UploadedView>()
    const fileId = view.applyInfo.requiredDocsInfo['file1Array']?.[0]?.fileId ?? ''

    // in the bucket under the prefix and the random key only, not in a local folder
    const [row] = await database.db.select().from(applicationFiles)
    expect(row?.storageKey).toMatch(/^[0-9a-f]{32}$/)
    expect(await objectNames()).toEqual([`app-documents/${row?.storageKey}`])

    const presigned = await call('POST', '/api/downloadPresigned/', { fileId })
    expect(presigned.statusCode).toBe(200)
    const download = await app.inject({
      method: 'GET',
      url: presigned.json<{ downloadUrl: string }>().downloadUrl,
    })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PDF)).toBe(true)
    expect(download.headers['content-type']).toBe('application/pdf')

    const removed = await call(
      'DELETE',
      `/api/applyInfo/requiredDocs/${fileId}?version=${view.version}`,
    )
    expect(removed.statusCode).toBe(200)
    expect(await objectNames()).toEqual([])
    expect((await call('POST', '/api/downloadPresigned/', { fileId })).statusCode).toBe(404)
  })
})
