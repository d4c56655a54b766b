import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { createS3Client, type S3FileStoreOptions } from '../src/modules/files/s3-file-store.ts'

/**
 * A real S3-protocol server for one suite (s3rver, in this process): on a free port, its objects
 * in a temporary folder, one empty bucket. `options` reach it the way production reaches S3
 * (signed path-style requests over HTTP); `stop` closes it and removes the folder.
 */
export interface TestS3Server {
  options: S3FileStoreOptions
  /** the folder s3rver keeps its buckets in */
  directory: string
  stop: () => Promise<void>
}

// s3rver's fixed development credentials.
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startTestS3Server(bucket = 'test-documents'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true })
  const { port } = await server.run()
  const options: S3FileStoreOptions = {
    bucket,
    prefix: 'documents/',
    region: 'ap-northeast-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  }
  const client = createS3Client(options)
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  client.destroy()
  return {
    options,
    directory,
    stop: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
