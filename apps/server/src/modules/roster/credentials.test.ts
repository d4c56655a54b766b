import { FIRST_ENTRY_ID_LENGTH, INITIAL_PASSWORD_LENGTH, validateRules } from '@app/shared'
import { describe, expect, it } from 'vitest'
import { verifyPassword } from '../security/password.ts'
import {
  FIRST_ENTRY_ID_ALPHABET,
  generateFirstEntryId,
  generateInitialPassword,
  INITIAL_PASSWORD_ALPHABET,
  issueCredentials,
  mapWithConcurrency,
  type RandomInt,
} from './credentials.ts'

/** Draws the given indexes in turn (each taken modulo the range asked for). */
function scriptedRandom(indexes: number[]): RandomInt {
  let next = 0
  return (max) => {
    const index = indexes[next % indexes.length] ?? 0
    next += 1
    return index % max
  }
}

describe('初回登録IDと初期パスワードの生成', () => {
  it('紛らわしい文字（0 O o 1 I i l L）を使わないこと', () => {
    for (const alphabet of [FIRST_ENTRY_ID_ALPHABET, INITIAL_PASSWORD_ALPHABET]) {
      expect(alphabet).not.toMatch(/[0Oo1IilL]/)
      expect(new Set(alphabet).size).toBe(alphabet.length)
    }
    expect(FIRST_ENTRY_ID_ALPHABET).toMatch(/^[A-Z2-9]{31}$/)
    expect(INITIAL_PASSWORD_ALPHABET).toMatch(/^[A-Za-z2-9]{54}$/)
  })

  it('初回登録IDは英大文字と数字の決まった長さで、verifyUser の入力チェックを通ること', () => {
    for (let index = 0; index < 200; index += 1) {
      const id = generateFirstEntryId()
      expect(id).toMatch(new RegExp(`^[${FIRST_ENTRY_ID_ALPHABET}]{${FIRST_ENTRY_ID_LENGTH}}$`))
      expect(validateRules(['required', 'onlyNumberAndUpperAlphabet'], id)).toBeUndefined()
    }
  })

  it('初期パスワードは英大文字・英小文字・数字をそれぞれ1文字以上含み、connectPassword を通ること', () => {
    for (let index = 0; index < 200; index += 1) {
      const password = generateInitialPassword()
      expect(password).toHaveLength(INITIAL_PASSWORD_LENGTH)
      expect(password).toMatch(/[A-Z]/)
      expect(password).toMatch(/[a-z]/)
      expect(password).toMatch(/[2-9]/)
      expect(password).toMatch(new RegExp(`^[${INITIAL_PASSWORD_ALPHABET}]+$`))
      expect(validateRules(['required', 'connectPassword'], password)).toBeUndefined()
    }
  })

  it('3種類がそろわないパスワードは引き直すこと', () => {
    // First draw: 12 × 'A' (upper only); second: 'A', 'a', '2' repeated.
    const upperOnly = Array<number>(INITIAL_PASSWORD_LENGTH).fill(0)
    const mixed = [0, 23, 46]
    const random = scriptedRandom([...upperOnly, ...mixed, ...mixed, ...mixed, ...mixed])
    expect(generateInitialPassword(random)).toBe('Aa2Aa2Aa2Aa2')
  })
})

describe('資格情報の発行 (issueCredentials)', () => {
  it('使われているIDとバッチ内で重なったIDは引き直し、パスワードは argon2id のハッシュだけを返すこと', async () => {
    const asked: string[][] = []
    // Member 1 draws AAAAAAAAAA (taken), member 2 draws AAAAAAAAAA too (already drawn in the batch)
    // and then BBBBBBBBBB; the retry for member 1 draws CCCCCCCCCC.
    const ids = ['A', 'A', 'B', 'C'].map((char) => FIRST_ENTRY_ID_ALPHABET.indexOf(char))
    let call = 0
    const random: RandomInt = (max) => {
      if (max === FIRST_ENTRY_ID_ALPHABET.length) {
        const index = ids[Math.floor(call / FIRST_ENTRY_ID_LENGTH)] ?? 0
        call += 1
        return index
      }
      return [0, 23, 46][call++ % 3] ?? 0
    }
    const issued = await issueCredentials(
      ['M-1', 'M-2'],
      (candidates) => {
        asked.push([...candidates])
        return Promise.resolve(new Set(candidates.filter((id) => id === 'AAAAAAAAAA')))
      },
      random,
    )
    expect(asked).toEqual([['AAAAAAAAAA', 'BBBBBBBBBB'], ['CCCCCCCCCC']])
    expect(issued.map(({ memberCode, firstEntryId }) => ({ memberCode, firstEntryId }))).toEqual([
      { memberCode: 'M-1', firstEntryId: 'CCCCCCCCCC' },
      { memberCode: 'M-2', firstEntryId: 'BBBBBBBBBB' },
    ])
    for (const credential of issued) {
      expect(credential.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      expect(credential.passwordHash).not.toContain(credential.initialPassword)
    }
    const first = issued[0]
    expect(first).toBeDefined()
    if (first === undefined) return
    expect(await verifyPassword(first.passwordHash, first.initialPassword)).toBe(true)
    expect(await verifyPassword(first.passwordHash, 'wrong-password')).toBe(false)
  })

  it('同時に実行する数を守り、結果の順番を保つこと', async () => {
    let running = 0
    let peak = 0
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0, 6], 3, async (value) => {
      running += 1
      peak = Math.max(peak, running)
      await new Promise((resolve) => setTimeout(resolve, value * 2))
      running -= 1
      return value * 10
    })
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60])
    expect(peak).toBe(3)
  })
})
