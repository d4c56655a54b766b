import { describe, expect, it } from 'vitest'
import {
  clearIdempotencyKey,
  createIdempotencyKey,
  IDEMPOTENCY_KEY_STORAGE_KEY,
  idempotencyKeyFor,
  readIdempotencyKey,
} from './idempotency-key.ts'

describe('冪等キー（PRODUCT.md "Money"）', () => {
  it('32文字の base64url で、作るたびに違うこと', () => {
    const keys = new Set(Array.from({ length: 50 }, () => createIdempotencyKey()))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })

  it('支払いごとに1つ作ってタブの sessionStorage に残し、次も同じキーを返すこと', () => {
    const storage = window.sessionStorage
    const first = idempotencyKeyFor(storage)
    expect(storage.getItem(IDEMPOTENCY_KEY_STORAGE_KEY)).toBe(first)
    expect(idempotencyKeyFor(storage)).toBe(first)
    expect(readIdempotencyKey(storage)).toBe(first)

    clearIdempotencyKey(storage)
    expect(readIdempotencyKey(storage)).toBeUndefined()
    expect(idempotencyKeyFor(storage)).not.toBe(first)
  })

  it('形の合わない値は使わず、保存できないブラウザでもその場のキーを返すこと', () => {
    window.sessionStorage.setItem(IDEMPOTENCY_KEY_STORAGE_KEY, 'not a key!')
    expect(readIdempotencyKey(window.sessionStorage)).toBeUndefined()
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined,
    }
    expect(idempotencyKeyFor(refusing)).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(idempotencyKeyFor(undefined)).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })
})
