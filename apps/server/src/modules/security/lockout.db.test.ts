import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { authLockouts } from '../../db/schema/index.ts'
import { createTestDatabase, testNow } from '../../../test/helpers.ts'
import {
  clearFailures,
  LOCK_THRESHOLD,
  lockState,
  lockWaitMs,
  MAX_WAIT_MS,
  recordFailure,
} from './lockout.ts'

// PRODUCT.md "Lockout": after 5 wrong passwords, a growing wait (1 s doubling up to 15 minutes).

describe('ロックの待ち時間（PRODUCT.md "Lockout"）', () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 1_000],
    [6, 2_000],
    [7, 4_000],
    [10, 32_000],
    [14, 512_000],
    [15, 900_000],
    [16, 900_000],
    [1_000, 900_000],
  ])('%i回続けて誤ったあとの待ち時間は %i ミリ秒であること', (failures, wait) => {
    expect(lockWaitMs(failures)).toBe(wait)
  })

  it('しきい値は5回、上限は15分であること', () => {
    expect(LOCK_THRESHOLD).toBe(5)
    expect(MAX_WAIT_MS).toBe(15 * 60_000)
  })
})

describe('ロックの記録（データベース）', () => {
  let database: DatabaseHandle
  const at = (seconds: number) => new Date(testNow.getTime() + seconds * 1000)

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })
  beforeEach(async () => {
    await database.db.delete(authLockouts)
  })

  it('5回目の誤りでロックし、待ち時間が過ぎると解けること', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await recordFailure(database.db, 's', at(0))).locked).toBe(false)
    }
    expect(await recordFailure(database.db, 's', at(0))).toEqual({
      failures: 5,
      locked: true,
      retryAfterSeconds: 1,
    })
    expect(await lockState(database.db, 's', at(0.5))).toEqual({
      locked: true,
      retryAfterSeconds: 1,
    })
    expect((await lockState(database.db, 's', at(1))).locked).toBe(false)
  })

  it('誤りのない時間が1時間続くと、続けての誤りの数は1から数え直すこと', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) await recordFailure(database.db, 's', at(0))
    const later = await recordFailure(database.db, 's', at(3_601))
    expect(later).toEqual({ failures: 1, locked: false, retryAfterSeconds: 0 })
  })

  it('正しい答えで記録が消え、ほかの対象には影響しないこと', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await recordFailure(database.db, 'a', at(0))
    await recordFailure(database.db, 'b', at(0))
    await clearFailures(database.db, 'a')
    expect((await lockState(database.db, 'a', at(0))).locked).toBe(false)
    expect((await recordFailure(database.db, 'a', at(0))).failures).toBe(1)
    expect((await recordFailure(database.db, 'b', at(0))).failures).toBe(2)
  })

  it('同時に数えても誤りを取りこぼさないこと（どのプロセスからでも同じ行を数える）', async () => {
    await Promise.all(Array.from({ length: 8 }, () => recordFailure(database.db, 'c', at(0))))
    const rows = await database.db.select().from(authLockouts)
    expect(rows.find((row) => row.subjectKey === 'c')?.failures).toBe(8)
  })
})
