import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { loadConfig } from '../../env.ts'
import { createTestDatabase } from '../../../test/helpers.ts'
import { findSecret } from './security-repository.ts'
import { loadServerKeys, subjectHash } from './secrets.ts'

// Issue #19 point 6: the server's keys may come from the environment or a file rather than the
// database they protect; without them the database's own are generated once.

describe('サーバーの鍵', () => {
  let database: DatabaseHandle
  const signing = randomBytes(32)
  const hashing = randomBytes(48)
  let dir = ''

  beforeAll(async () => {
    database = await createTestDatabase()
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-keys-'))
  })
  afterAll(async () => {
    await database.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('環境変数とファイルで渡した鍵を使い、データベースには作らないこと', async () => {
    const file = path.join(dir, 'hashing.key')
    fs.writeFileSync(file, `${hashing.toString('base64')}\n`, { mode: 0o600 })
    const config = loadConfig({
      TOKEN_SIGNING_KEY: signing.toString('base64'),
      SUBJECT_HASHING_KEY_FILE: file,
    })
    const keys = await loadServerKeys(database.db, config.serverKeys)
    expect(keys.signingKey.export().equals(signing)).toBe(true)
    expect(keys.subjectKey.equals(hashing)).toBe(true)
    expect(await findSecret(database.db, 'token-signing')).toBeUndefined()
    expect(await findSecret(database.db, 'subject-hashing')).toBeUndefined()
  })

  it('渡されなければデータベースの鍵を一度だけ作り、次からも同じ鍵を使うこと', async () => {
    const first = await loadServerKeys(database.db)
    const second = await loadServerKeys(database.db)
    expect(first.signingKey.export().equals(second.signingKey.export())).toBe(true)
    expect(subjectHash(first, 'x')).toBe(subjectHash(second, 'x'))
    expect(await findSecret(database.db, 'token-signing')).toBeDefined()
  })

  it.each([
    [
      { TOKEN_SIGNING_KEY: randomBytes(16).toString('base64') },
      'TOKEN_SIGNING_KEY: base64 of at least 32',
    ],
    [{ TOKEN_SIGNING_KEY: 'not base64 !!' }, 'TOKEN_SIGNING_KEY: base64 of at least 32'],
    [
      { SUBJECT_HASHING_KEY_FILE: '/nonexistent/key' },
      'SUBJECT_HASHING_KEY_FILE: the file cannot be read',
    ],
    [
      { TOKEN_SIGNING_KEY: signing.toString('base64'), TOKEN_SIGNING_KEY_FILE: '/x' },
      'TOKEN_SIGNING_KEY: give TOKEN_SIGNING_KEY or TOKEN_SIGNING_KEY_FILE, not both',
    ],
  ])('使えない鍵（%o）では起動を止め、値は出さないこと', (env, message) => {
    const attempt = () => loadConfig(env)
    expect(attempt).toThrow(message)
    expect(attempt).not.toThrow(signing.toString('base64'))
  })
})
