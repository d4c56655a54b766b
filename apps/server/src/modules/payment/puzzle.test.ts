import { describe, expect, it } from 'vitest'
import { createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { puzzleChallengeSchema, puzzleSolutionSchema } from '@app/shared/api/payment/payment'
import { PUZZLE_VALIDITY_SECONDS } from '@app/shared/rules/payment'
import { testNow } from '../../../test/helpers.ts'
import { solvePuzzle } from './payment-test-support.ts'
import { createPuzzle, PUZZLE_COST, PUZZLE_KEY_PREFIX, verifyPuzzle } from './puzzle.ts'

// The puzzle (ALTCHA v2, SPEC §8.4, §9 "Puzzle validity 5 minutes"), judged by the product's
// clock: testNow (2026-11-20) lies before the machine's real time in these runs, so a check by
// real time alone would call every puzzle expired.

const secret = 'puzzle-secret-for-tests-0123456789abcdef'
const later = (seconds: number) => new Date(testNow.getTime() + seconds * 1000)

describe('パズル（ALTCHA）', () => {
  it('発行したパズルは共有のスキーマに合い、有効期限は時計の5分後であること', async () => {
    const challenge = await createPuzzle(secret, testNow)
    expect(puzzleChallengeSchema.safeParse(challenge).success).toBe(true)
    expect(challenge.parameters).toMatchObject({
      algorithm: 'SHA-256',
      cost: PUZZLE_COST,
      keyPrefix: PUZZLE_KEY_PREFIX,
      keyLength: 32,
      expiresAt: Math.floor(testNow.getTime() / 1000) + PUZZLE_VALIDITY_SECONDS,
    })
  })

  it('解いたパズルは5分以内なら通り、5分を過ぎると期限切れになること（実時間でなく時計で判定）', async () => {
    const puzzle = await solvePuzzle(await createPuzzle(secret, testNow))
    expect(puzzleSolutionSchema.safeParse(puzzle).success).toBe(true)
    expect(await verifyPuzzle(secret, puzzle, testNow)).toBe('valid')
    expect(await verifyPuzzle(secret, puzzle, later(PUZZLE_VALIDITY_SECONDS))).toBe('valid')
    expect(await verifyPuzzle(secret, puzzle, later(PUZZLE_VALIDITY_SECONDS + 1))).toBe('expired')
  })

  it('解いていない・改ざんした・別の秘密で署名したパズルは通らないこと', async () => {
    const challenge = await createPuzzle(secret, testNow)
    const puzzle = await solvePuzzle(challenge)
    const unsolved = { challenge, solution: { counter: 0, derivedKey: '00' } }
    expect(await verifyPuzzle(secret, unsolved, testNow)).toBe('invalid')
    const otherCounter = {
      challenge,
      solution: { ...puzzle.solution, counter: puzzle.solution.counter + 1 },
    }
    expect(await verifyPuzzle(secret, otherCounter, testNow)).toBe('invalid')
    // a longer life written into the challenge breaks its signature
    const extended = {
      ...puzzle,
      challenge: {
        ...challenge,
        parameters: {
          ...challenge.parameters,
          expiresAt: (challenge.parameters.expiresAt ?? 0) + 3600,
        },
      },
    }
    expect(await verifyPuzzle(secret, extended, testNow)).toBe('invalid')
    const easier = {
      ...puzzle,
      challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } },
    }
    expect(await verifyPuzzle(secret, easier, testNow)).toBe('invalid')
    expect(await verifyPuzzle(`${secret}x`, puzzle, testNow)).toBe('invalid')
    const unsigned = { ...puzzle, challenge: { ...challenge, signature: '' } }
    expect(await verifyPuzzle(secret, unsigned, testNow)).toBe('invalid')
  })

  it('署名は altcha-lib のものと同じであること（ライブラリ自身の検証でも通る）', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 60
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: PUZZLE_COST,
      keyPrefix: PUZZLE_KEY_PREFIX,
      deriveKey,
      hmacSignatureSecret: secret,
      expiresAt,
    })
    const shaped = puzzleChallengeSchema.parse(challenge)
    const puzzle = await solvePuzzle(shaped)
    const byLibrary = await verifySolution({
      challenge,
      solution: puzzle.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    })
    expect(byLibrary.verified).toBe(true)
    expect(await verifyPuzzle(secret, puzzle, new Date())).toBe('valid')
  })
})
