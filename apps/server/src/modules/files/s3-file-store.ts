import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { checkStorageKey, type FileStore } from './file-store.ts'

// Required-document files in an S3-compatible bucket (issue #19 point 2). The app streams every
// file through its own signed URLs (ADR 0012), so the bucket stays private: no presigned URLs,
// no public reads. An object's name is the prefix and the random storage key, never anything
// the applicant typed or uploaded.

export interface S3FileStoreOptions {
  bucket: string
  /** put before every key, e.g. "documents/" */
  prefix: string
  region: string
  /** an S3-compatible service's address; undefined: AWS S3 of the region */
  endpoint?: string | undefined
  credentials: { accessKeyId: string; secretAccessKey: string }
  /** bucket in the path (http://host/bucket/key), as most S3-compatible services want */
  forcePathStyle?: boolean | undefined
}

/** The SDK client for the options' service (the store's second argument may replace it). */
export function createS3Client(options: S3FileStoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle ?? false,
  })
}

/** Whether the SDK error says the object is not there (not: the bucket is not there). */
function isMissingObject(error: unknown): boolean {
  // GET answers NoSuchKey; HEAD has no body, so the SDK names its 404 NotFound.
  return (
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
  )
}

export class S3FileStore implements FileStore {
  readonly #bucket: string
  readonly #prefix: string
  readonly #client: S3Client

  constructor(options: S3FileStoreOptions, client: S3Client = createS3Client(options)) {
    this.#bucket = options.bucket
    this.#prefix = options.prefix
    this.#client = client
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const objectKey = this.#objectKey(key)
    // A key is written once. S3's conditional write (IfNoneMatch: '*') would make this atomic,
    // but the S3-protocol server the tests run against (s3rver) ignores it and overwrites, so
    // the rule would go untested: we look first instead. The gap between the look and the write
    // only matters if two uploads drew the same 128-bit random key.
    if (await this.#exists(objectKey)) throw new Error('storage key already in use')
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: objectKey,
        Body: bytes,
        ContentType: 'application/octet-stream',
        // Encrypted at rest even when the bucket's default encryption is off.
        ServerSideEncryption: 'AES256',
      }),
    )
  }

  async get(key: string): Promise<Buffer | undefined> {
    const objectKey = this.#objectKey(key)
    try {
      const response = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: objectKey }),
      )
      if (response.Body === undefined) throw new Error('S3 returned an object without a body')
      return Buffer.from(await response.Body.transformToByteArray())
    } catch (error) {
      if (isMissingObject(error)) return undefined
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 whether or not the object was there: deleting twice is fine.
    await this.#client.send(
      new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }),
    )
  }

  async #exists(objectKey: string): Promise<boolean> {
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: objectKey }))
      return true
    } catch (error) {
      if (isMissingObject(error)) return false
      throw error
    }
  }

  // Checked like the local store's: only a random key ever names an object.
  #objectKey(key: string): string {
    return `${this.#prefix}${checkStorageKey(key)}`
  }
}
