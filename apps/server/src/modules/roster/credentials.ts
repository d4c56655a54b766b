import { randomInt as nodeRandomInt } from 'node:crypto'
import { FIRST_ENTRY_ID_LENGTH, INITIAL_PASSWORD_LENGTH } from '@app/shared'
import { hashPassword } from '../security/password.ts'

// authenticationType "1" (PRODUCT.md): the roster import issues each member a first-entry ID and
// an initial password. They travel on paper or in a spreadsheet and are typed by hand, so the
// characters that look alike in common fonts are left out: 0 O o 1 I i l L.

/** Upper-case letters and digits without 0 O 1 I L (31 characters: 31^10 ≈ 8 × 10^14 IDs). */
export const FIRST_ENTRY_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const PASSWORD_UPPER = 'ABCDEFGHJKMNPQRSTUVWXYZ'
const PASSWORD_LOWER = 'abcdefghjkmnpqrstuvwxyz'
const PASSWORD_DIGITS = '23456789'
/** Letters and digits without 0 O o 1 I i l L (54 characters). */
export const INITIAL_PASSWORD_ALPHABET = PASSWORD_UPPER + PASSWORD_LOWER + PASSWORD_DIGITS

/** crypto.randomInt's shape: a uniform integer in [0, max). */
export type RandomInt = (max: number) => number

const defaultRandomInt: RandomInt = (max) => nodeRandomInt(max)

function randomString(alphabet: string, length: number, randomInt: RandomInt): string {
  let text = ''
  for (let index = 0; index < length; index += 1) text += alphabet[randomInt(alphabet.length)]
  return text
}

/** 初回登録ID: FIRST_ENTRY_ID_LENGTH characters of FIRST_ENTRY_ID_ALPHABET. */
export function generateFirstEntryId(randomInt: RandomInt = defaultRandomInt): string {
  return randomString(FIRST_ENTRY_ID_ALPHABET, FIRST_ENTRY_ID_LENGTH, randomInt)
}

const hasEveryKind = (password: string) =>
  /[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password)

/**
 * 初期パスワード: INITIAL_PASSWORD_LENGTH characters of INITIAL_PASSWORD_ALPHABET with at least
 * one upper-case letter, one lower-case letter and one digit. Drawn again until it has all three
 * (about 1 draw in 7 lacks a digit), which keeps every such password equally likely.
 */
export function generateInitialPassword(randomInt: RandomInt = defaultRandomInt): string {
  for (;;) {
    const password = randomString(INITIAL_PASSWORD_ALPHABET, INITIAL_PASSWORD_LENGTH, randomInt)
    if (hasEveryKind(password)) return password
  }
}

/** What one member is issued: the password in clear for the output file, and its hash to store. */
export interface IssuedCredential {
  memberCode: string
  firstEntryId: string
  initialPassword: string
  passwordHash: string
}

/** Answers which of the given first-entry IDs are already taken. */
export type TakenFirstEntryIds = (firstEntryIds: readonly string[]) => Promise<Set<string>>

/** Runs `task` over `items`, at most `concurrency` at a time, and keeps the order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

// @node-rs/argon2 hashes on libuv's thread pool (4 threads by default): more at once only queue.
const HASH_CONCURRENCY = 4

/**
 * Issues a first-entry ID and an initial password to each member. An ID that another member (of
 * any group) already has, or that this batch already drew, is drawn again. Only the argon2id
 * hash of each password is meant to be stored.
 */
export async function issueCredentials(
  memberCodes: readonly string[],
  takenFirstEntryIds: TakenFirstEntryIds,
  randomInt: RandomInt = defaultRandomInt,
): Promise<IssuedCredential[]> {
  const ids = new Map<string, string>()
  const used = new Set<string>()
  let pending = [...memberCodes]
  while (pending.length > 0) {
    const drawn = pending.map((memberCode) => {
      let firstEntryId = generateFirstEntryId(randomInt)
      while (used.has(firstEntryId)) firstEntryId = generateFirstEntryId(randomInt)
      used.add(firstEntryId)
      return { memberCode, firstEntryId }
    })
    const taken = await takenFirstEntryIds(drawn.map((entry) => entry.firstEntryId))
    pending = []
    for (const entry of drawn) {
      if (taken.has(entry.firstEntryId)) pending.push(entry.memberCode)
      else ids.set(entry.memberCode, entry.firstEntryId)
    }
  }
  return mapWithConcurrency(memberCodes, HASH_CONCURRENCY, async (memberCode) => {
    const initialPassword = generateInitialPassword(randomInt)
    return {
      memberCode,
      firstEntryId: ids.get(memberCode) as string,
      initialPassword,
      passwordHash: await hashPassword(initialPassword),
    }
  })
}
