import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server.ts'
import { LocalFileStore, newStorageKey, type FileStore } from './file-store.ts'
import { createS3Client, S3FileStore } from './s3-file-store.ts'

// PRODUCT.md "Files": random names outside the web root. Every FileStore keeps the same
// contract, so the same tests run against the local folder and against a real S3-protocol server
// (s3rver); what only one store promises (file modes, object names, encryption) follows.

const INVALID_KEYS = ['../secret', '..', 'a/b', 'ABCDEF0123456789ABCDEF0123456789', '写真.png', '']

/** The contract of FileStore, run against the store `open` gives for each test. */
function describeFileStoreContract(name: string, open: () => FileStore): void {
  describe(`${name}: FileStore の約束`, () => {
    it('保存したバイト列をそのまま読めること', async () => {
      const store = open()
      const key = newStorageKey()
      await store.put(key, Buffer.from('診断書'))
      expect((await store.get(key))?.toString()).toBe('診断書')
    })

    it('ないキーは undefined、削除は何度でもできること', async () => {
      const store = open()
      const key = newStorageKey()
      expect(await store.get(key)).toBeUndefined()
      await store.put(key, Buffer.from('a'))
      await store.delete(key)
      await store.delete(key)
      expect(await store.get(key)).toBeUndefined()
    })

    it('同じキーに2度は書かないこと', async () => {
      const store = open()
      const key = newStorageKey()
      await store.put(key, Buffer.from('first'))
      await expect(store.put(key, Buffer.from('second'))).rejects.toThrow()
      expect((await store.get(key))?.toString()).toBe('first')
    })

    it('ランダムな保存名ごとに別々のファイルとして保存すること', async () => {
      const store = open()
      const keys = Array.from({ length: 5 }, () => newStorageKey())
      await Promise.all(keys.map((key) => store.put(key, Buffer.from(`file ${key}`))))
      for (const key of keys) expect((await store.get(key))?.toString()).toBe(`file ${key}`)
    })

    it.each(INVALID_KEYS)('キー %j は保存名ではないので拒むこと', async (key) => {
      const store = open()
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key')
      await expect(store.get(key)).rejects.toThrow('invalid storage key')
      await expect(store.delete(key)).rejects.toThrow('invalid storage key')
    })
  })
}

it('保存名は32桁の16進数で、毎回違うこと', () => {
  const keys = new Set(Array.from({ length: 100 }, () => newStorageKey()))
  expect(keys.size).toBe(100)
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/)
})

describe('LocalFileStore', () => {
  let root: string
  let dir: string

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'))
    dir = path.join(root, 'data', 'files')
  })
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true })
  })

  describeFileStoreContract('LocalFileStore', () => new LocalFileStore(dir))

  it('使うまでフォルダを作らず、最初の保存で 0700 のフォルダと 0600 のファイルを作ること', async () => {
    const store = new LocalFileStore(dir)
    expect(fs.existsSync(dir)).toBe(false)
    const key = newStorageKey()
    await store.put(key, Buffer.from('診断書'))
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(dir, key)).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(dir)).toEqual([key])
  })

  it('2度目の書き込みを拒んでもファイルは1つのままであること', async () => {
    const store = new LocalFileStore(dir)
    const key = newStorageKey()
    await store.put(key, Buffer.from('first'))
    await expect(store.put(key, Buffer.from('second'))).rejects.toThrow()
    expect(fs.readdirSync(dir)).toEqual([key])
  })

  it.each(INVALID_KEYS)('キー %j ではフォルダの外を指せず、フォルダも作らないこと', async (key) => {
    const store = new LocalFileStore(dir)
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key')
    expect(fs.existsSync(dir)).toBe(false)
  })
})

/** The `x-amz-server-side-encryption` header of each PutObject request the client sends. */
function recordPutEncryption(client: S3Client): (string | undefined)[] {
  const seen: (string | undefined)[] = []
  client.middlewareStack.add(
    (next, context) => (args) => {
      if (context.commandName === 'PutObjectCommand')
        seen.push(headerOf(args.request, 'x-amz-server-side-encryption'))
      return next(args)
    },
    // after serialization: what goes on the wire, not what the caller asked
    { step: 'build', name: 'recordPutEncryption' },
  )
  return seen
}

/** One header of the SDK's HTTP request, which middleware sees as `unknown`. */
function headerOf(request: unknown, name: string): string | undefined {
  if (typeof request !== 'object' || request === null || !('headers' in request)) return undefined
  const { headers } = request
  if (typeof headers !== 'object' || headers === null) return undefined
  const value: unknown = Object.entries(headers).find(
    ([header]) => header.toLowerCase() === name,
  )?.[1]
  return typeof value === 'string' ? value : undefined
}

describe('S3FileStore（s3rver に対して）', () => {
  let s3: TestS3Server

  beforeAll(async () => {
    s3 = await startTestS3Server()
  })
  afterAll(async () => {
    await s3.stop()
  })

  describeFileStoreContract('S3FileStore', () => new S3FileStore(s3.options))

  it('オブジェクト名は接頭辞と32桁の16進数だけで、個人情報を含まないこと', async () => {
    const store = new S3FileStore({ ...s3.options, prefix: 'names-test/' })
    const key = newStorageKey()
    await store.put(key, Buffer.from('山田太郎 1980-01-01 診断書.pdf'))
    const client = createS3Client(s3.options)
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: 'names-test/' }),
    )
    client.destroy()
    const names = (listed.Contents ?? []).map((object) => object.Key)
    expect(names).toEqual([`names-test/${key}`])
    expect(names[0]).toMatch(/^names-test\/[0-9a-f]{32}$/)
  })

  it('保存時にサーバー側暗号化（AES256）を求めること', async () => {
    const client = createS3Client(s3.options)
    const encryption = recordPutEncryption(client)
    const store = new S3FileStore(s3.options, client)
    await store.put(newStorageKey(), Buffer.from('診断書'))
    client.destroy()
    expect(encryption).toEqual(['AES256'])
  })

  it('バケットがなければ「ない」とは答えずエラーにすること', async () => {
    const store = new S3FileStore({ ...s3.options, bucket: 'no-such-bucket' })
    await expect(store.get(newStorageKey())).rejects.toThrow()
    await expect(store.put(newStorageKey(), Buffer.from('x'))).rejects.toThrow()
  })
})
