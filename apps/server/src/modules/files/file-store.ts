import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

// Where required-document files live (PRODUCT.md "Files"): under a random name, outside the web
// root. The embedded default is a folder on local disk; S3FileStore (s3-file-store.ts) keeps them
// in an S3-compatible bucket behind the same three calls.

export interface FileStore {
  /** stores bytes under a key from newStorageKey(); a key is written once */
  put(key: string, bytes: Buffer): Promise<void>
  /** the bytes, or undefined when nothing is stored under the key */
  get(key: string): Promise<Buffer | undefined>
  /** removes the bytes; nothing happens when there are none */
  delete(key: string): Promise<void>
}

const STORAGE_KEY = /^[0-9a-f]{32}$/

/** The key itself, or an Error when it is not one newStorageKey() could have made. */
export function checkStorageKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key')
  return key
}

/** A new random storage name (128 bits, 32 hex digits): never derived from the user's file name. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex')
}

/**
 * Files in one folder (FILES_DIR), created 0700 on first use, each file 0600. A key must be 32
 * hex digits, so no key can name a path outside the folder.
 */
export class LocalFileStore implements FileStore {
  readonly #dir: string
  #ready: Promise<void> | undefined

  constructor(dir: string) {
    this.#dir = path.resolve(dir)
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.#pathOf(key)
    await this.#ensureDir()
    // Written beside the target and renamed, so a reader never sees half a file.
    const temporary = path.join(this.#dir, `${key}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      await fs.writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' })
      await fs.link(temporary, target)
    } finally {
      await fs.rm(temporary, { force: true })
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.#pathOf(key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.#pathOf(key), { force: true })
  }

  #pathOf(key: string): string {
    return path.join(this.#dir, checkStorageKey(key))
  }

  // Created lazily: a server that never stores a file never makes the folder.
  #ensureDir(): Promise<void> {
    this.#ready ??= fs.mkdir(this.#dir, { recursive: true, mode: 0o700 }).then(
      () => undefined,
      (error: unknown) => {
        this.#ready = undefined
        throw error
      },
    )
    return this.#ready
  }
}
