import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalFileStore, newStorageKey } from './file-store.ts'

// PRODUCT.md "Files": random names outside the web root; the folder 0700, each file 0600.

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

  it('使うまでフォルダを作らず、最初の保存で 0700 のフォルダと 0600 のファイルを作ること', async () => {
    const store = new LocalFileStore(dir)
    expect(fs.existsSync(dir)).toBe(false)
    const key = newStorageKey()
    await store.put(key, Buffer.from('診断書'))
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(dir, key)).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(dir)).toEqual([key])
    expect((await store.get(key))?.toString()).toBe('診断書')
  })

  it('保存名は32桁の16進数で、毎回違うこと', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newStorageKey()))
    expect(keys.size).toBe(100)
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/)
  })

  it('ないキーは undefined、削除は何度でもできること', async () => {
    const store = new LocalFileStore(dir)
    const key = newStorageKey()
    expect(await store.get(key)).toBeUndefined()
    await store.put(key, Buffer.from('a'))
    await store.delete(key)
    await store.delete(key)
    expect(await store.get(key)).toBeUndefined()
  })

  it('同じキーに2度は書かないこと', async () => {
    const store = new LocalFileStore(dir)
    const key = newStorageKey()
    await store.put(key, Buffer.from('first'))
    await expect(store.put(key, Buffer.from('second'))).rejects.toThrow()
    expect((await store.get(key))?.toString()).toBe('first')
    expect(fs.readdirSync(dir)).toEqual([key])
  })

  it.each(['../secret', '..', 'a/b', 'ABCDEF0123456789ABCDEF0123456789', '写真.png', ''])(
    'キー %j はフォルダの外を指せないよう拒むこと',
    async (key) => {
      const store = new LocalFileStore(dir)
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key')
      await expect(store.get(key)).rejects.toThrow('invalid storage key')
      await expect(store.delete(key)).rejects.toThrow('invalid storage key')
      expect(fs.existsSync(dir)).toBe(false)
    },
  )
})
