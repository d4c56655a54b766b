import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { exposedEntries } from '../lib/private-files.ts'
import { DataDirLockedError, openEmbeddedDatabase } from './client.ts'

describe('組み込みDB (PGlite) のフォルダは1プロセスだけが使うこと', () => {
  const dirs: string[] = []
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('別のプロセスが使用中なら、分かりやすいエラーで開くのを拒むこと', async () => {
    const dir = tempDir()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      fs.writeFileSync(path.join(dir, 'owner.lock'), String(other.pid))
      await expect(openEmbeddedDatabase(dir)).rejects.toThrow(DataDirLockedError)
      await expect(openEmbeddedDatabase(dir)).rejects.toThrow(
        `in use by another process (pid ${other.pid})`,
      )
    } finally {
      other.kill()
    }
  })

  it('持ち主が終了した古いロックは引き継ぎ、閉じるとロックを外すこと', async () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'owner.lock'), '2147483646')
    const handle = await openEmbeddedDatabase(dir)
    expect(fs.readFileSync(path.join(dir, 'owner.lock'), 'utf8')).toBe(String(process.pid))
    await handle.ping()
    await handle.close()
    expect(fs.existsSync(path.join(dir, 'owner.lock'))).toBe(false)
  })

  it('データフォルダのファイルは 0600、フォルダは 0700 で、前からある緩いファイルも開く時に直すこと（issue #17 の5）', async () => {
    const dir = tempDir()
    fs.chmodSync(dir, 0o755)
    const loose = path.join(dir, 'left-by-hand.txt')
    fs.writeFileSync(loose, 'x', { mode: 0o666 })
    fs.chmodSync(loose, 0o666)
    const handle = await openEmbeddedDatabase(dir)
    expect(handle.tightened).toBe(2)
    await handle.db.execute(sql`create table notes (body text)`)
    for (let row = 0; row < 50; row += 1) {
      await handle.db.execute(sql`insert into notes values (${'個人情報'.repeat(200)})`)
    }
    await handle.db.execute(sql`checkpoint`)
    await handle.close()
    expect(exposedEntries(dir)).toEqual([])
    const files = fs.readdirSync(path.join(dir, 'pglite'), { recursive: true })
    expect(files.length).toBeGreaterThan(100)
  })
})
