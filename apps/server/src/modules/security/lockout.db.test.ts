import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { authLockouts } from '../../db/schema/index.ts'
import { createTestDatabase, testNow } from '../../../test/helpers.ts'
import {
  afterWrongTry,
  clearFailures,
  LOCK_THRESHOLD,
  lockState,
  lockWaitMs,
  MAX_WAIT_MS,
  reserveTry,
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

  const reserve = (subject: string, seconds: number) =>
    reserveTry(database.db, subject, at(seconds))
  const reservedCount = async (subject: string, seconds: number) => {
    const reservation = await reserve(subject, seconds)
    if (!reservation.reserved) throw new Error(`${subject} was locked`)
    return reservation.failures
  }

  it('5回目の試行を受け付けた時点でロックし、待ち時間が過ぎると次の1回を受け付けること', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await reservedCount('s', 0)).toBe(attempt)
      expect(afterWrongTry(attempt, at(0)).locked).toBe(false)
    }
    expect(await reservedCount('s', 0)).toBe(5)
    expect(afterWrongTry(5, at(0))).toEqual({ failures: 5, locked: true, retryAfterSeconds: 1 })
    expect(await reserve('s', 0.5)).toEqual({
      reserved: false,
      lock: { locked: true, retryAfterSeconds: 1 },
    })
    expect(await reservedCount('s', 1)).toBe(6)
    expect(await lockState(database.db, 's', at(1))).toEqual({
      locked: true,
      retryAfterSeconds: 2,
    })
  })

  it('誤りのない時間が1時間続くと、続けての誤りの数は1から数え直すこと', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) await reservedCount('s', 0)
    expect(await reservedCount('s', 3_601)).toBe(1)
  })

  it('正しい答えで記録が消え、ほかの対象には影響しないこと', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await reservedCount('a', 0)
    await reservedCount('b', 0)
    await clearFailures(database.db, 'a')
    expect((await lockState(database.db, 'a', at(0))).locked).toBe(false)
    expect(await reservedCount('a', 0)).toBe(1)
    expect(await reservedCount('b', 0)).toBe(2)
  })

  it('60件同時に試しても、受け付けるのは5件までであること（issue #17 の1）', async () => {
    const results = await Promise.all(Array.from({ length: 60 }, () => reserve('c', 0)))
    expect(results.filter((result) => result.reserved)).toHaveLength(LOCK_THRESHOLD)
    const rows = await database.db.select().from(authLockouts)
    expect(rows.find((row) => row.subjectKey === 'c')?.failures).toBe(LOCK_THRESHOLD)
  })
})
